import Foundation

/// Why a line of `measure stream`'s input gives no size: the job's id (null when the line is not a job, or its id is
/// unusable) and a message in words, which the stream writes as `{"id": …, "error": "…"}` in the job's place.
public struct StreamJobFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The id to echo.
    public var id: StreamJobID
    /// What is wrong, for people: names the field and the range it must lie in, or the line and column where the
    /// line stops being JSON. Quotes at most a short excerpt of the input, never the text to measure.
    public var message: String

    /// A failure for the job `id` (`.null` when it has none) saying `message`.
    public init(id: StreamJobID, message: String) {
        self.id = id
        self.message = message
    }

    /// A failure of `job` found after it was read, saying `message`: a job without an id is named by its line
    /// (`line 12: no size: …`), as a failure found while reading it is (under `--shard`, positions in the output are
    /// no guide to which line failed).
    public init(job: StreamJob, message: String) {
        self.id = job.id
        if job.id == .null, let line = job.lineNumber {
            self.message = "line \(line): " + message
        } else {
            self.message = message
        }
    }

    public var description: String { message }
}

/// `localizedDescription` is `description` (Foundation's default for a Swift error names its type and case number).
extension StreamJobFailure: LocalizedError {
    /// `description`, which `localizedDescription` returns.
    public var errorDescription: String? { description }
}
