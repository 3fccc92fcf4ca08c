import TextCoding

/// The report page's data, one JSON object in a `<script type="application/json">` element that the page's script
/// reads (`ReportPageAssets.script`): `{"t": strings, "d": drawings, "r": rows}`.
///
/// - `t`: every locale, key, variant, file and state once; rows refer to them by index.
/// - `d`: `EntryPicture` drawings, each distinct one once (entries of several locales share their source's).
/// - `r`: the rows in page order; a measured entry is `[status, locale, key, variant, file, line, text, facts,
///   sourceDrawing, sourceLocale, drawing]` (status `o` overflows or `f` fits; sourceDrawing -1 without a source),
///   a failed one `["x", locale, key, variant, file, line, text, message]`.
///
/// Every string is made safe first (`MarkupText.sanitized`) and written with `<` escaped, so no catalog text can
/// end the element or open a comment in it. One owner, one thread.
final class ReportDataBlock {
    private var strings: [String] = []
    private var stringIndex: [String: Int] = [:]
    private var drawings: [String] = []
    private var drawingIndex: [String: Int] = [:]
    private var rows = ""

    /// The index of `text` in the strings table, added on first use.
    func string(_ text: String) -> Int {
        if let known = stringIndex[text] { return known }
        strings.append(text)
        stringIndex[text] = strings.count - 1
        return strings.count - 1
    }

    /// The index of the drawing `data` (an `EntryPicture.data` array), added on first use.
    func drawing(_ data: String) -> Int {
        if let known = drawingIndex[data] { return known }
        drawings.append(data)
        drawingIndex[data] = drawings.count - 1
        return drawings.count - 1
    }

    /// Appends a row of already-encoded JSON values (numbers, or strings from `quoted`).
    func addRow(_ values: [String]) {
        if !rows.isEmpty { rows += ",\n" }
        rows += "[" + values.joined(separator: ",") + "]"
    }

    /// `text` made safe and written as a JSON string with `<` as `\u003c`.
    static func quoted(_ text: String) -> String {
        let literal = JSONString.quoted(MarkupText.sanitized(text))
        return literal.utf8.contains(UInt8(ascii: "<")) ? literal.replacing("<", with: "\\u003c") : literal
    }

    /// The JSON object.
    var json: String {
        var out = "{\"t\":["
        for (index, text) in strings.enumerated() {
            if index > 0 { out += "," }
            out += Self.quoted(text)
        }
        out += "],\n\"d\":[\n" + drawings.joined(separator: ",\n") + "],\n\"r\":[\n" + rows + "]}"
        return out
    }
}
