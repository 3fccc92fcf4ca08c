import Foundation
import Testing

@testable import MeasureCLI

/// `measure catalog` end to end on a folder of gettext catalogs (`po/de.po`, `po/fr.po`, `po/app.pot`).
///
/// The hand computation of `CatalogCommandTests`: "hello world hello world hello world" in DejaVu Sans 14 pt at width
/// 200 takes 2 lines, the first 28729 font units × 14 / 2048 = 196.3896484375 pt wide, so with one line allowed the
/// German translation overflows.
@Suite struct GettextCatalogCommandTests {
    /// `po/` with a German translation that overflows (and an untranslated and an obsolete message), a French one
    /// that fits (fuzzy), and the template; and a config measuring with DejaVu Sans at 14 pt.
    func makeCatalogs(_ workspace: Workspace, extraGerman: String = "") throws -> (folder: String, config: String) {
        let folder = workspace.directory.appendingPathComponent("po")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try workspace.write(
            "po/de.po",
            """
            msgid ""
            msgstr ""
            "Language: de\\n"
            "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

            msgid "hello world"
            msgstr "hello world hello world hello world"

            msgid "Quit"
            msgstr ""

            #~ msgid "Old"
            #~ msgstr "Alt"
            \(extraGerman)
            """)
        try workspace.write(
            "po/fr.po",
            "msgid \"\"\nmsgstr \"Language: fr\\n\"\n\n#, fuzzy\nmsgid \"hello world\"\n"
                + "msgstr \"hello\"\n")
        try workspace.write(
            "po/app.pot",
            "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=CHARSET\\n\"\n\n"
                + "msgid \"hello world\"\nmsgstr \"\"\n\nmsgid \"Quit\"\nmsgstr \"\"\n")
        let config = try workspace.write(
            "config.json",
            """
            {"size": 14, "fonts": {"default": ["\(Workspace.dejaVu)"]}}
            """)
        return (folder.path, config)
    }

    @Test("the German translation overflows at its msgstr's line and column; skips are counted")
    func overflow() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (folder, config) = try makeCatalogs(workspace)
        let result = Workspace.run(["catalog", folder, "--config", config, "--width", "200", "--max-lines", "1"])
        #expect(result.status == 1)
        // `msgstr "hello world…"` is line 7 of de.po; its string starts at column 8.
        #expect(result.output.contains("po/de.po:7:8: de hello world: 2 lines > allowed 1 (width 196.39 pt"))
        #expect(result.output.contains("1 no value: obsolete (#~): no longer in the program's sources"))
        #expect(result.output.contains("1 no value: untranslated (empty msgstr)"))
        // The template is measured as the source language (en): two entries; de one, fr one.
        #expect(result.output.contains("Total: 3 files, 4 entries, 1 overflowing, 2 skipped, 0 failed, 0 file errors."))
        let wide = Workspace.run(["catalog", folder, "--config", config, "--width", "1000", "--max-lines", "1"])
        #expect(wide.status == 0)
    }

    @Test("JSON: the format, locales, states and the msgid measured as the source width")
    func json() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (folder, config) = try makeCatalogs(workspace)
        let result = Workspace.run([
            "catalog", folder, "--config", config, "--width", "200", "--max-lines", "1",
            "--format", "json",
        ])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.map { $0["format"] as? String } == ["gettext", "gettext", "gettext"])
        let entries = try #require(json["entries"] as? [[String: Any]])
        #expect(
            entries.map { "\($0["locale"] as? String ?? "") \($0["state"] as? String ?? "-")" } == [
                "en -", "en -", "de translated", "fr fuzzy",
            ])
        let german = try #require(entries.first { $0["locale"] as? String == "de" })
        #expect(german["line"] as? Int == 7 && german["column"] as? Int == 8)
        #expect(german["width"] as? Double == 28729.0 * 14 / 2048)
        #expect(german["sourceText"] as? String == "hello world")
        // The msgid measured in the source locale is the template's entry measured: the same text, font and size.
        let template = try #require(
            entries.first { $0["locale"] as? String == "en" && $0["key"] as? String == "hello world" })
        #expect(german["sourceWidth"] as? Double == template["naturalWidth"] as? Double)
    }

    @Test("a broken message is reported with its line and column, and the run exits 2")
    func brokenMessage() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (folder, config) = try makeCatalogs(workspace, extraGerman: "\nmsgid \"Bad\"\nmsgstr \"a\\qb\"\n")
        let result = Workspace.run([
            "catalog", folder, "--config", config, "--width", "1000", "--max-lines", "1",
            "--format", "json",
        ])
        #expect(result.status == 2)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let skipped = try #require(json["skipped"] as? [[String: Any]])
        let bad = try #require(skipped.first { $0["key"] as? String == "Bad" })
        // de.po: line 14 is blank, 15 `msgid "Bad"`, 16 `msgstr "a\qb"`, whose backslash is column 10.
        #expect(bad["line"] as? Int == 16 && bad["column"] as? Int == 10)
        #expect(bad["reason"] as? String == "malformed")
    }
}
