/// The reading direction of a button's interface (`effectiveUserInterfaceLayoutDirection`, or what
/// `semanticContentAttribute` forces).
///
/// It decides where `leading` and `trailing` are (docs/semantics/button-layout.md §B1, [DOC B10]) and the order of the image and the title: the
/// image comes first in reading order, so it is on the left left-to-right (docs/semantics/button-layout.md §B2.2) and on the right right-to-left
/// (the `semanticContentAttribute = .forceRightToLeft` idiom that puts a button's image after its title).
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable, Codable {
    /// Left to right (English, German, …): leading is the left edge. Raw value `ltr`.
    case leftToRight = "ltr"
    /// Right to left (Arabic, Hebrew, …): leading is the right edge. Raw value `rtl`.
    case rightToLeft = "rtl"
}
