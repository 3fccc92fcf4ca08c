/// The default point sizes of the Dynamic Type text styles at every content size category (iOS/iPadOS 11 and later,
/// San Francisco): docs/semantics/dynamic-type.md §D's table.
///
/// Sources (docs/semantics/sources.md §0): [D1] Apple's Human Interface Guidelines, Typography — "Dynamic Type sizes"
/// (developer.apple.com/design/human-interface-guidelines/typography); corroborated by [D2] public tables — the
/// SwiftyMarkdown fork's `UIFontDescriptor+SwiftyMarkdown.swift`, a `FontSizeHelper` with the iOS 11 `largeTitle` row,
/// pastebin.com/WPPkfJY2 (body per category) and gist.github.com/zacwest/916d31da5d03405809c4 (defaults). Older iOS
/// (≤ 10) capped the non-body styles at the accessibility sizes; this table is the iOS 11+ behaviour. iOS 17's
/// `extraLargeTitle`/`extraLargeTitle2` are not here: their per-category sizes are an open question (docs/semantics/dynamic-type.md §D).
public enum DynamicTypeSizes {
    /// The point size of `style` at `category`, e.g. 17 for body at L and 60 for largeTitle at AX5.
    public static func pointSize(_ style: TextStyle, _ category: ContentSizeCategory) -> Double {
        table[style.tableRow][category.rawValue]
    }

    /// The twelve sizes of `style`, smallest category (xS) first.
    public static func pointSizes(_ style: TextStyle) -> [Double] {
        table[style.tableRow]
    }

    /// One row per `TextStyle` (in `allCases` order), one column per `ContentSizeCategory` (xS … AX5).
    private static let table: [[Double]] = [
        [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],  // largeTitle
        [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],  // title1
        [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],  // title2
        [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],  // title3
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],  // headline (Semibold)
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],  // body
        [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],  // callout
        [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],  // subheadline
        [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],  // footnote
        [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],  // caption1
        [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],  // caption2
    ]
}

extension TextStyle {
    /// The style's row in `DynamicTypeSizes.table`.
    fileprivate var tableRow: Int {
        switch self {
        case .largeTitle: 0
        case .title1: 1
        case .title2: 2
        case .title3: 3
        case .headline: 4
        case .body: 5
        case .callout: 6
        case .subheadline: 7
        case .footnote: 8
        case .caption1: 9
        case .caption2: 10
        }
    }
}
