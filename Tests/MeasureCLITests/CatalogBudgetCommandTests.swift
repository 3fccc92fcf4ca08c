import Foundation
import Testing

@testable import MeasureCLI

/// `measure catalog --budget` end to end on a small catalog, in DejaVu Sans at 14 pt. Golden widths are hb-shape's
/// advances in font units (2048 per em): "hello" 4949, "hello world hello" 16839, "world hello world" 17529.
@Suite("measure catalog --budget")
struct CatalogBudgetCommandTests {
    static let sentence = "hello world hello world hello world"

    func makeCatalog(_ workspace: Workspace) throws -> (catalog: String, config: String) {
        let folder = workspace.directory.appendingPathComponent("App/en.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("\"sentence\" = \"\(Self.sentence)\";\n\"short\" = \"hello\";\n".utf8)
            .write(to: folder.appendingPathComponent("Localizable.strings"))
        let config = try workspace.write(
            "config.json",
            """
            {"size": 14, "fonts": {"default": ["\(Workspace.dejaVu)"]}}
            """)
        return (workspace.directory.appendingPathComponent("App").path, config)
    }

    @Test func jsonBudgetHasExactWidths() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (catalog, config) = try makeCatalog(workspace)
        // No --width: a budget searches the widths itself.
        let result = Workspace.run([
            "catalog", catalog, "--config", config, "--max-lines", "2", "--budget",
            "--format", "json",
        ])
        #expect(result.status == 0, "\(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let rows = try #require(json["budget"] as? [[String: Any]])
        #expect(rows.count == 2)
        let sentence = try #require(rows.first { $0["key"] as? String == "sentence" })
        // Two lines: "hello world hello" / "world hello world", the second the wider.
        #expect(sentence["neededWidth"] as? Double == 17529.0 * 14 / 2048)
        #expect(sentence["allowedLines"] as? Int == 2)
        #expect(sentence["locale"] as? String == "en")
        #expect(sentence["text"] as? String == Self.sentence)
        let short = try #require(rows.first { $0["key"] as? String == "short" })
        // Two lines would hold "hel|lo"; a budget never breaks a word, so "hello" needs its whole width.
        #expect(short["neededWidth"] as? Double == 4949.0 * 14 / 2048)
    }

    @Test func summaryAndCSVAndMarkdown() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (catalog, config) = try makeCatalog(workspace)
        let summary = Workspace.run(["catalog", catalog, "--config", config, "--max-lines", "2", "--budget"])
        #expect(summary.status == 0)
        // Rounded up to hundredths: 17529 × 14 / 2048 = 119.827… → 119.83, 4949 × 14 / 2048 = 33.831… → 33.84.
        #expect(summary.output.contains("  sentence needs 119.83 (en, 2 lines); source 119.83\n"))
        #expect(summary.output.contains("  short needs 33.84 (en, 2 lines); source 33.84\n"))
        let csv = Workspace.run(["catalog", catalog, "--config", config, "--budget", "--format", "csv"])
        #expect(csv.output.hasPrefix("catalog,key,variant,contentSize,pointSize,allowedLines,neededWidth,"))
        // The source's own row: its source width is its own.
        let short = 4949.0 * 14 / 2048
        #expect(csv.output.contains(",short,,,14,1,\(short),en,,hello,\(short),1,\r\n"))
        let markdown = Workspace.run(["catalog", catalog, "--config", config, "--budget", "--format", "markdown"])
        #expect(markdown.output.hasPrefix("# Width budget\n"))
        #expect(markdown.output.contains("| short |  |  | 1 | 33.84 | en | hello | 33.84 |  |\n"))
    }

    @Test func budgetRefusesSARIF() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (catalog, config) = try makeCatalog(workspace)
        let result = Workspace.run(["catalog", catalog, "--config", config, "--budget", "--format", "sarif"])
        #expect(result.status == 64)
    }
}
