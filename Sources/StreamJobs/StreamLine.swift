/// What one line of `measure stream`'s input is: a job to measure, a line that gives an error in its place, or a
/// blank line (only spaces, tabs or a carriage return), which gives nothing.
public enum StreamLine: Sendable {
    case job(StreamJob)
    case failure(StreamJobFailure)
    case blank
}
