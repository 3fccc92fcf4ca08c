/// `measure catalog --format csv`: one row per measured entry, for spreadsheets.
///
/// RFC 4180: a header row, CRLF after every record, a field quoted (`"…"`, inner quotes doubled) when it holds a
/// comma, a quote, CR or LF — and also when it holds any other control character or starts or ends with a space, which
/// RFC 4180 does not require but spreadsheet importers otherwise mangle. Numbers are exact (shortest round-trip
/// spelling); absent values are empty fields; booleans are `true`/`false`. Skipped and failed entries and file errors
/// have no row: they are in the JSON report and the terminal summary. `pseudo` names the pseudo locale of an entry
/// `--pseudo` generated (empty for the catalogs' own).
///
/// Column names are the JSON report's keys (`allowedLines`, `maxWidth`, `contentSize`, …), so one script can read
/// either. `fonts` states the fonts the row was measured with (`CatalogFontSet.shortDescription`: families, files
/// and the first 12 hex digits of their SHA-256 — the JSON report has the full digests), ending in `[stand-in]` when
/// a platform font was replaced; `level` is the SARIF level its rules give.
public enum CatalogCSVReport {
    /// The column names, in order.
    public static let columns = [
        "file", "line", "column", "locale", "key", "variant", "text", "width", "height", "lines", "allowedLines",
        "overflow", "maxWidth", "pointSize", "textStyle", "contentSize", "state", "sourceWidth", "growth",
        "cached", "pseudo", "fonts", "level",
    ]

    /// The report's measured entries as CSV text (header row included, every record ending in CRLF).
    public static func render(_ report: CatalogReport) -> String {
        var out = ""
        out.reserveCapacity(200 + report.entries.count * 160)
        appendRecord(columns, to: &out)
        var fields: [String] = []
        fields.reserveCapacity(columns.count)
        let fonts = report.fontSets.map { $0.shortDescription() }
        for measured in report.entries {
            fields.removeAll(keepingCapacity: true)
            let entry = measured.entry
            let constraint = measured.constraint
            let allowed = constraint.allowedLines(for: measured.measuredText)
            fields.append(entry.file)
            fields.append(String(entry.position.line))
            fields.append(String(entry.position.column))
            fields.append(entry.locale)
            fields.append(entry.key)
            fields.append(entry.variant)
            fields.append(measured.measuredText)
            fields.append(number(measured.width))
            fields.append(number(measured.height))
            fields.append(String(measured.lines))
            fields.append(allowed == Int.max ? "" : String(allowed))
            fields.append(String(measured.overflows))
            fields.append(number(constraint.width))
            fields.append(number(constraint.pointSize))
            fields.append(constraint.textStyle ?? "")
            fields.append(constraint.contentSize ?? "")
            fields.append(entry.state ?? "")
            fields.append(measured.sourceWidth.map(number) ?? "")
            fields.append(measured.growth.map(number) ?? "")
            fields.append(String(measured.fromDatabase))
            fields.append(entry.pseudo?.locale ?? "")
            fields.append(measured.fontSet.flatMap { fonts.indices.contains($0) ? fonts[$0] : nil } ?? "")
            fields.append(measured.level ?? "")
            appendRecord(fields, to: &out)
        }
        return out
    }

    /// `field` as one CSV field: as is, or quoted with its quotes doubled when it needs quoting.
    public static func field(_ field: String) -> String {
        guard needsQuotes(field) else { return field }
        var quoted = "\""
        for character in field {
            if character == "\"" { quoted += "\"\"" } else { quoted.append(character) }
        }
        return quoted + "\""
    }

    private static func appendRecord(_ fields: [String], to out: inout String) {
        for (index, value) in fields.enumerated() {
            if index > 0 { out += "," }
            out += field(value)
        }
        out += "\r\n"
    }

    private static func needsQuotes(_ field: String) -> Bool {
        if field.utf8.first == UInt8(ascii: " ") || field.utf8.last == UInt8(ascii: " ") { return true }
        return field.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") }
    }

    /// Exact, like the JSON report; a non-finite value (never expected) is written as Swift spells it.
    private static func number(_ value: Double) -> String {
        value.isFinite ? ReportText.jsonNumber(value) : "\(value)"
    }
}
