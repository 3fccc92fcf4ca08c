import ArgumentParsing
import Cache
import MeasureStore

/// `measure db export FILE --format csv|ndjson`: every stored size with its settings, for other tools.
struct DatabaseExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every stored size with its settings as CSV or NDJSON.",
        discussion: """
            One record per stored size, in key order: settings (digest), fonts, point_size, max_width, parameters \
            (JSON), engine, labels, text, width, height, lines, measured_at (ISO 8601, UTC). Numbers are exact \
            (shortest round-trip form). CSV follows RFC 4180 with a header line; its fonts and labels are lists \
            joined by ';', a label set as device/style/size (empty: -), with \\, / and ; inside a name escaped by \
            \\. NDJSON is one JSON object per line, fonts an array of strings and labels an array of \
            {deviceClass, textStyle, contentSize} objects. \
            Corrupt stored sizes (a width or height that is negative, infinite, NaN, above 10^15 pt or not a \
            number, a line count that is negative or not an integer, a damaged key or text, settings that do not \
            exist; see measure db verify) are never written: every valid record is exported, then the corrupt rows \
            are counted on standard error, with the first few, and the exit status is 1. Opens the database \
            read-only.
            """,
        options: [.single("format", valueName: "csv|ndjson", help: "The output format.", isRequired: true)],
        positionals: [.required("file", help: "The size database.")])

    enum Format: String { case csv, ndjson }

    static let columns = [
        "settings", "fonts", "point_size", "max_width", "parameters", "engine", "labels", "text",
        "width", "height", "lines", "measured_at",
    ]
    /// Results read per page.
    static let pageSize = 10_000

    var path: String
    var format: Format

    init(_ values: ParsedValues) throws(UsageError) {
        path = values.positional("file") ?? ""
        let name = values.string("format") ?? ""
        guard let format = Format(rawValue: name) else {
            throw UsageError("--format must be csv or ndjson, got '\(UsageError.excerpt(name))'")
        }
        self.format = format
    }

    func run(output: any OutputSink) throws {
        let store = try SizeStore(path: path, access: .readOnly)
        defer { store.close() }
        // The settings columns of each settings row, made once: as the start of a CSV record (escaped, with its
        // separating comma) and as JSON values.
        var prefixes: [SettingsID: (csv: String, json: [String])] = [:]
        // Settings rows that do not match their digest: their results are skipped, as merge skips them (export
        // printed them under settings they were never measured with, and exited 0).
        var damaged: Set<SettingsID> = []
        var corrupt = CorruptRows()
        for settings in try store.allSettings() {
            if let corruption = settings.corruption {
                damaged.insert(settings.id)
                corrupt.add(corruption)
                continue
            }
            let key = settings.key
            let fonts = settings.fonts.map { "\($0.familyName) \($0.styleName)#\($0.identity.faceIndex)" }
            let pointSize = key.map { JSONText.number($0.pointSize) } ?? ""
            let maxWidth = key.map { JSONText.number($0.maxWidth) } ?? ""
            let parameters = key?.parametersJSON ?? ""
            let engine = key?.engine ?? ""
            prefixes[settings.id] = (
                csv: Self.csvFields([
                    settings.digest.hexString, fonts.map(Self.csvListItem).joined(separator: ";"), pointSize,
                    maxWidth, parameters, engine, settings.labels.map(Self.csvLabels).joined(separator: ";"),
                ]) + ",",
                json: [
                    JSONText.string(settings.digest.hexString),
                    "[" + fonts.map(JSONText.string).joined(separator: ", ") + "]",
                    pointSize.isEmpty ? "null" : pointSize, maxWidth.isEmpty ? "null" : maxWidth,
                    parameters.isEmpty ? "null" : parameters, JSONText.string(engine),
                    "[" + settings.labels.map(SettingsDescription.labelsJSON).joined(separator: ", ") + "]",
                ]
            )
        }
        if format == .csv { output.writeOutput(Self.columns.joined(separator: ",") + "\r\n") }
        var cursor: ResultCursor?
        repeat {
            let page = try store.resultPage(after: cursor, limit: Self.pageSize)
            cursor = page.next
            corrupt.add(contentsOf: page.corrupt)
            var text = ""
            for row in page.results {
                if damaged.contains(row.settings) {
                    corrupt.add(CorruptRow.underCorruptSettings(row.settings, text: row.text))
                    continue
                }
                let prefix = prefixes[row.settings]
                let own = [
                    row.text, JSONText.number(row.size.width), JSONText.number(row.size.height),
                    String(row.size.lineCount), SettingsDescription.timestamp(row.measuredAt),
                ]
                if format == .csv {
                    text += (prefix?.csv ?? ",,,,,,,") + Self.csvRecord(own)
                } else {
                    let settings = prefix?.json ?? ["\"\"", "[]", "null", "null", "null", "\"\"", "[]"]
                    let values =
                        settings + [
                            JSONText.string(own[0]), own[1], own[2], own[3], JSONText.string(own[4]),
                        ]
                    text += JSONText.object(Array(zip(Self.columns, values))) + "\n"
                }
            }
            output.writeOutput(text)
            // A reader that went away (`| head`) or a full disk ends the export now, not after every page.
            try output.checkOutput()
        } while cursor != nil
        if !corrupt.isEmpty {
            output.writeError(
                "measure db export: skipped \(corrupt.count) corrupt row\(corrupt.count == 1 ? "" : "s") "
                    + "(measure db verify lists them; measure batch --db measures their texts again):\n"
                    + corrupt.examples.map { "  \($0)\n" }.joined())
            throw ExitCode.failure
        }
    }

    /// One CSV record: fields with a comma, quote, CR or LF are quoted, quotes doubled (RFC 4180). Looked for in
    /// the UTF-8 bytes: a grapheme-cluster walk of every field made exporting 100,000 rows of 9 KB texts take 43 s.
    static func csvRecord(_ fields: [String]) -> String {
        csvFields(fields) + "\r\n"
    }

    /// `fields` as CSV, escaped as `csvRecord` escapes them, without the record's end. Quotes are doubled byte by
    /// byte, not by `Character`: a quote that begins a grapheme cluster (`"` U+0301, `"` ZWJ) or ends one (U+0600
    /// `"`) is no `Character` of its own, and was left single inside a quoted field.
    static func csvFields(_ fields: [String]) -> String {
        fields.map { field in
            guard field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
                return field
            }
            var bytes: [UInt8] = [0x22]
            bytes.reserveCapacity(field.utf8.count + 8)
            for byte in field.utf8 {
                bytes.append(byte)
                if byte == 0x22 { bytes.append(0x22) }
            }
            bytes.append(0x22)
            return String(decoding: bytes, as: UTF8.self)
        }.joined(separator: ",")
    }

    /// A label set as one CSV item: device class, text style and content size joined by `/`, an empty one as `-`;
    /// a `\\`, `/`, `;` or a label that is `-` itself escaped with `\\`, so no two label sets read alike (`a/b` and
    /// `c`, `a` and `b/c`) and the `;` between sets never splits one.
    static func csvLabels(_ labels: SettingsLabels) -> String {
        [labels.deviceClass, labels.textStyle, labels.contentSize].map { label in
            label.isEmpty ? "-" : label == "-" ? "\\-" : csvListItem(label)
        }.joined(separator: "/")
    }

    /// `item` for a `;`-separated CSV list (fonts, labels): `\\`, `/` and `;` escaped with `\\`.
    static func csvListItem(_ item: String) -> String {
        // By scalar, not by `Character`: `;` U+0301 is one cluster, whose `;` must still be escaped.
        guard item.unicodeScalars.contains(where: { $0 == "\\" || $0 == "/" || $0 == ";" }) else { return item }
        var escaped = String.UnicodeScalarView()
        for scalar in item.unicodeScalars {
            if scalar == "\\" || scalar == "/" || scalar == ";" { escaped.append("\\") }
            escaped.append(scalar)
        }
        return String(escaped)
    }
}
