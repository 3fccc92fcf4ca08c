/// The check the library's hand-written `Decodable` conformances share: an object's names are all known ones.
/// Decoders pass over names a type does not ask for, so a misspelt option would silently keep its default.
enum CodableNames {
    /// Any name, to list what an object holds.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Throws `DecodingError.dataCorrupted` naming the first name of the decoder's object (in sorted order) that is
    /// not in `known`, and the known ones; does nothing when the value is no object (the caller's own reading then
    /// says what it expected).
    static func refuseUnknown(in decoder: any Decoder, known: [String], of type: String) throws {
        guard let container = try? decoder.container(keyedBy: AnyKey.self) else { return }
        let unknown = container.allKeys.map(\.stringValue).filter { !known.contains($0) }.sorted()
        guard let first = unknown.first else { return }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: decoder.codingPath + [AnyKey(stringValue: first)],
                debugDescription: "unknown \(type) name \(TextAttributes.excerpt(first)) (known: "
                    + known.joined(separator: ", ") + ")"))
    }
}
