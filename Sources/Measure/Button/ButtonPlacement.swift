/// Placing a button's elements along one axis: the arithmetic the legacy layout (`ButtonLayout`) and the configuration
/// layout (`ButtonConfigurationLayout`) share.
enum ButtonPlacement {
    /// A stretch of one axis: where it starts and how long it is.
    struct Span: Equatable {
        var start: Double
        var length: Double
        var end: Double { start + length }
    }

    /// The image and the title placed across `span` as one group with no gap (docs/semantics/button-layout.md §B2.2): the image first in reading
    /// order (left left-to-right, right right-to-left), the group aligned by `alignment` (already effective: `left`,
    /// `right`, `center` or `fill`). With `fill` the group starts at the left and the image stretches over all the
    /// room the title leaves; a title alone sits at the left (docs/semantics/button-layout.md §B4, [OBS B11]).
    /// - Returns: each present element's span across.
    static func group(
        in span: Span, imageWidth: Double?, titleWidth: Double?, alignment: ContentHorizontalAlignment,
        direction: LayoutDirection
    ) -> (image: Span?, title: Span?) {
        var imageWidth = imageWidth
        if alignment == .fill, imageWidth != nil {
            imageWidth = max(0, span.length - (titleWidth ?? 0))
        }
        let total = (imageWidth ?? 0) + (titleWidth ?? 0)
        let start: Double
        switch alignment {
        case .center: start = span.start + (span.length - total) / 2
        case .right: start = span.end - total
        case .left, .fill: start = span.start
        case .leading, .trailing: preconditionFailure("resolve leading and trailing with effective(in:) first")
        }
        let imageFirst = direction == .leftToRight
        let image = imageWidth.map { Span(start: imageFirst ? start : start + (titleWidth ?? 0), length: $0) }
        let title = titleWidth.map { Span(start: imageFirst ? start + (imageWidth ?? 0) : start, length: $0) }
        return (image, title)
    }

    /// One element of `length` placed up or down `span` on its own (docs/semantics/button-layout.md §B2.2); `fill` gives it the span's length
    /// (never below 0).
    static func single(length: Double, in span: Span, alignment: ContentVerticalAlignment) -> Span {
        switch alignment {
        case .center: return Span(start: span.start + (span.length - length) / 2, length: length)
        case .top: return Span(start: span.start, length: length)
        case .bottom: return Span(start: span.end - length, length: length)
        case .fill: return Span(start: span.start, length: max(0, span.length))
        }
    }
}
