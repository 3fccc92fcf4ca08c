import Foundation
import Testing

@testable import Catalogs

/// Reports that fit where they go: Markdown under 65,000 bytes and characters and obeying `--top`, worst offenders
/// one per key, CSV columns spelt as the JSON's keys, fonts and warnings in every format.
@Suite("Reports that fit")
struct ReportsThatFitTests {
    /// 400 keys × 20 locales of long overflowing texts: far more than 65,000 characters as one row each.
    func hugeReport() -> CatalogReport {
        var entries: [MeasuredEntry] = []
        for key in 0..<400 {
            for locale in 0..<20 {
                entries.append(
                    ReportFixtures.measured(
                        file: "l\(locale).lproj/Localizable.strings", locale: "l\(locale)", key: "key.number.\(key)",
                        text: String(repeating: "Überlänge ", count: 30), width: 299, lines: 3 + key % 3))
            }
        }
        return CatalogReport(entries: entries)
    }

    @Test func markdownStaysUnderTheLimitInBytesAndCharacters() {
        let markdown = CatalogMarkdownReport.render(hugeReport())
        #expect(markdown.utf8.count < 65_000)
        #expect(markdown.count < 65_000)
        #expect(markdown.contains("more keys with"))
        #expect(markdown.contains("are not shown"))
    }

    @Test func markdownObeysTopAndGroupsByKey() {
        let markdown = CatalogMarkdownReport.render(hugeReport(), limit: 3)
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| key.number.") }
        #expect(rows.count == 3)
        // One row per key, 20 overflows each, in 20 locales; the worst keys (5 lines) first.
        #expect(rows[0].hasPrefix("| key.number.2 | 20 | "))
        #expect(rows[1].hasPrefix("| key.number.5 | 20 | "))
        #expect(markdown.contains("397 more keys with 7940 overflows are not shown"))
    }

    /// A locale is catalog text too (an `.xcstrings` file may name one of any length): cut like keys, so one of
    /// 70,000 characters neither pushes the Markdown's overflow table past the size limit nor pads the summary.
    @Test func aVeryLongLocaleIsCutLikeAKey() {
        let long = String(repeating: "x", count: 70_000)
        let entries = (0..<5).flatMap { key in
            ["en", long].map { locale in
                ReportFixtures.measured(
                    locale: locale, key: "k\(key)", text: "long text", width: 90, lines: 2)
            }
        }
        let markdown = CatalogMarkdownReport.render(CatalogReport(entries: entries))
        #expect(!markdown.contains("(cut: the report is longer"))
        #expect(markdown.split(separator: "\n").filter { $0.hasPrefix("| k") }.count == 5)
        #expect(markdown.utf8.count < 5_000)
        let summary = CatalogTerminalSummary.render(CatalogReport(entries: entries))
        #expect(summary.utf8.count < 5_000)
    }

    @Test func theSummaryGivesEachKeyOneLine() {
        var entries: [MeasuredEntry] = []
        for locale in ["de", "fr", "ja"] {
            entries.append(
                ReportFixtures.measured(
                    locale: locale, key: "update.description", text: "Lang \(locale)",
                    width: 290, lines: 3))
        }
        entries.append(ReportFixtures.measured(key: "title", text: "Titel", width: 250, lines: 2))
        let summary = CatalogTerminalSummary.render(CatalogReport(entries: entries))
        let lines = summary.split(separator: "\n").filter { $0.hasPrefix("  de.lproj/") }
        #expect(lines.count == 2)
        #expect(lines[0].hasSuffix("— 3 overflows in 3 locales: de, fr, ja"))
        #expect(lines[1].contains(" title: 2 lines > allowed 1"))
    }

    @Test func csvColumnsAreTheJSONEntryKeys() throws {
        var entry = ReportFixtures.measured(key: "k", text: "t", width: 1, lines: 1)
        entry.fontSet = 0
        var report = CatalogReport(entries: [entry])
        report.fontSets = [
            CatalogFontSet(
                locales: ["de"], platform: "android",
                fonts: [
                    CatalogFontSet.Font(
                        family: "Roboto", file: "/f/Roboto-Regular.ttf", faceIndex: 0,
                        sha256: "797e35f7f5d6" + String(repeating: "0", count: 52))
                ], listed: 1)
        ]
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(CatalogJSONReport.render(report).utf8))
                as? [String: Any])
        let keys = Set(try #require((json["entries"] as? [[String: Any]])?.first).keys)
        // `fonts` is the JSON's top-level "fonts" set, written inline on each row; `status` and `message` say which of
        // the JSON's lists (entries, skipped, failed, fileErrors) a row is from, and why.
        for column in CatalogCSVReport.columns where !["fonts", "status", "message"].contains(column) {
            #expect(keys.contains(column), "CSV column \(column) is no JSON entry key")
        }
        // And every JSON entry key is a column (`fontSet`, the JSON's index into its font list, is `fonts` inline).
        for key in keys where key != "fontSet" {
            #expect(CatalogCSVReport.columns.contains(key), "JSON entry key \(key) has no CSV column")
        }
        let csv = CatalogCSVReport.render(report)
        // The fonts field has a comma, so it is quoted.
        #expect(csv.contains(",\"Roboto (Roboto-Regular.ttf, sha256 797e35f7f5d6)\","))
        // The budget JSON's row keys, as its documentation lists them.
        #expect(
            CatalogBudgetCSVReport.columns == [
                "catalog", "key", "variant", "contentSize", "pointSize",
                "allowedLines", "neededWidth", "locale", "pseudo", "text",
                "sourceNeededWidth", "translations", "failedLocales",
            ])
    }

    @Test func aStandInWarningAndTheFontsAreInEveryFormat() throws {
        var report = CatalogReport(entries: [ReportFixtures.measured(key: "k", text: "t", width: 1, lines: 2)])
        report.entries[0].fontSet = 0
        report.platform = "ios"
        report.warnings = ["SF Pro is not among the fonts given: Noto Sans stands in for it"]
        report.fontSets = [
            CatalogFontSet(
                locales: ["de"], platform: "ios",
                fonts: [
                    CatalogFontSet.Font(
                        family: "Noto Sans", file: "/f/NotoSans-Regular.ttf", faceIndex: 0, sha256: "ab12")
                ],
                listed: 1, standIn: report.warnings[0])
        ]
        let markdown = CatalogMarkdownReport.render(report)
        #expect(markdown.contains("> **Warning:** SF Pro is not among the fonts given"))
        #expect(markdown.contains("| de | Noto Sans (NotoSans-Regular.ttf, sha256 ab12) \\[stand-in: not the platform"))
        let summary = CatalogTerminalSummary.render(report)
        #expect(summary.hasPrefix("warning: SF Pro is not among the fonts given"))
        #expect(
            summary.contains(
                "Fonts (platform ios):\n  de: Noto Sans (NotoSans-Regular.ttf, sha256 ab12) [stand-in: not the platform's font]\n"
            ))
        let sarif = CatalogSARIFReport.render(report, toolVersion: "1", baseDirectory: "/", workingDirectory: "/")
        #expect(sarif.contains("{\"level\": \"warning\", \"message\": {\"text\": \"SF Pro is not among"))
        #expect(
            sarif.contains(
                "\"fonts\": [{\"family\": \"Noto Sans\", \"file\": \"/f/NotoSans-Regular.ttf\", \"faceIndex\": 0, \"sha256\": \"ab12\"}]"
            ))
        let junit = CatalogJUnitReport.render(report)
        #expect(
            junit.contains(
                "<property name=\"fonts\" value=\"Noto Sans (NotoSans-Regular.ttf, sha256 ab12) [stand-in: not the platform"
            ))
        #expect(junit.contains("<property name=\"warning\" value=\"SF Pro is not among the fonts given"))
        #expect(
            CatalogCSVReport.render(report).contains(
                "\"Noto Sans (NotoSans-Regular.ttf, sha256 ab12) [stand-in: not the platform's font]\""))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(CatalogJSONReport.render(report).utf8))
                as? [String: Any])
        #expect((json["warnings"] as? [String])?.first?.hasPrefix("SF Pro") == true)
        let sets = try #require(json["fonts"] as? [[String: Any]])
        #expect((sets.first?["fonts"] as? [[String: Any]])?.first?["sha256"] as? String == "ab12")
    }
}
