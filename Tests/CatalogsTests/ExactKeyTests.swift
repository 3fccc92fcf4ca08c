import Foundation
import Testing

@testable import Catalogs

/// Keys that Swift's `String` calls equal (canonically equivalent) but that differ in their code points are two keys,
/// as catalogs look them up on the device: none replaces the other as a duplicate.
@Suite struct ExactKeyTests {
    static let precomposed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"
    static let angstromSign = "\u{212B}"
    static let aWithRing = "\u{C5}"

    static func parse(_ text: String, path: String, format: CatalogFormat) throws -> CatalogDocument {
        try CatalogParsing.parse(
            Array(text.utf8), source: CatalogSource(path: path, format: format, locale: "en", group: path))
    }

    @Test func stringsKeysAreComparedByCodePoints() throws {
        #expect(Self.precomposed == Self.decomposed)  // what `String` says, and why keys are wrapped
        let document = try Self.parse(
            """
            "\(Self.precomposed)" = "precomposed";
            "\(Self.decomposed)" = "decomposed";
            "\(Self.angstromSign)" = "angstrom sign";
            "\(Self.aWithRing)" = "A with ring";
            """, path: "en.lproj/Localizable.strings", format: .strings)
        #expect(document.skipped.isEmpty)
        #expect(document.entries.map { Array($0.key.unicodeScalars) }.count == 4)
        #expect(
            document.entries.map { $0.text } == ["precomposed", "decomposed", "angstrom sign", "A with ring"])
        #expect(document.entries[1].key.unicodeScalars.elementsEqual(Self.decomposed.unicodeScalars))
        // A real duplicate is still one.
        let twice = try Self.parse(
            "\"\(Self.decomposed)\" = \"1\";\n\"\(Self.decomposed)\" = \"2\";\n",
            path: "en.lproj/Localizable.strings", format: .strings)
        #expect(twice.entries.map { $0.text } == ["2"])
        #expect(twice.skipped.count == 1)
    }

    @Test func xcstringsAndStringsdictKeysAreComparedByCodePoints() throws {
        let xcstrings = try Self.parse(
            """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "\(Self.precomposed)": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "one"}}}},
              "\(Self.decomposed)": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "two"}}}}}}
            """, path: "Localizable.xcstrings", format: .xcstrings)
        #expect(xcstrings.skipped.isEmpty)
        #expect(xcstrings.entries.map { $0.text } == ["one", "two"])
        func rule(_ value: String) -> String {
            "<dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>"
                + "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
                + "<key>NSStringFormatValueTypeKey</key><string>d</string>"
                + "<key>other</key><string>\(value)</string></dict></dict>"
        }
        let stringsdict = try Self.parse(
            "<plist version=\"1.0\"><dict><key>\(Self.precomposed)</key>\(rule("one"))"
                + "<key>\(Self.decomposed)</key>\(rule("two"))</dict></plist>",
            path: "en.lproj/Localizable.stringsdict", format: .stringsdict)
        #expect(stringsdict.skipped.isEmpty)
        #expect(stringsdict.entries.map { $0.text } == ["one", "two"])
    }

    /// The summary's and Markdown's "one line per key" keep the two keys on two lines.
    @Test func offenderGroupsAreKeyedByCodePoints() {
        let groups = OffenderGroup.groups([
            ReportFixtures.measured(key: Self.precomposed, text: "one", width: 90, lines: 2),
            ReportFixtures.measured(key: Self.decomposed, text: "two", width: 80, lines: 2),
            ReportFixtures.measured(locale: "fr", key: Self.decomposed, text: "deux", width: 70, lines: 2),
        ])
        #expect(groups.map { Array($0.key.unicodeScalars).count } == [4, 5])
        #expect(groups.map(\.count) == [1, 2])
    }

    @Test func baselineRecordsAreComparedByCodePoints() {
        func record(_ key: String) -> BaselineEntry {
            BaselineEntry(
                file: "a.strings", locale: "en", key: key, variant: "", contentSize: "L", textDigest: "fnv1a64:0")
        }
        #expect(record(Self.precomposed) != record(Self.decomposed))
        #expect(Set([record(Self.precomposed), record(Self.decomposed)]).count == 2)
        #expect(record(Self.decomposed) == record(Self.decomposed))
        // Ordered as they are told apart, so a baseline file lists them in one order in every run: "caf" then
        // U+00E9 (bytes C3 A9) sorts after "cafe" (65) + U+0301.
        let both = [record(Self.precomposed), record(Self.decomposed)]
        #expect(both.sorted() == both.reversed().sorted())
        #expect(
            both.sorted().map { Array($0.key.unicodeScalars) }
                == [Array(Self.decomposed.unicodeScalars), Array(Self.precomposed.unicodeScalars)])
        #expect(record(Self.decomposed) < record(Self.precomposed))
        #expect(!(record(Self.precomposed) < record(Self.decomposed)))
    }
}
