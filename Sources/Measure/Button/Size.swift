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

    /// The size as `sizeThatFits` reads a proposal: a negative dimension is 0 (no room) and a NaN one no limit, so
    /// that a layout engine's odd proposal gives a size a view can have (a proposal of −10 × −10 answered −10 × −10).
    var asProposal: Size {
        Size(width: width.isNaN ? .infinity : max(0, width), height: height.isNaN ? .infinity : max(0, height))
    }

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

/// Checks shared by `ButtonLayout` and `ButtonConfigurationLayout`: sizes no button can have, in words.
enum ButtonInputChecks {
    /// What is wrong with the button's size, the image's size (if any), the screen scale (if any) or a title given as
    /// a size, in words, or nil.
    static func problem(size: Size, imageSize: Size?, scale: Double?, title: ButtonTitle?) -> String? {
        let limit = Int(MeasureLimits.maximumLength)
        if !size.isWithinLimits { return "the button's size must be within 0…\(limit) pt; got \(size)" }
        if let imageSize, !imageSize.isWithinLimits {
            return "the image's size must be within 0…\(limit) pt; got \(imageSize)"
        }
        if let scale, !(scale > 0 && scale.isFinite) { return "the scale must be positive; got \(scale)" }
        if case .size(let title) = title,
            !(title.width >= 0 && title.height >= 0 && title.width.isFinite && title.height.isFinite)
        {
            return "a title's size must be finite and not negative; got \(title)"
        }
        return nil
    }
}
