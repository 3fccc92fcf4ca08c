import Foundation
import Testing

@testable import MeasureCLI

/// Text a catalog's author controls — locales, keys, file names — printed where a terminal or a CI log reads it:
/// one line each, so no catalog can start a line of its own (a GitHub workflow command, `::error …`) or write
/// terminal escapes; and the HTML report keeps bidi controls inside the element that holds them.
@Suite struct CatalogHostileTextTests {
    /// An .xcstrings whose three locales overflow 100 pt, one of them named with a line break and a workflow command.
    static func hostileCatalog(_ workspace: Workspace) throws -> (catalog: String, config: String) {
        let locale = "zz\\n::error file=App.swift,line=1::injected\\u001b[2J"
        let unit = { (text: String) in "{\"stringUnit\": {\"state\": \"translated\", \"value\": \"\(text)\"}}" }
        let catalog = try workspace.write(
            "Localizable.xcstrings",
            """
            {"sourceLanguage": "en", "version": "1.0", "strings": {"title\\u202Eevil": {"localizations": {
            "en": \(unit("A long string that overflows the label for certain yes")),
            "de": \(unit("Eine lange Zeichenkette die sicher überläuft ja")),
            "\(locale)": \(unit("Long text long text long text long text long"))}}}}
            """)
        let config = try workspace.write(
            "config.json", "{\"size\": 14, \"fonts\": {\"default\": [\"\(Workspace.dejaVu)\"]}}")
        return (catalog, config)
    }

    @Test func noCatalogTextStartsALineOrWritesAnEscape() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (catalog, config) = try Self.hostileCatalog(workspace)
        let baseline = try workspace.write("baseline.json", "{\"version\": 1, \"overflows\": []}")
        for extra in [[], ["--baseline", baseline]] {
            let result = Workspace.run(["catalog", catalog, "--config", config, "--width", "100"] + extra)
            #expect(result.status == 1, "\(result.error)")
            for line in (result.output + result.error).split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(!line.hasPrefix("::"), "\(line)")
                #expect(!line.contains("\u{1B}"), "\(line)")
            }
            #expect(result.output.contains("zz⏎::error file=App.swift,line=1::injected\u{241B}[2J"))
        }
    }

    /// A warning quotes a path from the catalog folder: a link whose name holds a line break and an escape stays one
    /// line, its control characters spelled out.
    @Test func warningsAreOneLine() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let folder = workspace.directory.appendingPathComponent("App/en.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("\"a\" = \"b\";\n".utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("x\u{1B}]0;OWNED\u{07}\n::error::injected.strings").path,
            withDestinationPath: "/etc/hostname")
        let config = try workspace.write(
            "config.json", "{\"size\": 14, \"fonts\": {\"default\": [\"\(Workspace.dejaVu)\"]}}")
        let result = Workspace.run(
            ["catalog", workspace.directory.appendingPathComponent("App").path, "--config", config, "--width", "100"])
        #expect(result.error.contains("warning: skipped the symbolic link "))
        #expect(result.error.contains("x\\u{1B}]0;OWNED\\u{7}\\u{A}::error::injected.strings"))
        for line in result.error.split(separator: "\n") {
            #expect(!line.hasPrefix("::"), "\(line)")
            #expect(!line.contains("\u{1B}"), "\(line)")
        }
    }

    /// The locale filter's options carry their value as written (white space is collapsed only in an option's
    /// text), and keys, file names and messages are isolated, so a U+202E in one cannot reorder the rest of the row.
    @Test func theHTMLReportIsolatesTextAndKeepsLocalesExact() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (catalog, config) = try Self.hostileCatalog(workspace)
        let page = workspace.path("report.html")
        let result = Workspace.run(
            ["catalog", catalog, "--config", config, "--width", "100", "--report", page, "--no-progress"])
        #expect(result.status == 1)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains(".m b,.m i,code,figure::before{unicode-bidi:isolate}"))
        #expect(html.contains("<option value=\"de\">de</option>"))
        #expect(html.contains("<option value=\"zz\n::error file=App.swift,line=1::injected"))
    }
}
