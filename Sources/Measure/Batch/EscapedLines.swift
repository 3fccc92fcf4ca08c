/// The one-string-per-line format of `measure batch` and of the reference corpora: a line of UTF-8 whose `\n`, `\t`
/// and `\\` stand for a hard line break, a tab and a backslash (`../shared/reference/README.md`). A backslash before
/// any other character, or at the end, is kept as it is.
public enum EscapedLines {
    /// The text a line stands for, or nil when it has no backslash and so stands for itself (the common case, which
    /// then needs no copy).
    public static func unescape(_ line: ArraySlice<UInt8>) -> [UInt8]? {
        guard line.contains(UInt8(ascii: "\\")) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(line.count)
        var index = line.startIndex
        while index < line.endIndex {
            let byte = line[index]
            let next = line.index(after: index)
            if byte == UInt8(ascii: "\\") && next < line.endIndex {
                switch line[next] {
                case UInt8(ascii: "n"): out.append(0x0A); index = line.index(after: next); continue
                case UInt8(ascii: "t"): out.append(0x09); index = line.index(after: next); continue
                case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); index = line.index(after: next); continue
                default: break
                }
            }
            out.append(byte)
            index = next
        }
        return out
    }

    /// Splits `data` into lines at `\n` (dropping a `\r` before it, and the empty piece after a final newline) and
    /// unescapes each; lines without escapes are slices of `data`, not copies.
    public static func lines(in data: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        while start < data.count {
            var end = start
            while end < data.count && data[end] != 0x0A { end += 1 }
            var stop = end
            if stop > start && data[stop - 1] == 0x0D { stop -= 1 }
            let line = data[start..<stop]
            if let unescaped = unescape(line) {
                lines.append(unescaped[...])
            } else {
                lines.append(line)
            }
            start = end + 1
        }
        return lines
    }
}
