/// How a button places its image and its title vertically in the content rectangle (`UIControl`'s
/// `contentVerticalAlignment`). Each element is placed on its own, not as a group (docs/semantics/button-layout.md §B2.2: 88 × 56 button, image
/// y 12, title y 17.5).
///
/// The default is `center`, as observed; the enum's page calls `top` the default (an OPEN point of docs/semantics/button-layout.md §B1).
public enum ContentVerticalAlignment: String, Sendable, Hashable, CaseIterable, Codable {
    /// Centred; an edge inset moves its element by `(top − bottom) / 2` (docs/semantics/button-layout.md §B2.3).
    case center
    /// At the top edge; an element moves by its whole top inset (docs/semantics/button-layout.md §B2.4).
    case top
    /// At the bottom edge; an element moves up by its whole bottom inset (docs/semantics/button-layout.md §B2.4).
    case bottom
    /// Each element is as tall as its (inset) content rectangle; images stretch ([DOC B10]).
    case fill
}
