import TextCoding

/// `measure catalog --budget --format json`: the width budget as one JSON object.
///
/// ```
/// {"budget": [{"catalog", "key", "variant", "contentSize", "pointSize", "allowedLines", "neededWidth", "locale",
///              "pseudo", "text", "sourceNeededWidth", "translations", "failedLocales"}, ...],
///  "failed": [...], "fileErrors": [...]}
/// ```
/// One row per catalog group, key, variant and content size (`BudgetRow`), in input order. `neededWidth` is exact
/// (the shortest spelling that reads back as the same double, as every JSON report writes numbers); absent values
/// are `null`, never left out. `failed` and `fileErrors` are the report's, as `CatalogJSONReport` writes them, so
/// what could not be measured is listed beside the budget it is missing from.
public enum CatalogBudgetJSONReport {
    /// The budget of `report` (empty when none was computed) as JSON text, ending in a newline.
    public static func render(_ report: CatalogReport) -> String {
        let rows = report.budget ?? []
        var out = ""
        out.reserveCapacity(64 + rows.count * 300)
        out += "{\n  \"budget\": "
        CatalogJSONReport.appendArray(rows, to: &out, appendRow)
        out += ",\n  \"failed\": "
        CatalogJSONReport.appendArray(report.failed, to: &out, CatalogJSONReport.appendFailed)
        out += ",\n  \"fileErrors\": "
        CatalogJSONReport.appendArray(report.fileErrors, to: &out, CatalogJSONReport.appendFileError)
        out += "\n}\n"
        return out
    }

    private static func appendRow(_ row: BudgetRow, to out: inout String) {
        out += "{\"catalog\": "
        JSONString.append(row.catalog, to: &out)
        out += ", \"key\": "
        JSONString.append(row.key, to: &out)
        out += ", \"variant\": "
        JSONString.append(row.variant, to: &out)
        out += ", \"contentSize\": "
        CatalogJSONReport.appendOptional(row.contentSize, to: &out)
        out += ", \"pointSize\": \(ReportText.jsonNumber(row.pointSize))"
        out += ", \"allowedLines\": " + (row.allowedLines.map(String.init) ?? "null")
        out += ", \"neededWidth\": " + (row.neededWidth.map(ReportText.jsonNumber) ?? "null")
        out += ", \"locale\": "
        CatalogJSONReport.appendOptional(row.locale, to: &out)
        out += ", \"pseudo\": "
        CatalogJSONReport.appendOptional(row.pseudo?.locale, to: &out)
        out += ", \"text\": "
        CatalogJSONReport.appendOptional(row.text, to: &out)
        out += ", \"sourceNeededWidth\": " + (row.sourceNeededWidth.map(ReportText.jsonNumber) ?? "null")
        out += ", \"translations\": \(row.translations), \"failedLocales\": ["
        for (index, locale) in row.failedLocales.enumerated() {
            if index > 0 { out += ", " }
            JSONString.append(locale, to: &out)
        }
        out += "]}"
    }
}
