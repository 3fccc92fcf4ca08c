/// The `NSParagraphStyle` properties that change a measured size (docs/semantics/sizing.md §A5). Every value defaults to
/// `NSParagraphStyle.default`'s: 0 for the spacings, multiples, limits and indents, word wrapping, natural alignment,
/// 12 left tab stops every 28 pt (here: no explicit stops, and the default interval of `MeasureOptions.tabInterval`).
public struct ParagraphStyle: Sendable, Hashable {
    /// Space between one line's bottom and the next line's top; ≤ 0 adds nothing (docs/semantics/sizing.md §A2: n·lineHeight).
    public var lineSpacing: Double = 0
    /// Space after each paragraph but the last (see `TextAttributes.countsOuterParagraphSpacing`).
    public var paragraphSpacing: Double = 0
    /// Space before each paragraph but the first.
    public var paragraphSpacingBefore: Double = 0
    /// Each line's natural height × this, when > 0; the extra (or missing) height is above the glyphs (docs/semantics/sizing.md §A5).
    public var lineHeightMultiple: Double = 0
    /// Each line at least this tall (0 = no limit); applied after `lineHeightMultiple`.
    public var minimumLineHeight: Double = 0
    /// Each line at most this tall (0 = no limit); applied last: glyphs beyond it overlap the neighbours.
    public var maximumLineHeight: Double = 0
    /// Indent of each paragraph's first line, from the leading edge.
    public var firstLineHeadIndent: Double = 0
    /// Indent of the other lines.
    public var headIndent: Double = 0
    /// > 0: the lines' trailing edge, measured from the leading edge; ≤ 0: the distance kept free at the trailing
    /// edge (docs/semantics/sizing.md §A5 [INF]).
    public var tailIndent: Double = 0
    /// Tab stops in points from the leading edge, ascending; after the last one tabs go to multiples of
    /// `defaultTabInterval` (or `MeasureOptions.tabInterval` when that is 0).
    public var tabStops: [Double] = []
    /// The interval of the tab stops after `tabStops` (0 = the measurer's `tabInterval`).
    public var defaultTabInterval: Double = 0
    /// `NSTextAlignment` by name (`natural`, `left`, `center`, `right`, `justified`): accepted and kept in keys, but
    /// it moves lines inside the box and never changes the box's size.
    public var alignment: String = "natural"
    /// How lines wrap or are cut.
    public var lineBreakMode: ParagraphLineBreakMode = .byWordWrapping

    /// The default paragraph style (`NSParagraphStyle.default`): no spacing, natural alignment, word wrapping.
    public init() {}
}
