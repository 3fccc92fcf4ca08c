/// Insets for the four edges of a rectangle, in points, as `UIEdgeInsets`: a positive value moves that edge towards the
/// centre, a negative one away from it. `left` and `right` are absolute; they do not swap in right-to-left layouts.
public struct EdgeInsets: Sendable, Hashable, Codable {
    /// The inset of the top edge.
    public var top: Double
    /// The inset of the left edge, whatever the reading direction.
    public var left: Double
    /// The inset of the bottom edge.
    public var bottom: Double
    /// The inset of the right edge, whatever the reading direction.
    public var right: Double

    /// Insets of the four edges in points; each defaults to 0.
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
