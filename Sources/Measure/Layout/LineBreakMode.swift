/// How lines wrap when text is wider than the maximum width (`NSLineBreakMode`'s wrapping modes).
public enum LineBreakMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Break at word boundaries (UAX #14 opportunities with the project's tailoring); a word wider than the line
    /// starts a new line and is then broken between grapheme clusters.
    case byWordWrapping
    /// Break before the first grapheme cluster that does not fit, wherever it falls; no line-start rules.
    case byCharWrapping
}
