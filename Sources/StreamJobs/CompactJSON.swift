import Catalogs
import TextCoding

/// Writes a `JSONValue` back as compact JSON text — members in the order given, numbers as written, strings with the
/// output's one escaping — so the `attributes` object reaches `TextAttributes(json:)`, the reader `--attributes`
/// uses, as the same JSON; the text also identifies the object in the parser's memo.
enum CompactJSON {
    /// Appends `value` (at nesting `depth`, the enclosing object being 1) to `out`.
    /// - Throws: `StreamFieldError` when arrays and objects nest deeper than `maximumDepth`.
    static func append(_ value: JSONValue, to out: inout String, depth: Int, maximumDepth: Int)
        throws(StreamFieldError)
    {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let literal): out += literal
        case .string(let text): JSONString.append(text, to: &out)
        case .array(let items):
            guard depth <= maximumDepth else { throw tooDeep(maximumDepth) }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                try append(item.value, to: &out, depth: depth + 1, maximumDepth: maximumDepth)
            }
            out += "]"
        case .object(let object):
            guard depth <= maximumDepth else { throw tooDeep(maximumDepth) }
            out += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { out += "," }
                JSONString.append(member.key, to: &out)
                out += ":"
                try append(member.value.value, to: &out, depth: depth + 1, maximumDepth: maximumDepth)
            }
            out += "}"
        }
    }

    private static func tooDeep(_ maximumDepth: Int) -> StreamFieldError {
        StreamFieldError("\"attributes\" nests arrays and objects deeper than \(maximumDepth) levels")
    }
}
