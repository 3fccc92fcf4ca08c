import Cache
import Measure
import Sharding
import StreamJobs

/// One `measure stream` run: turns each group of input lines into their output lines, in input order.
///
/// A group goes through four phases. (1) On all workers: each line is parsed into a job or an error
/// (`StreamJobParser`). (2) On the calling thread: each job's settings are resolved to a measurer from the bounded
/// caches (`StreamMeasurers`), and with `--db` the stored sizes are looked up. (3) On all workers: the jobs are
/// measured with each worker's session for their measurer and their lines written. (4) On the calling thread: with
/// `--db`, what was measured is stored; the caller then writes the group's lines and goes on with the next group.
///
/// Phases 2 to 4 run in rounds of at most `--measurers` distinct measurers, so the fonts a group needs stay within
/// what the caches keep however many settings it names.
///
/// With a `--shard I/N`, phase 1 keeps only the lines of this shard (`StreamRun.belongs`); the others give nothing,
/// as blank lines do.
final class StreamRun {
    let defaults: StreamDefaults
    let maximumLineBytes: Int
    private let measurers: StreamMeasurers
    private let workers: StreamWorkers
    private let store: StreamStore?
    private let shard: Shard?
    /// Jobs measured now, and (with `--db`) jobs answered from the database.
    private(set) var measured = 0
    private(set) var cached = 0

    init(
        defaults: StreamDefaults, measurers: StreamMeasurers, workers: StreamWorkers, store: StreamStore?,
        maximumLineBytes: Int, shard: Shard? = nil
    ) {
        self.shard = shard
        self.defaults = defaults
        self.measurers = measurers
        self.workers = workers
        self.store = store
        self.maximumLineBytes = maximumLineBytes
    }

    /// The output lines of `group`: one per line that is not blank, in input order.
    /// - Throws: `SizeStoreError` when the database fails (the stream cannot go on without losing sizes).
    func process(_ group: StreamGroup) throws -> [UInt8] {
        let bytes = group.bytes, lines = group.lines, maximumLineBytes = maximumLineBytes, shard = shard
        let parsed = workers.map(count: lines.count) { worker, range in
            range.map { index -> StreamLine in
                let line = lines[index]
                guard let lineRange = line.range else {
                    // Never read, so sharded by its line number.
                    if let shard, !shard.contains(key: String(line.number).utf8) { return .blank }
                    return .failure(
                        StreamJobFailure(
                            id: .null,
                            message: "line \(line.number): longer than "
                                + "\(maximumLineBytes) bytes (--max-line-bytes); not read"))
                }
                let parsed = worker.parse(bytes[lineRange], lineNumber: line.number)
                if let shard, !Self.belongs(parsed, bytes: bytes[lineRange], to: shard) { return .blank }
                return parsed
            }
        }.joined()
        // Phases 2 to 4 in rounds of at most `capacity` distinct measurers (and with `--db`, settings rows): a
        // round's tasks hold their measurers until measured, so a group naming more settings than the caches keep
        // would otherwise load fonts again for every job whose settings the caches had just let go (four languages
        // in turn with `--measurers 2`: a default cascade of 21 MB per job, 7.5 GB by job 800). The jobs of one
        // settings go in one round, so each measurer is made once per group; the lines are written in input order.
        let jobs = Array(parsed)
        var settings = [Result<StreamSettings, StreamJobFailure>?](repeating: nil, count: jobs.count)
        var rounds = StreamRounds(capacity: measurers.capacity, limitsSettings: store != nil)
        var roundOfLine = [Int](repeating: 0, count: jobs.count)
        for (index, line) in jobs.enumerated() {
            guard case .job(let job) = line else { continue }
            let resolved = defaults.settings(for: job)
            settings[index] = resolved
            if case .success(let found) = resolved { roundOfLine[index] = rounds.round(of: found) }
        }
        guard rounds.count > 1 else {
            return try answer(jobs.indices.map { try task(jobs[$0], settings: settings[$0]) }).out
        }
        // Each round's jobs, then each line's output taken from its round's, in input order.
        var linesOfRound = [[Int]](repeating: [], count: rounds.count)
        for index in jobs.indices { linesOfRound[roundOfLine[index]].append(index) }
        var answers: [(out: [UInt8], ranges: [Range<Int>])] = []
        for members in linesOfRound {
            answers.append(try answer(members.map { try task(jobs[$0], settings: settings[$0]) }))
        }
        var out: [UInt8] = []
        out.reserveCapacity(answers.reduce(0) { $0 + $1.out.count })
        var next = [Int](repeating: 0, count: rounds.count)
        for index in jobs.indices {
            let round = roundOfLine[index]
            out += answers[round].out[answers[round].ranges[next[round]]]
            next[round] += 1
        }
        return out
    }

    /// Phases 2 to 4 for `tasks`: their stored sizes looked up, the rest measured (each task's measurer made, or
    /// found in the caches, now), and their lines written in order, `ranges[i]` being task `i`'s bytes of `out`
    /// (empty for a blank line); the measured sizes are stored before this returns.
    private func answer(_ tasks: [StreamTask]) throws -> (out: [UInt8], ranges: [Range<Int>]) {
        guard !tasks.isEmpty else { return ([], []) }
        var tasks = tasks
        if let store { try store.lookUp(&tasks) }
        let finishedTasks = tasks
        let answered = workers.map(count: finishedTasks.count) { worker, range in
            var out: [UInt8] = []
            var ends: [Int] = []
            ends.reserveCapacity(range.count)
            var measured: [(task: StreamMeasureTask, size: TextSize)] = []
            var cached = 0
            for index in range {
                defer { ends.append(out.count) }
                switch finishedTasks[index] {
                case .blank:
                    continue
                case .failure(let failure):
                    StreamResultLine.appendError(failure, to: &out)
                case .measure(let job):
                    let session = worker.session(for: job.measurer)
                    let size: TextSize
                    if let stored = job.stored {
                        size = Self.withMissingGlyphs(TextSize(stored), job.text, session: session)
                        cached += 1
                    } else {
                        size = session.measure(job.text, maxWidth: job.width)
                        measured.append((job, size))
                    }
                    StreamResultLine.appendResult(
                        id: job.id, size: size, showsTruncation: job.showsTruncation,
                        to: &out)
                }
            }
            return (out: out, ends: ends, measured: measured, cached: cached)
        }
        var out: [UInt8] = []
        out.reserveCapacity(answered.reduce(0) { $0 + $1.out.count })
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(finishedTasks.count)
        var measuredNow: [(task: StreamMeasureTask, size: TextSize)] = []
        for chunk in answered {
            let base = out.count
            var start = 0
            for end in chunk.ends {
                ranges.append(base + start..<base + end)
                start = end
            }
            out += chunk.out
            cached += chunk.cached
            if store == nil { measured += chunk.measured.count } else { measuredNow += chunk.measured }
        }
        // Stored before printed: a line printed is a size stored. A text several jobs of the block measured under
        // one settings row is one row, and counted once, as `batch --db` counts it.
        if let store { measured += try store.store(measuredNow) }
        return (out, ranges)
    }

    /// Whether a parsed line is `shard`'s: by its id's JSON text (`"a-17"` with its quotes, `17`), which the caller
    /// joins results by and which is unique where texts repeat; a line with a null id (none given, or not a job) by
    /// its bytes, so that its error too comes from exactly one shard.
    static func belongs(_ line: StreamLine, bytes: ArraySlice<UInt8>, to shard: Shard) -> Bool {
        let id: StreamJobID
        switch line {
        case .blank: return true
        case .job(let job): id = job.id
        case .failure(let failure): id = failure.id
        }
        return id == .null ? shard.contains(key: bytes) : shard.contains(key: id.json.utf8)
    }

    /// The measuring task of a parsed line: its settings (`StreamDefaults.settings(for:)`, resolved by the caller
    /// for a job) resolved to a measurer (and a settings row with `--db`).
    /// - Throws: `SizeStoreError` when the database cannot register the settings row (the stream stops, as for any
    ///   other database failure: every later job would fail the same way).
    private func task(_ line: StreamLine, settings resolved: Result<StreamSettings, StreamJobFailure>?) throws
        -> StreamTask
    {
        switch line {
        case .blank: return .blank
        case .failure(let failure): return .failure(failure)
        case .job(let job):
            let settings: StreamSettings
            switch resolved ?? defaults.settings(for: job) {
            case .success(let resolved): settings = resolved
            case .failure(let failure): return .failure(failure)
            }
            let measurer: StreamMeasurer
            switch measurers.measurer(for: settings.key) {
            case .success(let made): measurer = made
            case .failure(let failure): return .failure(StreamJobFailure(job: job, message: failure.message))
            }
            var task = StreamMeasureTask(
                id: job.id, text: job.text, measurer: measurer, width: settings.width,
                showsTruncation: settings.showsTruncation)
            if let store {
                switch store.memo(for: measurer, width: settings.width) {
                case .success(let memo): task.memo = memo
                case .failure(let failure):
                    if let error = failure.databaseError { throw error }
                    return .failure(StreamJobFailure(job: job, message: failure.message))
                }
            }
            return .measure(task)
        }
    }

    /// A stored size with the missing-glyph count the database does not keep: 0 when one font maps every character
    /// (the usual answer, found without fitting lines), else counted as measuring counts it (a cluster no one font
    /// maps whole is missing though each of its characters has a font: `FontCascade.oneFontMapsEveryScalar`).
    private static func withMissingGlyphs(_ size: TextSize, _ text: String, session: MeasureSession) -> TextSize {
        guard !session.measurer.cascade.oneFontMapsEveryScalar(in: text) else { return size }
        var size = size
        size.missingGlyphs = session.missingGlyphs(in: text)
        return size
    }
}
