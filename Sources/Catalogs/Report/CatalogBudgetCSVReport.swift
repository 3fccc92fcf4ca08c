/// `measure catalog --budget --format csv`: the width budget, one row per catalog group, key, variant and content
/// size, for spreadsheets.
///
/// The same RFC 4180 writing as `CatalogCSVReport` (header row, CRLF records, quoting where needed, a `'` before a
/// text field a spreadsheet would read as a formula). Numbers are
/// exact; absent values (an unlimited line count, a row no translation fits, no source) are empty fields;
/// `failedLocales` lists the locales not measured, separated by spaces. Failed entries themselves have no row:
/// they are in the JSON report and the summary.
public enum CatalogBudgetCSVReport {
    /// The column names, in order: the budget JSON report's keys.
    public static let columns = [
        "catalog", "key", "variant", "contentSize", "pointSize", "allowedLines", "neededWidth", "locale",
        "pseudo", "text", "sourceNeededWidth", "translations", "failedLocales",
    ]

    /// The budget of `report` as CSV text (header row included, every record ending in CRLF).
    public static func render(_ report: CatalogReport) -> String {
        let rows = report.budget ?? []
        var out = ""
        out.reserveCapacity(160 + rows.count * 120)
        appendRecord(columns, header: true, to: &out)
        var fields: [String] = []
        fields.reserveCapacity(columns.count)
        for row in rows {
            fields.removeAll(keepingCapacity: true)
            fields.append(row.catalog)
            fields.append(row.key)
            fields.append(row.variant)
            fields.append(row.contentSize ?? "")
            fields.append(ReportText.jsonNumber(row.pointSize))
            fields.append(row.allowedLines.map(String.init) ?? "")
            fields.append(row.neededWidth.map(ReportText.jsonNumber) ?? "")
            fields.append(row.locale ?? "")
            fields.append(row.pseudo?.locale ?? "")
            fields.append(row.text ?? "")
            fields.append(row.sourceNeededWidth.map(ReportText.jsonNumber) ?? "")
            fields.append(String(row.translations))
            fields.append(row.failedLocales.joined(separator: " "))
            appendRecord(fields, to: &out)
        }
        return out
    }

    /// Whether each column is text, by position: all but the numbers.
    private static let textColumns = columns.map {
        !["pointSize", "allowedLines", "neededWidth", "sourceNeededWidth", "translations"].contains($0)
    }

    private static func appendRecord(_ fields: [String], header: Bool = false, to out: inout String) {
        CatalogCSVReport.appendRecord(fields, textColumns: header ? nil : textColumns, to: &out)
    }
}
