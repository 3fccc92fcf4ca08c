import Testing

@testable import Catalogs

/// `--format github`: each line one workflow command the GitHub Actions runner reads back to what was meant. The
/// reader here is the runner's own rule (actions/runner `ActionCommand.TryParseV2`): a line `::NAME PROPS::DATA`, the
/// properties split at `,` and each at its first `=`, then `%0D` `%0A` `%25` — and in properties `%3A` `%2C` —
/// decoded.
@Suite struct GitHubAnnotationsTests {
    struct Command: Equatable {
        var name: String
        var properties: [String: String]
        var data: String
    }

    static func unescaped(_ text: Substring, property: Bool) -> String {
        var out = String(text).replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
        if property {
            out = out.replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
        }
        return out.replacingOccurrences(of: "%25", with: "%")
    }

    /// The commands of `output`, as the runner parses each line; nil for a line it would not take for one.
    static func commands(_ output: String) -> [Command?] {
        output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            guard line.hasPrefix("::"), let end = line.dropFirst(2).range(of: "::") else { return nil }
            let head = line[line.index(line.startIndex, offsetBy: 2)..<end.lowerBound]
            let data = line[end.upperBound...]
            let nameEnd = head.firstIndex(of: " ") ?? head.endIndex
            var properties: [String: String] = [:]
            if nameEnd < head.endIndex {
                for pair in head[head.index(after: nameEnd)...].split(separator: ",") {
                    guard let equals = pair.firstIndex(of: "=") else { return nil }
                    properties[String(pair[..<equals])] = unescaped(pair[pair.index(after: equals)...], property: true)
                }
            }
            return Command(
                name: String(head[..<nameEnd]), properties: properties, data: unescaped(data, property: false))
        }
    }

    /// A file error, a malformed entry, and overflows whose keys, texts and paths hold every character the runner
    /// treats specially: `%`, `,`, `:`, CR, LF, `::` at a line's start, `##[`.
    static func report() -> CatalogReport {
        var report = CatalogReport(
            entries: [
                ReportFixtures.measured(
                    file: "/repo/App,1/de.lproj/Localizable.strings", key: "a,b:c", text: "100% sure\n::error::x",
                    line: 4, column: 9, width: 298.5, lines: 3, maxLines: 1),
                ReportFixtures.measured(
                    file: "/repo/App/fr.lproj/L.strings", locale: "fr", key: "x", text: "##[error]y", width: 120,
                    lines: 2, maxLines: 1),
                ReportFixtures.measured(key: "fits", text: "ok", width: 10, lines: 1),
            ],
            fileErrors: [
                CatalogError(
                    file: "/repo/App/es.lproj/Localizable.strings", position: SourcePosition(line: 3, column: 7),
                    message: "expected ';', found '\"'")
            ])
        report.skipped = [
            ReportFixtures.skipped(
                file: "/repo/App/it.lproj/L.strings", locale: "it", key: "dup", line: 2,
                reason: .malformed("duplicate key, overridden at line 3"))
        ]
        report.entries[1].level = "note"
        return report
    }

    @Test func everyLineIsOneCommandThatReadsBackAsWritten() throws {
        let output = CatalogGitHubAnnotations.render(
            Self.report(), root: "/repo", workingDirectory: "/repo", overflowLimit: 15)
        let commands = Self.commands(output)
        #expect(commands.count == 4, "\(output)")
        let parsed = commands.compactMap { $0 }
        #expect(parsed.count == commands.count, "a line the runner would not read as a command:\n\(output)")
        #expect(parsed.map(\.name) == ["error", "error", "warning", "notice"])
        #expect(
            parsed[0].properties == [
                "file": "App/es.lproj/Localizable.strings", "line": "3", "col": "7",
                "title": "TextSize: catalog file error",
            ])
        #expect(parsed[0].data == "expected ';', found '\"'")
        #expect(parsed[1].properties["file"] == "App/it.lproj/L.strings")
        #expect(parsed[1].data == "it: \"dup\" was not measured: malformed: duplicate key, overridden at line 3")
        // The worst overflow first: its path's comma and its key's colon come back whole; the text's line break is
        // shown as a space, as every one-line message shows it, and its "::" is no command of its own.
        #expect(parsed[2].properties["file"] == "App,1/de.lproj/Localizable.strings")
        #expect(parsed[2].properties["line"] == "4" && parsed[2].properties["col"] == "9")
        #expect(parsed[2].properties["title"] == "TextSize: string overflows its label")
        #expect(parsed[2].data.hasPrefix("de: \"a,b:c\" needs 3 lines, 1 allowed (width 298.5 pt of 300 pt)"))
        #expect(parsed[2].data.contains("100% sure"))
        // `##[` is broken up (U+200B), as in the text reports.
        #expect(parsed[3].data.contains("##\u{200B}[error]y"))
        #expect(!output.contains("##["))
    }

    /// With a baseline only the overflows it does not accept are annotated; beyond the limit, one notice says how
    /// many were left out.
    @Test func aBaselineAndTheLimitChooseWhatIsAnnotated() {
        var report = Self.report()
        report.fileErrors = []
        report.skipped = []
        report.baseline = BaselineComparison(
            file: "b.json", new: [report.entries[1]], known: 1, fixed: [])
        let commands = Self.commands(
            CatalogGitHubAnnotations.render(report, root: "/repo", workingDirectory: "/repo", overflowLimit: 15))
        #expect(commands.compactMap { $0?.properties["file"] } == ["App/fr.lproj/L.strings"])
        report.baseline = nil
        let limited = Self.commands(
            CatalogGitHubAnnotations.render(report, root: "/repo", workingDirectory: "/repo", overflowLimit: 1))
        #expect(limited.map { $0?.name } == ["warning", "notice"])
        #expect(
            limited.last??.data
                == "1 more overflow not annotated (--top 1 gives the worst); the summary and --format json list every one"
        )
    }
}
