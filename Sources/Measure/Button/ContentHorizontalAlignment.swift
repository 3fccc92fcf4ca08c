/// How a button places its image and title, as one group, across its content rectangle (`UIControl`'s
/// `contentHorizontalAlignment`, docs/semantics/button-layout.md §B1, §B2.2–B2.4).
///
/// The default is `center`: the property's documentation says so and the measured frames of docs/semantics/button-layout.md §B2 are centred,
/// although the enum's page calls `left` the default (an OPEN point of docs/semantics/button-layout.md §B1).
public enum ContentHorizontalAlignment: String, Sendable, Hashable, CaseIterable, Codable {
    /// The group is centred; an edge inset moves its element by half its value, `(left − right) / 2` (docs/semantics/button-layout.md §B2.3).
    case center
    /// The group starts at the left edge; an element moves by its whole left inset (docs/semantics/button-layout.md §B2.4).
    case left
    /// The group ends at the right edge; an element moves by its whole right inset, leftwards (docs/semantics/button-layout.md §B2.4).
    case right
    /// The content fills the width: the image stretches over the room the title leaves; a title alone sits at the left
    /// edge, because a label cannot stretch (docs/semantics/button-layout.md §B4, [OBS B11]).
    case fill
    /// `left` left-to-right, `right` right-to-left ([DOC B10]).
    case leading
    /// `right` left-to-right, `left` right-to-left ([DOC B10]).
    case trailing

    /// What the alignment means in `direction`: `leading` and `trailing` become `left` or `right`, as
    /// `effectiveContentHorizontalAlignment` reports them ([DOC B10]); the others stay as they are.
    public func effective(in direction: LayoutDirection) -> ContentHorizontalAlignment {
        switch (self, direction) {
        case (.leading, .leftToRight), (.trailing, .rightToLeft): return .left
        case (.trailing, .leftToRight), (.leading, .rightToLeft): return .right
        default: return self
        }
    }
}
