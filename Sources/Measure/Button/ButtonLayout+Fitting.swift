/// The layout itself (see `ButtonLayout`'s steps 1–5), split from the type's declaration to keep files small.
extension ButtonLayout {
    /// The content after step 2 (fitting), before any edge inset: what a recipe reads as "the current laid-out sizes"
    /// (docs/semantics/button-layout.md §B3).
    struct FittedContent {
        /// The bounds inset by `contentEdgeInsets`.
        var contentRect: Rect
        /// The image's width and height after squeezing; nil without an image.
        var image: Size?
        /// The title label's width after truncation and its height; nil without a title.
        var title: Size?
        /// `contentHorizontalAlignment` with leading and trailing resolved.
        var alignment: ContentHorizontalAlignment
    }

    /// What `layout()` would trap on, in words, or nil: a size or image size outside 0…`MeasureLimits.maximumLength`
    /// (negative, NaN, infinite), a scale that is not positive and finite, a title given as a size that is negative
    /// or not finite, an edge inset beyond ±`maximumLength`. For
    /// callers whose button values come from a user or a file.
    public var inputProblem: String? {
        if let problem = ButtonInputChecks.problem(size: size, imageSize: imageSize, scale: scale, title: title) {
            return problem
        }
        let limit = Int(MeasureLimits.maximumLength)
        for (name, insets) in [
            ("contentEdgeInsets", contentEdgeInsets), ("titleEdgeInsets", titleEdgeInsets),
            ("imageEdgeInsets", imageEdgeInsets),
        ] where !insets.isWithinLimits {
            return "\(name) must each be within ±\(limit) pt; got \(insets)"
        }
        return nil
    }

    /// Traps on sizes, insets or a scale that no button can have: these are programmer errors (`inputProblem` says
    /// which in words, for values to check first).
    func checkInputs() {
        if let problem = inputProblem { preconditionFailure(problem) }
    }

    /// Steps 1 and 2: the content rectangle and the sizes the three cases of docs/semantics/button-layout.md §B4 leave the elements.
    func fit(titleSize: Size?) -> FittedContent {
        checkInputs()
        if let titleSize {
            precondition(
                titleSize.width >= 0 && titleSize.height >= 0 && titleSize.width.isFinite
                    && titleSize.height.isFinite, "a title's size is finite and not negative")
        }
        let content = Rect(size: size).inset(by: contentEdgeInsets)
        let room = max(0, content.width)
        let image = imageSize.map {
            Size(width: min($0.width, room), height: min($0.height, max(0, content.height)))
        }
        let title = titleSize.map {
            Size(width: min($0.width, max(0, room - (image?.width ?? 0))), height: $0.height)
        }
        return FittedContent(
            contentRect: content, image: image, title: title,
            alignment: contentHorizontalAlignment.effective(in: layoutDirection))
    }

    /// Steps 3–5 for a title label of `titleSize` (nil: no title).
    func layout(titleSize: Size?) -> ButtonFrames {
        let fitted = fit(titleSize: titleSize)
        var frames = ButtonFrames(image: nil, title: nil, titleTruncated: false, imageSqueezed: false)
        let imageWidth = fitted.image?.width
        if let natural = imageSize, let image = fitted.image {
            let rect = fitted.contentRect.inset(by: imageEdgeInsets)
            let across = ButtonPlacement.group(
                in: ButtonPlacement.Span(start: rect.x, length: rect.width),
                imageWidth: imageWidth, titleWidth: fitted.title?.width,
                alignment: fitted.alignment, direction: layoutDirection)
            let down = ButtonPlacement.single(
                length: image.height,
                in: ButtonPlacement.Span(start: rect.y, length: rect.height),
                alignment: contentVerticalAlignment)
            let frame = pixelAligned(
                Rect(
                    x: across.image!.start, y: down.start, width: across.image!.length,
                    height: down.length))
            frames.image = frame
            frames.imageSqueezed =
                frame.width < natural.width - Self.slack || frame.height < natural.height - Self.slack
        }
        if let natural = titleSize, let title = fitted.title {
            let rect = fitted.contentRect.inset(by: titleEdgeInsets)
            // Step 4: the title keeps at most what its own inset rectangle leaves it beside the image.
            let width = min(title.width, max(0, rect.width - (imageWidth ?? 0)))
            let across = ButtonPlacement.group(
                in: ButtonPlacement.Span(start: rect.x, length: rect.width),
                imageWidth: imageWidth, titleWidth: width,
                alignment: fitted.alignment, direction: layoutDirection)
            let down = ButtonPlacement.single(
                length: title.height,
                in: ButtonPlacement.Span(start: rect.y, length: rect.height),
                alignment: contentVerticalAlignment)
            frames.title = pixelAligned(
                Rect(
                    x: across.title!.start, y: down.start, width: across.title!.length,
                    height: down.length))
            frames.titleTruncated = width < natural.width - Self.slack
        }
        return frames
    }

    /// Below anything visible: keeps sums of the same numbers taken in another order from reporting a squeeze.
    static let slack = 1e-9

    /// Step 5: `rect` with its origin on the pixel grid (half a pixel rounds up), or as it is without a scale.
    func pixelAligned(_ rect: Rect) -> Rect {
        rect.originOnPixelGrid(scale: scale)
    }
}
