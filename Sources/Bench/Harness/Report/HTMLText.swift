/// Escaping for text placed in HTML (and the SVG inside it), in element content or in quoted attribute values.
enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references, so it can never open a tag, end an
    /// attribute or start an entity.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
