import ArgumentParsing
import Cache
import Measure
import MeasureStore

/// `measure db query FILE --text STRING …` / `--key KEY [--locale L]`: the stored sizes of given texts, or of a
/// catalog key's entries (recorded by `measure catalog --db`).
struct DatabaseQueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Print the stored sizes of texts, under every settings (or those with the given labels).",
        discussion: """
            Prints text<TAB>width<TAB>height<TAB>lines<TAB>settings per stored size (4 decimals, as measure batch), \
            or one JSON object per line with --json (exact numbers). Texts are looked up by content: pass each with \
            --text (\\n, \\t and \\\\ escapes as in measure batch input).
            With --key, prints the entries measure catalog --db recorded for that catalog key (in --locale only, when \
            given): locale<TAB>variant<TAB>content size<TAB>width<TAB>height<TAB>lines<TAB>allowed lines<TAB>\
            overflow<TAB>file<TAB>text, or JSON objects with --json.
            Corrupt stored sizes (a width or height that is negative, infinite, NaN, above 10^15 pt or not a \
            number, a line count that is negative or not an integer, a damaged key or text; see measure db verify) \
            are never printed: they are counted on standard error, with the first few, and a text whose only \
            sizes are corrupt counts as not stored. Exit status 1 when a text or key is stored nowhere (under the \
            selected settings) or a corrupt row was skipped, after printing everything else. Opens the database \
            read-only.
            """,
        options: [
            .repeated("text", valueName: "string", help: "A text to look up."),
            .single("key", valueName: "key", help: "A catalog key to look up (as measure catalog --db stored it)."),
            .single("locale", valueName: "tag", help: "With --key: only this locale's entries."),
            .single("device-class", valueName: "name", help: "Only settings labelled with this device class."),
            .single("text-style", valueName: "name", help: "Only settings labelled with this text style."),
            .single("content-size", valueName: "name", help: "Only settings labelled with this content size."),
            .flag("json", help: "One JSON object per stored size, with exact numbers and the settings."),
        ],
        positionals: [.required("file", help: "The size database.")])

    var path: String
    var texts: [String]
    var key: String?
    var locale: String?
    var filter: SettingsLabels
    var json: Bool

    init(_ values: ParsedValues) throws(UsageError) {
        path = values.positional("file") ?? ""
        texts = values.strings("text").map { text in
            EscapedLines.unescape(Array(text.utf8)[...]).map { String(decoding: $0, as: UTF8.self) } ?? text
        }
        key = values.string("key")
        locale = values.string("locale")
        guard !texts.isEmpty || key != nil else { throw UsageError("give at least one --text, or a --key, to look up") }
        guard texts.isEmpty || key == nil else { throw UsageError("give --text or --key, not both") }
        guard locale == nil || key != nil else { throw UsageError("--locale applies to --key lookups") }
        filter = SettingsLabels(
            deviceClass: values.string("device-class") ?? "",
            textStyle: values.string("text-style") ?? "",
            contentSize: values.string("content-size") ?? "")
        json = values.flag("json")
    }

    func run(output: any OutputSink) throws {
        let store = try SizeStore(path: path, access: .readOnly)
        defer { store.close() }
        let settings = Dictionary(uniqueKeysWithValues: try store.allSettings().map { ($0.id, $0) })
        if let key {
            try runCatalogQuery(key: key, store: store, settings: settings, output: output)
            return
        }
        var missing: [String] = []
        var corrupt = CorruptRows()
        var out = ""
        // Settings rows that do not match their digest, said once each when a text has a size under one (skipped).
        var damagedSaid: Set<SettingsID> = []
        for text in texts {
            let found = try store.validatedResults(for: text)
            corrupt.add(contentsOf: found.corrupt)
            let rows = found.rows.filter { row in
                if let corruption = settings[row.settings]?.corruption {
                    if damagedSaid.insert(row.settings).inserted { corrupt.add(corruption) }
                    corrupt.add(CorruptRow.underCorruptSettings(row.settings, text: row.text))
                    return false
                }
                return filter.isEmpty || settings[row.settings]?.labels.contains { $0.matches(filter) } == true
            }
            if rows.isEmpty { missing.append(text) }
            for row in rows {
                guard let stored = settings[row.settings] else { continue }
                if json {
                    out +=
                        JSONText.object([
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
                    DecimalFormatter.appendInteger(UInt64(clamping: row.size.lineCount), to: &line)
                    out +=
                        String(decoding: line, as: UTF8.self)
                        + "\t#\(stored.id.rawValue) \(SettingsDescription.line(stored))\n"
                }
            }
        }
        output.writeOutput(out)
        output.writeError(Self.describe(corrupt))
        if !missing.isEmpty {
            output.writeError(missing.map { "measure db query: not stored: \(JSONText.string($0))\n" }.joined())
        }
        if !missing.isEmpty || !corrupt.isEmpty { throw ExitCode.failure }
    }

    /// The standard-error report of skipped corrupt rows ("" when there were none).
    static func describe(_ corrupt: CorruptRows) -> String {
        guard !corrupt.isEmpty else { return "" }
        return "measure db query: skipped \(corrupt.count) corrupt row\(corrupt.count == 1 ? "" : "s") "
            + "(measure db verify lists them; measure batch --db measures their texts again):\n"
            + corrupt.examples.map { "  \($0)\n" }.joined()
    }

    /// Prints the catalog entries recorded for `key`.
    private func runCatalogQuery(
        key: String, store: SizeStore, settings: [SettingsID: StoredSettings],
        output: any OutputSink
    ) throws {
        let found = try store.validatedCatalogEntries(key: key, locale: locale)
        var corrupt = CorruptRows()
        corrupt.add(contentsOf: found.corrupt)
        var damagedSaid: Set<SettingsID> = []
        let rows = found.rows.filter { row in
            // An entry under a settings row that does not match its digest is skipped, as its size is.
            if let corruption = settings[row.record.settings]?.corruption {
                if damagedSaid.insert(row.record.settings).inserted { corrupt.add(corruption) }
                return false
            }
            return filter.isEmpty || settings[row.record.settings]?.labels.contains { $0.matches(filter) } == true
        }
        var out = ""
        for row in rows {
            let record = row.record
            let size = row.size
            let overflow = size.map { size in record.allowedLines.map { size.lineCount > $0 } ?? false }
            if json {
                out +=
                    JSONText.object([
                        ("key", JSONText.string(record.key)), ("locale", JSONText.string(record.locale)),
                        ("file", JSONText.string(record.file)), ("variant", JSONText.string(record.variant)),
                        ("contentSize", JSONText.string(record.contentSize)), ("text", JSONText.string(record.text)),
                        ("width", size.map { JSONText.number($0.width) } ?? "null"),
                        ("height", size.map { JSONText.number($0.height) } ?? "null"),
                        ("lines", size.map { String($0.lineCount) } ?? "null"),
                        ("allowedLines", record.allowedLines.map(String.init) ?? "null"),
                        ("overflow", overflow.map { $0 ? "true" : "false" } ?? "null"),
                        ("pointSize", JSONText.number(row.pointSize)), ("maxWidth", JSONText.number(row.maxWidth)),
                        ("recordedAt", JSONText.string(SettingsDescription.timestamp(row.recordedAt))),
                        ("settings", settings[record.settings].map(SettingsDescription.json) ?? "null"),
                    ]) + "\n"
            } else {
                let numbers =
                    size.map { size in
                        DecimalFormatter.string(size.width, places: 4) + "\t"
                            + DecimalFormatter.string(size.height, places: 4)
                            + "\t" + String(size.lineCount)
                    } ?? "-\t-\t-"
                out +=
                    [
                        record.locale, record.variant.isEmpty ? "-" : record.variant,
                        record.contentSize.isEmpty ? "-" : record.contentSize, numbers,
                        record.allowedLines.map(String.init) ?? "unlimited",
                        overflow.map { $0 ? "overflow" : "fits" } ?? "-", record.file,
                        Self.escaped(record.text),
                    ].joined(separator: "\t") + "\n"
            }
        }
        output.writeOutput(out)
        output.writeError(Self.describe(corrupt))
        if rows.isEmpty {
            output.writeError(
                "measure db query: no catalog entry stored for key \(JSONText.string(key))"
                    + (locale.map { " in locale \($0)" } ?? "") + "\n")
        }
        if rows.isEmpty || !corrupt.isEmpty { throw ExitCode.failure }
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
