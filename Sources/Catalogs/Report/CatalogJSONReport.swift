import TextCoding

/// `measure catalog --format json`: the whole report as one JSON object, for scripts and dashboards.
///
/// ```
/// {"summary": {"files", "entries", "overflowing", "skipped", "failed", "fileErrors",
///              "locales": {TAG: {"entries", "overflowing", "skipped", "failed"}}},
///  "files": [...], "entries": [...], "skipped": [...], "failed": [...], "fileErrors": [...]}
/// ```
/// Entries (and failed entries) that `--pseudo` generated name their pseudo locale in `"pseudo"` (null for the
/// catalogs' own).
///
/// After those: `"platform"` (the preset, or null), `"warnings"` (a stand-in font, …), `"fonts"` (per distinct
/// cascade: its locales and every font's `family`, `file`, `faceIndex`, `sha256`, and `standIn`), `"rules"` (each
/// config rule's `number`, `keys`, `skip` and `matches`), `"skippedByRules"`, and `"baseline"` (null without
/// `--baseline`; else `file`, `new`, `known`, `newByKey`, `newEntries`, the records that no longer overflow,
/// `fixed`, and `unreadRecords` and `unreadFiles`, the records of files the run did not read). Each entry also has
/// `level` (its rules' SARIF level, or null). An entry does not
/// name its font set by index: the index depends on which cascades a run loaded, and a `--shard` run's entries must
/// be exactly the unsharded run's; its locale is in one set's `locales`.
/// Keys come in a fixed order and locales sorted by tag, so the same report always prints the same bytes and runs
/// can be diffed. Numbers are exact (the shortest spelling that reads back as the same double); absent values are
/// `null`, never left out, so every entry object has the same keys. One entry per line keeps large reports greppable.
public enum CatalogJSONReport {
    /// The report as JSON text, ending in a newline.
    public static func render(_ report: CatalogReport) -> String {
        var out = ""
        out.reserveCapacity(256 + report.entries.count * 420 + report.skipped.count * 160)
        out += "{\n  \"summary\": "
        appendSummary(report, to: &out)
        out += ",\n  \"files\": "
        appendArray(report.files, to: &out, appendFile)
        out += ",\n  \"entries\": "
        appendArray(report.entries, to: &out, appendEntry)
        out += ",\n  \"skipped\": "
        appendArray(report.skipped, to: &out, appendSkipped)
        out += ",\n  \"failed\": "
        appendArray(report.failed, to: &out, appendFailed)
        out += ",\n  \"fileErrors\": "
        appendArray(report.fileErrors, to: &out, appendFileError)
        out += ",\n  \"platform\": "
        appendOptional(report.platform, to: &out)
        out += ",\n  \"warnings\": "
        appendArray(report.warnings, to: &out) { warning, out in JSONString.append(warning, to: &out) }
        out += ",\n  \"fonts\": "
        appendArray(report.fontSets, to: &out, appendFontSet)
        out += ",\n  \"rules\": "
        appendArray(report.ruleMatches, to: &out) { rule, out in
            out += "{\"number\": \(rule.number), \"keys\": "
            JSONString.append(rule.keys, to: &out)
            out += ", \"skip\": \(rule.skip), \"matches\": \(rule.matches)}"
        }
        out += ",\n  \"skippedByRules\": \(report.skippedByRules)"
        out += ",\n  \"baseline\": "
        if let baseline = report.baseline { appendBaseline(baseline, to: &out) } else { out += "null" }
        out += "\n}\n"
        return out
    }

    private static func appendFontSet(_ set: CatalogFontSet, to out: inout String) {
        out += "{\"locales\": ["
        for (index, locale) in set.locales.enumerated() {
            if index > 0 { out += ", " }
            JSONString.append(locale, to: &out)
        }
        out += "], \"platform\": "
        appendOptional(set.platform, to: &out)
        out += ", \"standIn\": "
        appendOptional(set.standIn, to: &out)
        out += ", \"fonts\": ["
        for (index, font) in set.fonts.enumerated() {
            out += index > 0 ? ", " : ""
            out += "{\"family\": "
            JSONString.append(font.family, to: &out)
            out += ", \"file\": "
            JSONString.append(font.file, to: &out)
            out += ", \"faceIndex\": \(font.faceIndex), \"sha256\": "
            appendOptional(font.sha256, to: &out)
            out += "}"
        }
        out += "]}"
    }

    private static func appendBaseline(_ baseline: BaselineComparison, to out: inout String) {
        out += "{\"file\": "
        JSONString.append(baseline.file, to: &out)
        out += ", \"new\": \(baseline.new.count), \"known\": \(baseline.known), \"newByKey\": ["
        for (index, group) in baseline.newByKey.enumerated() {
            out += index > 0 ? ", " : ""
            out += "{\"key\": "
            JSONString.append(group.key, to: &out)
            out += ", \"count\": \(group.count), \"locales\": ["
            out += group.locales.map { JSONString.quoted($0) }.joined(separator: ", ") + "]}"
        }
        out += "],\n    \"newEntries\": "
        var newEntries = ""
        appendArray(baseline.new, to: &newEntries, appendEntry)
        out += newEntries.replacingIndent()
        out += ",\n    \"fixed\": "
        var fixed = ""
        appendArray(baseline.fixed, to: &fixed) { record, out in
            out += "{\"file\": "
            JSONString.append(record.file, to: &out)
            out += ", \"table\": "
            appendOptional(record.table, to: &out)
            for (name, value) in [
                ("locale", record.locale), ("key", record.key), ("variant", record.variant),
                ("contentSize", record.contentSize), ("textDigest", record.textDigest),
            ] {
                out += ", \"\(name)\": "
                JSONString.append(value, to: &out)
            }
            out += "}"
        }
        out += fixed.replacingIndent()
        out += ",\n    \"unreadRecords\": \(baseline.unreadRecords), \"unreadFiles\": ["
        out += baseline.unreadFiles.map { JSONString.quoted($0) }.joined(separator: ", ") + "]}"
    }

    private static func appendSummary(_ report: CatalogReport, to out: inout String) {
        out += "{\"files\": \(report.files.count), \"entries\": \(report.entries.count), "
        out += "\"overflowing\": \(report.overflowCount), \"skipped\": \(report.skipped.count), "
        out += "\"failed\": \(report.failed.count), \"fileErrors\": \(report.fileErrors.count), \"locales\": {"
        for (index, summary) in report.localeSummaries.enumerated() {
            if index > 0 { out += ", " }
            JSONString.append(summary.locale, to: &out)
            out += ": {\"entries\": \(summary.entries), \"overflowing\": \(summary.overflowing), "
            out += "\"skipped\": \(summary.skipped), \"failed\": \(summary.failed)}"
        }
        out += "}}"
    }

    /// `[]` when empty, else one element per line.
    static func appendArray<Element>(
        _ elements: [Element], to out: inout String,
        _ appendElement: (Element, inout String) -> Void
    ) {
        guard !elements.isEmpty else {
            out += "[]"
            return
        }
        out += "[\n"
        for (index, element) in elements.enumerated() {
            out += index == 0 ? "    " : ",\n    "
            appendElement(element, &out)
        }
        out += "\n  ]"
    }

    private static func appendFile(_ file: CatalogReport.File, to out: inout String) {
        out += "{\"path\": "
        JSONString.append(file.path, to: &out)
        out += ", \"format\": "
        JSONString.append(file.format.rawValue, to: &out)
        out += ", \"locales\": ["
        for (index, locale) in file.locales.enumerated() {
            if index > 0 { out += ", " }
            JSONString.append(locale, to: &out)
        }
        out += "], \"entries\": \(file.entryCount), \"skipped\": \(file.skippedCount)}"
    }

    private static func appendEntry(_ measured: MeasuredEntry, to out: inout String) {
        let entry = measured.entry
        let constraint = measured.constraint
        let allowed = constraint.allowedLines(for: measured.measuredText)
        appendPlace(file: entry.file, line: entry.position.line, column: entry.position.column, to: &out)
        appendIdentity(locale: entry.locale, key: entry.key, variant: entry.variant, to: &out)
        out += ", \"text\": "
        JSONString.append(measured.measuredText, to: &out)
        out += ", \"catalogText\": "
        JSONString.append(entry.text, to: &out)
        out += ", \"width\": \(ReportText.jsonNumber(measured.width))"
        out += ", \"height\": \(ReportText.jsonNumber(measured.height))"
        out += ", \"lines\": \(measured.lines)"
        out += ", \"allowedLines\": " + (allowed == Int.max ? "null" : String(allowed))
        out += ", \"overflow\": \(measured.overflows)"
        out += ", \"maxWidth\": \(ReportText.jsonNumber(constraint.width))"
        out += ", \"maxLines\": " + (constraint.maxLines.map(String.init) ?? "null")
        out += ", \"pointSize\": \(ReportText.jsonNumber(constraint.pointSize))"
        out += ", \"textStyle\": "
        appendOptional(constraint.textStyle, to: &out)
        out += ", \"contentSize\": "
        appendOptional(constraint.contentSize, to: &out)
        out += ", \"state\": "
        appendOptional(entry.state, to: &out)
        out += ", \"sourceText\": "
        appendOptional(entry.sourceText, to: &out)
        out += ", \"table\": "
        appendOptional(entry.table, to: &out)
        out += ", \"naturalWidth\": \(ReportText.jsonNumber(measured.naturalWidth))"
        out += ", \"sourceWidth\": " + (measured.sourceWidth.map(ReportText.jsonNumber) ?? "null")
        out += ", \"growth\": " + (measured.growth.map(ReportText.jsonNumber) ?? "null")
        out += ", \"cached\": \(measured.fromDatabase)"
        out += ", \"pseudo\": "
        appendOptional(entry.pseudo?.locale, to: &out)
        out += ", \"level\": "
        appendOptional(measured.level, to: &out)
        out += "}"
    }

    private static func appendSkipped(_ skipped: SkippedEntry, to out: inout String) {
        appendPlace(file: skipped.file, line: skipped.position.line, column: skipped.position.column, to: &out)
        appendIdentity(locale: skipped.locale, key: skipped.key, variant: skipped.variant, to: &out)
        let (kind, message): (String, String?) =
            switch skipped.reason {
            case .notTranslatable: ("notTranslatable", nil)
            case .malformed(let why): ("malformed", why)
            case .noValue(let why): ("noValue", why)
            }
        out += ", \"reason\": "
        JSONString.append(kind, to: &out)
        out += ", \"message\": "
        appendOptional(message, to: &out)
        out += ", \"description\": "
        JSONString.append(skipped.reason.description, to: &out)
        out += "}"
    }

    static func appendFailed(_ failed: FailedEntry, to out: inout String) {
        let entry = failed.entry
        appendPlace(file: entry.file, line: entry.position.line, column: entry.position.column, to: &out)
        appendIdentity(locale: entry.locale, key: entry.key, variant: entry.variant, to: &out)
        out += ", \"catalogText\": "
        JSONString.append(entry.text, to: &out)
        out += ", \"message\": "
        JSONString.append(failed.message, to: &out)
        out += ", \"pseudo\": "
        appendOptional(entry.pseudo?.locale, to: &out)
        out += "}"
    }

    static func appendFileError(_ error: CatalogError, to out: inout String) {
        out += "{\"file\": "
        JSONString.append(error.file, to: &out)
        out += ", \"line\": " + (error.position.map { String($0.line) } ?? "null")
        out += ", \"column\": " + (error.position.map { String($0.column) } ?? "null")
        out += ", \"message\": "
        JSONString.append(error.message, to: &out)
        out += "}"
    }

    /// Opens an object with `file`, `line`, `column`.
    private static func appendPlace(file: String, line: Int, column: Int, to out: inout String) {
        out += "{\"file\": "
        JSONString.append(file, to: &out)
        out += ", \"line\": \(line), \"column\": \(column)"
    }

    private static func appendIdentity(locale: String, key: String, variant: String, to out: inout String) {
        out += ", \"locale\": "
        JSONString.append(locale, to: &out)
        out += ", \"key\": "
        JSONString.append(key, to: &out)
        out += ", \"variant\": "
        JSONString.append(variant, to: &out)
    }

    static func appendOptional(_ text: String?, to out: inout String) {
        if let text { JSONString.append(text, to: &out) } else { out += "null" }
    }
}

extension String {
    /// An `appendArray` result nested one level deeper (its lines indented by two more spaces).
    fileprivate func replacingIndent() -> String {
        split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset == 0 ? String($0.element) : "  " + $0.element }.joined(separator: "\n")
    }
}
