/// One of the twelve Dynamic Type content size categories users pick in Settings (`UIContentSizeCategory`), smallest
/// first: seven standard sizes (xS … xxxL, default L) and five accessibility sizes (AX1 … AX5).
///
/// The raw value is the category's place in that order, so categories compare by size.
public enum ContentSizeCategory: Int, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// `xS`, `UIContentSizeCategory.extraSmall`: body text 14 pt.
    case extraSmall
    /// `S`: body text 15 pt.
    case small
    /// `M`: body text 16 pt.
    case medium
    /// `L`, the default: body text 17 pt.
    case large
    /// `xL`: body text 19 pt.
    case extraLarge
    /// `xxL`: body text 21 pt.
    case extraExtraLarge
    /// `xxxL`, the largest standard size: body text 23 pt.
    case extraExtraExtraLarge
    /// `AX1`, the first accessibility size: body text 28 pt.
    case accessibilityMedium
    /// `AX2`: body text 33 pt.
    case accessibilityLarge
    /// `AX3`: body text 40 pt.
    case accessibilityExtraLarge
    /// `AX4`: body text 47 pt.
    case accessibilityExtraExtraLarge
    /// `AX5`, the largest: body text 53 pt.
    case accessibilityExtraExtraExtraLarge

    /// The category iOS uses unless the user changes it.
    public static let `default` = ContentSizeCategory.large

    /// The short name of docs/semantics/dynamic-type.md §D's table header: `xS S M L xL xxL xxxL AX1 AX2 AX3 AX4 AX5`.
    public var shortName: String { Self.shortNames[rawValue] }

    /// The `UIContentSizeCategory` constant's name without its prefix: `extraSmall` …
    /// `accessibilityExtraExtraExtraLarge`.
    public var apiName: String { Self.apiNames[rawValue] }

    /// `shortName`, the form reports print.
    public var description: String { shortName }

    /// Whether it is one of the five accessibility sizes (`AX1` … `AX5`), as
    /// `UIContentSizeCategory.isAccessibilityCategory` says.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// The category named `name`, ignoring case. Accepted: the short names (`xS`, `L`, `AX3`), the API names
    /// (`extraSmall`, `accessibilityMedium`), and, because they are what people copy from Xcode and logs, the
    /// `UIContentSizeCategory` raw values (`UICTContentSizeCategoryXL`, `UICTContentSizeCategoryAccessibilityM`) and
    /// SwiftUI's `DynamicTypeSize` names (`xSmall`, `xxxLarge`, `accessibility1` … `accessibility5`). Nil for anything
    /// else.
    public init?(name: String) {
        let folded = name.lowercased()
        for (index, names) in Self.acceptedNames.enumerated() where names.contains(folded) {
            self.init(rawValue: index)
            return
        }
        return nil
    }

    public static func < (a: ContentSizeCategory, b: ContentSizeCategory) -> Bool { a.rawValue < b.rawValue }

    private static let shortNames = ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"]

    private static let apiNames = [
        "extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge",
        "accessibilityMedium", "accessibilityLarge", "accessibilityExtraLarge", "accessibilityExtraExtraLarge",
        "accessibilityExtraExtraExtraLarge",
    ]

    /// UIKit's raw-value suffixes after `UICTContentSizeCategory`.
    private static let rawValueSuffixes = [
        "XS", "S", "M", "L", "XL", "XXL", "XXXL",
        "AccessibilityM", "AccessibilityL", "AccessibilityXL", "AccessibilityXXL", "AccessibilityXXXL",
    ]

    private static let swiftUINames = [
        "xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
        "accessibility1", "accessibility2", "accessibility3", "accessibility4", "accessibility5",
    ]

    /// Every accepted spelling per category, lowercased, indexed by raw value.
    private static let acceptedNames: [Set<String>] = (0..<12).map { index in
        Set(
            [
                shortNames[index], apiNames[index], "UICTContentSizeCategory" + rawValueSuffixes[index],
                swiftUINames[index],
            ].map { $0.lowercased() })
    }
}
