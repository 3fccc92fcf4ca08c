/// A measured text as it is drawn: the measurer's size and lines, and on each line the glyphs shaping chose, placed
/// left to right in visual order (right-to-left runs reversed as UAX #9 rule L2 says), in points.
public struct DrawnLayout: Sendable {
    /// The measured size (`boundingRect`'s).
    public var size: TextSize
    /// The lines, first to last, exactly where the measurer broke them.
    public var lines: [DrawnLine]
    /// The cascade's fonts; `PlacedGlyph.font` indexes them.
    public var fonts: [Font]
    /// The point size the glyphs are placed at.
    public var pointSize: Double
    /// Whether the paragraph direction is right to left (its first strong character is), so lines align right.
    public var isRightToLeft: Bool
}

/// One line as drawn.
public struct DrawnLine: Sendable, Hashable {
    /// The measurer's line: its UTF-8 range, width, ascent, descent and height.
    public var fragment: LineFragment
    /// The line's top, from the text's top, in points; its baseline is `top + fragment.ascent`.
    public var top: Double
    /// The glyphs, left to right; `x` from the line's left end.
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
}
