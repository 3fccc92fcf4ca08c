import Cache
import Foundation
import MeasureStore
import Testing

@testable import CatalogMeasure
@testable import Catalogs

/// A whole `measure catalog` run over the sample catalogs, with the sample config.
@Suite struct CatalogRunTests {
    static func run(
        _ paths: [String] = [SampleCatalogs.root], database: String? = nil,
        allContentSizes: Bool = false
    ) throws -> CatalogRun.Result {
        let config = try CatalogConfigParser.load(path: SampleCatalogs.config)
        return try CatalogRun.run(
            CatalogRunOptions(
                paths: paths, config: config, allContentSizes: allContentSizes,
                threads: 2, databasePath: database))
    }

    static func relative(_ path: String) -> String {
        path.hasPrefix(SampleCatalogs.root + "/") ? String(path.dropFirst(SampleCatalogs.root.count + 1)) : path
    }

    @Test func everyParsedEntryIsTheHandCountedOne() throws {
        let report = try Self.run().report
        #expect(report.fileErrors.isEmpty)
        #expect(report.failed.isEmpty)
        let parsed = report.entries.map { measured in
            SampleCatalogs.Expected(
                file: Self.relative(measured.entry.file), locale: measured.entry.locale,
                key: measured.entry.key, variant: measured.entry.variant,
                text: measured.entry.text)
        }
        let expected = try SampleCatalogs.expectedEntries()
        #expect(parsed.count == expected.count)
        let missing = Set(expected).subtracting(parsed), extra = Set(parsed).subtracting(expected)
        #expect(missing.isEmpty, "not parsed: \(missing.sorted { $0.key < $1.key }.prefix(10))")
        #expect(extra.isEmpty, "not expected: \(extra.sorted { $0.key < $1.key }.prefix(10))")
        // 2 Android strings marked translatable="false" and one XLIFF unit per file without a target (README
        // "Entry counts").
        #expect(report.skipped.count == 6)
    }

    @Test func exactlyThePlannedEntriesOverflow() throws {
        let report = try Self.run().report
        let overflowing = Set(
            report.entries.filter(\.overflows).map {
                "\(Self.relative($0.entry.file)) \($0.entry.locale) \($0.entry.key)"
            })
        // The planned overflows of corpora/catalogs/README.md: buttons of 120 pt, one line.
        #expect(
            overflowing == [
                "ios/de.lproj/Localizable.strings de button.refund",
                "ios/ja.lproj/Localizable.strings ja button.refund",
                "ios/Harbor.xcstrings de button.add_vehicle",
                "xliff/de.xliff de button.refund",
                "xliff/de.xliff de button.add_vehicle",
                "xliff/ja.xliff ja button.refund",
                "android/res/values-de/strings.xml de button_refund",
                "android/res/values-de/strings.xml de button_add_vehicle",
                "android/res/values-ja/strings.xml ja button_refund",
            ])
    }

    @Test func translationsAreComparedWithTheirSource() throws {
        let report = try Self.run().report
        func entry(_ file: String, _ locale: String, _ key: String) -> MeasuredEntry? {
            report.entries.first {
                Self.relative($0.entry.file) == file && $0.entry.locale == locale && $0.entry.key == key
            }
        }
        let english = try #require(entry("ios/en.lproj/Localizable.strings", "en", "button.refund"))
        let german = try #require(entry("ios/de.lproj/Localizable.strings", "de", "button.refund"))
        #expect(english.sourceWidth == nil)
        #expect(german.sourceWidth == english.width)
        // The German label wraps in its 120 pt button; growth compares the unwrapped widths.
        #expect(german.lines == 2 && german.naturalWidth > 120 && english.naturalWidth == english.width)
        #expect(german.growth == german.naturalWidth / english.width)
        // An XLIFF entry is compared with its own <source> text, measured in the source language's fonts.
        let exported = try #require(entry("xliff/de.xliff", "de", "button.refund"))
        #expect(exported.sourceWidth == english.width)
        // Placeholders are expanded with the config's samples before measuring.
        let signedIn = try #require(entry("ios/en.lproj/Localizable.strings", "en", "settings.signed_in_as"))
        #expect(signedIn.measuredText.contains("Alexandra Featherstonehaugh"))
        #expect(!signedIn.measuredText.contains("%"))
    }

    @Test func everyContentSizeIsMeasuredWhenAskedFor() throws {
        let ios = SampleCatalogs.root + "/ios/en.lproj/Localizable.strings"
        let report = try Self.run([ios], allContentSizes: true).report
        let sizes = report.entries.filter { $0.entry.key == "button.refund" }.map(\.constraint.pointSize)
        // Body text at xS…AX5 (docs/semantics/dynamic-type.md §D).
        #expect(sizes == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        let tab = report.entries.filter { $0.entry.key == "tab.trips" }.map(\.constraint.pointSize)
        #expect(tab == [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43])  // caption1
    }

    /// Files nothing places in a locale (no locale folder, none in the name or the content) are measured in the
    /// default locale and named in a warning each; files something places are not named.
    @Test func aFileNothingPlacesIsMeasuredInTheDefaultLocaleAndNamed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("unplaced-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let l10n = root.appendingPathComponent("lib/l10n"), lproj = root.appendingPathComponent("de.lproj")
        try FileManager.default.createDirectory(at: l10n, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        let files: [(URL, String)] = [
            (l10n.appendingPathComponent("app_en.arb"), #"{"a": "Kurdish"}"#),
            (l10n.appendingPathComponent("app_ckb.arb"), #"{"a": "کوردی"}"#),
            (l10n.appendingPathComponent("app_fa.arb"), #"{"@@locale": "fa", "a": "کردی"}"#),
            (l10n.appendingPathComponent("strings.arb"), #"{"@@locale": "ckb", "a": "کوردی"}"#),
            (root.appendingPathComponent("Loose.strings"), #""a" = "b";"#),
            (lproj.appendingPathComponent("Localizable.strings"), #""a" = "b";"#),
        ]
        for (url, text) in files { try Data(text.utf8).write(to: url) }
        let result = try CatalogRun.run(
            CatalogRunOptions(
                paths: [root.path],
                config: CatalogConfig(fonts: ["default": [.file(path: DiscoverySymlinkTests.dejaVu, faceIndex: 0)]]),
                commandLine: ConstraintSettings(width: 1000, size: 17), defaultLocale: "fr", threads: 2))
        let locales = Dictionary(
            result.report.entries.map { (URL(fileURLWithPath: $0.entry.file).lastPathComponent, $0.entry.locale) },
            uniquingKeysWith: { first, _ in first })
        #expect(locales["app_ckb.arb"] == "fr")
        #expect(locales["Loose.strings"] == "fr")
        #expect(locales["app_en.arb"] == "en")
        #expect(locales["strings.arb"] == "ckb")
        #expect(locales["Localizable.strings"] == "de")
        let named = result.warnings.filter { $0.contains("--default-locale") }
        #expect(named.count == 2)
        #expect(named.allSatisfy { $0.contains(" as fr ") })
        #expect(named.contains { $0.contains("app_ckb.arb") } && named.contains { $0.contains("Loose.strings") })
    }

    @Test func aBrokenFileIsReportedAndTheOthersAreStillMeasured() throws {
        let copy = try SampleCatalogs.copy()
        defer { try? FileManager.default.removeItem(at: copy) }
        let broken = copy.appendingPathComponent("ios/de.lproj/Localizable.strings")
        var text = try String(contentsOf: broken, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"tab.trips\" = \"Reisen\";", with: "\"tab.trips\" = \"Reisen\"")
        try text.write(to: broken, atomically: true, encoding: .utf8)
        let report = try Self.run([copy.path]).report
        #expect(report.fileErrors.count == 1)
        #expect(report.fileErrors.first?.file == broken.path)
        #expect(report.fileErrors.first?.position != nil)
        #expect(report.fileErrors.first?.message.contains(";") == true)
        #expect(report.entries.count == (try SampleCatalogs.expectedEntries().count) - 33)
    }

    @Test func aDatabaseRunMeasuresOnlyWhatChanged() throws {
        let copy = try SampleCatalogs.copy()
        defer { try? FileManager.default.removeItem(at: copy) }
        let database = copy.appendingPathComponent("sizes.db").path
        let first = try Self.run([copy.path], database: database)
        #expect(first.cached == 0)
        #expect(first.measured > 0)
        // One text measured for each row stored: a text several entries share under one setting, once.
        let counting = try SizeStore(path: database, access: .readOnly)
        let rows = try counting.statistics().results
        counting.close()
        #expect(first.measured == rows)
        let second = try Self.run([copy.path], database: database)
        #expect(second.measured == 0)
        // Every job answered from the database, the shared texts once for each entry: more than the rows, and the
        // same again in a third run.
        #expect(second.cached > rows)
        #expect(try Self.run([copy.path], database: database).cached == second.cached)
        #expect(second.report.entries.allSatisfy { $0.fromDatabase })
        #expect(second.report.entries.map(\.width) == first.report.entries.map(\.width))

        // One changed translation is the only text measured again.
        let file = copy.appendingPathComponent("ios/de.lproj/Localizable.strings")
        let text = try String(contentsOf: file, encoding: .utf8)
            .replacingOccurrences(of: "\"tab.trips\" = \"Reisen\";", with: "\"tab.trips\" = \"Fahrten\";")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let third = try Self.run([copy.path], database: database)
        #expect(third.measured == 1)

        let store = try SizeStore(path: database, access: .readOnly)
        defer { store.close() }
        let stored = try store.catalogEntries(key: "tab.trips", locale: "de")
        // The .strings entry changed; the XLIFF export of the same key did not.
        #expect(stored.map(\.record.text) == ["Fahrten", "Reisen"])
        #expect(stored.map { $0.record.file.contains(".xliff#") } == [false, true])
        #expect(stored.first?.record.allowedLines == 1)
        #expect(stored.first?.maxWidth == 72)
        #expect(stored.first?.pointSize == 12)
    }

    @Test func recordsTheCatalogNoLongerHasAreRemoved() throws {
        let copy = try SampleCatalogs.copy()
        defer { try? FileManager.default.removeItem(at: copy) }
        let database = copy.appendingPathComponent("sizes.db").path
        let english = copy.appendingPathComponent("ios/en.lproj/Localizable.strings").path
        _ = try Self.run([english], database: database, allContentSizes: true)
        func records(_ key: String) throws -> [StoredCatalogEntry] {
            let store = try SizeStore(path: database, access: .readOnly)
            defer { store.close() }
            return try store.catalogEntries(key: key)
        }
        #expect(try records("button.refund").count == 12)
        // Measured again at the default content size only: the other eleven records are gone.
        _ = try Self.run([english], database: database)
        #expect(try records("button.refund").map(\.record.contentSize) == ["L"])
        // A key deleted from the file loses its record; other files' records are not touched.
        let text = try String(contentsOfFile: english, encoding: .utf8)
            .replacingOccurrences(of: "\"button.refund\" = \"Refund\";", with: "")
        try text.write(toFile: english, atomically: true, encoding: .utf8)
        _ = try Self.run([english], database: database)
        #expect(try records("button.refund").isEmpty)
    }
}

@Suite struct SourceWidthIndexTests {
    @Test func missingPluralCategoriesFallBackToOther() {
        var index = SourceWidthIndex()
        index.add(group: "g", key: "k", variant: "plural.one", contentSize: "L", width: 10)
        index.add(group: "g", key: "k", variant: "plural.other", contentSize: "L", width: 20)
        #expect(index.width(group: "g", key: "k", variant: "plural.one", contentSize: "L") == 10)
        #expect(index.width(group: "g", key: "k", variant: "plural.few", contentSize: "L") == 20)
        #expect(index.width(group: "g", key: "k", variant: "device.ipad", contentSize: "L") == 10)  // the first
        #expect(index.width(group: "g", key: "k", variant: "plural.one", contentSize: "AX1") == nil)
        #expect(index.width(group: "h", key: "k", variant: "plural.one", contentSize: "L") == nil)
    }

    @Test func severalVariablesFallBackOneByOne() {
        var index = SourceWidthIndex()
        for (variant, width) in [
            ("a.one/b.one", 1.0), ("a.one/b.other", 2.0), ("a.other/b.one", 3.0),
            ("a.other/b.other", 4.0),
        ] {
            index.add(group: "g", key: "k", variant: variant, contentSize: nil, width: width)
        }
        // Polish `few` exists in neither variable of English.
        #expect(index.width(group: "g", key: "k", variant: "a.few/b.few", contentSize: nil) == 4)
        #expect(index.width(group: "g", key: "k", variant: "a.few/b.one", contentSize: nil) == 3)
        #expect(index.width(group: "g", key: "k", variant: "a.one/b.many", contentSize: nil) == 2)
    }
}
