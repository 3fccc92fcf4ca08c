/// Writes strings as JSON string literals (RFC 8259 §7), for the catalog reports that print JSON (JSON, SARIF).
///
/// Only what must be escaped is: `"` and `\`, the control characters U+0000–U+001F (`\n`, `\r`, `\t` by name, the
/// others as `\u00XX`). Everything else — non-ASCII letters, emoji, U+2028/U+2029, DEL — is written as raw UTF-8, so
/// translated text stays readable in the output and byte-for-byte what the catalog held.
public enum JSONString {
    /// `text` as a JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 2)
        append(text, to: &out)
        return out
    }

    /// Appends `text` as a JSON string literal, quotes included, to `out` (reports build one large string this way
    /// without a temporary per value).
    public static func append(_ text: String, to out: inout String) {
        out.append("\"")
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let byte = utf8[index]
            // Bytes of multi-byte UTF-8 sequences are all ≥ 0x80, so runs always end on a scalar boundary (sliced as
            // UTF-8, not as Characters: a quote followed by a combining mark is one Character).
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                if runStart != index { out.append(contentsOf: Substring(utf8[runStart..<index])) }
                out.append(escape(byte))
                runStart = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if runStart != utf8.endIndex { out.append(contentsOf: Substring(utf8[runStart..<utf8.endIndex])) }
        out.append("\"")
    }

    /// The escape sequence for one byte that needs one.
    private static func escape(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\""): return "\\\""
        case UInt8(ascii: "\\"): return "\\\\"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        default:
            let digits = Array("0123456789abcdef")
            return "\\u00" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
        }
    }
}
