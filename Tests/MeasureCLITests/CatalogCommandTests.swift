import Foundation
import Testing

@testable import MeasureCLI

/// `measure catalog` end to end, in process, on catalogs written by the tests.
///
/// The hand computation of `MeasureCommandTests`: "hello world hello world hello world" in DejaVu Sans 14 pt at width
/// 200 breaks after the second "hello world hello " — 28729 font units × 14 / 2048 = 196.3896 pt — into 2 lines.
@Suite struct CatalogCommandTests {
    static let sentence = "hello world hello world hello world"

    /// A workspace with `App/en.lproj/Localizable.strings` (the sentence and a short key) and a config that measures
    /// with DejaVu Sans at 14 pt.
    func makeCatalog(_ workspace: Workspace, extra: String = "") throws -> (catalog: String, config: String) {
        let folder = workspace.directory.appendingPathComponent("App/en.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(
            """
            /* Test strings */
            "sentence" = "\(Self.sentence)";
            "short" = "hello";
            \(extra)
            """.utf8
        ).write(to: folder.appendingPathComponent("Localizable.strings"))
        let config = try workspace.write(
            "config.json",
            """
            {"size": 14, "fonts": {"default": ["\(Workspace.dejaVu)"]}}
            """)
        return (workspace.directory.appendingPathComponent("App").path, config)
    }

    @Test func anEntryNeedingMoreLinesThanAllowedOverflows() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (catalog, config) = try makeCatalog(workspace)
        let oneLine = Workspace.run(["catalog", catalog, "--config", config, "--width", "200", "--max-lines", "1"])
        #expect(oneLine.status == 1)
        #expect(
            oneLine.output.contains(
                "en.lproj/Localizable.strings:2:14: en sentence: 2 lines > allowed 1 (width 196.39 pt)"))
        let twoLines = Workspace.run(["catalog", catalog, "--config", config, "--width", "200", "--max-lines", "2"])
        #expect(twoLines.status == 0)
        // Without --max-lines a one-line text may take one line.
        #expect(Workspace.run(["catalog", catalog, "--config", config, "--width", "200"]).status == 1)
        #expect(Workspace.run(["catalog", catalog, "--config", config, "--width", "1000"]).status == 0)
    }

    @Test func jsonHasTheEntryFieldsWithExactNumbers() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (catalog, config) = try makeCatalog(workspace)
        let result = Workspace.run(["catalog", catalog, "--config", config, "--width", "200", "--format", "json"])
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let entries = try #require(json["entries"] as? [[String: Any]])
        let sentence = try #require(entries.first { $0["key"] as? String == "sentence" })
        #expect(sentence["locale"] as? String == "en")
        #expect(sentence["variant"] as? String == "")
        #expect(sentence["text"] as? String == Self.sentence)
        #expect(abs((sentence["width"] as? Double ?? 0) - 28729.0 * 14 / 2048) < 1e-9)
        #expect(abs((sentence["height"] as? Double ?? 0) - 2 * 2384.0 * 14 / 2048) < 1e-9)
        #expect(sentence["lines"] as? Int == 2)
        #expect(sentence["overflow"] as? Bool == true)
        #expect(sentence["line"] as? Int == 2)
        #expect((sentence["file"] as? String)?.hasSuffix("App/en.lproj/Localizable.strings") == true)
        #expect(entries.first { $0["key"] as? String == "short" }?["overflow"] as? Bool == false)
    }

    @Test func sarifAndJUnitGoToTheOutputFileAndTheSummaryToStandardOutput() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (catalog, config) = try makeCatalog(workspace)
        let sarif = workspace.path("out.sarif")
        let result = Workspace.run([
            "catalog", catalog, "--config", config, "--width", "200", "--format", "sarif",
            "--output", sarif,
        ])
        #expect(result.status == 1)
        #expect(result.output.contains("Total: 1 file, 2 entries, 1 overflowing"))
        let log = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sarif)))
                as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        #expect(results.count == 1)

        let junit = Workspace.run(["catalog", catalog, "--config", config, "--width", "200", "--format", "junit"])
        #expect(junit.output.contains("<testsuite name=\"en\" tests=\"2\" failures=\"1\""))
        let csv = Workspace.run(["catalog", catalog, "--config", config, "--width", "200", "--format", "csv"])
        #expect(csv.output.hasPrefix("file,line,column,locale,key,variant,text,catalogText,width,height,lines"))
    }

    /// A report on standard output goes into the CI log like the summary: a translation with a line break before
    /// `::error::` would start a line of the CSV (a quoted multi-line field) or the JUnit text with a command.
    @Test func aReportOnStandardOutputStartsNoLineWithAWorkflowCommand() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (catalog, config) = try makeCatalog(
            workspace, extra: "\"forged\" = \"a\\n::error file=x::Forged\";\n\"old\" = \"##[error]Old\\nline 2\";\n")
        // CSV has no escape: U+200B breaks the command up. JUnit writes a character reference, JSON and SARIF an
        // escape, which their readers read back as the catalog's text.
        for (format, forged, old) in [
            ("csv", "\u{200B}::error file=x::Forged", "##\u{200B}[error]Old"),
            ("junit", "&#58;:error file=x::Forged", "##&#91;error]Old"),
            ("json", #"a\n::error file=x::Forged"#, #"##\u005Berror]Old"#),
            ("sarif", #"a\n::error file=x::Forged"#, #"##\u005Berror]Old"#),
        ] {
            // One line allowed, so the two-line translation overflows and JUnit writes its text too.
            let result = Workspace.run([
                "catalog", catalog, "--config", config, "--width", "200", "--max-lines", "1", "--format", format,
            ])
            #expect(result.output.contains(forged), "\(format)")
            #expect(result.output.contains(old), "\(format)")
            for line in result.output.split(whereSeparator: \.isNewline) {
                #expect(!line.drop(while: \.isWhitespace).hasPrefix("::"), "\(format): \(line)")
                #expect(!line.contains("##["), "\(format): \(line)")
            }
            if format == "json" {
                let report = try #require(
                    try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
                let texts = (report["entries"] as? [[String: Any]] ?? []).compactMap { $0["catalogText"] as? String }
                #expect(texts.contains("##[error]Old\nline 2"))
                #expect(texts.contains("a\n::error file=x::Forged"))
            }
        }
    }

    @Test func aMalformedFileIsReportedWithItsPlaceAndExitStatusTwo() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (catalog, config) = try makeCatalog(workspace, extra: "\"broken\" = \"no semicolon\"\n")
        let good = workspace.directory.appendingPathComponent("App/de.lproj")
        try FileManager.default.createDirectory(at: good, withIntermediateDirectories: true)
        try Data("\"short\" = \"hallo\";".utf8).write(to: good.appendingPathComponent("Localizable.strings"))
        let result = Workspace.run(["catalog", catalog, "--config", config, "--width", "1000"])
        #expect(result.status == 2)
        // Right after the value of line 4, where the `;` belongs.
        #expect(result.output.contains("en.lproj/Localizable.strings:4:26: missing ';'"))
        #expect(result.output.contains("Total: 1 file, 1 entry"))
    }

    @Test func settingsThatCannotWorkAreExitStatusTwo() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (catalog, _) = try makeCatalog(workspace)
        // A missing width is a usage error (issue 16): 64, with the usage line.
        let noWidth = Workspace.run(["catalog", catalog])
        #expect(noWidth.status == 64)
        #expect(noWidth.error.contains("no width to measure at"))
        #expect(noWidth.error.contains("USAGE: measure catalog"))
        let badConfig = try workspace.write("bad.json", "{\n  \"width\": 100,\n  \"maxLine\": 1\n}")
        let config = Workspace.run(["catalog", catalog, "--config", badConfig])
        #expect(config.status == 2)
        #expect(config.error.contains("bad.json:3:3: unknown setting \"maxLine\""))
        let missingFont = try workspace.write(
            "font.json", "{\"width\": 100, \"fonts\": {\"default\": [\"No Such Family Sans\"]}}")
        let font = Workspace.run(["catalog", catalog, "--config", missingFont])
        #expect(font.status == 2)
        #expect(font.output.contains("no installed font has the family name \"No Such Family Sans\""))
        #expect(Workspace.run(["catalog", catalog, "--width", "100", "--content-size", "huge"]).status == 64)
    }

    @Test func theDatabaseAnswersByKey() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (catalog, config) = try makeCatalog(workspace)
        let database = workspace.path("sizes.db")
        let first = Workspace.run(["catalog", catalog, "--config", config, "--width", "200", "--db", database])
        #expect(first.output.contains("database: measured=2 cached=0"))
        let second = Workspace.run(["catalog", catalog, "--config", config, "--width", "200", "--db", database])
        #expect(second.output.contains("database: measured=0 cached=2"))
        let query = Workspace.run(["db", "query", database, "--key", "sentence"])
        #expect(query.status == 0)
        let fields = query.output.split(separator: "\n").first?.split(separator: "\t").map(String.init) ?? []
        #expect(Array(fields.prefix(8)) == ["en", "-", "-", "196.3896", "32.5938", "2", "1", "overflow"])
        #expect(fields.last == Self.sentence)
        #expect(Workspace.run(["db", "query", database, "--key", "sentence", "--locale", "de"]).status == 1)
        #expect(Workspace.run(["db", "query", database, "--key", "nothing"]).status == 1)
    }

    /// Thai in a config font without Thai is measured as .notdef boxes: a failed entry (exit 2, as an entry whose
    /// fonts cannot be loaded), named by its characters in the summary and the JSON report.
    @Test func charactersNoFontHasFailTheEntryAndTheRun() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (catalog, config) = try makeCatalog(workspace)
        let folder = workspace.directory.appendingPathComponent("App/th.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("\"short\" = \"กรุณา\";\n".utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        let summary = Workspace.run(["catalog", catalog, "--config", config, "--width", "1000"])
        #expect(summary.status == 2)
        #expect(summary.output.contains("th short: no font for U+0E01 THAI CHARACTER KO KAI"))
        let json = Workspace.run(["catalog", catalog, "--config", config, "--width", "1000", "--format", "json"])
        #expect(json.status == 2)
        #expect(json.output.contains("\"message\": \"no font for U+0E01 THAI CHARACTER KO KAI"))
    }
}

@Suite struct CatalogAttributesTests {
    @Test func configAttributesApplyAndTheirLineLimitIsTheAllowance() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let folder = workspace.directory.appendingPathComponent("App/en.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("\"two\" = \"hello\\nworld\";\n\"long\" = \"\(CatalogCommandTests.sentence)\";\n".utf8)
            .write(to: folder.appendingPathComponent("Localizable.strings"))
        let config = try workspace.write(
            "config.json",
            """
            {"size": 14, "width": 200, "fonts": {"default": ["\(Workspace.dejaVu)"]},
             "attributes": {"lineSpacing": 4},
             "rules": [{"keys": "long", "attributes": {"numberOfLines": 1}}]}
            """)
        let result = Workspace.run(["catalog", workspace.directory.path, "--config", config, "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let entries = try #require(json["entries"] as? [[String: Any]])
        // DejaVu Sans 14 pt: two lines of 2384 × 14 / 2048 with 4 pt between them.
        let two = try #require(entries.first { $0["key"] as? String == "two" })
        #expect(abs((two["height"] as? Double ?? 0) - (2 * 2384.0 * 14 / 2048 + 4)) < 1e-9)
        #expect(two["overflow"] as? Bool == false)
        // numberOfLines 1 is the allowance of "long", which needs 2 lines (and the rule's attributes replace the
        // top level's, so no line spacing): it overflows instead of being cut to fit.
        let long = try #require(entries.first { $0["key"] as? String == "long" })
        #expect(long["lines"] as? Int == 2)
        #expect(long["allowedLines"] as? Int == 1)
        #expect(long["overflow"] as? Bool == true)
        #expect(abs((long["height"] as? Double ?? 0) - 2 * 2384.0 * 14 / 2048) < 1e-9)
        #expect(result.status == 1)

        // A truncating mode in the config would cut "long" to one line; the lint wraps it and reports it.
        let truncating = try workspace.write(
            "tail.json",
            """
            {"size": 14, "width": 200, "maxLines": 1, "fonts": {"default": ["\(Workspace.dejaVu)"]},
             "attributes": {"lineBreakMode": "byTruncatingTail"}}
            """)
        let tail = Workspace.run(["catalog", workspace.directory.path, "--config", truncating, "--format", "json"])
        let tailJSON = try #require(try JSONSerialization.jsonObject(with: Data(tail.output.utf8)) as? [String: Any])
        let tailLong = try #require((tailJSON["entries"] as? [[String: Any]])?.first { $0["key"] as? String == "long" })
        #expect(tailLong["lines"] as? Int == 2 && tailLong["overflow"] as? Bool == true)
        // A rule's numberOfLines is that rule's allowance, so it wins over the command line's --max-lines.
        let allowance = try workspace.write(
            "allowance.json",
            """
            {"size": 14, "width": 200, "fonts": {"default": ["\(Workspace.dejaVu)"]},
             "rules": [{"keys": "long", "attributes": {"numberOfLines": 2}}]}
            """)
        let allowed = Workspace.run([
            "catalog", workspace.directory.path, "--config", allowance, "--max-lines", "1",
            "--format", "json",
        ])
        let allowedJSON = try #require(
            try JSONSerialization.jsonObject(with: Data(allowed.output.utf8))
                as? [String: Any])
        let allowedLong = try #require(
            (allowedJSON["entries"] as? [[String: Any]])?.first {
                $0["key"] as? String == "long"
            })
        #expect(allowedLong["allowedLines"] as? Int == 2 && allowedLong["overflow"] as? Bool == false)
        let height = try workspace.write("height.json", "{\"width\": 100, \"attributes\": {\"maxHeight\": 40}}")
        #expect(Workspace.run(["catalog", workspace.directory.path, "--config", height]).status == 2)

        let bad = try workspace.write("bad.json", "{\"width\": 100, \"attributes\": {\"lineSpasing\": 4}}")
        let refused = Workspace.run(["catalog", workspace.directory.path, "--config", bad])
        #expect(refused.status == 2)
        #expect(refused.error.contains("unknown attribute \"lineSpasing\""))
    }
}

@Suite struct CatalogHeadlineTests {
    /// Headline is Semibold (docs/semantics/dynamic-type.md §D); Debian packages no Semibold face, so the built-in cascade takes DejaVu Sans
    /// Bold: "hello" = h 1458 + e 1389 + l 702 + l 702 + o 1407 = 5658 units (fontTools hmtx of DejaVuSans-Bold.ttf),
    /// against 4949 in the regular face.
    @Test func headlineIsMeasuredInTheBoldFace() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let folder = workspace.directory.appendingPathComponent("App/en.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("\"hello\" = \"hello\";".utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        func width(_ style: String) throws -> Double {
            let result = Workspace.run([
                "catalog", workspace.directory.path, "--width", "300", "--text-style", style,
                "--format", "json", "--plain",
            ])
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
            return try #require((json["entries"] as? [[String: Any]])?.first?["width"] as? Double)
        }
        // Body and headline are both 17 pt at the default content size L.
        #expect(abs(try width("headline") - 5658.0 / 2048 * 17) < 1e-9)
        #expect(abs(try width("body") - 4949.0 / 2048 * 17) < 1e-9)
    }
}

/// `--follow-symlinks`: without it a link leading out of the folders given is skipped with a warning naming the link
/// (never its content); with it the link is followed.
@Suite struct CatalogSymlinkTests {
    @Test func aLinkOutOfTheFolderIsSkippedWithAWarningUnlessFollowSymlinksIsGiven() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let folder = workspace.directory.appendingPathComponent("App/en.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("\"hello\" = \"hello\";".utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        let secret = try workspace.write("Secret.strings", "\"secret\" = \"TOP-SECRET-VALUE\";")
        let link = folder.appendingPathComponent("Secret.strings").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: secret)
        let config = try workspace.write(
            "config.json", "{\"size\": 14, \"fonts\": {\"default\": [\"\(Workspace.dejaVu)\"]}}")
        let app = workspace.directory.appendingPathComponent("App").path
        let skipped = Workspace.run(["catalog", app, "--config", config, "--width", "1000", "--format", "json"])
        #expect(skipped.status == 0)
        #expect(
            skipped.error.contains(
                "measure catalog: warning: skipped the symbolic link \(link): it leads outside "
                    + "the folders given (--follow-symlinks follows it)\n"))
        #expect(!skipped.output.contains("TOP-SECRET-VALUE"))
        #expect(!skipped.error.contains("TOP-SECRET-VALUE"))
        #expect(skipped.error.contains("Total: 1 file, 1 entry"))
        let followed = Workspace.run([
            "catalog", app, "--config", config, "--width", "1000", "--format", "json",
            "--follow-symlinks",
        ])
        #expect(followed.status == 0)
        #expect(followed.output.contains("TOP-SECRET-VALUE"))
        #expect(!followed.error.contains("warning"))
        #expect(followed.error.contains("Total: 2 files, 2 entries"))
    }

    /// A repository whose only catalogs are vendored under `Pods/` and `Carthage/` (an SDK's bundle): the run finds
    /// nothing, as documented, and says which folders it passed over and how to search one; with catalogs found
    /// elsewhere it says nothing of them.
    @Test func aRunThatFindsNothingNamesTheFoldersItPassedOver() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        for path in ["Pods/Sdk/en.lproj", "Carthage/Build/Kit.framework/de.lproj", "build/x"] {
            try FileManager.default.createDirectory(
                at: workspace.directory.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        _ = try workspace.write("Pods/Sdk/en.lproj/Sdk.strings", "\"a\" = \"b\";")
        let root = workspace.directory.path
        let nothing = Workspace.run(["catalog", root, "--width", "100"])
        #expect(nothing.status == 2)
        #expect(
            nothing.error.contains(
                "measure catalog: warning: passed over \(root)/Carthage, \(root)/Pods, \(root)/build: build output "
                    + "and package caches are searched only when named (measure catalog \(root)/Carthage)\n"),
            "\(nothing.error)")
        #expect(nothing.error.contains("measure catalog: no catalog files found in \(root)\n"))
        // A folder given twice is walked twice; what it passed over is named once.
        let twice = Workspace.run(["catalog", root, root, "--width", "100"])
        #expect(Workspace.run(["catalog", root, "--width", "100", "--db", ""]).status == 64)
        #expect(twice.error.contains("passed over \(root)/Carthage, \(root)/Pods, \(root)/build: "), "\(twice.error)")
        // Named, the folder is searched.
        let named = Workspace.run(["catalog", root + "/Pods", "--width", "1000", "--size", "12"])
        #expect(named.status == 0, "\(named.error)")
        #expect(named.output.contains("Total: 1 file, 1 entry"), "\(named.output)")
        #expect(!named.error.contains("passed over"))
        // Catalogs of the project's own: the passed-over folders are not mentioned.
        try FileManager.default.createDirectory(
            at: workspace.directory.appendingPathComponent("App/en.lproj"), withIntermediateDirectories: true)
        _ = try workspace.write("App/en.lproj/App.strings", "\"a\" = \"b\";")
        let own = Workspace.run(["catalog", root, "--width", "1000", "--size", "12"])
        #expect(own.status == 0, "\(own.error)")
        #expect(!own.error.contains("passed over"))
    }

    /// A catalog outside the repository root gets `../` in SARIF and baselines, which code scanning cannot place:
    /// said once on standard error, with an example; nothing is said when every catalog is inside.
    @Test func catalogsOutsideTheRepositoryRootAreNamed() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        for folder in ["repo/App/de.lproj", "elsewhere/de.lproj"] {
            try FileManager.default.createDirectory(
                at: workspace.directory.appendingPathComponent(folder), withIntermediateDirectories: true)
            _ = try workspace.write(folder + "/L.strings", "\"a\" = \"Hallo\";\n")
        }
        let root = workspace.path("repo")
        let common = ["--width", "200", "--repo-root", root, "--no-progress", "--format", "sarif"]
        let both = Workspace.run(["catalog", root, workspace.path("elsewhere")] + common)
        #expect(both.status == 0, "\(both.error)")
        #expect(
            both.error.contains(
                "warning: 1 catalog file outside the repository root \(root) (--repo-root, else the working folder)"),
            "\(both.error)")
        #expect(both.error.contains("e.g. \(workspace.path("elsewhere"))/de.lproj/L.strings"), "\(both.error)")
        let inside = Workspace.run(["catalog", root] + common)
        #expect(!inside.error.contains("outside the repository root"), "\(inside.error)")
    }

    /// Baseline records of files a run did not read are neither new nor fixed, and the summary says so: a moved
    /// folder makes every overflow look new, which the count alone did not tell (a held-out replay of real history).
    @Test func baselineRecordsOfFilesNotReadAreNamed() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        for folder in ["App/de.lproj", "App2/de.lproj"] {
            try FileManager.default.createDirectory(
                at: workspace.directory.appendingPathComponent(folder), withIntermediateDirectories: true)
            _ = try workspace.write(
                folder + "/L.strings", "\"a\" = \"Rückerstattung bearbeiten\";\n\"b\" = \"Zahlung\";\n")
        }
        let root = workspace.directory.path
        let baseline = workspace.path("base.json")
        let common = ["--width", "60", "--size", "17", "--repo-root", root, "--no-progress"]
        let written = Workspace.run(["catalog", root + "/App"] + common + ["--write-baseline", baseline])
        #expect(written.status == 1, "\(written.output)")
        #expect(written.output.contains("baseline: wrote 2 overflows"), "\(written.output)")
        // The same catalogs under another folder: nothing of the baseline's file was read.
        let moved = Workspace.run(["catalog", root + "/App2"] + common + ["--baseline", baseline])
        #expect(moved.status == 1)
        #expect(
            moved.output.contains(
                "baseline: 2 records of 1 file this run did not read (App/de.lproj/L.strings), neither new nor fixed; "
                    + "if the catalogs moved or the run started in another folder than the one that wrote the "
                    + "baseline, its paths differ: run from that folder or give --repo-root.\n"), "\(moved.output)")
        let json = Workspace.run(
            ["catalog", root + "/App2"] + common + ["--baseline", baseline, "--format", "json"])
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let comparison = try #require(report["baseline"] as? [String: Any])
        #expect(comparison["unreadRecords"] as? Int == 2)
        #expect(comparison["unreadFiles"] as? [String] == ["App/de.lproj/L.strings"])
        #expect((comparison["fixed"] as? [Any])?.isEmpty == true)
        let markdown = Workspace.run(
            ["catalog", root + "/App2"] + common + ["--baseline", baseline, "--format", "markdown"])
        #expect(
            markdown.output.contains(
                "2 records of 1 file this run did not read (`App/de.lproj/L.strings`), neither new nor fixed; "),
            "\(markdown.output)")
        // Its own folder: every record read, nothing said of unread ones.
        let same = Workspace.run(["catalog", root + "/App"] + common + ["--baseline", baseline])
        #expect(same.status == 0, "\(same.output)")
        #expect(!same.output.contains("did not read"))
        // A file the run found but could not read is said as such.
        _ = try workspace.write("App/de.lproj/L.strings", "\"a\" = ")
        let broken = Workspace.run(["catalog", root + "/App"] + common + ["--baseline", baseline])
        #expect(broken.status == 2)
        #expect(
            broken.output.contains(
                "baseline: 2 records of 1 file this run did not read (App/de.lproj/L.strings), neither new nor fixed; "
                    + "1 of those files could not be read (see the file errors).\n"), "\(broken.output)")
    }
}
