import ArgumentParsing
import Cache
import MeasureStore

/// `measure db stats FILE [--json]`: what a size database holds and its size on disk.
struct DatabaseStatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show a size database's rows, fonts, settings and size on disk.",
        discussion: "Opens the database read-only.",
        options: [.flag("json", help: "Print one JSON object instead of text.")],
        positionals: [.required("file", help: "The size database.")])

    var path: String
    var json: Bool

    init(_ values: ParsedValues) throws(UsageError) {
        path = values.positional("file") ?? ""
        json = values.flag("json")
    }

    func run(output: any OutputSink) throws {
        let store = try SizeStore(path: path, access: .readOnly)
        defer { store.close() }
        let statistics = try store.statistics()
        let settings = try store.allSettings()
        let counts = try store.resultCountsBySettings()
        if json {
            let rows = settings.map { row in
                "{\"results\": \(counts[row.id] ?? 0), \"settings\": \(SettingsDescription.json(row))}"
            }
            output.writeOutput(
                JSONText.object([
                    ("file", JSONText.string(statistics.file)),
                    ("schemaVersion", String(statistics.schemaVersion)),
                    ("results", String(statistics.results)), ("settings", String(statistics.settings)),
                    ("fonts", String(statistics.fonts)), ("labels", String(statistics.labels)),
                    ("catalogEntries", String(statistics.catalogEntries)),
                    ("bytes", String(statistics.bytesOnDisk)), ("databaseBytes", String(statistics.fileBytes)),
                    ("logBytes", String(statistics.walBytes)), ("pageSize", String(statistics.pageSize)),
                    ("freePages", String(statistics.freePages)),
                    ("bySettings", "[" + rows.joined(separator: ", ") + "]"),
                ]) + "\n")
            return
        }
        var text = """
            file:     \(statistics.file)
            schema:   \(statistics.schemaVersion)
            results:  \(statistics.results)
            settings: \(statistics.settings)
            fonts:    \(statistics.fonts)
            labels:   \(statistics.labels)
            catalog entries: \(statistics.catalogEntries)
            size:     \(statistics.bytesOnDisk) bytes on disk (database \(statistics.fileBytes), log \
            \(statistics.walBytes); \(statistics.freePages) free pages of \(statistics.pageSize) bytes)

            """
        for row in settings {
            text += "  #\(row.id.rawValue): \(counts[row.id] ?? 0) results — \(SettingsDescription.line(row))\n"
        }
        output.writeOutput(text)
    }
}
