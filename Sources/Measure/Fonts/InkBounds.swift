/// A glyph's ink: the bounding box of its outline (or bitmap) in the face's units (strike pixels for a bitmap-only
/// face), relative to its origin on the baseline, y up. What `usesDeviceMetrics` measures instead of ascent and
/// descent (docs/semantics/sizing.md §A1).
public struct InkBounds: Sendable, Hashable, Codable {
    /// The left edge of the ink.
    public var xMin: Double
    /// The bottom edge of the ink (negative below the baseline).
    public var yMin: Double
    /// The right edge of the ink.
    public var xMax: Double
    /// The top edge of the ink.
    public var yMax: Double

    /// A box from (`xMin`, `yMin`) to (`xMax`, `yMax`) in font units, y up.
    public init(xMin: Double, yMin: Double, xMax: Double, yMax: Double) {
        self.xMin = xMin
        self.yMin = yMin
        self.xMax = xMax
        self.yMax = yMax
    }
}
