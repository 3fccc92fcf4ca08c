import Foundation
import Testing

@testable import CatalogMeasure
@testable import Catalogs

/// `CatalogRun` with a budget and pseudo locales, on small catalogs written by the test, in DejaVu Sans at 17 pt.
/// Golden widths are hb-shape's advances (font units, DejaVu Sans has 2048 per em): "Refund" 7208,
/// "Rückerstattung" 15597, "hello" 4949.
@Suite("Catalog run: budget and pseudo locales")
struct BudgetRunTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let arabicOnly = "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"

    /// `en`, `de` and `th` `.strings` files in a fresh folder, and a config: 17 pt, DejaVu Sans for every locale but
    /// `ar` (Noto Sans Arabic only, which has no Latin letters).
    static func makeCatalogs() throws -> (root: URL, config: CatalogConfig) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("budget-\(UUID().uuidString)")
        let files = [
            "en": "\"button.refund\" = \"Refund\";\n\"greeting\" = \"hello\";\n",
            "de": "\"button.refund\" = \"Rückerstattung\";\n\"greeting\" = \"hallo\";\n",
            "th": "\"button.refund\" = \"คืนเงิน\";\n",
        ]
        for (locale, text) in files {
            let folder = root.appendingPathComponent("\(locale).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        }
        let config = try CatalogConfigParser.parse(
            Array(
                """
                {"size": 17, "fonts": {"default": ["\(dejaVu)"], "ar": ["\(arabicOnly)"]}}
                """.utf8), file: "config.json")
        return (root, config)
    }

    static func run(budget: Bool, pseudo: [PseudoLocale] = [], maxLines: Int? = nil) throws -> CatalogRun.Result {
        let (root, config) = try makeCatalogs()
        defer { try? FileManager.default.removeItem(at: root) }
        var options = CatalogRunOptions(
            paths: [root.path], config: config,
            commandLine: ConstraintSettings(width: budget ? nil : 300, maxLines: maxLines),
            threads: 2)
        options.budget = budget
        options.pseudoLocales = pseudo
        return try CatalogRun.run(options)
    }

    @Test("each row names its widest translation, exactly, with the source's width; no --width needed")
    func rows() throws {
        let report = try Self.run(budget: true).report
        let rows = try #require(report.budget)
        #expect(rows.count == 2)
        let refund = try #require(rows.first { $0.key == "button.refund" })
        #expect(refund.locale == "de")
        #expect(refund.text == "Rückerstattung")
        #expect(refund.neededWidth == 15597.0 * 17 / 2048)
        #expect(refund.sourceNeededWidth == 7208.0 * 17 / 2048)
        #expect(refund.allowedLines == 1)
        #expect(refund.translations == 2)
        // No font of th's cascade has Thai: the entry failed, and the row says its width leaves th out.
        #expect(refund.failedLocales == ["th"])
        #expect(report.failed.map(\.entry.locale) == ["th"])
    }

    @Test("pseudo locales are generated from the source, marked, and measured in the right fonts")
    func pseudo() throws {
        let report = try Self.run(budget: false, pseudo: [.accented, .bidi, .double]).report
        let pseudo = report.entries.filter { $0.entry.pseudo != nil }
        #expect(Set(pseudo.map(\.entry.locale)) == ["en-XA", "ar-XB", "double"])
        #expect(pseudo.count == 6)
        let hello = try #require(pseudo.first { $0.entry.locale == "en-XA" && $0.entry.key == "greeting" })
        #expect(hello.measuredText == "[ĥéļļö one]")
        // hb-shape: "[ĥéļļö one]" is 11009 font units.
        #expect(hello.width == 11009.0 * 17 / 2048)
        let doubled = try #require(pseudo.first { $0.entry.locale == "double" && $0.entry.key == "button.refund" })
        #expect(doubled.measuredText == "Refund Refund")
        // ar-XB takes the source's fonts (DejaVu Sans), not the config's Arabic-only font: nothing fails.
        #expect(!report.failed.contains { $0.entry.locale == "ar-XB" })
        #expect(report.localeSummaries.first { $0.locale == "ar-XB" }?.pseudo == true)
        #expect(report.localeSummaries.first { $0.locale == "de" }?.pseudo == false)
    }

    @Test("a budget over pseudo locales counts them as translations")
    func pseudoBudget() throws {
        let rows = try #require(try Self.run(budget: true, pseudo: [.accented]).report.budget)
        let greeting = try #require(rows.first { $0.key == "greeting" })
        #expect(greeting.locale == "en-XA")
        #expect(greeting.pseudo == .accented)
        #expect(greeting.neededWidth == 11009.0 * 17 / 2048)
        #expect(greeting.sourceNeededWidth == 4949.0 * 17 / 2048)
    }

    /// A text with a hard line break under paragraph attributes from the config: the budget is its widest line
    /// ("Refund", 7208 units; "hello" 4949). The attributed layout's lines used to stop before the `\n`, where no
    /// word boundary is (UAX #14 LB6), so every such entry counted as breaking a word at every width: no budget.
    @Test("a hard line break under config attributes is a line end, not a broken word", arguments: [0, 2])
    func hardBreakUnderAttributes(maxLines: Int) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("budget-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("\"two\" = \"Refund\\nhello\";\n".utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        let config = try CatalogConfigParser.parse(
            Array(
                """
                {"size": 17, "fonts": {"default": ["\(Self.dejaVu)"]}, "attributes": {"lineSpacing": 1}}
                """.utf8), file: "config.json")
        var options = CatalogRunOptions(
            paths: [root.path], config: config, commandLine: ConstraintSettings(maxLines: maxLines), threads: 1)
        options.budget = true
        let rows = try #require(try CatalogRun.run(options).report.budget)
        let row = try #require(rows.first)
        #expect(row.text == "Refund\nhello")
        #expect(row.neededWidth == 7208.0 * 17 / 2048)
    }

    /// A key whose every translation failed (no font of its locale has its characters) still has its row: no width,
    /// no translation, and the locales that failed (it had none, and was only in the failed list).
    @Test("a key whose every translation failed has a row that says so")
    func everyTranslationFailed() throws {
        let (root, config) = try Self.makeCatalogs()
        defer { try? FileManager.default.removeItem(at: root) }
        let thai = root.appendingPathComponent("th.lproj/Localizable.strings")
        try Data("\"button.refund\" = \"คืนเงิน\";\n\"thai.only\" = \"ภาษาไทย\";\n".utf8).write(to: thai)
        var options = CatalogRunOptions(
            paths: [root.path], config: config, commandLine: ConstraintSettings(), threads: 1)
        options.budget = true
        let rows = try #require(try CatalogRun.run(options).report.budget)
        let row = try #require(rows.first { $0.key == "thai.only" })
        #expect(row.neededWidth == nil)
        #expect(row.locale == nil && row.text == nil)
        #expect(row.translations == 0)
        #expect(row.failedLocales == ["th"])
        #expect(row.allowedLines == 1)
    }
}
