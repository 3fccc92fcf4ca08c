/// A rectangle in a button's own coordinates (origin at the button's top-left corner, y growing downwards), as UIKit
/// reports `imageView.frame` and `titleLabel.frame`.
public struct Rect: Sendable, Hashable, Codable {
    /// The left edge, in points from the button's left edge.
    public var x: Double
    /// The top edge, in points from the button's top edge.
    public var y: Double
    /// The width in points.
    public var width: Double
    /// The height in points.
    public var height: Double

    /// A rectangle with its top-left corner at (`x`, `y`) and the given size, in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle at the origin with the given size: a view's bounds.
    public init(size: Size) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// The rectangle's width and height.
    public var size: Size { Size(width: width, height: height) }
    /// The right edge: `x + width`.
    public var maxX: Double { x + width }
    /// The bottom edge: `y + height`.
    public var maxY: Double { y + height }
    /// The horizontal centre: `x + width / 2`.
    public var midX: Double { x + width / 2 }
    /// The vertical centre: `y + height / 2`.
    public var midY: Double { y + height / 2 }

    /// The rectangle with its origin on the pixel grid of `scale` pixels per point (half a pixel rounds up, as UIKit
    /// places subviews), or as it is without a scale. The size is left alone.
    func originOnPixelGrid(scale: Double?) -> Rect {
        guard let scale else { return self }
        var rect = self
        rect.x = (x * scale + 0.5).rounded(.down) / scale
        rect.y = (y * scale + 0.5).rounded(.down) / scale
        return rect
    }

    /// The rectangle with each edge moved inwards by the matching inset (outwards for a negative one), as
    /// `UIEdgeInsetsInsetRect` does. Width and height may come out negative when the insets overlap; callers that need
    /// a usable extent take `max(0, …)` themselves.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: x + insets.left, y: y + insets.top, width: width - insets.left - insets.right,
            height: height - insets.top - insets.bottom)
    }
}
