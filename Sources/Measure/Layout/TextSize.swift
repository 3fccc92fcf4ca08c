/// The size of laid-out text, as `boundingRect(with:options:attributes:context:).size` reports it: fractional points.
public struct TextSize: Sendable, Hashable, Codable {
    /// The widest line, without the whitespace that hangs at its end.
    public var width: Double
    /// The sum of the lines' heights.
    public var height: Double
    /// How many lines the text took (the visible ones, under a line limit).
    public var lineCount: Int
    /// When text was cut — by a line limit (`TextAttributes.numberOfLines`, `maxHeight`: the last visible line) or by
    /// a clipping or truncating line-break mode (the first line it cut) — that line's 1-based number; else nil.
    public var truncatedLine: Int?
    /// How many grapheme clusters no font of the cascade maps: each was measured as the primary font's `.notdef`
    /// box, so the size is not what a device with a font for them shows. 0 when every cluster has a font.
    public var missingGlyphs: Int

    /// A size; each parameter sets the property of the same name.
    public init(width: Double, height: Double, lineCount: Int, truncatedLine: Int? = nil, missingGlyphs: Int = 0) {
        self.width = width
        self.height = height
        self.lineCount = lineCount
        self.truncatedLine = truncatedLine
        self.missingGlyphs = missingGlyphs
    }

    /// Whether a line limit cut the text.
    public var isTruncated: Bool { truncatedLine != nil }

    /// Width and height raised to whole points, as Apple's documentation tells callers to do before sizing a view.
    public var ceiled: (width: Double, height: Double) {
        ceiled(toScale: 1)
    }

    /// Width and height raised to the pixel grid of a screen with `scale` pixels per point (UILabel's rounding).
    ///
    /// A value within a billionth (relative), and at most a ten-thousandth of a pixel, above a grid line counts as on
    /// it: advances scaled to points are sums of inexact binary fractions, so a width of exactly 119 pt in font units
    /// can arrive as 119.00000000000003, and must not become 120. (A billionth alone grows past a pixel above 10⁹, and
    /// ceiled 1,186,523,437.5 to …437, below the value.) `scale` must be positive and finite (a caller's bug
    /// otherwise: an infinite scale has no grid, and would give NaN).
    public func ceiled(toScale scale: Double) -> (width: Double, height: Double) {
        precondition(scale > 0 && scale.isFinite, "a screen scale is positive and finite")
        func up(_ value: Double) -> Double {
            let scaled = value * scale
            return (scaled - min(1e-9 * max(1, abs(scaled)), 1e-4)).rounded(.up) / scale
        }
        return (up(width), up(height))
    }
}
