/// Insets for the four edges of a rectangle, in points, as `UIEdgeInsets`: a positive value moves that edge towards the
/// centre, a negative one away from it. `left` and `right` are absolute; they do not swap in right-to-left layouts.
public struct EdgeInsets: Sendable, Hashable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Whether every inset is a box length within ±`MeasureLimits.maximumLength`, so that sums with them stay finite.
    public var isWithinLimits: Bool {
        [top, left, bottom, right].allSatisfy { MeasureLimits.isValidLength($0, allowsNegative: true) }
    }

    /// No inset on any edge (`UIEdgeInsetsZero`).
    public static let zero = EdgeInsets()

    /// `left + right`.
    public var horizontal: Double { left + right }
    /// `top + bottom`.
    public var vertical: Double { top + bottom }
}
