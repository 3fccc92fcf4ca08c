/// What `measure catalog` prints by default: a short plain-text summary for a person at a terminal or reading a CI
/// log (no colour, no escape sequences).
///
/// ```
/// locale  entries  overflowing  skipped  failed
/// de          120            3        4       1
///
/// Worst offenders:
///   de settings.title [plural.one] @AX3: 3 lines > allowed 2 (width 298.4 pt, ×1.35) "Einstellungen für…"
///
/// Failed:
///   de.lproj/Localizable.strings:5:1: de emoji: no font covers U+1F600
///
/// Skipped:
///   4 not translatable
///
/// File errors:
///   fr.lproj/Localizable.strings:12:7: expected ';' after the value, found '"'
///
/// Total: 2 files, 240 entries, 3 overflowing, 4 skipped, 1 failed, 1 file error.
/// ```
/// Worst offenders are grouped by key (`OffenderGroup`): one line per key, its worst overflow, then how many
/// overflows it has in which locales. With a platform preset or a stand-in font, warnings come first; the fonts each
/// locale was measured with follow the offenders; with `--baseline`, the new overflows by key and the baseline
/// records that no longer overflow come before the total.
///
/// Every piece of catalog text is put on one line with its controls made visible (`ReportText.oneLine`), so a
/// translation can never move the cursor or inject a terminal escape sequence; and no line can be taken for a CI
/// runner's command (`ReportText.withoutWorkflowCommands`), whatever a locale or key starts with.
public enum CatalogTerminalSummary {
    /// The summary, ending in a newline. `limit` is how many worst offenders (and failed entries, and skip reasons)
    /// are listed at most; the rest are counted.
    public static func render(_ report: CatalogReport, limit: Int = 15) -> String {
        let limit = max(0, limit)
        var sections: [String] = []
        if !report.warnings.isEmpty {
            sections.append(report.warnings.map { "warning: " + ReportText.oneLine($0) + "\n" }.joined())
        }
        let locales = report.localeSummaries
        if !locales.isEmpty { sections.append(localeTable(locales)) }

        let worst = report.worstFirst
        if !worst.isEmpty {
            let groups = OffenderGroup.groups(worst)
            var section = "Worst offenders (one line per key):\n"
            for group in groups.prefix(limit) {
                section += "  " + offenderLine(group.worst)
                // Locales come from the catalogs (an .xcstrings key, an ARB's @@locale, a folder's name): one line.
                if let spread = group.spread() { section += " — " + ReportText.oneLine(spread) }
                section += "\n"
            }
            if groups.count > limit {
                let hidden = groups.dropFirst(limit).reduce(0) { $0 + $1.count }
                section +=
                    "  … "
                    + ReportText.counted(
                        hidden, "more overflowing entry",
                        plural: "more overflowing entries")
                    + " of " + ReportText.counted(groups.count - limit, "more key") + "\n"
            }
            sections.append(section)
        }
        if !report.fontSets.isEmpty { sections.append(fontsSection(report.fontSets)) }

        if !report.failed.isEmpty {
            var section = "Failed:\n"
            for failed in report.failed.prefix(limit) { section += "  " + failedLine(failed) + "\n" }
            if report.failed.count > limit {
                section +=
                    "  … "
                    + ReportText.counted(
                        report.failed.count - limit, "more failed entry",
                        plural: "more failed entries") + "\n"
            }
            sections.append(section)
        }

        let reasons = report.skippedReasonCounts
        if !reasons.isEmpty {
            var section = "Skipped:\n"
            for reason in reasons.prefix(limit) {
                section += "  \(reason.count) \(ReportText.oneLine(reason.reason))\n"
            }
            if reasons.count > limit {
                let hidden = reasons.dropFirst(limit).reduce(0) { $0 + $1.count }
                section += "  … \(hidden) more for \(ReportText.counted(reasons.count - limit, "other reason"))\n"
            }
            sections.append(section)
        }

        // Malformed entries are input errors: each with its place, as file errors are.
        let malformed = report.skipped.filter { if case .malformed = $0.reason { true } else { false } }
        if !malformed.isEmpty {
            var section = "Malformed entries:\n"
            for skipped in malformed.prefix(limit) {
                let label = ReportText.entryLabel(
                    key: ReportText.shortened(skipped.key, to: textLimit),
                    variant: skipped.variant, contentSize: nil)
                section +=
                    "  "
                    + ReportText.oneLine(
                        "\(skipped.file):\(skipped.position.line):"
                            + "\(skipped.position.column): \(ReportText.localeLabel(skipped.locale)) \(label): "
                            + "\(skipped.reason)") + "\n"
            }
            if malformed.count > limit {
                section +=
                    "  … "
                    + ReportText.counted(
                        malformed.count - limit, "more malformed entry",
                        plural: "more malformed entries") + "\n"
            }
            sections.append(section)
        }

        if !report.fileErrors.isEmpty {
            var section = "File errors:\n"
            for error in report.fileErrors { section += "  " + ReportText.oneLine(error.description) + "\n" }
            sections.append(section)
        }

        if report.skippedByRules > 0 {
            sections.append(
                "Skipped by config rules: "
                    + ReportText.counted(report.skippedByRules, "entry", plural: "entries") + " (not measured)\n")
        }
        if let baseline = report.baseline { sections.append(baselineSection(baseline, limit: limit)) }
        sections.append(totalLine(report))
        return ReportText.withoutWorkflowCommands(sections.joined(separator: "\n"))
    }

    /// `Fonts:` and one line per distinct cascade: its locales, then its fonts (`CatalogFontSet.shortDescription`).
    static func fontsSection(_ sets: [CatalogFontSet]) -> String {
        var section = "Fonts" + (sets.first?.platform.map { " (platform \($0))" } ?? "") + ":\n"
        for set in sets {
            section +=
                "  "
                + ReportText.oneLine(
                    set.locales.map(ReportText.localeLabel).joined(separator: ", ") + ": " + set.shortDescription())
                + "\n"
        }
        return section
    }

    /// What the baseline's records of files this run did not read mean: nothing is known of them, and when none of
    /// its files were read, the paths differ (moved catalogs, another working folder), so every overflow looks new.
    static func unreadLine(_ baseline: BaselineComparison) -> String {
        "baseline: " + unreadSentence(baseline, quote: ReportText.oneLine) + "\n"
    }

    /// `unreadLine`'s sentence, each file name spelt by `quote` (the Markdown report quotes them its own way).
    static func unreadSentence(_ baseline: BaselineComparison, quote: (String) -> String) -> String {
        let files = baseline.unreadFiles
        var named = files.prefix(3).map(quote).joined(separator: ", ")
        if files.count > 3 { named += " and \(files.count - 3) more" }
        var line =
            "\(ReportText.counted(baseline.unreadRecords, "record")) of "
            + "\(ReportText.counted(files.count, "file")) this run did not read (\(named)), neither new nor fixed"
        let unreadable = baseline.unreadableFiles.count
        if unreadable > 0 {
            line += "; \(unreadable) of those files could not be read (see the file errors)"
        }
        if unreadable < files.count {
            line +=
                "; if the catalogs moved or the run started in another folder than the one that wrote the baseline, "
                + "its paths differ: run from that folder or give --repo-root"
        }
        return line + "."
    }

    /// The comparison with the baseline; every line starts with `baseline:` (with a report on standard output,
    /// these lines go to standard error with the total).
    static func baselineSection(_ baseline: BaselineComparison, limit: Int) -> String {
        var section =
            "baseline: \(ReportText.counted(baseline.new.count, "new overflow")) not in "
            + "\(ReportText.oneLine(baseline.file)), \(baseline.known) accepted by it"
        section += baseline.new.isEmpty ? ".\n" : ":\n"
        if baseline.unreadRecords > 0 { section += unreadLine(baseline) }
        let byKey = baseline.newByKey
        for group in byKey.prefix(limit) {
            section +=
                "baseline:   new: " + ReportText.oneLine(group.key) + " (\(group.count): "
                + ReportText.oneLine(group.locales.map(ReportText.localeLabel).joined(separator: ", ")) + ")\n"
        }
        if byKey.count > limit { section += "baseline:   … \(byKey.count - limit) more keys\n" }
        if !baseline.fixed.isEmpty {
            section +=
                "baseline: \(ReportText.counted(baseline.fixed.count, "record")) no longer "
                + (baseline.fixed.count == 1 ? "overflows " : "overflow ")
                + "(remove them, or write the baseline again with --write-baseline):\n"
            for record in baseline.fixed.prefix(limit) {
                let label = ReportText.entryLabel(
                    key: record.key, variant: record.variant,
                    contentSize: record.contentSize.isEmpty ? nil : record.contentSize)
                section +=
                    "baseline:   fixed: "
                    + ReportText.oneLine(
                        "\(record.file): \(ReportText.localeLabel(record.locale)) \(label)") + "\n"
            }
            if baseline.fixed.count > limit { section += "baseline:   … \(baseline.fixed.count - limit) more\n" }
        }
        return section
    }

    /// One offender: `path:line:column: de key [variant] @AX3: 3 lines > allowed 2 (width 298.4 pt, ×1.35) "text…"`.
    public static func offenderLine(_ measured: MeasuredEntry) -> String {
        let entry = measured.entry
        let allowed = measured.constraint.allowedLines(for: measured.measuredText)
        // Keys may be whole source texts (String Catalogs keyed by English), so they are shortened like the text.
        let key = ReportText.shortened(ReportText.oneLine(entry.key), to: textLimit)
        let label = ReportText.entryLabel(
            key: key, variant: entry.variant,
            contentSize: measured.constraint.contentSize)
        // `path:line:column:` first, as compilers write it, so terminals and editors link to the entry.
        var line = ReportText.oneLine(
            "\(entry.file):\(entry.position.line):\(entry.position.column): "
                + ReportText.localeLabel(entry) + " " + label)
        line += ": \(measured.lines) lines > allowed \(allowed) (width \(ReportText.points(measured.width)) pt"
        if let growth = measured.growth { line += ", " + ReportText.growth(growth) }
        line += ") \"" + ReportText.shortened(ReportText.oneLine(measured.measuredText), to: textLimit) + "\""
        return line
    }

    /// One entry that could not be measured: `path:line:column: locale key [variant]: message`.
    public static func failedLine(_ failed: FailedEntry) -> String {
        let entry = failed.entry
        // Shortened as an offender's key is: a key may be a whole source text, or hostile and a megabyte long.
        let key = ReportText.shortened(ReportText.oneLine(entry.key), to: textLimit)
        let label = ReportText.entryLabel(key: key, variant: entry.variant, contentSize: nil)
        return ReportText.oneLine(
            "\(entry.file):\(entry.position.line):\(entry.position.column): "
                + ReportText.localeLabel(entry) + " " + label + ": " + failed.message)
    }

    /// How many characters of an offender's text are shown.
    public static let textLimit = 60

    /// The locales as a right-aligned table with a header row.
    private static func localeTable(_ locales: [CatalogLocaleSummary]) -> String {
        let header = ["locale", "entries", "overflowing", "skipped", "failed"]
        let rows = locales.map {
            [
                // Cut like texts: one very long locale (an `.xcstrings` key) would pad every row to its length.
                ReportText.shortened(
                    ReportText.oneLine(ReportText.localeLabel($0.locale, pseudo: $0.pseudo)), to: textLimit),
                String($0.entries),
                String($0.overflowing), String($0.skipped), String($0.failed),
            ]
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func format(_ cells: [String]) -> String {
            cells.enumerated().map { column, text in
                let padding = String(repeating: " ", count: widths[column] - text.count)
                return column == 0 ? text + padding : padding + text
            }.joined(separator: "  ")
        }
        return ([header] + rows).map { format($0) + "\n" }.joined()
    }

    private static func totalLine(_ report: CatalogReport) -> String {
        "Total: \(ReportText.counted(report.files.count, "file")), "
            + ReportText.counted(report.entries.count, "entry", plural: "entries")
            + ", \(report.overflowCount) overflowing, \(report.skipped.count) skipped, \(report.failed.count) failed, "
            + ReportText.counted(report.fileErrors.count, "file error") + ".\n"
    }
}
