import Catalogs
import TextCoding

/// The `id` a job gave, kept as the JSON text to echo in its result: any JSON scalar (a string, a number, `true`,
/// `false`, `null`), so a caller matches results to jobs by whatever key it already has.
///
/// Numbers keep their literal exactly as the job wrote it (`1.0` stays `1.0`, `12345678901234567890` keeps every
/// digit), since converting through `Double` would change them. Strings are the same string, written with the
/// output's one escaping (`JSONString`): `"\u0041"` comes back as `"A"`, which every JSON reader reads as the same
/// value.
public struct StreamJobID: Sendable, Hashable, CustomStringConvertible {
    /// The id as JSON text, ready to write.
    public let json: String

    /// An id from its JSON text (which must be a JSON scalar: the parser makes these).
    init(json: String) {
        self.json = json
    }

    /// The id of a job that gave none, or of a line that is not a job.
    public static let null = StreamJobID(json: "null")

    /// The id of a string.
    public static func string(_ text: String) -> StreamJobID {
        StreamJobID(json: JSONString.quoted(text))
    }

    public var description: String { json }
}
