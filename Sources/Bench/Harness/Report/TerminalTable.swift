/// The report as plain text for a terminal or a CI log: a few header lines, one aligned row per suite, and the
/// scaling of the suites on more than one thread (`ReportColumn.scaling`).
///
/// Columns are as wide as their widest cell, numbers right-aligned, so a full run (suite ids up to ~30 characters,
/// throughputs with k/M suffixes, counts with thousands separators) fits in 160 columns.
public enum TerminalTable {
    /// The report's header lines and results table, ending in a newline.
    public static func render(_ report: BenchReport) -> String {
        var out = ""
        for fact in ReportColumn.facts(report) {
            out += "\(fact.label):".padding(toLength: 13) + fact.value + "\n"
        }
        out += "\n"
        out += table(ReportColumn.all, report.allSuites)
        let scaling = ReportColumn.scalingSuites(report)
        if !scaling.isEmpty {
            out +=
                "\nscaling against one thread (busy: the workers' processor time over the pass's wall time × threads)\n"
            out += table(ReportColumn.scaling, scaling)
        }
        return out
    }

    /// `suites` under `columns`' headings, aligned, with a rule under the headings.
    private static func table(_ columns: [ReportColumn], _ suites: [SuiteResult]) -> String {
        let rows = [columns.map(\.header)] + suites.map { suite in columns.map { $0.cell(suite) } }
        return alignedLines(rows, rightAligned: columns.map(\.numeric), ruleAfterFirst: true)
    }

    /// `rows` as lines of cells padded to their column's width and separated by two spaces, with a rule of dashes
    /// under the first row if `ruleAfterFirst`. Widths count characters, which matches terminal cells for the text
    /// these tables hold (no wide or combining characters).
    static func alignedLines(_ rows: [[String]], rightAligned: [Bool], ruleAfterFirst: Bool) -> String {
        guard let first = rows.first else { return "" }
        var widths = [Int](repeating: 0, count: first.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (index, cell) in cells.enumerated() where index < widths.count {
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                let isLast = index == widths.count - 1
                text +=
                    index < rightAligned.count && rightAligned[index] ? padding + cell : cell + (isLast ? "" : padding)
                if !isLast { text += "  " }
            }
            return text
        }
        var out = line(first) + "\n"
        if ruleAfterFirst {
            out += line(widths.map { String(repeating: "-", count: $0) }) + "\n"
        }
        for row in rows.dropFirst() {
            out += line(row) + "\n"
        }
        return out
    }
}

extension String {
    /// The string padded with spaces on the right to at least `length` characters.
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
