/// Whether a line may, must or must not break at a position between two scalars (UAX #14).
///
/// The raw values are the low two bits of the per-position flags written by `LineBreaker.analyze`.
public enum BreakOpportunity: UInt8, Sendable {
    /// No break here (UAX #14 "×").
    case prohibited = 0
    /// A line may break here (UAX #14 "÷").
    case allowed = 1
    /// The line must break here: after BK, CR not followed by LF, LF or NL (LB4, LB5), and at the end of text (LB3).
    case mandatory = 2
}
