internal import TextCoding

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
        self.lines(in: data[...], into: &lines)
        return lines
    }

    /// `lines(in:)` appending to `lines`, whose storage a caller that reads block after block keeps from one block to
    /// the next (a fresh array per block is fresh memory, which the kernel maps page by page).
    public static func lines(in data: ArraySlice<UInt8>, into lines: inout [ArraySlice<UInt8>]) {
        data.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            // Each line's end is found in one pass, and whether it holds a backslash, so most lines are never looked
            // at again.
            var start = 0
            var escaped = false
            var index = 0
            let count = bytes.count
            func add(_ end: Int) {
                let line = data[(data.startIndex + start)..<(data.startIndex + end)]
                lines.append(escaped ? (unescape(line) ?? [])[...] : line)
            }
            while index < count {
                // Eight bytes at a time while none of them is a line feed or a backslash (the usual case: a line's
                // text; `ByteWord`); the bytes of a word that has one go one by one below.
                if index + 8 <= count {
                    let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    if !ByteWord.word(word, contains: 0x0A) && !ByteWord.word(word, contains: 0x5C) {
                        index += 8
                        continue
                    }
                }
                let byte = bytes[index]
                if byte == 0x0A {
                    add(index > start && bytes[index - 1] == 0x0D ? index - 1 : index)
                    start = index + 1
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                }
                index += 1
            }
            if start < count { add(bytes[count - 1] == 0x0D ? count - 1 : count) }
        }
    }
}
