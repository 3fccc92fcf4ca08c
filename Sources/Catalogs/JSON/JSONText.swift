import TextCoding

/// Writes a `JSONValue` back as compact JSON text (members in file order, numbers as written), so a config can hand a
/// sub-object to a reader that takes JSON text (`TextAttributes(json:)` on the measuring side).
enum JSONText {
    static func serialized(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let literal): return literal
        case .string(let text): return JSONString.quoted(text)
        case .array(let items): return "[" + items.map { serialized($0.value) }.joined(separator: ",") + "]"
        case .object(let object):
            return "{"
                + object.members.map { JSONString.quoted($0.key) + ":" + serialized($0.value.value) }
                .joined(separator: ",") + "}"
        }
    }
}
