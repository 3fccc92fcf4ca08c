import Dispatch
import Foundation
import Measure
import Synchronization

/// Runs one suite: a warm-up, `repetitions` timed runs (median and min–max), a latency pass, and the counters.
///
/// Every run measures the whole corpus with `threads` workers, each with its own `MeasureSession`, taking chunks of
/// strings as they finish the last — the same scheme as `BatchMeasurer`. "Cold" runs start from freshly loaded fonts
/// and new sessions (empty glyph-advance and segment caches; loading is not timed); "warm" runs reuse fonts and
/// sessions filled by the warm-up. "Relayout" suites time `PreparedText.fit(maxWidth:)` at a new width over strings
/// prepared (untimed) at 200 pt.
public struct SuiteRunner: Sendable {
    /// How to build the measurer: a fresh cascade each time it is called.
    public var makeCascade: @Sendable () throws -> FontCascade
    public var pointSize: Double
    public var repetitions: Int
    public var allocationProbe: AllocationProbe

    public init(makeCascade: @escaping @Sendable () throws -> FontCascade, pointSize: Double = 17,
                repetitions: Int = 5, allocationProbe: AllocationProbe = .none) {
        precondition(repetitions >= 1, "at least one timed repetition")
        self.makeCascade = makeCascade
        self.pointSize = pointSize
        self.repetitions = repetitions
        self.allocationProbe = allocationProbe
    }

    /// Runs `configuration` over `corpus`.
    public func run(_ configuration: SuiteConfiguration, corpus: BenchCorpus) throws -> SuiteResult {
        ProcessMemory.resetPeak()
        switch configuration.kind {
        case .measure: return try runMeasure(configuration, corpus: corpus)
        case .relayout: return try runRelayout(configuration, corpus: corpus)
        }
    }

    /// A measurer and one session per worker, over a freshly loaded cascade.
    private func makeWorkers(_ configuration: SuiteConfiguration) throws -> (TextMeasurer, [MeasureSession]) {
        let measurer = TextMeasurer(cascade: try makeCascade(), pointSize: pointSize,
                                    options: MeasureOptions(maxWidth: configuration.width))
        return (measurer, (0..<configuration.threads).map { _ in measurer.makeSession() })
    }

    /// FreeType lookups so far: the glyph-advance caches' misses, summed over the cascade.
    private static func freeTypeCalls(_ measurer: TextMeasurer) -> Int {
        measurer.cascade.fonts.reduce(0) { $0 + $1.glyphCache.statistics.entries }
    }

    private static func sessionTotals(_ sessions: [MeasureSession]) -> MeasureSessionStatistics {
        sessions.map(\.statistics).reduce(into: .zero) { $0.add($1) }
    }

    private func runMeasure(_ configuration: SuiteConfiguration, corpus: BenchCorpus) throws -> SuiteResult {
        var warm = try makeWorkers(configuration)
        _ = Self.pass(corpus.lines, sessions: warm.1, timesEachString: false)  // warm-up (and the warm caches)
        var seconds: [Double] = []
        var counters = Counters()
        for repetition in 0..<repetitions {
            let workers = configuration.cache == .cold ? try makeWorkers(configuration) : warm
            let sessionsBefore = Self.sessionTotals(workers.1)
            let freeTypeBefore = Self.freeTypeCalls(workers.0)
            if repetition == 0 { allocationProbe.start() }
            let elapsed = Self.pass(corpus.lines, sessions: workers.1, timesEachString: false).seconds
            if repetition == 0 {
                let allocations = allocationProbe.stop()
                var sessions = Self.sessionTotals(workers.1)
                sessions.subtract(sessionsBefore)
                counters = Counters(allocations: allocations.calls, bytes: allocations.bytes,
                                    freeTypeCalls: Self.freeTypeCalls(workers.0) - freeTypeBefore, sessions: sessions)
            }
            seconds.append(elapsed)
        }
        // The latency pass, in the same cache state as the timed runs.
        if configuration.cache == .cold { warm = try makeWorkers(configuration) }
        let latencies = Self.pass(corpus.lines, sessions: warm.1, timesEachString: true).latencies
        return result(configuration, corpus: corpus, seconds: seconds, latencies: latencies, counters: counters)
    }

    private func runRelayout(_ configuration: SuiteConfiguration, corpus: BenchCorpus) throws -> SuiteResult {
        let measurer = TextMeasurer(cascade: try makeCascade(), pointSize: pointSize,
                                    options: MeasureOptions(maxWidth: 200))
        let session = measurer.makeSession()
        let prepared = corpus.lines.map { session.prepare(String(decoding: $0, as: UTF8.self)) }
        let width = configuration.width
        _ = Self.fitPass(prepared, width: width, threads: configuration.threads, timesEachString: false)
        var seconds: [Double] = []
        var counters = Counters()
        for repetition in 0..<repetitions {
            if repetition == 0 { allocationProbe.start() }
            seconds.append(Self.fitPass(prepared, width: width, threads: configuration.threads,
                                        timesEachString: false).seconds)
            if repetition == 0 {
                let allocations = allocationProbe.stop()
                counters.allocations = allocations.calls
                counters.bytes = allocations.bytes
            }
        }
        let latencies = Self.fitPass(prepared, width: width, threads: configuration.threads,
                                     timesEachString: true).latencies
        return result(configuration, corpus: corpus, seconds: seconds, latencies: latencies, counters: counters)
    }

    /// Counters of the first timed repetition.
    struct Counters {
        var allocations = 0
        var bytes = 0
        var freeTypeCalls = 0
        var sessions = MeasureSessionStatistics.zero
    }

    private func result(_ configuration: SuiteConfiguration, corpus: BenchCorpus, seconds: [Double],
                        latencies: [Double], counters: Counters) -> SuiteResult {
        let strings = Double(corpus.lines.count)
        let chars = Double(corpus.chars)
        let rates = seconds.map { strings / $0 }
        let charRates = seconds.map { chars / $0 }
        let sorted = latencies.sorted()
        let lookups = counters.sessions.glyphLookups
        return SuiteResult(
            kind: configuration.kind.rawValue, corpus: configuration.corpus, width: configuration.width,
            cache: configuration.cache.rawValue, threads: configuration.threads,
            strings: corpus.lines.count, chars: corpus.chars,
            stringsPerSecond: Percentiles.median(rates), stringsPerSecondMin: rates.min() ?? 0,
            stringsPerSecondMax: rates.max() ?? 0,
            charsPerSecond: Percentiles.median(charRates), charsPerSecondMin: charRates.min() ?? 0,
            charsPerSecondMax: charRates.max() ?? 0,
            latencyP50: Percentiles.value(0.5, ofSorted: sorted), latencyP90: Percentiles.value(0.9, ofSorted: sorted),
            latencyP99: Percentiles.value(0.99, ofSorted: sorted), latencyMax: sorted.last ?? 0,
            peakRSSBytes: ProcessMemory.peakResidentBytes(),
            allocations: counters.allocations, bytesAllocated: counters.bytes,
            freeTypeCalls: counters.freeTypeCalls,
            glyphCacheHitRate: lookups == 0 ? 1 : 1 - Double(counters.freeTypeCalls) / Double(lookups),
            segmentCacheHitRate: counters.sessions.segmentCache.hitRate,
            segmentCacheMisses: counters.sessions.segmentCache.misses)
    }

    /// Strings per chunk a worker takes.
    static let chunkSize = 64

    /// One pass over `lines` on `sessions.count` workers: the wall time, and each string's time when asked.
    static func pass(_ lines: [ArraySlice<UInt8>], sessions: [MeasureSession], timesEachString: Bool)
        -> (seconds: Double, latencies: [Double])
    {
        parallel(count: lines.count, workers: sessions.count, timesEachString: timesEachString) { worker, index in
            _ = sessions[worker].measure(utf8: lines[index])
        }
    }

    /// One pass fitting every prepared text at `width` on `threads` workers.
    static func fitPass(_ prepared: [PreparedText], width: Double, threads: Int, timesEachString: Bool)
        -> (seconds: Double, latencies: [Double])
    {
        parallel(count: prepared.count, workers: threads, timesEachString: timesEachString) { _, index in
            _ = prepared[index].fit(maxWidth: width)
        }
    }

    /// Runs `work(worker, index)` for every index on `workers` threads taking chunks dynamically.
    private static func parallel(count: Int, workers: Int, timesEachString: Bool,
                                 work: @Sendable (Int, Int) -> Void) -> (seconds: Double, latencies: [Double]) {
        let clock = ContinuousClock()
        let next = Atomic<Int>(0)
        let latencies = Mutex<[Double]>([])
        let chunks = (count + chunkSize - 1) / chunkSize
        let start = clock.now
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var local: [Double] = []
            if timesEachString { local.reserveCapacity(count / workers + chunkSize) }
            while true {
                let chunk = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard chunk < chunks else { break }
                for index in chunk * chunkSize..<min(count, (chunk + 1) * chunkSize) {
                    if timesEachString {
                        let before = clock.now
                        work(worker, index)
                        local.append(seconds(clock.now - before))
                    } else {
                        work(worker, index)
                    }
                }
            }
            if timesEachString { latencies.withLock { $0.append(contentsOf: local) } }
        }
        let elapsed = seconds(clock.now - start)
        return (elapsed, latencies.withLock { $0 })
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
