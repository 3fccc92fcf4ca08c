/// A width and a height in points, as `CGSize` holds them: the size of a button, of its image or of its title label.
public struct Size: Sendable, Hashable, Codable {
    /// The width in points.
    public var width: Double
    /// The height in points.
    public var height: Double

    /// A size of `width` by `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No width and no height.
    public static let zero = Size(width: 0, height: 0)

    /// No limit in either direction: what `sizeThatFits` takes to mean "as big as it wants" (`intrinsicContentSize`).
    public static let unconstrained = Size(width: .infinity, height: .infinity)

    /// Whether both dimensions are finite and not negative: what any real view, image or label measures.
    var isFiniteAndNotNegative: Bool {
        width >= 0 && height >= 0 && width.isFinite && height.isFinite
    }

    /// Whether both dimensions are box lengths within `MeasureLimits` (0…`maximumLength`), so that sums of them
    /// stay finite: what a button's or an image's size must be.
    public var isWithinLimits: Bool {
        MeasureLimits.isValidLength(width) && MeasureLimits.isValidLength(height)
    }
}

/// Checks shared by `ButtonLayout` and `ButtonConfigurationLayout`: sizes no button can have are programmer errors.
enum ButtonInputChecks {
    /// Traps unless the button's size, the image's size (if any) and the screen scale (if any) are usable.
    static func check(size: Size, imageSize: Size?, scale: Double?) {
        precondition(size.isWithinLimits, "a button's size is within 0…MeasureLimits.maximumLength")
        if let imageSize {
            precondition(imageSize.isWithinLimits, "an image's size is within 0…MeasureLimits.maximumLength")
        }
        if let scale { precondition(scale > 0 && scale.isFinite, "a screen scale is positive") }
    }
}
