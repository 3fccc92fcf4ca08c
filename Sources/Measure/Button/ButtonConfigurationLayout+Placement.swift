/// Fitting and placing for `ButtonConfigurationLayout` (the rules are in its documentation).
extension ButtonConfigurationLayout {
    /// Image and title sized for a content box of `box`.
    struct Parts {
        /// The image's size after squeezing, and its slot along the placement's axis (≥ the image, for the
        /// reservation).
        var image: Size?
        var imageSlot: Double
        var title: Size?
        var titleTruncated: Bool
        /// The padding between image and title: none when either is missing, or when a row leaves the title no width
        /// (then only the squeezed image shows, as in the seed's first case).
        var gap: Double
    }

    /// Traps on inputs no button can have (programmer errors; `inputProblem` says which in words, for values to
    /// check first).
    func checkInputs() {
        if let problem = inputProblem { preconditionFailure(problem) }
    }

    /// What `layout()` would trap on, in words, or nil: a size or image size outside 0…`MeasureLimits.maximumLength`,
    /// a scale that is not positive and finite, a title given as a size that is negative or not finite, content or
    /// style insets beyond ±`maximumLength`, an image padding beyond ±`maximumLength` or an image reservation outside
    /// 0…`maximumLength`. For callers whose button values come from a user or a file (`checkedLayout()`).
    public var inputProblem: String? {
        if let problem = ButtonInputChecks.problem(size: size, imageSize: imageSize, scale: scale, title: title) {
            return problem
        }
        let limit = Int(MeasureLimits.maximumLength)
        for (name, insets) in [("contentInsets", contentInsets), ("styleInsets", styleInsets)]
        where ![insets.top, insets.leading, insets.bottom, insets.trailing].allSatisfy({
            MeasureLimits.isValidLength($0, allowsNegative: true)
        }) {
            return "\(name) must each be within ±\(limit) pt; got \(insets)"
        }
        if !MeasureLimits.isValidLength(imagePadding, allowsNegative: true) {
            return "imagePadding must be within ±\(limit) pt; got \(imagePadding)"
        }
        if !MeasureLimits.isValidLength(imageReservation) {
            return "imageReservation must be within 0…\(limit) pt; got \(imageReservation)"
        }
        return nil
    }

    /// `layout()`, or a `MeasureInputError` (`inputProblem` in words) where `layout()` would trap.
    public func checkedLayout() throws(MeasureInputError) -> ButtonFrames {
        if let problem = inputProblem { throw MeasureInputError(problem) }
        return layout()
    }

    /// Squeezes the image into `box` and gives the title the room left (wrapping or truncating it).
    func fittedParts(in box: Size) -> Parts {
        checkInputs()
        let horizontal = imagePlacement.isHorizontal
        let image = imageSize.map { Size(width: min($0.width, box.width), height: min($0.height, box.height)) }
        var slot = 0.0
        if let image {
            let along = horizontal ? image.width : image.height
            slot = min(max(along, imageReservation), horizontal ? box.width : box.height)
        }
        let room = max(0, horizontal ? box.width - slot - padding : box.width)
        guard let title else {
            return Parts(image: image, imageSlot: slot, title: nil, titleTruncated: false, gap: 0)
        }
        let (titleSize, truncated) = fittedTitle(title, room: room)
        let gap = horizontal && titleSize.width <= 0 ? 0 : padding
        return Parts(image: image, imageSlot: slot, title: titleSize, titleTruncated: truncated, gap: gap)
    }

    /// The title's label size within `room` points across: one line when it fits, else wrapped at `room` (when text
    /// may wrap), else cut to `room`.
    func fittedTitle(_ title: ButtonTitle, room: Double) -> (Size, truncated: Bool) {
        var label = title.labelSize(scale: scale)
        guard label.width > room + ButtonLayout.slack else { return (label, false) }
        if wrapsTitle, room > 0, case .text = title {
            label = title.wrappedLabelSize(maxWidth: room, scale: scale)
            if label.width <= room + ButtonLayout.slack { return (label, false) }
        }
        return (Size(width: room, height: label.height), true)
    }

    /// Image and title side by side.
    func placeInRow(_ parts: Parts, across: ButtonPlacement.Span, down: ButtonPlacement.Span) -> (Rect?, Rect?) {
        let alignment = groupAlignment
        let titleWidth = parts.title?.width ?? 0
        let total = parts.imageSlot + parts.gap + titleWidth
        var start = across.start
        if alignment == .center { start += (across.length - total) / 2 }
        if alignment == .right { start = across.end - total }
        let imageOnLeft = (imagePlacement == .leading) == (layoutDirection == .leftToRight)
        let slotStart = imageOnLeft ? start : start + titleWidth + parts.gap
        let titleStart = imageOnLeft ? start + parts.imageSlot + parts.gap : start
        let image = parts.image.map { image -> Rect in
            let y = ButtonPlacement.single(length: image.height, in: down, alignment: contentVerticalAlignment)
            return Rect(
                x: slotStart + (parts.imageSlot - image.width) / 2, y: y.start, width: image.width,
                height: y.length)
        }
        let title = parts.title.map { title -> Rect in
            let y = ButtonPlacement.single(length: title.height, in: down, alignment: contentVerticalAlignment)
            return Rect(x: titleStart, y: y.start, width: title.width, height: y.length)
        }
        return (image, title)
    }

    /// Image above or below the title.
    func placeInColumn(_ parts: Parts, across: ButtonPlacement.Span, down: ButtonPlacement.Span) -> (Rect?, Rect?) {
        let imageWidth = parts.image?.width ?? 0
        let titleSize = parts.title ?? .zero
        let columnWidth = max(imageWidth, titleSize.width)
        var left = across.start
        if groupAlignment == .center { left += (across.length - columnWidth) / 2 }
        if groupAlignment == .right { left = across.end - columnWidth }
        let stackHeight = parts.imageSlot + parts.gap + titleSize.height
        let verticalAlignment = contentVerticalAlignment == .fill ? .top : contentVerticalAlignment
        let top = ButtonPlacement.single(length: stackHeight, in: down, alignment: verticalAlignment).start
        let slotTop = imagePlacement == .top ? top : top + titleSize.height + parts.gap
        let titleTop = imagePlacement == .top ? top + parts.imageSlot + parts.gap : top
        let image = parts.image.map {
            Rect(
                x: left + (columnWidth - $0.width) / 2, y: slotTop + (parts.imageSlot - $0.height) / 2,
                width: $0.width, height: $0.height)
        }
        let title = parts.title.map { title -> Rect in
            let x: Double
            switch titleEdge {
            case .left: x = left
            case .right: x = left + columnWidth - title.width
            default: x = left + (columnWidth - title.width) / 2
            }
            return Rect(x: x, y: titleTop, width: title.width, height: title.height)
        }
        return (image, title)
    }

    /// The group's alignment across: leading and trailing resolved, `fill` taken as leading.
    var groupAlignment: ContentHorizontalAlignment {
        let alignment = contentHorizontalAlignment == .fill ? .leading : contentHorizontalAlignment
        return alignment.effective(in: layoutDirection)
    }

    /// Where `titleAlignment` puts a title in its column: `.left`, `.right` or `.center`.
    var titleEdge: ContentHorizontalAlignment {
        switch titleAlignment.resolved(for: imagePlacement) {
        case .leading: return ContentHorizontalAlignment.leading.effective(in: layoutDirection)
        case .trailing: return ContentHorizontalAlignment.trailing.effective(in: layoutDirection)
        default: return .center
        }
    }
}
