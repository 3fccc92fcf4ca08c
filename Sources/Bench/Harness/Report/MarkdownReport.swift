/// The report as GitHub-flavoured Markdown, for a README section, a pull request or a CI job summary: a heading with
/// the date, a list of the run's facts (commit, machine, corpora with hash prefixes, repetitions) and the results
/// table with the same columns as the terminal table, then the scaling table of the suites on more than one thread.
///
/// Every piece of text that came from outside (commit, machine, corpus names) is escaped, so a corpus called
/// `a|b` cannot break the table.
public enum MarkdownReport {
    /// The Markdown document, ending in a newline.
    public static func render(_ report: BenchReport) -> String {
        var out = "# Bench report: \(escape(report.date))\n\n"
        let machine = report.machine
        out += "- **Engine:** \(escape(report.tool)) \(escape(report.engineVersion)), commit \(code(report.commit))\n"
        out +=
            "- **Machine:** \(escape(machine.cpuModel)), \(machine.cores) cores, "
            + "\(BenchFormat.gibibytes(machine.memoryBytes)), \(escape(machine.os))\n"
        let corpora = report.corpora.map { corpus in
            "\(code(corpus.name)) (\(BenchFormat.grouped(corpus.lines)) lines, \(BenchFormat.grouped(corpus.chars)) "
                + "chars, sha256 \(code(ReportColumn.shortHash(corpus.sha256))))"
        }
        out += "- **Corpora:** \(corpora.isEmpty ? "none" : corpora.joined(separator: "; "))\n"
        out += "- **Repetitions:** \(report.repetitions)\(report.quick ? " (quick run)" : "")\n\n"

        out += table(ReportColumn.all, report.allSuites)
        let scaling = ReportColumn.scalingSuites(report)
        if !scaling.isEmpty {
            out += "\n## Scaling against one thread\n\n" + table(ReportColumn.scaling, scaling)
        }
        return out
    }

    /// A table of `suites` with `columns`: header, alignment row, one row per suite.
    private static func table(_ columns: [ReportColumn], _ suites: [SuiteResult]) -> String {
        var out = "| " + columns.map { escape($0.header) }.joined(separator: " | ") + " |\n"
        out += "| " + columns.map { $0.numeric ? "---:" : ":---" }.joined(separator: " | ") + " |\n"
        for suite in suites {
            out += "| " + columns.map { escape($0.cell(suite)) }.joined(separator: " | ") + " |\n"
        }
        return out
    }

    /// `text` with Markdown's inline syntax characters backslash-escaped (including `|`, so it is safe in a table
    /// cell) and line breaks turned into spaces.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#", "~", "&", "!":
                out.append("\\")
                out.append(character)
            case "\n", "\r", "\r\n":
                out.append(" ")
            default:
                out.append(character)
            }
        }
        return out
    }

    /// `text` as an inline code span, fenced with more backticks than it contains in a row, with `|` escaped (GitHub
    /// splits table cells on it even inside code) and line breaks turned into spaces.
    static func code(_ text: String) -> String {
        var longestRun = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let fence = String(repeating: "`", count: longestRun + 1)
        var body = ""
        for character in text {
            switch character {
            case "|": body += "\\|"
            case "\n", "\r", "\r\n": body += " "
            default: body.append(character)
            }
        }
        if body.hasPrefix("`") || body.hasSuffix("`") { body = " " + body + " " }
        return fence + body + fence
    }
}
