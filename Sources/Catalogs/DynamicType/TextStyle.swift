/// A Dynamic Type text style: the role a label's font plays (`UIFont.TextStyle`, SwiftUI `Font.TextStyle`).
///
/// Catalog runs size each label by its style and a content size category (see `DynamicTypeSizes`), so a string can be
/// checked at the sizes users actually pick instead of one fixed point size. Cases are in the order of docs/semantics/dynamic-type.md §D's table,
/// largest first.
public enum TextStyle: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// `UIFont.TextStyle.largeTitle`: 34 pt at L.
    case largeTitle
    /// `title1`: 28 pt at L.
    case title1
    /// `title2`: 22 pt at L.
    case title2
    /// `title3`: 20 pt at L.
    case title3
    /// `headline`: 17 pt at L, Semibold (the catalog run measures it with the bold cascade).
    case headline
    /// `body`: 17 pt at L, the built-in default style.
    case body
    /// `callout`: 16 pt at L.
    case callout
    /// `subheadline`: 15 pt at L.
    case subheadline
    /// `footnote`: 13 pt at L.
    case footnote
    /// `caption1`: 12 pt at L.
    case caption1
    /// `caption2`: 11 pt at L.
    case caption2

    /// The style named `name`, ignoring case: the UIKit names (`largeTitle`, `title1`, `caption1`, …) and SwiftUI's
    /// spellings of the two styles it names differently (`title` = `title1`, `caption` = `caption1`); nil for any other
    /// name.
    public init?(name: String) {
        let folded = name.lowercased()
        if let style = TextStyle.allCases.first(where: { $0.rawValue.lowercased() == folded }) {
            self = style
            return
        }
        switch folded {
        case "title": self = .title1
        case "caption": self = .caption1
        default: return nil
        }
    }

    /// The UIKit name, as written in docs/semantics/dynamic-type.md §D (`largeTitle`, `caption2`).
    public var description: String { rawValue }
}
