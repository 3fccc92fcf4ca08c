import ArgumentParsing
import Cache
import Measure

/// `measure db query FILE --text STRING …`: the stored sizes of given texts.
struct DatabaseQueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Print the stored sizes of texts, under every settings (or those with the given labels).",
        discussion: """
            Prints text<TAB>width<TAB>height<TAB>lines<TAB>settings per stored size (4 decimals, as measure batch), \
            or one JSON object per line with --json (exact numbers). Texts are looked up by content: pass each with \
            --text (\\n, \\t and \\\\ escapes as in measure batch input). Looking up by catalog key will come with \
            catalogs, which do not exist yet. Exit status 1 when a text is stored under none of the selected \
            settings. Opens the database read-only.
            """,
        options: [
            .repeated("text", valueName: "string", help: "A text to look up."),
            .single("device-class", valueName: "name", help: "Only settings labelled with this device class."),
            .single("text-style", valueName: "name", help: "Only settings labelled with this text style."),
            .single("content-size", valueName: "name", help: "Only settings labelled with this content size."),
            .flag("json", help: "One JSON object per stored size, with exact numbers and the settings."),
        ],
        positionals: [.required("file", help: "The size database.")])

    var path: String
    var texts: [String]
    var filter: SettingsLabels
    var json: Bool

    init(_ values: ParsedValues) throws(UsageError) {
        path = values.positional("file") ?? ""
        texts = values.strings("text").map { text in
            EscapedLines.unescape(Array(text.utf8)[...]).map { String(decoding: $0, as: UTF8.self) } ?? text
        }
        guard !texts.isEmpty else { throw UsageError("give at least one --text to look up") }
        filter = SettingsLabels(deviceClass: values.string("device-class") ?? "",
                                textStyle: values.string("text-style") ?? "",
                                contentSize: values.string("content-size") ?? "")
        json = values.flag("json")
    }

    func run(output: any OutputSink) throws {
        let store = try SizeStore(path: path, access: .readOnly)
        defer { store.close() }
        let settings = Dictionary(uniqueKeysWithValues: try store.allSettings().map { ($0.id, $0) })
        var missing: [String] = []
        var out = ""
        for text in texts {
            let rows = try store.results(for: text).filter { row in
                filter.isEmpty || settings[row.settings]?.labels.contains { $0.matches(filter) } == true
            }
            if rows.isEmpty { missing.append(text) }
            for row in rows {
                guard let stored = settings[row.settings] else { continue }
                if json {
                    out += JSONText.object([
                        ("text", JSONText.string(row.text)), ("width", JSONText.number(row.size.width)),
                        ("height", JSONText.number(row.size.height)), ("lines", String(row.size.lineCount)),
                        ("measuredAt", JSONText.string(SettingsDescription.timestamp(row.measuredAt))),
                        ("settings", SettingsDescription.json(stored)),
                    ]) + "\n"
                } else {
                    var line: [UInt8] = Array(Self.escaped(row.text).utf8) + [0x09]
                    DecimalFormatter.append(row.size.width, places: 4, to: &line)
                    line.append(0x09)
                    DecimalFormatter.append(row.size.height, places: 4, to: &line)
                    line.append(0x09)
                    DecimalFormatter.appendInteger(UInt64(row.size.lineCount), to: &line)
                    out += String(decoding: line, as: UTF8.self)
                        + "\t#\(stored.id.rawValue) \(SettingsDescription.line(stored))\n"
                }
            }
        }
        output.writeOutput(out)
        if !missing.isEmpty {
            output.writeError(missing.map { "measure db query: not stored: \(JSONText.string($0))\n" }.joined())
            throw ExitCode.failure
        }
    }

    /// The text in measure batch's input notation: line breaks, tabs and backslashes escaped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text.unicodeScalars {
            switch character {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
