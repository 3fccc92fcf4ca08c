import ArgumentParsing
import Cache
import Measure
import MeasureStore
import Sharding

/// `measure stream`: NDJSON jobs on standard input, one NDJSON result per job on standard output, in input order —
/// a long-lived worker for a distributed engine (Spark's `rdd.pipe`, one process per partition) or a coprocess.
///
/// ```
/// $ echo '{"id": 1, "text": "hello world", "size": 14, "width": 200}' | measure stream
/// {"id": 1, "width": 76.8291015625, "height": 16.296875, "lines": 1, "ceiledWidth": 77, "ceiledHeight": 17, "missingGlyphs": 0}
/// ```
///
/// Lines are answered as soon as they arrive (`StreamInput`): a group is what has arrived, measured on all threads
/// and written in order before the next is read, so a caller that writes one job and waits gets its answer, and a
/// fast one keeps every core busy. Memory stays bounded however long the stream: groups are at most a MiB, lines at
/// most `--max-line-bytes`, and measurers, sessions and database settings live in LRUs of `--measurers` entries.
struct StreamCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stream",
        abstract: "Measure NDJSON jobs from standard input; print one NDJSON result per job, in input order.",
        discussion: """
            A job is one JSON object per line: {"id": 1, "text": "Hello", "fonts": ["DejaVu Sans"], "size": 17, \
            "width": 200, "attributes": {"lineSpacing": 4}, "mode": "label", "scale": 3, "language": "ja", \
            "maxLines": 2}. Every field but text is optional and defaults to the option of the same name (fonts: \
            --font or the default cascade; attributes: --attributes; maxLines: --max-lines). fonts are paths or \
            family names, or {"path", "faceIndex"} / {"family", "style"} objects, as a catalog config names them. \
            id is any JSON scalar and is echoed back.
            A result is {"id": …} followed by what measure text --json prints: width, height, lines, ceiledWidth, \
            ceiledHeight, missingGlyphs, and truncated and truncatedLine when the attributes can cut text. A job \
            that cannot be measured gives {"id": …, "error": "…"} in its place, and a line that is not a JSON \
            object {"id": null, "error": "line N…"}; blank lines give nothing. The output is written and flushed \
            as each group of input lines that has arrived is measured, so the command works as a coprocess.
            With --db FILE, sizes in that size database are read from it and the others stored in it; the output \
            is the same, and standard error ends with measured=N cached=M.
            With --shard I/N, only the lines whose job id (its JSON text) hashes into shard I are answered (a line \
            without an id, or not JSON, by its bytes), so N streams over the same input answer each line once.
            """,
        options: streamMeasurementOptions + [
            .single("max-lines", valueName: "n", help: "The default maxLines: the most lines shown (0: no limit)."),
            .single("threads", valueName: "n", help: "Worker threads (default: all cores)."),
            .single("input", valueName: "file", help: "Read jobs from this file or FIFO instead of standard input."),
            .single(
                "db", valueName: "file",
                help: "A size database (SQLite, created if missing) to answer from and "
                    + "to store new sizes in."),
            .single("device-class", valueName: "name", help: "With --db: label the settings with a device class."),
            .single("text-style", valueName: "name", help: "With --db: label the settings with a text style."),
            .single("content-size", valueName: "name", help: "With --db: label the settings with a content size."),
            .single(
                "measurers", valueName: "n",
                help: "Distinct (fonts, size, options) kept ready, and sessions "
                    + "per thread (each up to --segment-cache MiB).", defaultValue: "16"),
            .single(
                "max-line-bytes", valueName: "n",
                help: "The longest input line read; a longer one gives an "
                    + "error in its place.", defaultValue: "67108864"),
            ShardArgument.option(key: "id"),
        ])

    /// `MeasurementArguments.options` with `--size` and `--width` optional: jobs may give them.
    static let streamMeasurementOptions: [OptionSpec] = MeasurementArguments.options.map { spec in
        var spec = spec
        if spec.name == "size" || spec.name == "width" {
            spec.isRequired = false
            spec.help += " The default for jobs without one."
        }
        return spec
    }

    /// The most entries `--measurers` may ask for: each may hold a session per thread.
    static let maximumMeasurers = 1024

    var defaults: StreamDefaults
    var arguments: MeasurementArguments
    var threads: Int
    var threadsNote: String?
    var inputPath: String?
    var databasePath: String?
    var labels: SettingsLabels
    var measurerCapacity: Int
    var maximumLineBytes: Int
    var shard: Shard?

    init(_ values: ParsedValues) throws {
        arguments = try MeasurementArguments(values, sizeOptional: true)
        var mode: MeasureMode?
        if let name = values.string("mode") { mode = MeasureMode(rawValue: name) }
        var maxLines: Int?
        if let lines = try values.int("max-lines") {
            // The bound a job's own maxLines has: a larger default made every job fail, naming `numberOfLines`.
            guard (0...TextAttributes.maximumNumberOfLines).contains(lines) else {
                throw UsageError("--max-lines must be between 0 (no limit) and \(TextAttributes.maximumNumberOfLines)")
            }
            maxLines = lines
        }
        // Laid over --attributes as --mode and --scale are (and as a job's maxLines is over its own attributes).
        if let maxLines { arguments.options.attributes.numberOfLines = maxLines }
        defaults = StreamDefaults(
            fonts: arguments.fonts,
            size: values.string("size") == nil ? nil : arguments.size,
            width: values.string("width") == nil ? nil : arguments.width,
            options: arguments.options, mode: mode, scale: try values.double("scale"),
            maxLines: maxLines)
        let threads = try ThreadsArgument(values)
        self.threads = threads.count
        threadsNote = threads.note
        inputPath = values.string("input")
        databasePath = values.string("db")
        labels = SettingsLabels(
            deviceClass: values.string("device-class") ?? "",
            textStyle: values.string("text-style") ?? "",
            contentSize: values.string("content-size") ?? "")
        if databasePath == nil {
            for option in ["device-class", "text-style", "content-size"] where values.string(option) != nil {
                throw UsageError("--\(option) needs --db")
            }
        }
        if databasePath?.isEmpty == true { throw UsageError("--db needs a file name") }
        guard let capacity = try values.int("measurers"), capacity >= 1, capacity <= Self.maximumMeasurers else {
            throw UsageError("--measurers must be between 1 and \(Self.maximumMeasurers)")
        }
        measurerCapacity = capacity
        guard let lineBytes = try values.int("max-line-bytes"), lineBytes >= 1, lineBytes <= 1 << 30 else {
            throw UsageError("--max-line-bytes must be between 1 and \(1 << 30)")
        }
        maximumLineBytes = lineBytes
        shard = try ShardArgument.shard(values)
    }

    func run(output: any OutputSink) throws {
        if let threadsNote { output.writeError(threadsNote) }
        let input =
            try inputPath.map { path throws(StreamInputError) in
                try StreamInput(path: path, maximumLineBytes: maximumLineBytes)
            } ?? StreamInput(descriptor: 0, maximumLineBytes: maximumLineBytes)
        let store = try databasePath.map { path in
            try StreamStore(path: path, plain: arguments.plain, labels: labels, capacity: measurerCapacity)
        }
        defer { store?.store.close() }
        let run = StreamRun(
            defaults: defaults,
            measurers: StreamMeasurers(
                commandLineFonts: arguments.fonts, segmentCacheBytes: arguments.segmentCacheBytes,
                capacity: measurerCapacity),
            workers: StreamWorkers(count: threads, sessions: measurerCapacity), store: store,
            maximumLineBytes: maximumLineBytes, shard: shard)
        while let group = try input.nextGroup() {
            let out = try run.process(group)
            if !out.isEmpty { output.writeOutput(bytes: out) }
            // A closed pipe or a full disk ends the stream: nothing measured after it could be read.
            try output.checkOutput()
        }
        if store != nil { output.writeError("measured=\(run.measured) cached=\(run.cached)\n") }
    }
}
