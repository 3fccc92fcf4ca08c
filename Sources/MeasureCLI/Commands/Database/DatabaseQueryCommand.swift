import ArgumentParsing
import Cache
import Foundation
import Measure
import MeasureStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `measure db query FILE --text STRING …` / `--input FILE` / `--key KEY [--locale L]`: the stored sizes of given
/// texts, or of a catalog key's entries (recorded by `measure catalog --db`).
struct DatabaseQueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Print the stored sizes of texts, under every settings (or those with the given labels).",
        discussion: """
            Prints text<TAB>width<TAB>height<TAB>lines<TAB>settings per stored size (4 decimals, as measure batch), \
            or one JSON object per line with --json (exact numbers). Texts are looked up by content: pass each with \
            --text (\\n, \\t and \\\\ escapes as in measure batch input), or give a file of them, one per line \
            as measure batch reads them, with --input (- for standard input; the texts of --text first): the way to \
            ask for texts longer than a command line holds, or for many at once.
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
            .single(
                "input", valueName: "file",
                help: "Look up every line of this file (- for standard input), as measure batch reads its input."),
            .single(
                "max-line-bytes", valueName: "n",
                help: "With --input: the longest line looked up, in bytes, as measure batch's; a longer one is not "
                    + "looked up.", defaultValue: "67108864"),
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
    /// `--input`: a file of texts, one per line (`-` for standard input).
    var inputPath: String?
    /// `--max-line-bytes`: the longest `--input` line looked up.
    var maximumLineBytes: Int
    var key: String?
    var locale: String?
    var filter: SettingsLabels
    var json: Bool

    init(_ values: ParsedValues) throws(UsageError) {
        path = values.positional("file") ?? ""
        texts = values.strings("text").map { text in
            EscapedLines.unescape(Array(text.utf8)[...]).map { String(decoding: $0, as: UTF8.self) } ?? text
        }
        inputPath = values.string("input")
        key = values.string("key")
        locale = values.string("locale")
        guard !texts.isEmpty || inputPath != nil || key != nil else {
            throw UsageError("give at least one --text, an --input file, or a --key, to look up")
        }
        guard texts.isEmpty && inputPath == nil || key == nil else {
            throw UsageError("give texts (--text, --input) or --key, not both")
        }
        guard inputPath != "" else { throw UsageError("--input needs a file name (- for standard input)") }
        guard let lineBytes = try values.int("max-line-bytes"), lineBytes >= 1, lineBytes <= 1 << 30 else {
            throw UsageError("--max-line-bytes must be between 1 and \(1 << 30)")
        }
        maximumLineBytes = lineBytes
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
        var lookup = TextLookup()
        for text in texts { try lookUp(text, in: store, settings: settings, into: &lookup) }
        try lookup.flush(to: output)
        if let inputPath {
            do {
                try lookUpLines(of: inputPath, in: store, settings: settings, into: &lookup, output: output)
            } catch {
                // What was found before the input failed is still said.
                report(lookup, to: output)
                throw error
            }
        }
        report(lookup, to: output)
        if lookup.missingCount > 0 || lookup.passedOver > 0 || !lookup.corrupt.isEmpty { throw ExitCode.failure }
    }

    /// Says on standard error which rows were corrupt and which texts are stored nowhere.
    private func report(_ lookup: TextLookup, to output: any OutputSink) {
        output.writeError(Self.describe(lookup.corrupt))
        output.writeError(lookup.missing.map { "measure db query: not stored: \(JSONText.string($0))\n" }.joined())
        if lookup.missingCount > lookup.missing.count {
            output.writeError("measure db query: \(lookup.missingCount - lookup.missing.count) more texts not stored\n")
        }
    }

    /// What looking texts up has found so far: the output not yet written, the texts stored nowhere (the first
    /// `missingShown`, said at the end) and the corrupt rows passed over.
    private struct TextLookup {
        var out = ""
        var missing: [String] = []
        var missingCount = 0
        /// `--input` lines longer than `--max-line-bytes`, said as they were met.
        var passedOver = 0
        /// How many texts stored nowhere are named at the end; the rest are counted, so that an input of millions
        /// of them holds no more than this many.
        static let missingShown = 1_000
        var corrupt = CorruptRows()
        /// Settings rows that do not match their digest, said once each when a text has a size under one (skipped).
        var damagedSaid: Set<SettingsID> = []

        /// Writes the sizes found so far, and empties them.
        mutating func flush(to output: any OutputSink) throws {
            output.writeOutput(out)
            try output.checkOutput()
            out = ""
        }
    }

    /// Looks up each line of the file at `path` (standard input for `-`) block by block, as `measure batch` reads
    /// its input, writing each block's output before the next is read. A line longer than `--max-line-bytes` (as
    /// read, before its escapes) is not held beyond that length nor looked up: it is said on standard error, as batch
    /// measures no such line, and the exit status is 1.
    private func lookUpLines(
        of path: String, in store: SizeStore, settings: [SettingsID: StoredSettings], into lookup: inout TextLookup,
        output: any OutputSink
    ) throws {
        let input: FileHandle
        if path == "-" {
            input = FileHandle.standardInput
        } else {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw BatchError.unreadableInput(path: path, reason: String(cString: strerror(errno)))
            }
            input = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        }
        var reader = BlockReader(handle: input, path: path == "-" ? nil : path, blockBytes: 1 << 20)
        var pending: [UInt8] = []
        var lineNumber = 1
        // A line over the limit being passed over up to its newline.
        var passingOver = false
        func notLookedUp(_ number: Int) {
            lookup.passedOver += 1
            output.writeError(
                "measure db query: line \(number) is longer than \(maximumLineBytes) bytes (--max-line-bytes); "
                    + "not looked up\n")
        }
        var ended = false
        while !ended {
            // No newline lies before the bytes read now (what is pending follows the last one): only those are
            // searched, so a line of any length is scanned once.
            let scanned = pending.count
            ended = try reader.appendBlock(to: &pending) == 0
            if passingOver {
                guard let newline = pending[scanned...].firstIndex(of: 0x0A) else {
                    pending.removeAll(keepingCapacity: true)
                    if ended { notLookedUp(lineNumber) }
                    continue
                }
                pending.removeSubrange(...newline)
                passingOver = false
                notLookedUp(lineNumber)
                lineNumber += 1
            }
            // The complete lines so far; at the end, the last one too, newline or not.
            let searchFrom = min(scanned, pending.count)
            let complete = ended ? pending.endIndex : (pending[searchFrom...].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0)
            var start = 0
            while start < complete {
                let newline = pending[start..<complete].firstIndex(of: 0x0A)
                let end = newline ?? complete
                // A carriage return ending a line is its line ending's, as EscapedLines reads it.
                let line = pending[start..<(end > start && pending[end - 1] == 0x0D ? end - 1 : end)]
                if line.count > maximumLineBytes {
                    notLookedUp(lineNumber)
                } else {
                    let text = EscapedLines.unescape(line).map { String(decoding: $0, as: UTF8.self) }
                    try lookUp(
                        text ?? String(decoding: line, as: UTF8.self), in: store, settings: settings, into: &lookup)
                }
                lineNumber += 1
                start = newline.map { $0 + 1 } ?? complete
            }
            pending.removeSubrange(..<complete)
            try lookup.flush(to: output)
            if !ended && pending.count - (pending.last == 0x0D ? 1 : 0) > maximumLineBytes {
                passingOver = true
                pending.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Appends the stored sizes of `text` to `lookup`'s output, or notes it as stored nowhere.
    private func lookUp(
        _ text: String, in store: SizeStore, settings: [SettingsID: StoredSettings], into lookup: inout TextLookup
    ) throws {
        let found = try store.validatedResults(for: text)
        lookup.corrupt.add(contentsOf: found.corrupt)
        let rows = found.rows.filter { row in
            if let corruption = settings[row.settings]?.corruption {
                if lookup.damagedSaid.insert(row.settings).inserted { lookup.corrupt.add(corruption) }
                lookup.corrupt.add(CorruptRow.underCorruptSettings(row.settings, text: row.text))
                return false
            }
            return filter.isEmpty || settings[row.settings]?.labels.contains { $0.matches(filter) } == true
        }
        if rows.isEmpty {
            if lookup.missing.count < TextLookup.missingShown { lookup.missing.append(Self.shortened(text)) }
            lookup.missingCount += 1
        }
        for row in rows {
            guard let stored = settings[row.settings] else { continue }
            if json {
                lookup.out +=
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
                lookup.out +=
                    String(decoding: line, as: UTF8.self)
                    + "\t#\(stored.id.rawValue) \(SettingsDescription.line(stored))\n"
            }
        }
    }

    /// `text` as a message quotes it: its first 200 scalars, and how long it is when that is not all of it, so that
    /// the texts said at the end take little memory however long they are.
    static func shortened(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > 200 else { return text }
        var short = String(String.UnicodeScalarView(scalars.prefix(200)))
        short += "… (\(text.utf8.count) bytes)"
        return short
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
