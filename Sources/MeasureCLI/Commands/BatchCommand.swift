import ArgumentParsing
import Cache
import Foundation
import Measure
import MeasureStore
import Sharding

/// `measure batch …`: one string per input line in, `width<TAB>height<TAB>lines` per line out, in input order.
///
/// The input is read in blocks and each block is measured on all threads before the next is read, so memory stays
/// bounded however long the input is.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Measure one string per input line; print width, height and line count per line.",
        discussion: """
            Input: UTF-8, one string per line, with \\n, \\t and \\\\ standing for a line break, a tab and a \
            backslash. Output: width<TAB>height<TAB>lines with 4 decimals, one line per input line, in input order: \
            the format of the reference engines in shared/reference, so outputs can be compared line by line.
            With --db FILE, sizes already in that size database are read from it, and only the other strings are \
            measured and then stored (one transaction per block of input, or per --db-batch strings); the output is \
            the same as without --db, and standard error ends with measured=N cached=M.
            With --shard I/N, only the lines whose string (after unescaping) hashes into shard I are measured, \
            and each output line starts with its input line number: line<TAB>width<TAB>height<TAB>lines. The N \
            shards together do every line once (identical lines in the same shard); \
            sort -m -n -k1,1 shard-*.tsv | cut -f2- gives the output of one unsharded run, and measure db merge \
            joins their databases into the one an unsharded run writes.
            A line longer than --max-line-bytes is not measured (nor read into memory beyond that length): its \
            output line is -<TAB>-<TAB>- (under --shard, in one shard: the one its string hashes into, or shard 0 \
            when the line was too long to hold), standard error names its line number, the other lines are measured \
            as usual, and the exit status is 1.
            """,
        options: MeasurementArguments.options + [
            .single("threads", valueName: "n", help: "Worker threads (default: all cores)."),
            .single("input", valueName: "file", help: "Read strings from this file instead of standard input."),
            .flag(
                "stats",
                help: "Afterwards, print to standard error how many strings were measured, how long it "
                    + "took, and each font's glyph-advance cache (scalars looked up, pages, bytes)."),
            .single(
                "db", valueName: "file",
                help: "A size database (SQLite, created if missing) to answer from and "
                    + "to store new sizes in; a rerun measures only what is not stored yet."),
            .single(
                "db-batch", valueName: "n",
                help: "With --db: strings per database transaction (default: all "
                    + "the strings of each 1 MiB block of input)."),
            .single(
                "device-class", valueName: "name",
                help: "With --db: label the settings with a device class "
                    + "(e.g. iphone), to find them by later."),
            .single(
                "text-style", valueName: "name",
                help: "With --db: label the settings with a text style (e.g. "
                    + "body)."),
            .single(
                "content-size", valueName: "name",
                help: "With --db: label the settings with a content size "
                    + "(e.g. L)."),
            .single(
                "max-line-bytes", valueName: "n",
                help: "The longest input line measured, in bytes; a longer one is "
                    + "not measured and gives -<TAB>-<TAB>- in its place.", defaultValue: "67108864"),
            ShardArgument.option(key: "string"),
        ])

    /// Bytes read from the input at a time; a block's complete lines are measured together.
    static let blockBytes = 1 << 20

    var arguments: MeasurementArguments
    var threads: Int
    /// Said on stderr when `--threads` was lowered to `MeasureLimits.maximumThreads`.
    var threadsNote: String?
    var inputPath: String?
    var printsStatistics: Bool
    /// The size database, if any.
    var databasePath: String?
    /// Strings per database transaction; nil for one transaction per input block.
    var databaseBatch: Int?
    var labels: SettingsLabels
    /// With `--shard`: measure only this shard's lines (`ShardedLines`), numbering the output lines.
    var shard: Shard?
    /// The longest line measured (`--max-line-bytes`): a longer one is passed over, so that no input line, however
    /// long (`--input /dev/zero` has no end), can take the process's memory.
    var maximumLineBytes: Int

    init(_ values: ParsedValues) throws {
        arguments = try MeasurementArguments(values)
        let threads = try ThreadsArgument(values)
        self.threads = threads.count
        threadsNote = threads.note
        inputPath = values.string("input")
        printsStatistics = values.flag("stats")
        databasePath = values.string("db")
        databaseBatch = try values.int("db-batch")
        labels = SettingsLabels(
            deviceClass: values.string("device-class") ?? "",
            textStyle: values.string("text-style") ?? "",
            contentSize: values.string("content-size") ?? "")
        if databasePath == nil {
            for option in ["db-batch", "device-class", "text-style", "content-size"] where values.flag(option) {
                throw UsageError("--\(option) needs --db")
            }
        }
        if let databaseBatch, databaseBatch < 1 {
            throw UsageError("--db-batch must be 1 or more, got \(databaseBatch)")
        }
        if databasePath?.isEmpty == true { throw UsageError("--db needs a file name") }
        shard = try ShardArgument.shard(values)
        guard let lineBytes = try values.int("max-line-bytes"), lineBytes >= 1, lineBytes <= 1 << 30 else {
            throw UsageError("--max-line-bytes must be between 1 and \(1 << 30)")
        }
        maximumLineBytes = lineBytes
    }

    func run(output: any OutputSink) throws {
        if let threadsNote { output.writeError(threadsNote) }
        let measurer = try arguments.makeMeasurer()
        let batch = BatchMeasurer(measurer: measurer, threads: threads)
        var memo: MemoizingMeasurer?
        if let databasePath {
            memo = try MemoizingMeasurer(
                measurer: measurer, plain: arguments.plain,
                store: try SizeStore(path: databasePath), labels: labels)
        }
        var fromStore = 0
        let input: FileHandle
        if let inputPath {
            // open(2) itself, so that the error says why (a missing file, no permission, a loop of links).
            let descriptor = open(inputPath, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw BatchError.unreadableInput(path: inputPath, reason: String(cString: strerror(errno)))
            }
            input = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        } else {
            input = FileHandle.standardInput
        }
        let clock = ContinuousClock()
        let start = clock.now
        var measured = 0
        // Clusters no font maps, over the run, and the first code points of them (said once, at the end).
        var missingGlyphs = 0
        var stringsWithMissing = 0
        var unmapped: [Unicode.Scalar] = []
        // The input, block by block, through buffers kept from one block to the next: the bytes read, the bytes
        // not yet measured (the unfinished line after the last newline, then the block), the lines and the output.
        // Fresh buffers per block were fresh memory, which the kernel maps page by page: a third of the process's
        // time on a 7 MB input.
        var reader = BlockReader(handle: input, path: inputPath, blockBytes: Self.blockBytes)
        var pending: [UInt8] = []
        pending.reserveCapacity(2 * Self.blockBytes)
        var blockLines: [ArraySlice<UInt8>] = []
        var out: [UInt8] = []
        // The input line number of the next block's first line.
        var nextLineNumber = 1
        // An over-long line being passed over until its newline (its number), and how many were.
        var passingOver: Int?
        var overlong = 0
        // Says on standard error that line `number` was not measured.
        func sayNotMeasured(_ number: Int) {
            overlong += 1
            output.writeError(
                "measure batch: line \(number) is longer than \(maximumLineBytes) bytes (--max-line-bytes); "
                    + "not measured\n")
        }
        // The same for a line too long to hold, and its output line where this run reports it: shard 0's, as the
        // line was never held to be hashed.
        func passedOver(_ number: Int) throws {
            // Only the shard that reports it counts it: every shard saying so failed every pod of an indexed Job.
            guard (shard?.index ?? 0) == 0 else { return }
            sayNotMeasured(number)
            out.removeAll(keepingCapacity: true)
            Self.appendNotMeasured(number: shard == nil ? nil : number, to: &out)
            output.writeOutput(bytes: out)
            try output.checkOutput()
        }
        // Measures `lines` (with the database when there is one) and notes the clusters no font maps.
        func measure(_ lines: [ArraySlice<UInt8>]) throws -> [TextSize] {
            let sizes: [TextSize]
            if let memo {
                // Every transaction of the block commits before its output is written: a line printed is a size
                // stored.
                var memoized: [TextSize] = []
                memoized.reserveCapacity(lines.count)
                let step = databaseBatch ?? max(lines.count, 1)
                for start in stride(from: 0, to: lines.count, by: step) {
                    let batch = try memo.measureBatch(
                        utf8: Array(lines[start..<min(lines.count, start + step)]), using: batch)
                    memoized += batch.sizes
                    measured += batch.measured
                    fromStore += batch.cached
                }
                sizes = memoized
            } else {
                sizes = batch.measure(utf8: lines)
                measured += sizes.count
            }
            for (index, size) in sizes.enumerated() where size.missingGlyphs > 0 {
                missingGlyphs += size.missingGlyphs
                stringsWithMissing += 1
                if unmapped.count < 8 {
                    let text = String(decoding: lines[index], as: UTF8.self)
                    for scalar in measurer.cascade.unmappedScalars(in: text) where !unmapped.contains(scalar) {
                        if unmapped.count < 8 { unmapped.append(scalar) }
                    }
                }
            }
            return sizes
        }
        while true {
            var scanned = pending.count
            let atEnd = try reader.appendBlock(to: &pending) == 0
            if let number = passingOver {
                // Only bytes read since the line began to be passed over are held: drop them up to its newline.
                guard let newline = pending.firstIndex(of: 0x0A) else {
                    pending.removeAll(keepingCapacity: true)
                    if atEnd {
                        try passedOver(number)
                        break
                    }
                    continue
                }
                pending.removeSubrange(...newline)
                passingOver = nil
                try passedOver(number)
                nextLineNumber += 1
                scanned = 0
            }
            // `pending` holds no newline before the bytes just read (it starts after the last one), so only those
            // are searched: a line of any length is scanned once, not once per block.
            // Measure every complete line; at the end, the last line too even without its newline.
            let cut = atEnd ? pending.count : (pending[scanned...].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0)
            if cut > 0 {
                // The complete lines are measured where they were read, as slices of `pending`; the unfinished line
                // after them then moves to its start.
                EscapedLines.lines(in: pending[..<cut], into: &blockLines)
                // The limit is on a line's bytes as read (its escapes not yet read, its line ending left out), as for
                // a line too long to hold: a block holds a line over the limit only when the limit is below the
                // block's size, and only then are the lines' read lengths looked up.
                let readLengths = cut > maximumLineBytes ? Self.readLengths(pending[..<cut]) : []
                let firstLineNumber = nextLineNumber
                nextLineNumber += blockLines.count
                var lineNumbers: [Int] = []
                if let shard {
                    let picked = ShardedLines(blockLines, firstNumber: firstLineNumber, shard: shard)
                    blockLines = picked.lines
                    lineNumbers = picked.numbers
                }
                // The input line number of `blockLines[index]`.
                func lineNumber(_ index: Int) -> Int { shard == nil ? firstLineNumber + index : lineNumbers[index] }
                // Complete lines longer than the limit (a limit below the block size, or the input's last line) are
                // not measured; the others are, as one batch (a copy of the list only when some are left out, so
                // that the lines stay the only references to `pending`'s storage).
                var tooLong: Set<Int> = []
                if !readLengths.isEmpty {
                    for index in blockLines.indices
                    where readLengths[lineNumber(index) - firstLineNumber] > maximumLineBytes {
                        tooLong.insert(index)
                    }
                }
                let sizes =
                    try tooLong.isEmpty
                    ? measure(blockLines)
                    : measure(blockLines.indices.filter { !tooLong.contains($0) }.map { blockLines[$0] })
                out.removeAll(keepingCapacity: true)
                var measuredSizes = sizes.makeIterator()
                for index in blockLines.indices {
                    if tooLong.contains(index) {
                        sayNotMeasured(lineNumber(index))
                        Self.appendNotMeasured(number: shard == nil ? nil : lineNumber(index), to: &out)
                        continue
                    }
                    guard let size = measuredSizes.next() else { break }
                    if shard != nil {
                        DecimalFormatter.appendInteger(UInt64(lineNumbers[index]), to: &out)
                        out.append(0x09)
                    }
                    DecimalFormatter.append(size.width, places: 4, to: &out)
                    out.append(0x09)
                    DecimalFormatter.append(size.height, places: 4, to: &out)
                    out.append(0x09)
                    DecimalFormatter.appendInteger(UInt64(size.lineCount), to: &out)
                    out.append(0x0A)
                }
                output.writeOutput(bytes: out)
                // A full disk or a closed pipe ends the run: nothing measured after it could be read.
                try output.checkOutput()
                // The lines were the last references to `pending`'s storage besides `pending` itself, which keeps it.
                blockLines.removeAll(keepingCapacity: true)
                pending.removeSubrange(..<cut)
            }
            if atEnd { break }
            // What is left is one unfinished line: past the limit, it is passed over up to its newline (a carriage
            // return at its end may be its line ending's).
            if pending.count - (pending.last == 0x0D ? 1 : 0) > maximumLineBytes {
                passingOver = nextLineNumber
                pending.removeAll(keepingCapacity: true)
            }
        }
        if let memo { memo.store.close() }
        if missingGlyphs > 0 {
            output.writeError(
                MissingGlyphWarning.text(
                    count: missingGlyphs, strings: stringsWithMissing,
                    scalars: unmapped))
        }
        if printsStatistics {
            let seconds =
                Double((clock.now - start).components.attoseconds) / 1e18
                + Double((clock.now - start).components.seconds)
            let sessions = batch.statistics
            var report =
                "strings=\(measured + fromStore) seconds=\(DecimalFormatter.string(seconds, places: 3)) "
                + "threads=\(threads)\n"
                + "segment-cache hits=\(sessions.segmentCache.hits) misses=\(sessions.segmentCache.misses) "
                + "evictions=\(sessions.segmentCache.evictions) glyph-lookups=\(sessions.glyphLookups) "
                + "shaped-segments=\(sessions.shapedSegments) shared-shape-hits=\(sessions.sharedShapeHits)\n"
            for font in measurer.cascade.fonts {
                let cache = font.glyphCache.statistics
                report +=
                    "glyph-cache font=\"\(font.familyName)\" scalars=\(cache.entries) pages=\(cache.pages) "
                    + "bytes=\(cache.bytes)\n"
            }
            output.writeError(report)
        }
        // Last, as the help says: a script reads the counts from standard error's last line.
        if memo != nil { output.writeError("measured=\(measured) cached=\(fromStore)\n") }
        // Every other line was measured and written; the lines too long to measure make the run a failure.
        if overlong > 0 { throw ExitCode.failure }
    }
}

extension BatchCommand {
    /// The length in bytes of each line of `data` as `EscapedLines.lines` splits it — at `\n`, a `\r` before it (or
    /// ending the data) left out, no line after a final newline — before its escapes are read: what
    /// `--max-line-bytes` limits.
    static func readLengths(_ data: ArraySlice<UInt8>) -> [Int] {
        var lengths: [Int] = []
        var start = data.startIndex
        while start < data.endIndex {
            let newline = data[start...].firstIndex(of: 0x0A)
            let end = newline ?? data.endIndex
            // A carriage return ending a line is its line ending's, with or without a line feed after it (the last
            // line's too, as `EscapedLines` drops it).
            lengths.append(end - start - (end > start && data[end - 1] == 0x0D ? 1 : 0))
            start = newline.map { $0 + 1 } ?? data.endIndex
        }
        return lengths
    }

    /// The output line of a line not measured: `-<TAB>-<TAB>-`, after its line number under `--shard`.
    static func appendNotMeasured(number: Int?, to out: inout [UInt8]) {
        if let number {
            DecimalFormatter.appendInteger(UInt64(number), to: &out)
            out.append(0x09)
        }
        out += Array("-\t-\t-\n".utf8)
    }
}

/// Why `measure batch` (or `measure db query --input`) could not read its input.
enum BatchError: Error, CustomStringConvertible {
    case unreadableInput(path: String, reason: String)

    var description: String {
        switch self {
        case .unreadableInput(let path, let reason):
            return "cannot read input file \(PrintableText.path(path)): \(reason)"
        }
    }
}
