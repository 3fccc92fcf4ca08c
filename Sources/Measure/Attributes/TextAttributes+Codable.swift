import Foundation

/// Attributes in any `Codable` format, in the JSON form of `measure text --attributes`: `jsonObject` written,
/// `init(jsonObject:)` read — the same names (the paragraph's at the top level or in a nested `paragraphStyle`),
/// checks and words, so a stored or sent value is the one the command line takes. A value that fails is a
/// `DecodingError.dataCorrupted` whose underlying error is the `TextAttributesError`.
extension TextAttributes: Codable {
    /// Reads an object of attribute names; an unknown name, a value of the wrong kind or out of range throws.
    public init(from decoder: any Decoder) throws {
        let value = try AttributeJSONValue(from: decoder)
        guard case .object = value, let object = value.foundationObject as? [String: Any] else {
            throw DecodingError.typeMismatch(
                TextAttributes.self,
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "attributes must be an object, such as {\"lineSpacing\": 4}"))
        }
        do {
            try self.init(jsonObject: object)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: error.message, underlyingError: error))
        }
    }

    /// Writes the values that differ from `TextAttributes()` (`jsonObject`); attributes that would not read back
    /// (`unwritableProblem`: a NaN or infinite number, line heights reading refuses…) throw
    /// `EncodingError.invalidValue`.
    public func encode(to encoder: any Encoder) throws {
        if let problem = unwritableProblem {
            throw EncodingError.invalidValue(
                self, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: problem))
        }
        guard let value = AttributeJSONValue(foundationObject: jsonObject) else {
            preconditionFailure("jsonObject holds Bool, Int, Double, String, arrays and objects alone")
        }
        try value.encode(to: encoder)
    }
}
