import Foundation
import Testing

@testable import MeasureCLI

/// The CI side of `measure catalog`: a missing width is a usage error, SARIF relative to `--repo-root` with rule
/// help, per-result levels and baseline states, Markdown obeying `--top`, and the platform presets' fonts in every
/// report format.
@Suite struct CatalogCIReportCommandTests {
    /// `repo/App/{en,de}.lproj/Localizable.strings` in the workspace: "Refund" / "Rückerstattung" and a long
    /// sentence, so at 100 pt the German refund and both sentences overflow one line.
    func makeRepo(_ workspace: Workspace) throws -> String {
        for (locale, refund) in [("en", "Refund"), ("de", "Rückerstattung")] {
            let folder = workspace.directory.appendingPathComponent("repo/App/\(locale).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(
                "\"button.refund\" = \"\(refund)\";\n\"sentence\" = \"hello world hello world hello world\";\n"
                    .utf8
            ).write(to: folder.appendingPathComponent("Localizable.strings"))
        }
        return workspace.path("repo")
    }

    @Test func aMissingWidthIsAUsageErrorWithTheUsageLine() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let repo = try makeRepo(workspace)
        let result = Workspace.run(["catalog", repo])
        #expect(result.status == 64)
        #expect(
            result.error.hasPrefix(
                "measure catalog: no width to measure at: give --width PT or a top-level "
                    + "\"width\" in the --config file\nUSAGE: measure catalog "))
        // A width in the config is enough.
        let config = try workspace.write("c.json", "{\"width\": 1000}")
        #expect(Workspace.run(["catalog", repo, "--config", config]).status == 0)
    }

    @Test func anInformationURIThatIsNoAbsoluteURIIsAUsageError() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let repo = try makeRepo(workspace)
        for uri in ["http://exa mple.com/a b", "relative/path", ""] {
            let result = Workspace.run([
                "catalog", repo, "--width", "100", "--format", "sarif", "--information-uri", uri,
            ])
            #expect(result.status == 64)
            #expect(result.error.hasPrefix("measure catalog: --information-uri must be an absolute URI"))
        }
    }

    @Test func sarifIsRelativeToTheRepoRootWithHelpLevelsAndBaselineStates() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let repo = try makeRepo(workspace)
        let config = try workspace.write(
            "c.json",
            """
            {"size": 14, "fonts": {"default": ["\(Workspace.dejaVu)"]},
             "rules": [{"keys": "button.*", "level": "error"}]}
            """)
        let baseline = workspace.path("b.json")
        let common = ["catalog", repo + "/App", "--config", config, "--width", "100", "--repo-root", repo]
        #expect(Workspace.run(common + ["--write-baseline", baseline]).status == 1)
        // A new overflow: the English refund at 40 pt wide.
        let sarif = Workspace.run(
            common.dropLast(4) + [
                "--width", "40", "--repo-root", repo, "--baseline", baseline,
                "--format", "sarif", "--information-uri",
                "https://example.org/textsize",
            ])
        #expect(sarif.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.output.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["informationUri"] as? String == "https://example.org/textsize")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == 4)
        for rule in rules {
            let help = try #require(rule["help"] as? [String: Any])
            #expect((help["text"] as? String)?.isEmpty == false)
            #expect((help["markdown"] as? String)?.isEmpty == false)
        }
        let base = try #require((run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any])
        #expect(
            base["uri"] as? String == URL(fileURLWithPath: repo).absoluteString + "/"
                || base["uri"] as? String == "file://" + repo + "/")
        let results = try #require(run["results"] as? [[String: Any]])
        let refunds = results.filter { (($0["properties"] as? [String: Any])?["key"] as? String) == "button.refund" }
        #expect(refunds.count == 2)
        for result in results {
            let location = try #require(
                (result["locations"] as? [[String: Any]])?.first?["physicalLocation"]
                    as? [String: Any])
            let artifact = try #require(location["artifactLocation"] as? [String: Any])
            #expect((artifact["uri"] as? String)?.hasPrefix("App/") == true)
            #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
        }
        let en = try #require(refunds.first { (($0["properties"] as? [String: Any])?["locale"] as? String) == "en" })
        #expect(en["level"] as? String == "error")
        #expect(en["baselineState"] as? String == "new")
        let de = try #require(refunds.first { (($0["properties"] as? [String: Any])?["locale"] as? String) == "de" })
        #expect(de["baselineState"] as? String == "unchanged")
        let sentence = try #require(
            results.first { (($0["properties"] as? [String: Any])?["key"] as? String) == "sentence" })
        #expect(sentence["level"] as? String == "warning")
    }

    /// Standard error is guarded as the reports are: a warning quoting a folder named `x ##[error]owned` held `##[`,
    /// which GitHub's runner reads anywhere in a line of either stream as a command.
    @Test func warningsOnStandardErrorCarryNoRunnerCommand() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(
            atPath: workspace.path("g/x ##[error]owned"), withIntermediateDirectories: true)
        let file = try workspace.write("g/x ##[error]owned/Localizable.strings", "\"a\" = \"b\";\n")
        let result = Workspace.run(["catalog", workspace.path("g"), "--width", "100"])
        #expect(result.status == 0)
        #expect(result.error.contains("warning: measured "), "\(result.error)")
        #expect(!result.error.contains("##["), "\(result.error)")
        #expect(result.error.contains("x ##\u{200B}[error]owned/Localizable.strings"))
        #expect(FileManager.default.fileExists(atPath: file))
    }

    /// `--format github`: workflow commands on standard output, paths from `--repo-root`, the overflow exit status,
    /// the totals on standard error; its own `::` are not broken up as a report's text would be.
    @Test func githubAnnotationsAreWorkflowCommands() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let repo = try makeRepo(workspace)
        let result = Workspace.run([
            "catalog", repo + "/App", "--width", "40", "--format", "github", "--repo-root", repo, "--top", "2",
        ])
        #expect(result.status == 1, "\(result.error)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 3, "\(result.output)")
        #expect(lines.prefix(2).allSatisfy { $0.hasPrefix("::warning file=App/") && $0.contains(",line=") })
        #expect(lines[2].hasPrefix("::notice title=TextSize::2 more overflows not annotated (--top 2"))
        #expect(!result.output.contains("\u{200B}"))
        #expect(result.error.contains("Total: 2 files, 4 entries, 4 overflowing"), "\(result.error)")
        // Budgets report widths, not problems.
        #expect(Workspace.run(["catalog", repo, "--width", "40", "--format", "github", "--budget"]).status == 64)
    }

    @Test func markdownObeysTop() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let repo = try makeRepo(workspace)
        let result = Workspace.run(["catalog", repo, "--width", "40", "--format", "markdown", "--top", "1"])
        #expect(result.status == 1)
        let rows = result.output.split(separator: "\n").filter {
            $0.hasPrefix("| button.refund") || $0.hasPrefix("| sentence")
        }
        #expect(rows.count == 1)
        #expect(result.output.contains("1 more key with 2 overflows is not shown"))
    }

    static let robotoInstalled = FileManager.default.fileExists(
        atPath: "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf")

    @Test(.enabled(if: robotoInstalled, "Roboto is not installed (Debian package fonts-roboto-unhinted; make deps)"))
    func eachPresetsFontsAreInEveryFormat() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let repo = try makeRepo(workspace)
        for (platform, font) in [
            ("android", "Roboto (Roboto-Regular.ttf, sha256 "),
            ("ios", "Noto Sans (NotoSans-Regular.ttf, sha256 "),
        ] {
            let summary = Workspace.run(["catalog", repo, "--width", "300", "--platform", platform])
            #expect(summary.status == 0)
            #expect(summary.output.contains("Fonts (platform \(platform)):\n  de, en: \(font)"))
            for format in ["json", "csv", "markdown", "sarif", "junit"] {
                let report = Workspace.run([
                    "catalog", repo, "--width", "300", "--platform", platform,
                    "--format", format,
                ])
                #expect(report.status == 0, "\(platform) \(format): \(report.error)")
                let family = String(font.prefix { $0 != "(" }.dropLast())
                #expect(
                    report.output.contains(
                        format == "json" || format == "sarif"
                            ? "\"family\": \"\(family)\""
                            : font), "\(platform) \(format)")
                if platform == "ios" {
                    // CSV has no place for a warning but each row's fonts column marks the stand-in.
                    #expect(
                        report.output.contains(
                            format == "csv"
                                ? "[stand-in: not the platform's font]"
                                : "SF Pro is not among the fonts given"), "ios \(format)")
                } else {
                    #expect(!report.output.contains("stands in"), "android \(format)")
                }
            }
        }
    }
}
