/// `measure catalog --format markdown`: a GitHub-flavoured Markdown report, for pull-request comments and CI job
/// summaries.
///
/// Sections: warnings (a stand-in font), a one-line total; with `--baseline`, the new overflows by key and the
/// baseline records that no longer overflow; a table of locales (entries, overflowing, skipped, failed) sorted by
/// tag; the overflowing keys, one row per key (`OffenderGroup`: how many overflows, in which locales, and its worst
/// one), worst first; the fonts each locale was measured with; entries that could not be measured; skipped entries
/// counted per reason; file errors. The sections after the locales appear only when there is something in them.
/// Every cell is escaped (`MarkdownCell`), so a key or a translation with `|`, a line break or Markdown punctuation
/// can neither break a table nor render as markup.
///
/// It fits where it goes: at most `limit` rows (`--top`) in each long list, and under `maximumLength` UTF-8 bytes —
/// so under that many characters too — whatever the catalog: a GitHub comment holds 65,536 characters. When the
/// rows do not fit, fewer are shown and the rest are counted ("12 more keys with 40 overflows are not shown").
public enum CatalogMarkdownReport {
    /// The most UTF-8 bytes a report has (a character is at least one byte, so it has no more characters).
    public static let maximumLength = 65_000
    /// The most characters of a translation shown in a cell.
    static let textLimit = 80

    /// The report as Markdown. `limit` caps the rows of each long list (nil = as many as fit in `maximumLength`).
    public static func render(_ report: CatalogReport, limit: Int? = nil, maximumLength: Int = maximumLength)
        -> String
    {
        var rows = max(0, limit ?? Int.max)
        while true {
            let out = render(report, rows: rows)
            if out.utf8.count < maximumLength || rows == 0 {
                return out.utf8.count < maximumLength ? out : cut(out, to: maximumLength)
            }
            // Fewer rows until it fits: halving settles in a few renders even from thousands of rows.
            rows = min(rows, report.entries.count + report.failed.count + report.fileErrors.count) / 2
        }
    }

    private static func render(_ report: CatalogReport, rows limit: Int) -> String {
        var out = "# String catalog report\n\n"
        for warning in report.warnings { out += "> **Warning:** \(cell(warning))\n\n" }
        out += totalLine(report) + "\n"
        if let baseline = report.baseline { out += baselineSection(baseline, limit: limit) }

        out += "\n## Locales\n\n"
        let locales = report.localeSummaries
        if locales.isEmpty {
            out += "No locales.\n"
        } else {
            out += "| Locale | Entries | Overflowing | Skipped | Failed |\n|---|---:|---:|---:|---:|\n"
            for summary in locales {
                out += "| \(localeCell(ReportText.localeLabel(summary.locale, pseudo: summary.pseudo))) | "
                out += "\(summary.entries) | "
                out += "\(summary.overflowing) | \(summary.skipped) | \(summary.failed) |\n"
            }
        }

        out += "\n## Overflowing keys\n\n"
        let groups = OffenderGroup.groups(report.worstFirst)
        if groups.isEmpty {
            out += "No entry overflows.\n"
        } else {
            let shown = groups.prefix(limit)
            out += "One row per key, worst first (most lines over the allowance, then largest width growth against "
            out += "the source language); the worst of its overflows is shown.\n\n"
            out +=
                "| Key | Overflows | Locales | Worst | Variant | Size | Lines | Allowed | Width (pt) | Max width (pt) "
            out += "| Growth | Text | Location |\n"
            out += "|---|---:|---|---|---|---|---:|---:|---:|---:|---:|---|---|\n"
            for group in shown { out += row(group) }
            if shown.count < groups.count {
                let hidden = groups.dropFirst(shown.count)
                out += "\n" + ReportText.counted(hidden.count, "more key") + " with "
                out += ReportText.counted(hidden.reduce(0) { $0 + $1.count }, "overflow")
                out +=
                    (hidden.count == 1 ? " is" : " are") + " not shown (the JSON and SARIF reports have every one).\n"
            }
        }

        if !report.fontSets.isEmpty {
            out += "\n## Fonts\n\n| Locales | Fonts (family, file, SHA-256) |\n|---|---|\n"
            for set in report.fontSets {
                out +=
                    "| \(cell(set.locales.map(shortLocale).joined(separator: ", "))) | \(cell(set.shortDescription())) |\n"
            }
        }

        out += failedSection(Array(report.failed.prefix(limit)))
        if report.failed.count > limit {
            out += "\n\(report.failed.count - limit) more entries that could not be measured are not shown.\n"
        }

        let reasons = report.skippedReasonCounts
        if !reasons.isEmpty {
            out += "\n## Skipped entries\n\n| Reason | Count |\n|---|---:|\n"
            for reason in reasons.prefix(max(limit, 1)) { out += "| \(cell(reason.reason)) | \(reason.count) |\n" }
            if reasons.count > max(limit, 1) { out += "| (\(reasons.count - max(limit, 1)) more reasons) | |\n" }
        }

        if !report.fileErrors.isEmpty {
            out += "\n## File errors\n\n| File | Line | Column | Message |\n|---|---:|---:|---|\n"
            for error in report.fileErrors.prefix(limit) {
                let line = error.position.map { String($0.line) } ?? ""
                let column = error.position.map { String($0.column) } ?? ""
                out += "| \(cell(error.file)) | \(line) | \(column) | \(cell(error.message)) |\n"
            }
            if report.fileErrors.count > limit {
                out += "\n\(report.fileErrors.count - limit) more file errors are not shown.\n"
            }
        }
        return out
    }

    /// The new overflows by key and the records that no longer overflow.
    private static func baselineSection(_ baseline: BaselineComparison, limit: Int) -> String {
        var out = "\n## Baseline\n\n**\(ReportText.counted(baseline.new.count, "new overflow"))** not in "
        out += "`\(cell(baseline.file))` (these fail the check); \(baseline.known) accepted by it.\n"
        if baseline.unreadRecords > 0 {
            out += "\n" + CatalogTerminalSummary.unreadSentence(baseline) { "`\(cell($0))`" } + "\n"
        }
        let byKey = baseline.newByKey
        if !byKey.isEmpty {
            out += "\n| New overflows of key | Count | Locales |\n|---|---:|---|\n"
            for group in byKey.prefix(limit) {
                out +=
                    "| \(cell(group.key)) | \(group.count) | \(cell(group.locales.map(shortLocale).joined(separator: ", "))) |\n"
            }
            if byKey.count > limit { out += "\n\(byKey.count - limit) more keys are not shown.\n" }
        }
        if !baseline.fixed.isEmpty {
            out += "\n\(ReportText.counted(baseline.fixed.count, "baseline record")) no longer overflow"
            out += (baseline.fixed.count == 1 ? "s" : "") + " (remove, or write the baseline again):\n\n"
            out += "| File | Locale | Key | Variant | Size |\n|---|---|---|---|---|\n"
            for record in baseline.fixed.prefix(limit) {
                out += "| \(cell(record.file)) | \(localeCell(record.locale)) | \(cell(record.key)) | "
                out += "\(cell(record.variant)) | \(cell(record.contentSize)) |\n"
            }
            if baseline.fixed.count > limit { out += "\n\(baseline.fixed.count - limit) more are not shown.\n" }
        }
        return out
    }

    /// `text` cut at the last line break before `length` UTF-8 bytes, with a note; for a report whose fixed parts
    /// alone (the locales table of thousands of locales) are too long.
    private static func cut(_ text: String, to length: Int) -> String {
        let note = "\n… (cut: the report is longer than \(length) bytes; the JSON report has all of it)\n"
        var bytes = Array(text.utf8.prefix(max(0, length - note.utf8.count)))
        while let last = bytes.last, last != 0x0A { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self) + note
    }

    /// `**3 files**, 120 entries measured, **2 overflowing**, …`.
    private static func totalLine(_ report: CatalogReport) -> String {
        "**\(ReportText.counted(report.files.count, "file"))**, "
            + ReportText.counted(report.entries.count, "entry measured", plural: "entries measured") + ", "
            + "**\(report.overflowCount) overflowing**, \(report.skipped.count) skipped, "
            + "\(report.failed.count) failed, "
            + ReportText.counted(report.fileErrors.count, "file error") + "."
    }

    private static func row(_ group: OffenderGroup) -> String {
        let measured = group.worst
        let entry = measured.entry
        let allowed = measured.constraint.allowedLines(for: measured.measuredText)
        let locales =
            group.locales.count > 12
            ? group.locales.prefix(12).map(shortLocale).joined(separator: ", ")
                + ", … (\(group.locales.count - 12) more)"
            : group.locales.map(shortLocale).joined(separator: ", ")
        let cells = [
            cell(ReportText.shortened(entry.key, to: textLimit)),
            String(group.count),
            cell(locales),
            localeCell(ReportText.localeLabel(entry)),
            cell(entry.variant),
            cell(measured.constraint.contentSize ?? ""),
            String(measured.lines),
            allowed == Int.max ? "" : String(allowed),
            ReportText.points(measured.width),
            ReportText.points(measured.constraint.width),
            measured.growth.map(ReportText.growth) ?? "",
            cell(ReportText.shortened(measured.measuredText, to: textLimit)),
            cell("\(entry.file):\(entry.position.line):\(entry.position.column)"),
        ]
        return "| " + cells.joined(separator: " | ") + " |\n"
    }

    /// `text` escaped for one GFM table cell (see `MarkdownCell`).
    private static func cell(_ text: String) -> String { MarkdownCell.escape(text) }

    /// A locale as a cell shows it: cut like keys and texts, since a catalog may name a locale of any length (an
    /// `.xcstrings` key), and one 70,000-character locale would otherwise push every table past the size limit.
    private static func shortLocale(_ locale: String) -> String { ReportText.shortened(locale, to: textLimit) }

    /// `locale` shortened (`shortLocale`) and escaped for one cell.
    private static func localeCell(_ locale: String) -> String { cell(shortLocale(locale)) }

    /// The "could not be measured" section (empty when nothing failed), shared with the budget report.
    static func failedSection(_ failed: [FailedEntry]) -> String {
        guard !failed.isEmpty else { return "" }
        var out = "\n## Entries that could not be measured\n\n| Locale | Key | Variant | Message | Location |\n"
        out += "|---|---|---|---|---|\n"
        for failed in failed {
            let entry = failed.entry
            let location = "\(entry.file):\(entry.position.line):\(entry.position.column)"
            out += "| \(localeCell(ReportText.localeLabel(entry))) | \(cell(entry.key)) | "
            out += "\(cell(entry.variant)) | \(cell(failed.message)) | \(cell(location)) |\n"
        }
        return out
    }
}
