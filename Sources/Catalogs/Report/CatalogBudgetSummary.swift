/// What `measure catalog --budget` prints by default: one line per key and variant with its needed width at each
/// content size, the way a designer reads a budget.
///
/// ```
/// Width budget (pt; the least width at which every translation fits its allowed lines, no word broken):
///   button.refund needs 119.3 (de) at L, 162.05 at AX1; source 98.41 at L, 133.7 at AX1
///   intro.body needs 212.4 (fr, any lines) at L
///   notice needs — (ja, cannot fit in 2 lines at any width) at L
///
/// Failed:
///   th.lproj/Localizable.strings:4:1: th button.refund: no font for U+0E01 THAI CHARACTER KO KAI …
///
/// Total: 2 files, 4 budget rows, 1 failed, 0 file errors.
/// ```
/// The locale is followed by the line allowance when it is not one line (`2 lines`, `any lines`), and by
/// `(pseudo)` for a generated locale; both are said again only where they change from the previous size.
/// `not measured: th` names the locales whose translation failed. Widths are rounded up to hundredths
/// (`ReportText.pointsUp`: a width said fits at that width); the JSON and CSV budgets have them exact. Catalog text
/// is put on one line with its controls made visible (`ReportText.oneLine`).
public enum CatalogBudgetSummary {
    /// The summary, ending in a newline; `limit` caps the failed entries listed (the rest are counted).
    public static func render(_ report: CatalogReport, limit: Int = 15) -> String {
        let rows = report.budget ?? []
        var sections: [String] = []
        if !rows.isEmpty {
            var section =
                "Width budget (pt; the least width at which every translation fits its allowed lines, "
                + "no word broken):\n"
            var start = 0
            while start < rows.count {
                var end = start + 1
                while end < rows.count && sameKey(rows[end], rows[start]) { end += 1 }
                section += "  " + keyLine(rows[start..<end]) + "\n"
                start = end
            }
            sections.append(section)
        }
        if !report.failed.isEmpty {
            var section = "Failed:\n"
            for failed in report.failed.prefix(max(0, limit)) {
                section += "  " + CatalogTerminalSummary.failedLine(failed) + "\n"
            }
            if report.failed.count > max(0, limit) {
                section +=
                    "  … "
                    + ReportText.counted(
                        report.failed.count - max(0, limit), "more failed entry",
                        plural: "more failed entries") + "\n"
            }
            sections.append(section)
        }
        if !report.fileErrors.isEmpty {
            var section = "File errors:\n"
            for error in report.fileErrors { section += "  " + ReportText.oneLine(error.description) + "\n" }
            sections.append(section)
        }
        sections.append(
            "Total: \(ReportText.counted(report.files.count, "file")), "
                + ReportText.counted(rows.count, "budget row") + ", \(report.failed.count) failed, "
                + ReportText.counted(report.fileErrors.count, "file error") + ".\n")
        return ReportText.withoutWorkflowCommands(sections.joined(separator: "\n"))
    }

    /// `key [variant] needs 119.3 (de) at L, 162.05 at AX1; source 98.41 at L, 133.7 at AX1`.
    static func keyLine(_ rows: ArraySlice<BudgetRow>) -> String {
        let first = rows[rows.startIndex]
        let key = ReportText.shortened(ReportText.oneLine(first.key), to: CatalogTerminalSummary.textLimit)
        var line =
            ReportText.entryLabel(key: key, variant: ReportText.oneLine(first.variant), contentSize: nil)
            + " needs "
        // The locale and allowance are said once, then again only where they change: "119.3 (de) at L, 162.05 at AX1".
        var previousNotes = ""
        line += rows.map { row in
            var part: String
            if let width = row.neededWidth {
                part = ReportText.pointsUp(width)
            } else {
                part = "—"
            }
            var notes: [String] = []
            if let locale = row.locale {
                notes.append(ReportText.oneLine(ReportText.localeLabel(locale, pseudo: row.pseudo != nil)))
            }
            if row.locale != nil && row.neededWidth == nil {
                notes.append("cannot fit in " + ReportText.counted(row.allowedLines ?? 0, "line") + " at any width")
            } else if let allowed = row.allowedLines, allowed != 1 {
                notes.append(ReportText.counted(allowed, "line"))
            } else if row.allowedLines == nil {
                notes.append("any lines")
            }
            let said = notes.joined(separator: ", ")
            if !notes.isEmpty && said != previousNotes { part += " (" + said + ")" }
            previousNotes = said
            if let size = row.contentSize { part += " at " + size }
            return part
        }.joined(separator: ", ")
        let sources = rows.compactMap { row in
            row.sourceNeededWidth.map { ReportText.pointsUp($0) + (row.contentSize.map { " at " + $0 } ?? "") }
        }
        if !sources.isEmpty { line += "; source " + sources.joined(separator: ", ") }
        var failed: [String] = []
        for row in rows { for locale in row.failedLocales where !failed.contains(locale) { failed.append(locale) } }
        if !failed.isEmpty { line += "; not measured: " + ReportText.oneLine(failed.joined(separator: ", ")) }
        return line
    }

    private static func sameKey(_ a: BudgetRow, _ b: BudgetRow) -> Bool {
        a.catalog == b.catalog && a.key == b.key && a.variant == b.variant
    }
}
