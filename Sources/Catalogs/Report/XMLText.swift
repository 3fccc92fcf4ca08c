/// Escapes text for XML 1.0 documents (the JUnit report).
///
/// Markup characters become entities (`&amp;` `&lt;` `&gt;`, and `&quot;` in attributes). Characters XML 1.0 forbids
/// anywhere, even as character references — C0 controls other than tab, LF and CR, and U+FFFE/U+FFFF — cannot be
/// written at all, so they are replaced: a C0 control by its visible Control Picture (U+2400…), the two non-characters
/// by U+FFFD. In attribute values tab, LF and CR are written as character references (`&#9;` `&#10;` `&#13;`),
/// because a parser's attribute-value normalisation would otherwise turn them into spaces.
enum XMLText {
    /// `text` as element content.
    static func content(_ text: String) -> String { escape(text, inAttribute: false) }

    /// `text` as an attribute value (to go between double quotes).
    static func attribute(_ text: String) -> String { escape(text, inAttribute: true) }

    private static func escape(_ text: String, inAttribute: Bool) -> String {
        // Fast path: most text has nothing to escape (0xEF starts the UTF-8 of U+FFFE/U+FFFF, among others).
        let special: (UInt8) -> Bool = {
            $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0xEF
        }
        if !text.utf8.contains(where: special) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x26: out += "&amp;"
            case 0x3C: out += "&lt;"
            case 0x3E: out += "&gt;"
            case 0x22 where inAttribute: out += "&quot;"
            case 0x09 where inAttribute: out += "&#9;"
            case 0x0A where inAttribute: out += "&#10;"
            case 0x0D:
                // Even in content a raw CR would be read back as LF (XML 1.0 §2.11 end-of-line handling).
                out += "&#13;"
            case 0x09, 0x0A: out.unicodeScalars.append(scalar)
            case 0x00..<0x20: out.unicodeScalars.append(ReportText.controlPicture(scalar))
            case 0xFFFE, 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
