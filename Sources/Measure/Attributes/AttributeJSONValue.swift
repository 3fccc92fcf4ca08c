import Foundation

/// A JSON value read or written through `Codable`: what lets `TextAttributes` and `MeasureOptions` take part in any
/// encoder or decoder (JSONEncoder, a property list, a client's own) while their reading stays the one of
/// `TextAttributes.init(jsonObject:)` — the same names, checks and error words — and their writing that of
/// `TextAttributes.jsonObject`.
enum AttributeJSONValue: Codable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([AttributeJSONValue])
    case object([String: AttributeJSONValue])

    /// Reads whichever kind the decoder holds, booleans before numbers (a decoder that would read `true` as 1 is
    /// never asked to), whole numbers as integers when they fit.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? container.decode(Int.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([AttributeJSONValue].self) {
            self = .array(items)
        } else if let object = try? container.decode([String: AttributeJSONValue].self) {
            self = .object(object)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "not a JSON value (null, a boolean, number, string, array or object)")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .integer(let integer): try container.encode(integer)
        case .number(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let items): try container.encode(items)
        case .object(let object): try container.encode(object)
        }
    }

    /// The value as `JSONSerialization` would give it: booleans as `Bool` (which `TextAttributes.isJSONBoolean`
    /// tells from numbers), numbers as `NSNumber`, `NSNull`, arrays and dictionaries of these.
    var foundationObject: Any {
        switch self {
        case .null: NSNull()
        case .bool(let flag): flag
        case .integer(let integer): NSNumber(value: integer)
        case .number(let number): NSNumber(value: number)
        case .string(let text): text
        case .array(let items): items.map(\.foundationObject)
        case .object(let object): object.mapValues(\.foundationObject)
        }
    }

    /// A value of `TextAttributes.jsonObject` (Swift's `Bool`, `Int`, `Double`, `String`, arrays and dictionaries
    /// of them), or nil for anything else.
    init?(foundationObject value: Any) {
        switch value {
        case let flag as Bool: self = .bool(flag)
        case let integer as Int: self = .integer(integer)
        case let number as Double: self = .number(number)
        case let text as String: self = .string(text)
        case let items as [Any]:
            var converted: [AttributeJSONValue] = []
            for item in items {
                guard let value = AttributeJSONValue(foundationObject: item) else { return nil }
                converted.append(value)
            }
            self = .array(converted)
        case let object as [String: Any]:
            var converted: [String: AttributeJSONValue] = [:]
            for (name, item) in object {
                guard let value = AttributeJSONValue(foundationObject: item) else { return nil }
                converted[name] = value
            }
            self = .object(converted)
        default: return nil
        }
    }
}
