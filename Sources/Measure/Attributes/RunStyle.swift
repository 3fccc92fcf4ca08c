/// What a run of `TextAttributes.runs` changes: the cascade font it starts with (0: the primary) and its point size.
/// Runs of one style measure alike, so a session keeps one measuring session per style, not per run
/// (`MeasureSession.runSession(_:)`).
struct RunStyle: Hashable, Sendable {
    var font: Int
    var pointSize: Double
}
