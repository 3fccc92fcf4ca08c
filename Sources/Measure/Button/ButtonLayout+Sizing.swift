/// `sizeThatFits` and `intrinsicContentSize`, as LinkedIn's LayoutKit hard-codes what UIButton does (docs/semantics/button-layout.md §B5,
/// [OBS B7]).
extension ButtonLayout {
    /// The size the button asks for within `proposed` (UIButton's `sizeThatFits(_:)`):
    /// - width = max(minimum, ceil(image width + title width + content left + content right)),
    /// - height = ceil(max(image height, title height) + content top + content bottom + padding),
    ///
    /// then cut down to `proposed` (a negative dimension of it is 0, a NaN one no limit), as LayoutKit does.
    /// `contentEdgeInsets` count; `titleEdgeInsets` and
    /// `imageEdgeInsets` never do (docs/semantics/button-layout.md §B1, [DOC B1, B2]). A button with no image and zero content insets is at least
    /// 30 pt wide and has 6 pt above and below its title (docs/semantics/button-layout.md §B5, [OBS B7, B8]: an 18 pt label 21 high makes a
    /// 33 pt button); any image or content inset turns both off. An empty `.text` title is as high as a one-space
    /// title (docs/semantics/button-layout.md §B5). The title is measured on one line, as the title label draws it; this ignores the bounds
    /// `size`.
    public func sizeThatFits(_ proposed: Size) -> Size {
        checkInputs()
        let proposed = proposed.asProposal
        let title = titleLabelSize ?? .zero
        let image = imageSize ?? .zero
        let isPlainTextButton = imageSize == nil && contentEdgeInsets == .zero
        let minimumWidth = isPlainTextButton ? 30.0 : 0
        let verticalPadding = isPlainTextButton ? 12.0 : 0
        let width = max(minimumWidth, (image.width + title.width + contentEdgeInsets.horizontal).rounded(.up))
        let height = (max(image.height, title.height) + contentEdgeInsets.vertical + verticalPadding).rounded(.up)
        return Size(width: min(width, proposed.width), height: min(height, proposed.height))
    }

    /// The size the button asks for with no limit (`intrinsicContentSize`): `sizeThatFits(.unconstrained)`.
    public var intrinsicContentSize: Size {
        sizeThatFits(.unconstrained)
    }
}
