/// Where a `UIButton` (the pre-iOS 15 API: `contentEdgeInsets`, `titleEdgeInsets`, `imageEdgeInsets`) puts its image
/// and its title, and how big it wants to be: the rules of docs/semantics/button-layout.md §B, reproduced without UIKit.
///
/// ```swift
/// // docs/semantics/button-layout.md §B2's measured button: 335 pt wide, a 32 pt image and a 54 × 21.5 title label.
/// var button = ButtonLayout(size: Size(width: 335, height: 40), imageSize: Size(width: 32, height: 32),
///                           title: .size(Size(width: 54, height: 21.5)))
/// button.layout().image?.x               // 124.5 = (335 − 32 − 54) / 2
/// button.imageEdgeInsets.left = 50
/// button.layout().image?.x               // 149.5: a centred element moves by half its inset
/// let above = try button.applying(.imageTop, spacing: 4)   // the insets that put the image above the title
/// ```
///
/// How the frames come about:
/// 1. The content rectangle is the bounds inset by `contentEdgeInsets` (docs/semantics/button-layout.md §B2.1).
/// 2. The image and the title are fitted into its width as the seed describes (docs/semantics/button-layout.md §B4): narrower than the image, the
///    image is squeezed to the width and the title gets none; narrower than image and title, the image keeps its width
///    and the title is truncated to what is left; wider, both keep their sizes. An image taller than the content
///    rectangle is squeezed to its height as well [INF: the seed's "fill XY" squeeze, applied to both axes].
/// 3. Each element is then placed in the content rectangle inset by its *own* edge insets, as part of a group that
///    holds both (image first in reading order, no gap, docs/semantics/button-layout.md §B2.2), aligned by `contentHorizontalAlignment`;
///    vertically each element is placed on its own. Centred, an element therefore moves by `(left − right) / 2` and
///    `(top − bottom) / 2` of its insets (docs/semantics/button-layout.md §B2.3); pinned to an edge, by that edge's whole inset (docs/semantics/button-layout.md §B2.4). One
///    element's insets never move the other (docs/semantics/button-layout.md §B2.3).
/// 4. A title whose inset rectangle leaves it less than its width beside the image is truncated to that width: edge
///    insets "may clip the title" ([DOC B2], docs/semantics/button-layout.md §B1). Otherwise insets change no size, except that `fill`
///    stretches an element over its inset rectangle.
/// 5. Origins are rounded to the pixel grid of a `scale`× screen, half a pixel upwards, as UIKit lays subviews on
///    pixels: docs/semantics/button-layout.md §B2's 88 × 56 button puts a 21.5 pt title at y 17.5, where (56 − 21.5) / 2 is 17.25 [INF from
///    OBS B9]. Sizes are not rounded (a measured title is pixel-ceiled already, docs/semantics/button-layout.md §B2.6).
///
/// Performance notes: a layout is a few dozen floating-point operations, plus one measurement of the title when it is
/// `.text` (a `TextMeasurer.measure` call, microseconds once the fonts' glyph caches are warm). Lay out many buttons
/// with titles given as `.size` when the sizes are known.
public struct ButtonLayout: Sendable {
    /// The button's bounds size.
    public var size: Size
    /// The image's size (`UIImage.size`); nil for a button without an image.
    public var imageSize: Size?
    /// The title; nil for a button without one.
    public var title: ButtonTitle?
    /// Margins around image and title together; the only insets that count for the button's size (docs/semantics/button-layout.md §B1, §B5).
    public var contentEdgeInsets: EdgeInsets
    /// Moves the title relative to where it would be, at the strength the alignment gives (docs/semantics/button-layout.md §B2.3, §B2.4).
    public var titleEdgeInsets: EdgeInsets
    /// Moves the image relative to where it would be, at the strength the alignment gives (docs/semantics/button-layout.md §B2.3, §B2.4).
    public var imageEdgeInsets: EdgeInsets
    /// How the image and the title are placed across the content, as a group. Default `center` (docs/semantics/button-layout.md §B1).
    public var contentHorizontalAlignment: ContentHorizontalAlignment
    /// How each element is placed up and down the content. Default `center` (docs/semantics/button-layout.md §B1).
    public var contentVerticalAlignment: ContentVerticalAlignment
    /// Left-to-right or right-to-left: where leading and trailing are, and which element comes first.
    public var layoutDirection: LayoutDirection
    /// The screen's pixels per point: a `.text` title's label size is raised to this grid (docs/semantics/button-layout.md §B2.6) and origins
    /// are rounded to it. Default 2; nil computes exact fractional frames and measures titles unrounded.
    public var scale: Double?

    /// A classic button's inputs; each parameter sets the property of the same name, and the defaults are `UIButton`'s
    /// (zero insets, centred content, left-to-right, scale 2).
    public init(
        size: Size, imageSize: Size? = nil, title: ButtonTitle? = nil,
        contentEdgeInsets: EdgeInsets = .zero, titleEdgeInsets: EdgeInsets = .zero,
        imageEdgeInsets: EdgeInsets = .zero,
        contentHorizontalAlignment: ContentHorizontalAlignment = .center,
        contentVerticalAlignment: ContentVerticalAlignment = .center,
        layoutDirection: LayoutDirection = .leftToRight, scale: Double? = 2
    ) {
        self.size = size
        self.imageSize = imageSize
        self.title = title
        self.contentEdgeInsets = contentEdgeInsets
        self.titleEdgeInsets = titleEdgeInsets
        self.imageEdgeInsets = imageEdgeInsets
        self.contentHorizontalAlignment = contentHorizontalAlignment
        self.contentVerticalAlignment = contentVerticalAlignment
        self.layoutDirection = layoutDirection
        self.scale = scale
    }

    /// The image and title frames, and whether either had to shrink. Traps on a size, inset or scale no button can
    /// have (a caller's bug); `inputProblem` names it first for values that come from a user or a file.
    public func layout() -> ButtonFrames {
        layout(titleSize: title?.labelSize(scale: scale))
    }

    /// `layout()`, or a `MeasureInputError` (`inputProblem` in words) where `layout()` would trap: for sizes,
    /// insets and scales that come from a user or a file.
    public func checkedLayout() throws(MeasureInputError) -> ButtonFrames {
        if let problem = inputProblem { throw MeasureInputError(problem) }
        return layout()
    }

    /// The title label's size before any fitting: `title?.labelSize(scale: scale)`.
    public var titleLabelSize: Size? {
        title?.labelSize(scale: scale)
    }
}
