/// `measure catalog --format github`: the run's problems as GitHub Actions workflow commands
/// (`::warning file=App/de.lproj/Localizable.strings,line=12,col=15,title=…::message`), which the runner turns into
/// annotations on the pull request's files — without code scanning, which a private repository has only with
/// GitHub Advanced Security (SARIF, `--format sarif`, is the other way).
///
/// - One line per problem: each file error, failed entry and malformed entry as `::error`; then the overflows, worst
///   first (`CatalogReport.worstFirst`), each at its config rules' level (`error`, `warning` — the default — or
///   `note`, written `::notice`); with `--baseline`, only the overflows it does not accept, since the accepted ones
///   would be annotated again on every pull request. At most `overflowLimit` overflows (`--top`): GitHub shows ten
///   annotations of each level a step, and a log of thousands helps nobody; a closing `::notice` says how many were
///   left out and where the whole report is (the summary on standard error, `--format json`).
/// - `file` is the path relative to the repository root (`--repo-root`, else the working directory), as GitHub
///   places annotations; `line` and `col` the entry's (1-based; `col` counts Unicode scalars).
/// - Escaped as the runner unescapes (actions/toolkit's `escapeData` and `escapeProperty`): `%`, CR and LF in the
///   message, and also `:` and `,` in properties — so no text from a catalog ends a line or a property early, and
///   no line of the output is anything but one command. `##[`, the runner's older command syntax, is broken up
///   with U+200B as in the text reports (`WorkflowCommandGuard`).
public enum CatalogGitHubAnnotations {
    /// The workflow commands for `report`, paths relative to `root` (taken against `workingDirectory`).
    public static func render(
        _ report: CatalogReport, root: String, workingDirectory: String, overflowLimit: Int
    ) -> String {
        func file(_ path: String) -> String {
            RelativePath.relative(path, to: root, workingDirectory: workingDirectory)
        }
        var out = ""
        for error in report.fileErrors {
            out += command(
                "error", file: file(error.file), position: error.position, title: "TextSize: catalog file error",
                message: error.message)
        }
        for failed in report.failed {
            let entry = failed.entry
            out += command(
                "error", file: file(entry.file), position: entry.position, title: "TextSize: string not measured",
                message: ReportText.entryMention(locale: entry.locale, key: entry.key, variant: entry.variant)
                    + " cannot be measured: " + failed.message)
        }
        for skipped in report.skipped {
            guard case .malformed = skipped.reason else { continue }
            out += command(
                "error", file: file(skipped.file), position: skipped.position, title: "TextSize: malformed entry",
                message: ReportText.entryMention(locale: skipped.locale, key: skipped.key, variant: skipped.variant)
                    + " was not measured: \(skipped.reason)")
        }
        let new = report.baseline.map { Set($0.new) }
        let overflows = report.worstFirst.filter { new?.contains($0) ?? true }
        let limit = max(0, overflowLimit)
        for measured in overflows.prefix(limit) {
            let level =
                switch measured.level {
                case "error": "error"
                case "note": "notice"
                default: "warning"
                }
            out += command(
                level, file: file(measured.entry.file), position: measured.entry.position,
                title: "TextSize: string overflows its label", message: CatalogSARIFReport.message(measured))
        }
        if overflows.count > limit {
            let what = ReportText.counted(
                overflows.count - limit, report.baseline == nil ? "more overflow" : "more new overflow")
            out +=
                "::notice title=TextSize::"
                + escapedData(
                    "\(what) not annotated (--top \(limit) gives the worst); the summary and --format json list "
                        + "every one") + "\n"
        }
        return out
    }

    /// One workflow command line.
    private static func command(
        _ name: String, file: String, position: SourcePosition?, title: String, message: String
    ) -> String {
        var properties = "file=" + escapedProperty(file)
        if let position {
            properties += ",line=\(position.line),col=\(position.column)"
        }
        properties += ",title=" + escapedProperty(title)
        return "::\(name) \(properties)::\(escapedData(message))\n"
    }

    /// A message as the runner reads it back: `%`, CR and LF percent-encoded, `##[` broken up.
    static func escapedData(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return WorkflowCommandGuard.guarded(out, spelling: .text)
    }

    /// A property value: as a message, and `:` and `,` percent-encoded too.
    static func escapedProperty(_ text: String) -> String {
        escapedData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
