/// One line of an attributed layout: the plain engine's line, where it stands, and what the attributes did to it.
struct AttributedLine {
    /// The line as the engine laid it out; `utf8Range` is into the whole text.
    var fragment: LineFragment
    /// Which paragraph (0-based) the line belongs to.
    var paragraph: Int
    /// The head indent in front of it.
    var indent: Double
    /// The width it may take (after indents), infinity when unconstrained.
    var available: Double
    /// Whether a single-line mode clipped or truncated it to `available`.
    var isCut = false
}
