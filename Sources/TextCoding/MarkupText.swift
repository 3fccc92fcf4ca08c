/// Text made safe for HTML and SVG (XML 1.0): the five markup characters escaped, and every scalar XML does not
/// allow — C0 and C1 controls other than tab, line feed and carriage return, and the noncharacters (U+FDD0…U+FDEF,
/// U+xxFFFE and U+xxFFFF in every plane) — replaced by U+FFFD, so no catalog string can break or change the page.
public enum MarkupText {
    /// `text` escaped for element content and for attribute values in double or single quotes (a CR as `&#13;`).
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            // A raw CR becomes LF as the parser reads it (HTML's and XML's newline normalization), so an attribute
            // value holding one no longer equals the text it came from: written as a reference, it stays a CR.
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return out
    }

    /// `text` with every scalar XML does not allow replaced by U+FFFD, nothing escaped (for text the page's script
    /// inserts as text, or that `escaped` is applied to later).
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !isAllowed($0) }) else { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars { out.unicodeScalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}") }
        return out
    }

    /// Whether XML 1.0 allows `scalar` in a document (and HTML does not call it a parse error).
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return value == 0x09 || value == 0x0A || value == 0x0D }
        if value >= 0x7F && value <= 0x9F { return false }
        if value >= 0xFDD0 && value <= 0xFDEF { return false }
        return value & 0xFFFE != 0xFFFE
    }
}
