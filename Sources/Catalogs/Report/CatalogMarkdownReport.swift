/// `measure catalog --format markdown`: a GitHub-flavoured Markdown report, for pull-request comments and CI job
/// summaries.
///
/// Sections: a one-line total; a table of locales (entries, overflowing, skipped, failed) sorted by tag; the
/// overflowing entries worst first (`CatalogReport.worstFirst`); entries that could not be measured; skipped entries
/// counted per reason; file errors. The last three appear only when there is something in them. Every cell is
/// escaped (`MarkdownCell`), so a key or a translation with `|`, a line break or Markdown punctuation can neither
/// break a table nor render as markup.
public enum CatalogMarkdownReport {
    /// The report as Markdown. `limit` caps the overflowing-entries table (nil = all rows; GitHub comments hold about
    /// 65,000 characters); the rows left out are counted below the table.
    public static func render(_ report: CatalogReport, limit: Int? = nil) -> String {
        var out = "# String catalog report\n\n"
        out += totalLine(report) + "\n"

        out += "\n## Locales\n\n"
        let locales = report.localeSummaries
        if locales.isEmpty {
            out += "No locales.\n"
        } else {
            out += "| Locale | Entries | Overflowing | Skipped | Failed |\n|---|---:|---:|---:|---:|\n"
            for summary in locales {
                out += "| \(cell(ReportText.localeLabel(summary.locale, pseudo: summary.pseudo))) | "
                out += "\(summary.entries) | "
                out += "\(summary.overflowing) | \(summary.skipped) | \(summary.failed) |\n"
            }
        }

        out += "\n## Overflowing entries\n\n"
        let worst = report.worstFirst
        if worst.isEmpty {
            out += "No entry overflows.\n"
        } else {
            let shown = limit.map { Array(worst.prefix(max(0, $0))) } ?? worst
            out += "Worst first: most lines over the allowance, then largest width growth against the source "
            out += "language.\n\n"
            out += "| Locale | Key | Variant | Size | Lines | Allowed | Width (pt) | Max width (pt) | Growth | Text "
            out += "| Location |\n"
            out += "|---|---|---|---|---:|---:|---:|---:|---:|---|---|\n"
            for measured in shown { out += row(measured) }
            if shown.count < worst.count {
                out += "\n\(worst.count - shown.count) more overflowing "
                out += (worst.count - shown.count == 1 ? "entry is" : "entries are") + " not shown.\n"
            }
        }

        out += failedSection(report.failed)

        let reasons = report.skippedReasonCounts
        if !reasons.isEmpty {
            out += "\n## Skipped entries\n\n| Reason | Count |\n|---|---:|\n"
            for reason in reasons { out += "| \(cell(reason.reason)) | \(reason.count) |\n" }
        }

        if !report.fileErrors.isEmpty {
            out += "\n## File errors\n\n| File | Line | Column | Message |\n|---|---:|---:|---|\n"
            for error in report.fileErrors {
                let line = error.position.map { String($0.line) } ?? ""
                let column = error.position.map { String($0.column) } ?? ""
                out += "| \(cell(error.file)) | \(line) | \(column) | \(cell(error.message)) |\n"
            }
        }
        return out
    }

    /// `**3 files**, 120 entries measured, **2 overflowing**, …`.
    private static func totalLine(_ report: CatalogReport) -> String {
        "**\(ReportText.counted(report.files.count, "file"))**, "
            + ReportText.counted(report.entries.count, "entry measured", plural: "entries measured") + ", "
            + "**\(report.overflowCount) overflowing**, \(report.skipped.count) skipped, "
            + "\(report.failed.count) failed, "
            + ReportText.counted(report.fileErrors.count, "file error") + "."
    }

    private static func row(_ measured: MeasuredEntry) -> String {
        let entry = measured.entry
        let allowed = measured.constraint.allowedLines(for: measured.measuredText)
        let cells = [
            cell(ReportText.localeLabel(entry)),
            cell(entry.key),
            cell(entry.variant),
            cell(measured.constraint.contentSize ?? ""),
            String(measured.lines),
            allowed == Int.max ? "" : String(allowed),
            ReportText.points(measured.width),
            ReportText.points(measured.constraint.width),
            measured.growth.map(ReportText.growth) ?? "",
            cell(measured.measuredText),
            cell("\(entry.file):\(entry.position.line):\(entry.position.column)"),
        ]
        return "| " + cells.joined(separator: " | ") + " |\n"
    }

    /// `text` escaped for one GFM table cell (see `MarkdownCell`).
    private static func cell(_ text: String) -> String { MarkdownCell.escape(text) }

    /// The "could not be measured" section (empty when nothing failed), shared with the budget report.
    static func failedSection(_ failed: [FailedEntry]) -> String {
        guard !failed.isEmpty else { return "" }
        var out = "\n## Entries that could not be measured\n\n| Locale | Key | Variant | Message | Location |\n"
        out += "|---|---|---|---|---|\n"
        for failed in failed {
            let entry = failed.entry
            let location = "\(entry.file):\(entry.position.line):\(entry.position.column)"
            out += "| \(cell(ReportText.localeLabel(entry))) | \(cell(entry.key)) | "
            out += "\(cell(entry.variant)) | \(cell(failed.message)) | \(cell(location)) |\n"
        }
        return out
    }
}
