/// A width and a height in points, as `CGSize` holds them: the size of a button, of its image or of its title label.
public struct Size: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No width and no height.
    public static let zero = Size(width: 0, height: 0)

    /// No limit in either direction: what `sizeThatFits` takes to mean "as big as it wants" (`intrinsicContentSize`).
    public static let unconstrained = Size(width: .infinity, height: .infinity)
}
