/// How a `UIButton.Configuration` aligns its title (`titleAlignment`; docs/semantics/button-layout.md §B6, [DOC B12]).
///
/// With the image above or below, the title is aligned within the stack of image and title (as wide as the wider of
/// the two), so it decides where a title narrower than the image sits; beside the image it aligns the lines of a
/// wrapped title within the title's own frame and does not move the frame.
public enum TitleAlignment: String, Sendable, Hashable, CaseIterable, Codable {
    /// Chosen from the image placement: centred when the image is above or below the title, leading when it is
    /// beside it. Apple documents only that `automatic` follows the button's other elements; centred titles under
    /// `.top` images are what published screenshots of configuration buttons show. Pass `.leading`, `.center` or
    /// `.trailing` for another choice.
    case automatic
    /// Lines start at the leading edge (the left one left-to-right).
    case leading
    /// Lines are centred.
    case center
    /// Lines end at the trailing edge (the right one left-to-right).
    case trailing

    /// `automatic` made concrete for `placement`.
    func resolved(for placement: ImagePlacement) -> TitleAlignment {
        guard self == .automatic else { return self }
        return placement.isHorizontal ? .leading : .center
    }
}
