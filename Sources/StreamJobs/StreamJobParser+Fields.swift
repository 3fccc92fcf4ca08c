import Catalogs
import Measure

/// The field readers: strings, numbers and fonts, each refusing what its option would refuse.
extension StreamJobParser {
    /// The string `node` holds.
    static func string(_ node: JSONNode, _ name: String) throws(StreamFieldError) -> String {
        guard case .string(let text) = node.value else {
            throw StreamFieldError("\"\(name)\" must be a string, not \(node.value.kindDescription)")
        }
        return text
    }

    /// The number `node` holds, as the nearest double; a literal beyond `Double`'s range reads as infinity, which
    /// every bound refuses.
    static func number(_ node: JSONNode, _ name: String) throws(StreamFieldError) -> Double {
        guard let value = node.value.doubleValue, !value.isNaN else {
            throw StreamFieldError("\"\(name)\" must be a number, not \(node.value.kindDescription)")
        }
        return value
    }

    /// The `fonts` list: one font or a non-empty array of them, each as a catalog config names a font.
    static func fonts(_ node: JSONNode) throws(StreamFieldError) -> [FontReference] {
        guard case .array(let items) = node.value else { return [try font(node)] }
        guard !items.isEmpty, items.count <= FontCascade.maximumCount else {
            throw StreamFieldError(
                "\"fonts\" must list 1 to \(FontCascade.maximumCount) fonts, primary first "
                    + "(or be left out for the default cascade)")
        }
        return try items.map { item throws(StreamFieldError) in try font(item) }
    }

    /// One font: a path (it contains `/`) or a family name, `{"path", "faceIndex"}` or `{"family", "style"}` — the
    /// forms of a catalog config (`FontReference`).
    static func font(_ node: JSONNode) throws(StreamFieldError) -> FontReference {
        switch node.value {
        case .string(let text):
            return FontReference(try name(text, "a font"))
        case .object(let object):
            let path = object["path"], family = object["family"]
            let allowed = path != nil ? ["path", "faceIndex"] : ["family", "style"]
            guard (path == nil) != (family == nil), object.members.allSatisfy({ allowed.contains($0.key) }) else {
                throw StreamFieldError(
                    "a font object is {\"path\": …, \"faceIndex\": n} or {\"family\": …, "
                        + "\"style\": …}")
            }
            if let path {
                var faceIndex = 0
                if let node = object["faceIndex"] {
                    let value = try number(node, "faceIndex")
                    guard value >= 0, value <= 0xFFFF, value == value.rounded() else {
                        throw StreamFieldError("\"faceIndex\" must be a whole number from 0 to 65535")
                    }
                    faceIndex = Int(value)
                }
                return .file(path: try name(try string(path, "path"), "a font path"), faceIndex: faceIndex)
            }
            let style = try object["style"].map { node throws(StreamFieldError) in
                try name(try string(node, "style"), "a style")
            }
            return .family(try name(try string(family!, "family"), "a family name"), style: style)
        default:
            throw StreamFieldError(
                "a font must be a family name, a path, or an object, not "
                    + node.value.kindDescription)
        }
    }

    /// `text` if it can name a file or a family: not empty, no U+0000 (which C would cut the name at).
    private static func name(_ text: String, _ what: String) throws(StreamFieldError) -> String {
        guard !text.isEmpty, !text.utf8.contains(0) else {
            throw StreamFieldError("\(what) must be a non-empty name without U+0000")
        }
        return text
    }
}
