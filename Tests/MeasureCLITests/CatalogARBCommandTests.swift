import Foundation
import Testing

@testable import MeasureCLI

/// `measure catalog` end to end on a Flutter `lib/l10n` folder of ARB files, in process.
///
/// The hand computation of `CatalogCommandTests`: "hello world hello world hello world" in DejaVu Sans 14 pt at width
/// 200 takes 2 lines (the first line "hello world hello " is 196.3896 pt wide), "hello world" takes one.
@Suite struct CatalogARBCommandTests {
    static let sentence = "hello world hello world hello world"

    /// `lib/l10n/app_en.arb` (the template) and `app_de.arb`, and a config measuring with DejaVu Sans at 14 pt.
    func makeFolder(_ workspace: Workspace) throws -> (folder: String, config: String) {
        let l10n = workspace.directory.appendingPathComponent("lib/l10n")
        try FileManager.default.createDirectory(at: l10n, withIntermediateDirectories: true)
        try Data(
            """
            {
              "short": "hello",
              "files": "{count, plural, =1{hello} other{{count} world}}",
              "@files": {"placeholders": {"count": {"type": "int"}}}
            }
            """.utf8
        ).write(to: l10n.appendingPathComponent("app_en.arb"))
        try Data(
            """
            {
              "short": "\(Self.sentence)",
              "files": "{count, plural, =1{hello} other{{count} world}}"
            }
            """.utf8
        ).write(to: l10n.appendingPathComponent("app_de.arb"))
        let config = try workspace.write(
            "config.json",
            """
            {"size": 14, "fonts": {"default": ["\(Workspace.dejaVu)"]}}
            """)
        return (workspace.directory.appendingPathComponent("lib").path, config)
    }

    @Test func theGermanTranslationOverflowsAndPluralCasesAreMeasured() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (folder, config) = try makeFolder(workspace)
        let result = Workspace.run(["catalog", folder, "--config", config, "--width", "200", "--max-lines", "1"])
        #expect(result.status == 1)
        // Line 2, column 5 + 5 ("short") + 2; compared with the template's "hello" (the ×ratio: same group).
        #expect(result.output.contains("lib/l10n/app_de.arb:2:12: de short: 2 lines > allowed 1 (width 196.39 pt, ×"))
        #expect(result.output.contains("Total: 2 files, 6 entries, 1 overflowing"))

        let json = Workspace.run([
            "catalog", folder, "--config", config, "--width", "200", "--max-lines", "1",
            "--format", "json",
        ])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let entries = try #require(root["entries"] as? [[String: Any]])
        let other = try #require(
            entries.first { $0["locale"] as? String == "de" && $0["variant"] as? String == "count.other" })
        // `{count}` in `other` is the integer sample, measured as "88888 world".
        #expect(other["text"] as? String == "88888 world")
        #expect(entries.filter { $0["key"] as? String == "files" }.count == 4)
    }
}
