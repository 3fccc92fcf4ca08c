/// A glyph's ink: the bounding box of its outline (or bitmap) in the face's units (strike pixels for a bitmap-only
/// face), relative to its origin on the baseline, y up. What `usesDeviceMetrics` measures instead of ascent and
/// descent (docs/semantics/sizing.md §A1).
public struct InkBounds: Sendable, Hashable {
    public var xMin: Double
    public var yMin: Double
    public var xMax: Double
    public var yMax: Double

    public init(xMin: Double, yMin: Double, xMax: Double, yMax: Double) {
        self.xMin = xMin
        self.yMin = yMin
        self.xMax = xMax
        self.yMax = yMax
    }
}
