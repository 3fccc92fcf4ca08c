/// Where a button laid out by a `UIButton.Configuration` (iOS 15 and later) puts its image and its title, and how big
/// it wants to be (docs/semantics/button-layout.md §B6). The legacy edge insets are ignored by such buttons ([DOC B3]), so there are none here.
///
/// ```swift
/// var button = ButtonConfigurationLayout(size: Size(width: 120, height: 80), imageSize: Size(width: 24, height: 24),
///                                        title: .size(Size(width: 60, height: 20)))
/// button.imagePlacement = .top
/// button.imagePadding = 6
/// button.layout()       // image (48, 15, 24, 24), title (30, 45, 60, 20): a 50 pt stack centred in 80
/// ```
///
/// The rules, with `C` the bounds inset by `styleInsets + contentInsets` (directional, so leading and trailing follow
/// `layoutDirection`; [DOC B12]: `contentInsets` add to the style's own inset):
/// - Beside each other (`leading`, `trailing`): image, `imagePadding`, title in a row, the image before the title in
///   reading order for `leading` and after it for `trailing`; the row aligned across `C` by
///   `contentHorizontalAlignment`; image and title each placed up and down `C` on their own. A title wider than the
///   room left wraps onto more lines (`titleLineBreakMode` defaults to `byWordWrapping`, [DOC B12]), or is truncated
///   with `wrapsTitle` off or when it is given as a size. An image wider than `C` is squeezed to it.
/// - One above the other (`top`, `bottom`): image, padding, title in a column as wide as the wider of the two; the
///   column aligned across `C` and placed up and down it as one; the image centred in the column, the title aligned in
///   it by `titleAlignment`.
/// - `imagePadding` separates image and title only, never an element and an edge ([DOC B12]), and only when both
///   are there. `imageReservation` makes the image's slot along the placement's axis at least that long, with the
///   image centred in it ([DOC B12]).
/// - `fill` places like `leading`, and a `fill` vertical alignment like `top` for a column [INF: no source shows
///   configuration buttons with fill alignments; beside each other, `fill` makes each element as tall as `C`].
/// - Origins are rounded to the pixel grid as in `ButtonLayout`.
public struct ButtonConfigurationLayout: Sendable {
    /// The button's size in points (its bounds).
    public var size: Size
    /// The image's size; nil for no image.
    public var imageSize: Size?
    /// The title; nil for no title.
    public var title: ButtonTitle?
    /// Where the image goes relative to the title. Default `leading`.
    public var imagePlacement: ImagePlacement
    /// The gap between image and title. Default 0.
    public var imagePadding: Double
    /// The least length of the image's slot along the placement's axis. Default 0.
    public var imageReservation: Double
    /// The configuration's `contentInsets`, added to `styleInsets`.
    public var contentInsets: DirectionalEdgeInsets
    /// The inset the button style adds on its own. Default zero: docs/semantics/button-layout.md §B6 leaves the numbers per style and button size
    /// OPEN (no source gives them), so by default the frames follow from `contentInsets` alone; pass a style's inset
    /// measured on a device to include it.
    public var styleInsets: DirectionalEdgeInsets
    /// How the title is aligned; see `TitleAlignment`. Default `automatic`.
    public var titleAlignment: TitleAlignment
    /// Whether a `.text` title too wide for its room wraps onto more lines (the configuration default) rather than
    /// being truncated on one line.
    public var wrapsTitle: Bool
    /// How the content sits horizontally in the button (`contentHorizontalAlignment`).
    public var contentHorizontalAlignment: ContentHorizontalAlignment
    /// How the content sits vertically in the button (`contentVerticalAlignment`); see `ContentVerticalAlignment`.
    public var contentVerticalAlignment: ContentVerticalAlignment
    /// The reading direction, which decides where `leading` and `trailing` are.
    public var layoutDirection: LayoutDirection
    /// Pixels per point for measured titles and rounded origins, as `ButtonLayout.scale`. Default 2.
    public var scale: Double?

    /// A configuration button's inputs; each parameter sets the property of the same name, and the defaults are
    /// `UIButton.Configuration`'s (image leading, no padding, zero insets, automatic title alignment, wrapping titles,
    /// centred content, left-to-right, scale 2).
    public init(
        size: Size, imageSize: Size? = nil, title: ButtonTitle? = nil, imagePlacement: ImagePlacement = .leading,
        imagePadding: Double = 0, imageReservation: Double = 0, contentInsets: DirectionalEdgeInsets = .zero,
        styleInsets: DirectionalEdgeInsets = .zero, titleAlignment: TitleAlignment = .automatic,
        wrapsTitle: Bool = true, contentHorizontalAlignment: ContentHorizontalAlignment = .center,
        contentVerticalAlignment: ContentVerticalAlignment = .center,
        layoutDirection: LayoutDirection = .leftToRight, scale: Double? = 2
    ) {
        self.size = size
        self.imageSize = imageSize
        self.title = title
        self.imagePlacement = imagePlacement
        self.imagePadding = imagePadding
        self.imageReservation = imageReservation
        self.contentInsets = contentInsets
        self.styleInsets = styleInsets
        self.titleAlignment = titleAlignment
        self.wrapsTitle = wrapsTitle
        self.contentHorizontalAlignment = contentHorizontalAlignment
        self.contentVerticalAlignment = contentVerticalAlignment
        self.layoutDirection = layoutDirection
        self.scale = scale
    }

    /// The image and title frames, and whether either had to shrink.
    public func layout() -> ButtonFrames {
        let content = Rect(size: size).inset(by: resolvedInsets)
        let box = Size(width: max(0, content.width), height: max(0, content.height))
        let parts = fittedParts(in: box)
        let across = ButtonPlacement.Span(start: content.x, length: content.width)
        let down = ButtonPlacement.Span(start: content.y, length: content.height)
        let (image, title) =
            imagePlacement.isHorizontal
            ? placeInRow(parts, across: across, down: down) : placeInColumn(parts, across: across, down: down)
        var frames = ButtonFrames(
            image: image?.originOnPixelGrid(scale: scale),
            title: title?.originOnPixelGrid(scale: scale),
            titleTruncated: parts.titleTruncated, imageSqueezed: false)
        if let natural = imageSize, let frame = frames.image {
            frames.imageSqueezed =
                frame.width < natural.width - ButtonLayout.slack
                || frame.height < natural.height - ButtonLayout.slack
        }
        return frames
    }

    /// `styleInsets + contentInsets` as left/right insets for `layoutDirection`.
    var resolvedInsets: EdgeInsets {
        (styleInsets + contentInsets).resolved(for: layoutDirection)
    }

    /// The gap between image and title: `imagePadding` when both are there, else 0.
    var padding: Double {
        imageSize != nil && title != nil ? imagePadding : 0
    }
}
