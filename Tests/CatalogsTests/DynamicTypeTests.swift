import Testing

@testable import Catalogs

@Suite("Dynamic Type sizes (docs/semantics/dynamic-type.md §D)")
struct DynamicTypeTests {
    @Test("spot values from docs/semantics/dynamic-type.md §D's table")
    func spotValues() {
        #expect(DynamicTypeSizes.pointSize(.body, .large) == 17)
        #expect(DynamicTypeSizes.pointSize(.caption2, .extraSmall) == 11)
        #expect(DynamicTypeSizes.pointSize(.largeTitle, .accessibilityExtraExtraExtraLarge) == 60)
        #expect(DynamicTypeSizes.pointSize(.footnote, .small) == 12)
        #expect(DynamicTypeSizes.pointSize(.title3, .accessibilityLarge) == 37)
        #expect(DynamicTypeSizes.pointSize(.largeTitle, .extraSmall) == 31)
        #expect(DynamicTypeSizes.pointSize(.title1, .accessibilityLarge) == 43)
        #expect(DynamicTypeSizes.pointSize(.title2, .accessibilityExtraExtraLarge) == 50)
        #expect(DynamicTypeSizes.pointSize(.headline, .extraExtraExtraLarge) == 23)
        #expect(DynamicTypeSizes.pointSize(.callout, .accessibilityExtraExtraLarge) == 44)
        #expect(DynamicTypeSizes.pointSize(.subheadline, .accessibilityExtraLarge) == 36)
        #expect(DynamicTypeSizes.pointSize(.caption1, .extraLarge) == 14)
        #expect(DynamicTypeSizes.pointSize(.caption2, .large) == 11)
        #expect(DynamicTypeSizes.pointSize(.footnote, .accessibilityExtraExtraExtraLarge) == 44)
    }

    @Test("whole rows: body, and caption2 (flat at the three smallest sizes)")
    func wholeRows() {
        #expect(DynamicTypeSizes.pointSizes(.body) == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        #expect(DynamicTypeSizes.pointSizes(.caption2) == [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40])
        #expect(DynamicTypeSizes.pointSizes(.headline) == DynamicTypeSizes.pointSizes(.body))
    }

    @Test("every style has 12 sizes that never decrease, and L is its default")
    func monotonic() {
        for style in TextStyle.allCases {
            let sizes = DynamicTypeSizes.pointSizes(style)
            #expect(sizes.count == 12, "\(style)")
            #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 }, "\(style): \(sizes)")
            #expect(DynamicTypeSizes.pointSize(style, .default) == sizes[3])
            for category in ContentSizeCategory.allCases {
                #expect(DynamicTypeSizes.pointSize(style, category) == sizes[category.rawValue])
            }
        }
    }

    @Test("categories in order, with their short and API names")
    func categoryOrder() {
        #expect(ContentSizeCategory.allCases.count == 12)
        #expect(
            ContentSizeCategory.allCases.map(\.shortName)
                == ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"])
        #expect(ContentSizeCategory.allCases.first == .extraSmall)
        #expect(ContentSizeCategory.allCases.last == .accessibilityExtraExtraExtraLarge)
        #expect(ContentSizeCategory.accessibilityMedium.apiName == "accessibilityMedium")
        #expect(ContentSizeCategory.extraExtraExtraLarge.apiName == "extraExtraExtraLarge")
        #expect(ContentSizeCategory.small < .medium)
        #expect(!ContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
        #expect(ContentSizeCategory.accessibilityMedium.isAccessibilityCategory)
        #expect(ContentSizeCategory.default == .large)
        #expect("\(ContentSizeCategory.accessibilityLarge)" == "AX2")
    }

    @Test(
        "categories parse from short names, ignoring case",
        arguments: [
            ("xS", ContentSizeCategory.extraSmall), ("xs", .extraSmall), ("XS", .extraSmall),
            ("S", .small), ("m", .medium), ("L", .large), ("xL", .extraLarge), ("XXL", .extraExtraLarge),
            ("xxxl", .extraExtraExtraLarge), ("AX1", .accessibilityMedium), ("ax2", .accessibilityLarge),
            ("Ax3", .accessibilityExtraLarge), ("AX4", .accessibilityExtraExtraLarge),
            ("aX5", .accessibilityExtraExtraExtraLarge),
        ])
    func shortNames(name: String, expected: ContentSizeCategory) {
        #expect(ContentSizeCategory(name: name) == expected)
    }

    @Test(
        "categories parse from API names, ignoring case",
        arguments: [
            ("extraSmall", ContentSizeCategory.extraSmall), ("small", .small), ("MEDIUM", .medium),
            ("large", .large), ("extralarge", .extraLarge), ("extraExtraLarge", .extraExtraLarge),
            ("ExtraExtraExtraLarge", .extraExtraExtraLarge), ("accessibilityMedium", .accessibilityMedium),
            ("accessibilityLarge", .accessibilityLarge),
            ("accessibilityExtraLarge", .accessibilityExtraLarge),
            ("ACCESSIBILITYEXTRAEXTRALARGE", .accessibilityExtraExtraLarge),
            ("accessibilityExtraExtraExtraLarge", .accessibilityExtraExtraExtraLarge),
        ])
    func apiNames(name: String, expected: ContentSizeCategory) {
        #expect(ContentSizeCategory(name: name) == expected)
    }

    @Test("categories parse from UIKit raw values and SwiftUI DynamicTypeSize names")
    func otherSpellings() {
        #expect(ContentSizeCategory(name: "UICTContentSizeCategoryL") == .large)
        #expect(ContentSizeCategory(name: "UICTContentSizeCategoryXXXL") == .extraExtraExtraLarge)
        #expect(ContentSizeCategory(name: "UICTContentSizeCategoryAccessibilityM") == .accessibilityMedium)
        #expect(
            ContentSizeCategory(name: "uictcontentsizecategoryaccessibilityxxxl")
                == .accessibilityExtraExtraExtraLarge)
        #expect(ContentSizeCategory(name: "xSmall") == .extraSmall)
        #expect(ContentSizeCategory(name: "xxLarge") == .extraExtraLarge)
        #expect(ContentSizeCategory(name: "accessibility1") == .accessibilityMedium)
        #expect(ContentSizeCategory(name: "Accessibility5") == .accessibilityExtraExtraExtraLarge)
    }

    @Test("unknown category names give nil", arguments: ["", "XXXXL", "AX6", "AX0", "huge", "large ", " L", "AX"])
    func unknownCategories(name: String) {
        #expect(ContentSizeCategory(name: name) == nil)
    }

    @Test("text styles parse from their names, ignoring case")
    func textStyles() {
        #expect(TextStyle.allCases.count == 11)
        #expect(TextStyle(name: "body") == .body)
        #expect(TextStyle(name: "Body") == .body)
        #expect(TextStyle(name: "LARGETITLE") == .largeTitle)
        #expect(TextStyle(name: "title1") == .title1)
        #expect(TextStyle(name: "Title3") == .title3)
        #expect(TextStyle(name: "subHeadline") == .subheadline)
        #expect(TextStyle(name: "caption2") == .caption2)
        #expect(TextStyle(name: "title") == .title1)
        #expect(TextStyle(name: "caption") == .caption1)
        #expect("\(TextStyle.footnote)" == "footnote")
    }

    @Test("unknown text styles give nil", arguments: ["", "title4", "caption3", "bodyy", "extraLargeTitle", " body"])
    func unknownStyles(name: String) {
        #expect(TextStyle(name: name) == nil)
    }
}
