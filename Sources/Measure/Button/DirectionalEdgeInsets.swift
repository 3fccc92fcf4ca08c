/// Insets whose horizontal edges follow the reading direction, as `NSDirectionalEdgeInsets` (what
/// `UIButton.Configuration.contentInsets` takes): `leading` is the left edge left-to-right and the right edge
/// right-to-left.
public struct DirectionalEdgeInsets: Sendable, Hashable, Codable {
    /// The inset of the top edge.
    public var top: Double
    /// The inset of the leading edge: left in left-to-right layouts, right in right-to-left ones.
    public var leading: Double
    /// The inset of the bottom edge.
    public var bottom: Double
    /// The inset of the trailing edge: right in left-to-right layouts, left in right-to-left ones.
    public var trailing: Double

    /// Insets of the four edges in points; each defaults to 0.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// No inset on any edge.
    public static let zero = DirectionalEdgeInsets()

    /// The same insets with `leading`/`trailing` turned into `left`/`right` for `direction`.
    public func resolved(for direction: LayoutDirection) -> EdgeInsets {
        switch direction {
        case .leftToRight: return EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
        case .rightToLeft: return EdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
        }
    }

    /// Edge by edge sums: how the configuration's `contentInsets` add to the style's own inset (docs/semantics/button-layout.md §B6).
    static func + (a: DirectionalEdgeInsets, b: DirectionalEdgeInsets) -> DirectionalEdgeInsets {
        DirectionalEdgeInsets(
            top: a.top + b.top, leading: a.leading + b.leading, bottom: a.bottom + b.bottom,
            trailing: a.trailing + b.trailing)
    }
}
