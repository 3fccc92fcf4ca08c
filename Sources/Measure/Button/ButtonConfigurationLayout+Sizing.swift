/// Sizing a configuration button.
extension ButtonConfigurationLayout {
    /// The size the button asks for within `proposed`: its insets plus the row (slot + padding + title wide, as high
    /// as the higher) or the column (as wide as the wider, slot + padding + title high), raised to whole points as
    /// `ButtonLayout.sizeThatFits` does and cut down to `proposed` [INF: no source measures configuration sizes]. A
    /// title wider than the room `proposed` leaves wraps there (or is cut, see `wrapsTitle`). Unlike legacy buttons
    /// there is no 30 pt minimum and no 6 pt padding: the style's insets (`styleInsets`) take that part.
    public func sizeThatFits(_ proposed: Size) -> Size {
        // A negative proposal is no room and a NaN one no limit, as for `ButtonLayout`.
        let proposed = proposed.asProposal
        let insets = resolvedInsets
        let box = Size(width: max(0, proposed.width - insets.horizontal), height: .infinity)
        let parts = fittedParts(in: box)
        let image = parts.image ?? .zero
        let title = parts.title ?? .zero
        let content: Size
        if imagePlacement.isHorizontal {
            content = Size(width: parts.imageSlot + parts.gap + title.width, height: max(image.height, title.height))
        } else {
            content = Size(width: max(image.width, title.width), height: parts.imageSlot + parts.gap + title.height)
        }
        let width = (content.width + insets.horizontal).rounded(.up)
        let height = (content.height + insets.vertical).rounded(.up)
        return Size(width: min(width, proposed.width), height: min(height, proposed.height))
    }

    /// `sizeThatFits(.unconstrained)`.
    public var intrinsicContentSize: Size {
        sizeThatFits(.unconstrained)
    }
}
