import Cache
import Measure
import MeasureStore
import StreamJobs

/// One input line as the measuring phase sees it: nothing to print, an error to print in its place, or a job with
/// its measurer resolved.
enum StreamTask: Sendable {
    case blank
    case failure(StreamJobFailure)
    case measure(StreamMeasureTask)
}

/// A job ready to measure: its text, measurer and width, and, with `--db`, its settings row and the stored size
/// when the database holds one.
struct StreamMeasureTask: Sendable {
    var id: StreamJobID
    var text: String
    var measurer: StreamMeasurer
    var width: Double
    var showsTruncation: Bool
    /// The memoizing measurer of the job's settings (with `--db`).
    var memo: MemoizingMeasurer?
    /// The size the database answered with, if any.
    var stored: StoredSize?
}
