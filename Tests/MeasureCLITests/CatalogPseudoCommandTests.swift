import Foundation
import Testing

@testable import MeasureCLI

/// `measure catalog --pseudo` end to end: the generated locales are measured, marked in every format, and chosen with
/// a repeated flag or a comma list. Golden width: hb-shape gives "[ĥéļļö one]" 11009 font units in DejaVu Sans.
@Suite("measure catalog --pseudo")
struct CatalogPseudoCommandTests {
    func makeCatalog(_ workspace: Workspace) throws -> (catalog: String, config: String) {
        let folder = workspace.directory.appendingPathComponent("App/en.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("\"short\" = \"hello\";\n\"count\" = \"%d files\";\n".utf8)
            .write(to: folder.appendingPathComponent("Localizable.strings"))
        let config = try workspace.write(
            "config.json",
            """
            {"size": 14, "fonts": {"default": ["\(Workspace.dejaVu)"]}}
            """)
        return (workspace.directory.appendingPathComponent("App").path, config)
    }

    @Test func jsonMarksPseudoEntries() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (catalog, config) = try makeCatalog(workspace)
        let result = Workspace.run([
            "catalog", catalog, "--config", config, "--width", "300", "--pseudo",
            "en-XA,double", "--pseudo", "ar-XB", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let entries = try #require(json["entries"] as? [[String: Any]])
        #expect(entries.count == 8)
        let hello = try #require(
            entries.first { $0["locale"] as? String == "en-XA" && $0["key"] as? String == "short" })
        #expect(hello["text"] as? String == "[ĥéļļö one]")
        #expect(hello["pseudo"] as? String == "en-XA")
        #expect(hello["width"] as? Double == 11009.0 * 14 / 2048)
        let count = try #require(
            entries.first { $0["locale"] as? String == "en-XA" && $0["key"] as? String == "count" })
        // The placeholder is kept, bracketed, then expanded with the integer sample like any translation's.
        #expect(count["catalogText"] as? String == "[»%d« ƒîļéš one two]")
        #expect((count["text"] as? String)?.hasPrefix("[»") == true)
        let source = try #require(entries.first { $0["locale"] as? String == "en" && $0["key"] as? String == "short" })
        #expect(source["pseudo"] is NSNull)
    }

    @Test func summaryMarksPseudoLocales() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (catalog, config) = try makeCatalog(workspace)
        let result = Workspace.run(["catalog", catalog, "--config", config, "--width", "300", "--pseudo", "ar-XB"])
        #expect(result.output.contains("ar-XB (pseudo)"))
        #expect(
            Workspace.run(["catalog", catalog, "--config", config, "--width", "300", "--pseudo", "xx-YY"]).status
                == 64)
    }
}
