/// Finds a member name given twice in one object of JSON text that a parser has already accepted.
///
/// Foundation's `JSONSerialization` keeps one of two members of the same name without a word, so
/// `{"lineSpacing": 4, "lineSpacing": 40}` would be read as one of the two, whichever the reader keeps. People write
/// attributes by hand; a name said twice is a mistake to point at, as a catalog config's reader does.
///
/// ```swift
/// JSONRepeatedName.first(in: Array(#"{"a": 1, "b": {"c": 2, "\u0063": 3}}"#.utf8))  // "c"
/// ```
///
/// Names are compared as the strings they denote (escapes decoded, `"\u0063"` is `"c"`), scalar by scalar as JSON
/// compares them. (Foundation's dictionaries merge canonically equivalent names, `"e\u0301"` and `"\u00e9"`, which
/// this leaves to them: no name a caller of it knows is other than ASCII.) The text is expected to be valid JSON; on
/// other bytes the scan stops without trapping and reports what it found up to there. Nesting is followed with an
/// explicit stack, never recursion, so depth costs memory in proportion to the input and nothing else.
public enum JSONRepeatedName {
    /// The first name (in text order of its second occurrence) that an object of `bytes` gives twice, or nil.
    ///
    /// - Complexity: O(n) expected in the length of `bytes`.
    public static func first(in bytes: [UInt8]) -> String? {
        var scanner = Scanner(bytes: bytes)
        return scanner.firstRepeatedName()
    }

    /// A single pass over the bytes, with one set of names per open object.
    private struct Scanner {
        let bytes: [UInt8]
        var offset = 0
        /// One entry per open container: the names seen so far for an object (as UTF-8, since Swift's `String`
        /// equality is canonical equivalence and JSON's is scalar by scalar), nil for an array.
        var open: [Set<[UInt8]>?] = []

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func firstRepeatedName() -> String? {
            // In an object, a string right after `{` or `,` is a name; anywhere else a string is a value.
            var expectingName = false
            while offset < bytes.count {
                let byte = bytes[offset]
                switch byte {
                case UInt8(ascii: "{"):
                    open.append([])
                    expectingName = true
                    offset += 1
                case UInt8(ascii: "["):
                    open.append(nil)
                    expectingName = false
                    offset += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if !open.isEmpty { open.removeLast() }
                    expectingName = false
                    offset += 1
                case UInt8(ascii: ","):
                    expectingName = open.last.map { $0 != nil } ?? false
                    offset += 1
                case UInt8(ascii: "\""):
                    let text = readString()
                    if expectingName, let depth = open.indices.last, open[depth] != nil {
                        if open[depth]!.insert(Array(text.utf8)).inserted == false { return text }
                    }
                    expectingName = false
                default:
                    offset += 1
                }
            }
            return nil
        }

        /// The string opening at `offset` (at its `"`), escapes decoded; `offset` ends after its closing quote.
        mutating func readString() -> String {
            offset += 1
            var scalars = String.UnicodeScalarView()
            var run = offset  // the start of bytes copied as they are
            func flush(_ end: Int) {
                if end > run {
                    scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
                }
                run = max(run, end)
            }
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") {
                    flush(offset)
                    offset += 1
                    return String(scalars)
                }
                guard byte == UInt8(ascii: "\\") else {
                    offset += 1
                    continue
                }
                flush(offset)
                guard offset + 1 < bytes.count else { break }
                let escaped = bytes[offset + 1]
                offset += 2
                switch escaped {
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard let unit = hexUnit(at: offset) else { break }
                    offset += 4
                    if (0xD800..<0xDC00).contains(unit), offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                        bytes[offset + 1] == UInt8(ascii: "u"), let low = hexUnit(at: offset + 2),
                        (0xDC00..<0xE000).contains(low)
                    {
                        offset += 6
                        let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                        scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                    } else {
                        // A lone surrogate names no scalar (Foundation refuses such text before this is asked).
                        scalars.append(Unicode.Scalar(UInt32(unit)) ?? "\u{FFFD}")
                    }
                default: scalars.append(Unicode.Scalar(escaped))  // \" \\ \/
                }
                run = offset
            }
            flush(min(offset, bytes.count))
            return String(scalars)
        }

        /// The four hexadecimal digits at `start` as a UTF-16 code unit, or nil.
        func hexUnit(at start: Int) -> UInt16? {
            guard start + 4 <= bytes.count else { return nil }
            var unit: UInt16 = 0
            for byte in bytes[start..<start + 4] {
                guard let digit = ASCIIHexDigit.value(byte) else { return nil }
                unit = unit << 4 | UInt16(digit)
            }
            return unit
        }
    }
}
