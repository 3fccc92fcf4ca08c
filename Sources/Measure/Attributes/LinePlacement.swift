/// Where a line of an attributed layout is drawn (`AttributedLayout.placements`), and what of its text is drawn
/// where a mode or a limit cut it.
struct LinePlacement {
    /// What a cut line draws.
    enum Cut {
        /// The line's first `Double` points from its leading edge (`byClipping`): the glyphs that start within them,
        /// or in a right-to-left line those that end within its last `Double` points.
        case clipped(Double)
        /// The kept pieces of its text with an ellipsis between them (the truncating modes, the last visible line
        /// under a line limit).
        case truncated(TruncatedText)
    }

    /// The line's left end from the box's left edge, in points: indents, alignment, a text view's padding.
    var left: Double
    /// The line's top from the box's top (its baseline less its ascent), in points.
    var top: Double
    /// What is drawn of a cut line; nil: the line's glyphs.
    var cut: Cut?
    /// Whether the line's paragraph is right to left (its leading edge, where a cut line keeps its text, is the
    /// right one).
    var rightToLeft: Bool
}

/// A text cut to a width with an ellipsis (`AttributedLayout.truncation`): the UTF-8 ranges kept before and after
/// "…" in logical order (either may be empty), and the width of it all.
struct TruncatedText {
    var head: Range<Int>
    var tail: Range<Int>
    var width: Double
    /// The run whose font and size "…" was measured in (`AttributedLayout.ellipsisRun(after:)`: that of the last
    /// character of the text cut, -1 for none), so that drawing puts it in the same.
    var ellipsisRun: Int
}
