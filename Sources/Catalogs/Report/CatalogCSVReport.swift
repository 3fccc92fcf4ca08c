/// `measure catalog --format csv`: one row per measured entry, then one per skipped entry, failed entry and file
/// error, for spreadsheets.
///
/// RFC 4180: a header row, CRLF after every record, a field quoted (`"…"`, inner quotes doubled) when it holds a
/// comma, a quote, CR, LF or a tab, or starts or ends with a space, which RFC 4180 does not require but spreadsheet
/// importers otherwise mangle. Numbers are exact (shortest round-trip spelling); absent values are empty fields;
/// booleans are `true`/`false`. `pseudo` names the pseudo locale of an entry `--pseudo` generated (empty for the
/// catalogs' own).
///
/// Every row says what it is in `status`, as the JSON report's lists do: `measured` (the `entries`), `skipped` (an
/// entry its parser passed over), `failed` (an entry that could not be measured: its locale's fonts are missing, or
/// no font of its cascade has some of its characters) and `fileError` (a file that could not be used); `message` is
/// the reason, empty for a measured row. A skipped row has the place and identity columns; a failed row those, the
/// catalog's `text`, `state` and `pseudo`; a file error the file and, when the problem is at a place, its line and
/// column. The measurement columns of those rows are empty.
///
/// Control characters: line breaks and tabs stay (quoted, a spreadsheet shows them as a multi-line cell), but every
/// other C0 control character and DEL is written as its visible Control Picture (U+0004 → `␄` U+2404, DEL → `␡`
/// U+2421) and a C1 control as U+FFFD. Spreadsheet importers drop, cut at or misread raw control characters — and a
/// gettext key with a context holds one, U+0004 between `msgctxt` and `msgid` —, so a raw byte would hide the very
/// text the row is about; the picture shows where it is and which one it was.
///
/// Formulas: a text field (a key, a text, a file name, a locale, a message — every column but the numbers and
/// booleans) that starts with `=`, `+`, `-`, `@`, a tab or CR is written with a `'` before it, as OWASP advises against
/// CSV injection: spreadsheets read such a cell as a formula (`=HYPERLINK(…)` in a key from a pull request, or simply
/// `- ¿Estás usando una VPN?` made an error), and show the `'`-prefixed cell as the text itself. The JSON report has
/// the text as it is.
///
/// Column names are the JSON report's entry keys, every one of them in the JSON's order (`catalogText`,
/// `allowedLines`, `maxLines`, `naturalWidth`, …), then `fonts`, `status` and `message`, so one script can read
/// either. A failed row's `text` and `catalogText` are both the catalog's text (it was never filled and measured). `fonts` states the fonts the row was measured with
/// (`CatalogFontSet.shortDescription`: families, files and the first 12 hex digits of their SHA-256 — the JSON report
/// has the full digests), ending in `[stand-in]` when a platform font was replaced; `level` is the SARIF level its
/// rules give.
public enum CatalogCSVReport {
    /// The columns that hold numbers or booleans, never a formula's first character: the others are text
    /// (`textField`).
    static let valueColumns: Set<String> = [
        "line", "column", "width", "height", "lines", "allowedLines", "overflow", "maxWidth", "maxLines", "pointSize",
        "naturalWidth", "sourceWidth", "growth", "cached",
    ]

    /// The column names, in order.
    public static let columns = [
        "file", "line", "column", "locale", "key", "variant", "text", "catalogText", "width", "height", "lines",
        "allowedLines", "overflow", "maxWidth", "maxLines", "pointSize", "textStyle", "contentSize", "state",
        "sourceText", "table", "naturalWidth", "sourceWidth", "growth", "cached", "pseudo", "fonts", "level", "status",
        "message",
    ]

    /// The report as CSV text (header row included, every record ending in CRLF): the measured entries, then the
    /// skipped entries, the failed entries and the file errors, each in the report's order.
    public static func render(_ report: CatalogReport) -> String {
        var out = ""
        out.reserveCapacity(200 + (report.entries.count + report.skipped.count + report.failed.count) * 160)
        appendRecord(columns, header: true, to: &out)
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
            fields.append(entry.text)
            fields.append(number(measured.width))
            fields.append(number(measured.height))
            fields.append(String(measured.lines))
            fields.append(allowed == Int.max ? "" : String(allowed))
            fields.append(String(measured.overflows))
            fields.append(number(constraint.width))
            fields.append(constraint.maxLines.map(String.init) ?? "")
            fields.append(number(constraint.pointSize))
            fields.append(constraint.textStyle ?? "")
            fields.append(constraint.contentSize ?? "")
            fields.append(entry.state ?? "")
            fields.append(entry.sourceText ?? "")
            fields.append(entry.table ?? "")
            fields.append(number(measured.naturalWidth))
            fields.append(measured.sourceWidth.map(number) ?? "")
            fields.append(measured.growth.map(number) ?? "")
            fields.append(String(measured.fromDatabase))
            fields.append(entry.pseudo?.locale ?? "")
            fields.append(measured.fontSet.flatMap { fonts.indices.contains($0) ? fonts[$0] : nil } ?? "")
            fields.append(measured.level ?? "")
            fields.append("measured")
            fields.append("")
            appendRecord(fields, to: &out)
        }
        for skipped in report.skipped {
            appendUnmeasured(
                file: skipped.file, line: skipped.position.line, column: skipped.position.column,
                locale: skipped.locale, key: skipped.key, variant: skipped.variant,
                status: "skipped", message: skipped.reason.description, to: &out)
        }
        for failed in report.failed {
            let entry = failed.entry
            appendUnmeasured(
                file: entry.file, line: entry.position.line, column: entry.position.column,
                locale: entry.locale, key: entry.key, variant: entry.variant, text: entry.text,
                state: entry.state ?? "", pseudo: entry.pseudo?.locale ?? "",
                status: "failed", message: failed.message, to: &out)
        }
        for error in report.fileErrors {
            appendUnmeasured(
                file: error.file, line: error.position?.line, column: error.position?.column,
                status: "fileError", message: error.message, to: &out)
        }
        return out
    }

    /// `field` as one CSV field: its control characters other than line breaks and tabs made visible (see the
    /// type's documentation), then as is, or quoted with its quotes doubled when it needs quoting.
    public static func field(_ field: String) -> String {
        let field = visibleControls(field)
        guard needsQuotes(field) else { return field }
        // By scalar, not by `Character`: a quote that begins or ends a grapheme cluster (`"` U+0301, U+0600 `"`) is
        // no `Character` of its own, and was left single inside the quoted field, ending it early.
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in field.unicodeScalars {
            if scalar == "\"" { quoted.append("\"") }
            quoted.append(scalar)
        }
        quoted.append("\"")
        return String(quoted)
    }

    /// A row that has no measurement: the place, identity and what the report knows of it, then its status and
    /// message; every measurement column empty.
    private static func appendUnmeasured(
        file: String, line: Int?, column: Int?, locale: String = "",
        key: String = "", variant: String = "", text: String = "",
        state: String = "", pseudo: String = "", status: String, message: String,
        to out: inout String
    ) {
        let known = [
            "file": file, "line": line.map(String.init) ?? "", "column": column.map(String.init) ?? "",
            "locale": locale, "key": key, "variant": variant, "text": text, "catalogText": text, "state": state,
            "pseudo": pseudo, "status": status, "message": message,
        ]
        appendRecord(columns.map { known[$0] ?? "" }, to: &out)
    }

    /// Whether each column is text (`valueColumns`), by position.
    private static let textColumns = columns.map { !valueColumns.contains($0) }

    private static func appendRecord(_ fields: [String], header: Bool = false, to out: inout String) {
        appendRecord(fields, textColumns: header ? nil : textColumns, to: &out)
    }

    /// Appends `fields` as one record ending in CRLF: each a `textField` where `textColumns` says the column is text,
    /// else a `field` (every one a `field` when `textColumns` is nil: a header row). The budget report writes its
    /// records here too.
    static func appendRecord(_ fields: [String], textColumns: [Bool]?, to out: inout String) {
        for (index, value) in fields.enumerated() {
            if index > 0 { out += "," }
            out += textColumns?[index] == true ? textField(value) : field(value)
        }
        out += "\r\n"
    }

    /// `text` as a CSV field that no spreadsheet reads as a formula: with a `'` before it when it starts with `=`,
    /// `+`, `-`, `@`, a tab or CR (see the type's documentation).
    public static func textField(_ text: String) -> String {
        switch text.unicodeScalars.first {
        case "=", "+", "-", "@", "\t", "\r": return field("'" + text)
        default: return field(text)
        }
    }

    private static func needsQuotes(_ field: String) -> Bool {
        if field.utf8.first == UInt8(ascii: " ") || field.utf8.last == UInt8(ascii: " ") { return true }
        return field.utf8.contains {
            $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"")
        }
    }

    /// `text` with every C0 control but LF, CR and tab, and DEL, as its Control Picture, and every C1 control as
    /// U+FFFD; the text itself when it has none (the usual case, one scan of its bytes).
    private static func visibleControls(_ text: String) -> String {
        // C1 controls are U+0080…U+009F, whose UTF-8 starts with 0xC2.
        guard
            text.utf8.contains(where: {
                ($0 < 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09) || $0 == 0x7F
                    || $0 == 0xC2
            })
        else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0D, 0x09: out.append(scalar)
            case 0x00..<0x20: out.append(ReportText.controlPicture(scalar))
            case 0x7F: out.append("\u{2421}")
            case 0x80..<0xA0: out.append("\u{FFFD}")
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// Exact, like the JSON report; a non-finite value (never expected) is written as Swift spells it.
    private static func number(_ value: Double) -> String {
        value.isFinite ? ReportText.jsonNumber(value) : "\(value)"
    }
}
