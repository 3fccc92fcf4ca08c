/// Which side of the title a `UIButton.Configuration` puts the image on (`imagePlacement`, an `NSDirectionalRectEdge`;
/// docs/semantics/button-layout.md §B6, [DOC B12]).
public enum ImagePlacement: String, Sendable, Hashable, CaseIterable, Codable {
    /// Before the title in reading order: on its left left-to-right, on its right right-to-left. The default.
    case leading
    /// After the title in reading order.
    case trailing
    /// Above the title.
    case top
    /// Below the title.
    case bottom

    /// Whether image and title stand side by side (leading, trailing) rather than one above the other.
    var isHorizontal: Bool { self == .leading || self == .trailing }
}
