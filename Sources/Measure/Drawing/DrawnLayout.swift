/// A measured text as it is drawn: the measurer's size and lines, and on each line the glyphs shaping chose, placed
/// left to right in visual order (right-to-left runs reversed as UAX #9 rule L2 says), in points.
public struct DrawnLayout: Sendable {
    /// The measured size (`boundingRect`'s).
    public var size: TextSize
    /// The lines, first to last, exactly where the measurer broke them.
    public var lines: [DrawnLine]
    /// The cascade's fonts; `PlacedGlyph.font` indexes them (a run's glyphs too, in the font its run names).
    public var fonts: [Font]
    /// The measurer's point size: the size of every glyph but those of runs in another size
    /// (`PlacedGlyph.pointSize`).
    public var pointSize: Double
    /// Whether the paragraph direction is right to left (its first strong character is); each line's `left`
    /// already aligns it.
    public var isRightToLeft: Bool
    /// With `usesDeviceMetrics`, where the ink that `size` is the size of starts as it is drawn (each line where its
    /// alignment and direction put it), from the text's top-left corner (`boundingRect`'s origin in that mode); nil
    /// otherwise, where the box starts at the corner.
    public var inkOrigin: InkOrigin?

    /// A point, in points from the text's top-left corner.
    public struct InkOrigin: Sendable, Hashable {
        /// Rightward from the text's left edge.
        public var x: Double
        /// Downward from the text's top.
        public var y: Double
    }
}

/// One line as drawn.
public struct DrawnLine: Sendable, Hashable {
    /// The measurer's line: its UTF-8 range, width, ascent, descent and height.
    public var fragment: LineFragment
    /// The line's left end, from the box's left edge, in points: where the measurer's box (the width it wrapped at,
    /// or the text's width when unconstrained) puts it — the indents and the alignment of the paragraph style, a
    /// text view's padding, a right-to-left paragraph's lines against the right edge.
    public var left: Double
    /// The line's top, from the text's top, in points; its baseline is `top + fragment.ascent`.
    public var top: Double
    /// The glyphs, left to right; `x` from the line's left end. A line a mode or a line limit cut holds what is
    /// drawn of it: the glyphs that start inside a clipped line, the kept text and "…" of a truncated one.
    public var glyphs: [PlacedGlyph]

    /// The baseline's distance from the text's top.
    public var baseline: Double { top + fragment.ascent }
}

/// One glyph on a line.
public struct PlacedGlyph: Sendable, Hashable {
    /// Index into `DrawnLayout.fonts`.
    public var font: Int
    /// The glyph id in that font.
    public var glyph: UInt32
    /// The glyph origin's distance from the line's left end, in points.
    public var x: Double
    /// The origin's offset above the baseline (marks raised by the shaper), in points.
    public var y: Double
    /// The advance in points.
    public var advance: Double
    /// The size the glyph is drawn at, in points: the layout's `pointSize`, or its run's
    /// (`TextAttributes.runs`' `pointSize`).
    public var pointSize: Double

    /// The glyph `offset` points further right.
    func shifted(by offset: Double) -> PlacedGlyph {
        var glyph = self
        glyph.x += offset
        return glyph
    }
}
