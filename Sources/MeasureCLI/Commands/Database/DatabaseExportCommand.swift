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
            (shortest round-trip form). CSV follows RFC 4180 with a header line; NDJSON is one JSON object per line. \
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
            throw UsageError("--format must be csv or ndjson, got '\(name)'")
        }
        self.format = format
    }

    func run(output: any OutputSink) throws {
        let store = try SizeStore(path: path, access: .readOnly)
        defer { store.close() }
        // The settings columns of each settings row, made once.
        var prefixes: [SettingsID: [String]] = [:]
        for settings in try store.allSettings() {
            let key = settings.key
            prefixes[settings.id] = [
                settings.digest.hexString,
                settings.fonts.map { "\($0.familyName) \($0.styleName)#\($0.identity.faceIndex)" }
                    .joined(separator: ";"),
                key.map { JSONText.number($0.pointSize) } ?? "",
                key.map { JSONText.number($0.maxWidth) } ?? "",
                key?.parametersJSON ?? "",
                key?.engine ?? "",
                settings.labels.map(SettingsDescription.labels).joined(separator: ";"),
            ]
        }
        if format == .csv { output.writeOutput(Self.columns.joined(separator: ",") + "\r\n") }
        var cursor: ResultCursor?
        var corrupt = CorruptRows()
        repeat {
            let page = try store.resultPage(after: cursor, limit: Self.pageSize)
            cursor = page.next
            corrupt.add(contentsOf: page.corrupt)
            var text = ""
            for row in page.results {
                let fields =
                    (prefixes[row.settings] ?? Array(repeating: "", count: 7)) + [
                        row.text, JSONText.number(row.size.width), JSONText.number(row.size.height),
                        String(row.size.lineCount), SettingsDescription.timestamp(row.measuredAt),
                    ]
                text += format == .csv ? Self.csvRecord(fields) : Self.jsonRecord(fields)
            }
            output.writeOutput(text)
        } while cursor != nil
        if !corrupt.isEmpty {
            output.writeError(
                "measure db export: skipped \(corrupt.count) corrupt row\(corrupt.count == 1 ? "" : "s") "
                    + "(measure db verify lists them; measure batch --db measures their texts again):\n"
                    + corrupt.examples.map { "  \($0)\n" }.joined())
            throw ExitCode.failure
        }
    }

    /// One CSV record: fields with a comma, quote, CR or LF are quoted, quotes doubled (RFC 4180).
    static func csvRecord(_ fields: [String]) -> String {
        fields.map { field in
            field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
                ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
        }.joined(separator: ",") + "\r\n"
    }

    /// One NDJSON line: numbers as numbers, parameters as an object, labels and fonts as arrays of strings.
    static func jsonRecord(_ fields: [String]) -> String {
        let split = { (field: String) in
            "["
                + (field.isEmpty ? [] : field.split(separator: ";", omittingEmptySubsequences: false))
                .map { JSONText.string(String($0)) }.joined(separator: ", ") + "]"
        }
        let values = [
            JSONText.string(fields[0]), split(fields[1]), fields[2].isEmpty ? "null" : fields[2],
            fields[3].isEmpty ? "null" : fields[3], fields[4].isEmpty ? "null" : fields[4], JSONText.string(fields[5]),
            split(fields[6]), JSONText.string(fields[7]), fields[8], fields[9], fields[10], JSONText.string(fields[11]),
        ]
        return JSONText.object(Array(zip(columns, values))) + "\n"
    }
}
