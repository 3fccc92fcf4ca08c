/// What one line of `measure stream`'s input is: a job to measure, a line that gives an error in its place, or a
/// blank line (only spaces, tabs or a carriage return), which gives nothing.
public enum StreamLine: Sendable {
    /// A job, checked: every field present is in range.
    case job(StreamJob)
    /// A line that is not a usable job (not JSON, a field of the wrong type or out of range): the error to write in its
    /// place.
    case failure(StreamJobFailure)
    /// A blank line, which gives no output.
    case blank
}
