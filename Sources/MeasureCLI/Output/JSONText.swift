import ArgumentParsing
import TextCoding

/// Just enough JSON writing for the CLI's objects: string escaping and number spelling, without Foundation's
/// serializer (which prints doubles like 59.367187500000007).
enum JSONText {
    /// `text` as a JSON string literal, quotes included (the catalog reports' escaper: one spelling of JSON strings
    /// in every output).
    static func string(_ text: String) -> String {
        JSONString.quoted(text)
    }

    /// `value` as a JSON number: the shortest spelling that reads back as the same double; `null` for infinities and
    /// NaN, which JSON cannot spell (the engine's bounded inputs never give one, but a stored row may hold one).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// An object from key–value pairs whose values are already JSON text, keys in the given order.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }
}
