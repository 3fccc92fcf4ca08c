/// The size of laid-out text, as `boundingRect(with:options:attributes:context:).size` reports it: fractional points.
public struct TextSize: Sendable, Hashable {
    /// The widest line, without the whitespace that hangs at its end.
    public var width: Double
    /// The sum of the lines' heights.
    public var height: Double
    /// How many lines the text took.
    public var lineCount: Int

    public init(width: Double, height: Double, lineCount: Int) {
        self.width = width
        self.height = height
        self.lineCount = lineCount
    }

    /// Width and height raised to whole points, as Apple's documentation tells callers to do before sizing a view.
    public var ceiled: (width: Double, height: Double) {
        (width.rounded(.up), height.rounded(.up))
    }

    /// Width and height raised to the pixel grid of a screen with `scale` pixels per point (UILabel's rounding).
    public func ceiled(toScale scale: Double) -> (width: Double, height: Double) {
        precondition(scale > 0, "a screen scale is positive")
        return ((width * scale).rounded(.up) / scale, (height * scale).rounded(.up) / scale)
    }
}
