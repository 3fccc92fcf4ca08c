/// A face's vertical metrics in its own units, and the size of its em in those units.
///
/// For scalable faces these are hhea's ascender, descender and line gap in font units; for a bitmap-only face they are
/// the selected strike's line metrics in its pixels, with `unitsPerEm` its pixels per em. Either way, multiplying by
/// `pointSize / unitsPerEm` gives points, unrounded.
public struct FontMetrics: Sendable, Hashable, Codable {
    /// Units per em: the head table's value, or a bitmap strike's pixels per em.
    public var unitsPerEm: Double
    /// Distance from the baseline up to the top of the line (positive).
    public var ascender: Double
    /// Distance from the baseline down to the bottom of the line (negative, as fonts store it).
    public var descender: Double
    /// Extra space the font asks for between lines; counted only with `usesFontLeading`.
    public var lineGap: Double

    /// Metrics in font units; each parameter sets the property of the same name.
    public init(unitsPerEm: Double, ascender: Double, descender: Double, lineGap: Double) {
        self.unitsPerEm = unitsPerEm
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
    }

    /// These metrics in points at `pointSize`.
    public func scaled(to pointSize: Double) -> ScaledFontMetrics {
        let scale = pointSize / unitsPerEm
        return ScaledFontMetrics(ascent: ascender * scale, descent: -descender * scale, leading: lineGap * scale)
    }
}

/// A font's vertical metrics in points at one size: what a line of text in it needs.
public struct ScaledFontMetrics: Sendable, Hashable, Codable {
    /// Points above the baseline.
    public var ascent: Double
    /// Points below the baseline (positive).
    public var descent: Double
    /// The font's line gap in points.
    public var leading: Double

    /// `UIFont.lineHeight`: ascent plus descent, without the leading (docs/semantics/sizing.md §A2).
    public var lineHeight: Double { ascent + descent }
}
