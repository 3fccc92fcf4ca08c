import Foundation
import Testing

@testable import Catalogs

/// The budget's JSON, CSV, Markdown and summary forms, on rows written by hand.
@Suite("Budget reports")
struct BudgetReportTests {
    static let rows = [
        BudgetRow(
            catalog: "App/*.lproj/Localizable.strings", key: "button.refund", variant: "", contentSize: "L",
            pointSize: 17, allowedLines: 1, neededWidth: 129.46728515625, locale: "de",
            text: "Rückerstattung", sourceNeededWidth: 59.83203125, translations: 3, failedLocales: ["th"]),
        BudgetRow(
            catalog: "App/*.lproj/Localizable.strings", key: "button.refund", variant: "", contentSize: "AX1",
            pointSize: 28, allowedLines: 1, neededWidth: 213.2402, locale: "en-XA", pseudo: .accented,
            text: "[Ŕéƒûñð one two]", sourceNeededWidth: 98.5, translations: 3, failedLocales: ["th"]),
        BudgetRow(
            catalog: "App/*.lproj/Localizable.strings", key: "notice", variant: "plural.one", contentSize: nil,
            pointSize: 14, allowedLines: 1, neededWidth: nil, locale: "ja", text: "a\nb",
            sourceNeededWidth: nil, translations: 1),
    ]

    private func report(_ rows: [BudgetRow]) -> CatalogReport {
        var report = CatalogReport()
        report.budget = rows
        return report
    }

    @Test("JSON: one object per row, exact numbers, nulls written")
    func json() throws {
        let report = report(Self.rows)
        let out = CatalogBudgetJSONReport.render(report)
        let expectedFirst =
            #"{"catalog": "App/*.lproj/Localizable.strings", "key": "button.refund", "variant": "", "#
            + #""contentSize": "L", "pointSize": 17, "allowedLines": 1, "neededWidth": 129.46728515625, "#
            + #""locale": "de", "pseudo": null, "text": "Rückerstattung", "sourceNeededWidth": 59.83203125, "#
            + #""translations": 3, "failedLocales": ["th"]}"#
        #expect(out.contains(expectedFirst))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let budget = try #require(json["budget"] as? [[String: Any]])
        #expect(budget.count == 3)
        #expect(budget[1]["pseudo"] as? String == "en-XA")
        #expect(budget[2]["neededWidth"] is NSNull)
        #expect(budget[2]["allowedLines"] as? Int == 1)
        #expect((json["failed"] as? [Any])?.isEmpty == true)
    }

    @Test("CSV: header and rows")
    func csv() {
        let out = CatalogBudgetCSVReport.render(report(Array(Self.rows.prefix(1))))
        #expect(
            out == "catalog,key,variant,contentSize,pointSize,allowedLines,neededWidth,locale,pseudo,text,"
                + "sourceNeededWidth,translations,failedLocales\r\n"
                + "App/*.lproj/Localizable.strings,button.refund,,L,17,1,129.46728515625,de,,Rückerstattung,59.83203125,"
                + "3,th\r\n")
    }

    @Test("summary: one line per key, the way a designer reads it")
    func summary() {
        let out = CatalogBudgetSummary.render(report(Self.rows))
        #expect(
            out.contains(
                "  button.refund needs 129.47 (de) at L, 213.25 (en-XA (pseudo)) at AX1; source 59.84 "
                    + "at L, 98.5 at AX1; not measured: th\n"))
        #expect(out.contains("  notice [plural.one] needs — (ja, cannot fit in 1 line at any width)\n"))
        #expect(out.hasSuffix("Total: 0 files, 3 budget rows, 0 failed, 0 file errors.\n"))
    }

    @Test("summary: the locale is said again only where it changes")
    func summaryRepeats() {
        var second = Self.rows[1]
        second.locale = "de"
        second.pseudo = nil
        second.failedLocales = []
        var first = Self.rows[0]
        first.failedLocales = []
        let out = CatalogBudgetSummary.render(report([first, second]))
        #expect(out.contains("  button.refund needs 129.47 (de) at L, 213.25 at AX1; source 59.84 at L, 98.5 at AX1\n"))
    }

    @Test("markdown: a table row per budget row, cells escaped")
    func markdown() {
        let out = CatalogBudgetMarkdownReport.render(report(Self.rows))
        #expect(out.contains("| button.refund |  | L | 1 | 129.47 | de | Rückerstattung | 59.84 | th |\n"))
        #expect(out.contains("| notice | plural.one |  | 1 | cannot fit | ja | a<br>b |  |  |\n"))
    }

    /// The human formats' widths are rounded up, so that a width a row says fits: each value against the hundredth
    /// at or above it, by hand (213.2402 is below 213.25; 1.1 is 110.00000000000001 hundredths in doubles, and still
    /// 1.1; an exact hundredth stays).
    @Test(
        "a budget width is rounded up to hundredths",
        arguments: [
            (126.072265625, "126.08"), (59.83203125, "59.84"), (213.2402, "213.25"), (1.1, "1.1"), (0.29, "0.29"),
            (17, "17"), (98.5, "98.5"), (114.7915, "114.8"), (0.001, "0.01"),
        ])
    func roundedUp(value: Double, expected: String) throws {
        #expect(ReportText.pointsUp(value) == expected)
        #expect(try #require(Double(expected)) >= value)
    }
}
