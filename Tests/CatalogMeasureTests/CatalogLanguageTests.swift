import Foundation
import Measure
import Testing

@testable import CatalogMeasure
@testable import Catalogs

/// Each entry is measured in its locale's language and, without a configured cascade, in the built-in cascade with
/// its script fonts; an entry with characters no font has is failed, not measured.
@Suite struct CatalogLanguageTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// "Please try again": its first letter is U+0E01 THAI CHARACTER KO KAI, which DejaVu Sans lacks.
    static let thai = "กรุณาลองใหม่"
    /// "Failed to open": 97.665 pt wide at 17 pt in Noto Sans Arabic alone (HarfBuzz; Pango says 97.7). In the default
    /// cascade DejaVu Sans comes first and maps Arabic and the space too, but the whole Arabic run, its spaces
    /// included, takes the script's font, so the width is the same.
    static let arabic = "فشل في الفتح"

    /// A fresh folder with `<locale>.lproj/Localizable.strings` holding `"key" = "text";` per entry; removed by the
    /// caller.
    static func catalog(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-lang-\(UUID().uuidString)")
        for (locale, text) in files {
            let folder = root.appendingPathComponent("\(locale).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("\"message\" = \"\(text)\";\n".utf8).write(
                to: folder.appendingPathComponent("Localizable.strings"))
        }
        return root
    }

    static func run(_ root: URL, fonts: [String: [FontReference]] = [:]) throws -> CatalogReport {
        try CatalogRun.run(
            CatalogRunOptions(
                paths: [root.path], config: CatalogConfig(fonts: fonts),
                commandLine: ConstraintSettings(width: 1000, size: 17),
                threads: 2)
        ).report
    }

    @Test func thaiInAFontWithoutThaiIsFailedNamingTheCharacter() throws {
        let root = try Self.catalog(["th": Self.thai])
        defer { try? FileManager.default.removeItem(at: root) }
        let report = try Self.run(root, fonts: ["th": [.file(path: Self.dejaVu, faceIndex: 0)]])
        #expect(report.entries.isEmpty)
        try #require(report.failed.count == 1)
        let message = report.failed[0].message
        #expect(message.hasPrefix("no font for U+0E01 THAI CHARACTER KO KAI, U+0E23 THAI CHARACTER RO RUA, "))
        #expect(message.hasSuffix(" characters measured as .notdef)"))
        #expect(report.localeSummaries.first { $0.locale == "th" }?.failed == 1)
        let json = CatalogJSONReport.render(report)
        #expect(json.contains("\"message\": \"no font for U+0E01 THAI CHARACTER KO KAI"))
        #expect(json.contains("\"failed\": 1"))
        #expect(CatalogTerminalSummary.render(report, limit: 5).contains("U+0E01 THAI CHARACTER KO KAI"))
    }

    @Test func thaiInTheBuiltInCascadeIsMeasured() throws {
        let root = try Self.catalog(["th": Self.thai])
        defer { try? FileManager.default.removeItem(at: root) }
        let report = try Self.run(root)
        #expect(report.failed.isEmpty)
        #expect(report.entries.count == 1)
        #expect((report.entries.first?.width ?? 0) > 0)
    }

    @Test func arabicTakesItsWidthFromShapingInNotoSansArabic() throws {
        let root = try Self.catalog(["ar": Self.arabic])
        defer { try? FileManager.default.removeItem(at: root) }
        let report = try Self.run(root)
        #expect(report.failed.isEmpty)
        let entry = try #require(report.entries.first)
        // HarfBuzz's width of the string in Noto Sans Arabic alone (Pango: 97.7): its spaces are the Arabic font's,
        // as they belong to the Arabic run, not DejaVu Sans's (651/2048 × 17 = 5.404 pt each).
        #expect(abs(entry.width - 97.665) < 0.0005, "width \(entry.width)")
        // The same as `measure text` with the default cascade for Arabic.
        let direct = TextMeasurer(
            cascade: try FontCascade.loadDefault(language: "ar"), pointSize: 17,
            options: MeasureOptions(maxWidth: 1000, language: "ar")
        ).measure(Self.arabic)
        #expect(entry.width == direct.width)
    }

    /// A `Japanese.lproj` of an older project is Japanese: measured in the Noto Sans CJK face of `ja` (face 0 of the
    /// collection, as `fc-list` names it), where the folder name as written had the default cascade's SC face.
    @Test func legacyLanguageFoldersAreMeasuredInTheirLanguagesFonts() throws {
        let root = try Self.catalog(["Japanese": "日本語のテキスト", "English": "Text"])
        defer { try? FileManager.default.removeItem(at: root) }
        let report = try Self.run(root)
        #expect(Set(report.entries.map(\.entry.locale)) == ["en", "ja"])
        let japanese = try #require(report.fontSets.first { $0.locales.contains("ja") })
        #expect(japanese.fonts.map(\.family).prefix(2) == ["DejaVu Sans", "Noto Sans CJK JP"])
        #expect(japanese.fonts[1].faceIndex == 0)
    }

    /// A locale from inside an `.xcstrings` file may hold any character: `fr|x` is listed with its fonts as written,
    /// in the regular cascade, not as `fr` in the headline style's bold one.
    @Test func aLocaleWithABarIsListedAsWritten() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-bar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = #"""
            {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {
              "en": {"stringUnit": {"state": "translated", "value": "same"}},
              "fr|x": {"stringUnit": {"state": "translated", "value": "same"}}}}}}
            """#
        try Data(catalog.utf8).write(to: root.appendingPathComponent("Localizable.xcstrings"))
        let report = try Self.run(root)
        #expect(Set(report.entries.map(\.entry.locale)) == ["en", "fr|x"])
        #expect(report.fontSets.flatMap(\.locales).sorted() == ["en", "fr|x"])
    }

    /// `café` written with U+00E9 and with `e` + U+0301 are two keys: both source entries are measured, and a
    /// translation of the first is compared with the first's width, not the second's.
    @Test func keysThatDifferOnlyInNormalizationKeepTheirOwnSources() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-nfd-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "en": "\"caf\u{E9}\" = \"short\";\n\"cafe\u{301}\" = \"a much longer source text\";\n",
            "de": "\"caf\u{E9}\" = \"kurz\";\n",
        ]
        for (locale, text) in files {
            let folder = root.appendingPathComponent("\(locale).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        }
        let report = try Self.run(root)
        #expect(report.skipped.isEmpty)
        let english = report.entries.filter { $0.entry.locale == "en" }
        #expect(english.count == 2)
        let precomposed = try #require(english.first { $0.entry.key.unicodeScalars.count == 4 })
        let german = try #require(report.entries.first { $0.entry.locale == "de" })
        #expect(german.sourceWidth == precomposed.width)
    }

    @Test func localesAreLanguageTagsOrNone() {
        #expect(CatalogLanguage.tag(for: "zh-Hans") == "zh-Hans")
        #expect(CatalogLanguage.tag(for: "pt_BR") == "pt-BR")
        #expect(CatalogLanguage.tag(for: "sr-Latn") == "sr-Latn")
        #expect(CatalogLanguage.tag(for: "") == nil)
        #expect(CatalogLanguage.tag(for: "Base lproj") == nil)
    }

    @Test func jobsOfDifferentLanguagesAreMeasuredApart() {
        let constraint = EntryConstraint(width: 100, maxLines: nil, pointSize: 17)
        let german = MeasureJob(entry: 0, text: "a", constraint: constraint, cascade: 0, language: "de")
        var serbian = german
        serbian.language = "sr-Latn"
        #expect(MeasureGroupKey(german) != MeasureGroupKey(serbian))
        #expect(MeasureGroupKey(german) == MeasureGroupKey(german))
    }

    @Test func builtInPlansAreSharedWhereTheyAgree() throws {
        let german = try CatalogFontResolver.builtInPlan(for: "de")
        let french = try CatalogFontResolver.builtInPlan(for: "fr")
        let japanese = try CatalogFontResolver.builtInPlan(for: "ja")
        #expect(CatalogCascadePlan.builtIn(german) == .builtIn(french))
        #expect(CatalogCascadePlan.builtIn(german) != .builtIn(japanese))
        #expect(japanese.members[1].family == "Noto Sans CJK JP")
        let bold = try CatalogFontResolver.builtInPlan(for: "ja", bold: true)
        #expect(bold.members[0].source.path.hasSuffix("DejaVuSans-Bold.ttf"))
        #expect(
            bold.members[1].source
                == FontSource(
                    path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
                    faceIndex: 0))
        let resolver = CatalogFontResolver(config: CatalogConfig())
        let cascade = try resolver.cascade(.builtIn(german))
        #expect(cascade.scriptFonts["Arab"] != nil)
        #expect(try resolver.cascade(.builtIn(french)).fonts.count == cascade.fonts.count)
    }
}
