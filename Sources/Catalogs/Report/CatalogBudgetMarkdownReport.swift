/// `measure catalog --budget --format markdown`: the width budget as GitHub-flavoured Markdown, for a design review
/// or a pull-request comment.
///
/// A one-line total, the budget table (one row per catalog group, key, variant and content size, in input order;
/// widths rounded up to hundredths of a point, so that each is a width that fits), then the entries that could not be
/// measured and the file errors when there are any. Every cell is escaped (`MarkdownCell`).
public enum CatalogBudgetMarkdownReport {
    /// The budget of `report` as Markdown.
    public static func render(_ report: CatalogReport) -> String {
        let rows = report.budget ?? []
        var out = "# Width budget\n\n"
        out +=
            "**" + ReportText.counted(rows.count, "budget row") + "**, the least width at which every "
            + "translation fits its allowed lines without breaking a word; \(report.failed.count) failed, "
            + ReportText.counted(report.fileErrors.count, "file error") + ".\n\n"
        if rows.isEmpty {
            out += "No entry was measured.\n"
        } else {
            out += "| Key | Variant | Size | Lines | Needed width (pt) | Locale | Text | Source (pt) | Not measured |\n"
            out += "|---|---|---|---:|---:|---|---|---:|---|\n"
            for row in rows {
                let cells = [
                    MarkdownCell.escape(row.key),
                    MarkdownCell.escape(row.variant),
                    MarkdownCell.escape(row.contentSize ?? ""),
                    row.allowedLines.map(String.init) ?? "any",
                    row.neededWidth.map(ReportText.pointsUp) ?? (row.locale == nil ? "" : "cannot fit"),
                    MarkdownCell.escape(row.locale.map { ReportText.localeLabel($0, pseudo: row.pseudo != nil) } ?? ""),
                    MarkdownCell.escape(row.text ?? ""),
                    row.sourceNeededWidth.map(ReportText.pointsUp) ?? "",
                    MarkdownCell.escape(row.failedLocales.joined(separator: ", ")),
                ]
                out += "| " + cells.joined(separator: " | ") + " |\n"
            }
        }
        out += CatalogMarkdownReport.failedSection(report.failed)
        if !report.fileErrors.isEmpty {
            out += "\n## File errors\n\n| File | Line | Column | Message |\n|---|---:|---:|---|\n"
            for error in report.fileErrors {
                let line = error.position.map { String($0.line) } ?? ""
                let column = error.position.map { String($0.column) } ?? ""
                out += "| \(MarkdownCell.escape(error.file)) | \(line) | \(column) | "
                out += "\(MarkdownCell.escape(error.message)) |\n"
            }
        }
        return out
    }
}
