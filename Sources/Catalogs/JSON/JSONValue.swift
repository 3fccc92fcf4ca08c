/// One JSON value as `JSONReader` read it (RFC 8259), without its position; `JSONNode` adds where it starts.
///
/// Numbers keep their literal text (`"1"`, `"-2.5e3"`) so nothing is lost to rounding; `integerValue` and `doubleValue`
/// convert on demand. Objects keep their members in file order (see `JSONObject`).
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number, as its literal text (already checked against the JSON number grammar).
    case number(String)
    case string(String)
    case array([JSONNode])
    case object(JSONObject)

    /// The value's kind with an article, for messages: "an object", "a string", "null".
    package var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let literal): "the number \(CatalogExcerpt.of(literal))"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The string, if this is one.
    package var stringValue: String? {
        if case .string(let string) = self { string } else { nil }
    }

    /// The object, if this is one.
    package var objectValue: JSONObject? {
        if case .object(let object) = self { object } else { nil }
    }

    /// The number as an `Int` when its literal is a plain integer that fits (`2`, `-7`; not `2.0` or `1e3`).
    package var integerValue: Int? {
        if case .number(let literal) = self { Int(literal) } else { nil }
    }

    /// The number as a `Double` (nearest value), if this is a number.
    package var doubleValue: Double? {
        if case .number(let literal) = self { Double(literal) } else { nil }
    }
}

/// A JSON value with the line and column of its first byte (the `"` of a string, the `{` of an object), so that
/// format parsers built on `JSONReader` can point at the exact place of an entry or a problem.
package struct JSONNode: Sendable, Hashable {
    package var value: JSONValue
    package var position: SourcePosition

    package init(_ value: JSONValue, at position: SourcePosition) {
        self.value = value
        self.position = position
    }
}
