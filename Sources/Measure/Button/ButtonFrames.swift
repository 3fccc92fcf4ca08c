/// Where a laid-out button puts its image view and its title label, in the button's own coordinates, and whether either
/// had to give up size: what the Debug View Hierarchy shows as `imageView.frame` and `titleLabel.frame`.
public struct ButtonFrames: Sendable, Hashable, Codable {
    /// The image view's frame; nil for a button without an image.
    public var image: Rect?
    /// The title label's frame; nil for a button without a title.
    public var title: Rect?
    /// The title label is narrower than its text, so the text is truncated (docs/semantics/button-layout.md §B4; the seed's second case).
    public var titleTruncated: Bool
    /// The image view is narrower or lower than the image, so the image is squeezed (the seed's first case).
    public var imageSqueezed: Bool

    /// Frames as computed; each parameter sets the property of the same name.
    public init(image: Rect?, title: Rect?, titleTruncated: Bool, imageSqueezed: Bool) {
        self.image = image
        self.title = title
        self.titleTruncated = titleTruncated
        self.imageSqueezed = imageSqueezed
    }
}
