import Dispatch
import Foundation
import Locking
import Measure
import Synchronization

/// Runs one suite: a warm-up, `repetitions` timed runs (median and min–max), a latency pass, and the counters.
///
/// Every run measures the whole corpus with `threads` workers, each with its own `MeasureSession`, taking chunks of
/// strings as they finish the last — the same scheme as `BatchMeasurer`. "Cold" runs start from freshly loaded fonts
/// (loading is not timed) and time making the measurer and its sessions too, so every cache starts empty on the clock;
/// "warm" runs reuse fonts and sessions each of which has measured the whole corpus once. "Relayout" suites time `PreparedText.fit(maxWidth:)` at a new width over strings
/// prepared (untimed) at 200 pt.
public struct SuiteRunner: Sendable {
    /// How to build the measurer: a fresh cascade each time it is called.
    public var makeCascade: @Sendable () throws -> FontCascade
    public var pointSize: Double
    public var repetitions: Int
    public var allocationProbe: AllocationProbe
    /// Kerning and ligatures (the default), or plain advance sums (`bench --plain`).
    public var usesFontFeatures: Bool

    public init(
        makeCascade: @escaping @Sendable () throws -> FontCascade, pointSize: Double = 17,
        repetitions: Int = 5, allocationProbe: AllocationProbe = .none, usesFontFeatures: Bool = true
    ) {
        self.usesFontFeatures = usesFontFeatures
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

    /// A measurer and one session per worker over `cascade`. Making sessions fills each one's Latin-1 width table
    /// from the glyph caches, so in cold runs it is timed.
    private func makeWorkers(_ configuration: SuiteConfiguration, cascade: FontCascade) -> (
        TextMeasurer, [MeasureSession]
    ) {
        let measurer = TextMeasurer(
            cascade: cascade, pointSize: pointSize,
            options: MeasureOptions(
                maxWidth: configuration.width,
                usesFontFeatures: usesFontFeatures))
        return (measurer, measurer.makeSessions(configuration.threads))
    }

    /// Glyph-cache misses so far (first lookups of a scalar in a font), summed over the cascade.
    private static func freeTypeCalls(_ cascade: FontCascade) -> Int {
        cascade.fonts.reduce(0) { $0 + $1.glyphCache.statistics.entries }
    }

    private static func sessionTotals(_ sessions: [MeasureSession]) -> MeasureSessionStatistics {
        sessions.map(\.statistics).reduce(into: .zero) { $0.add($1) }
    }

    private func runMeasure(_ configuration: SuiteConfiguration, corpus: BenchCorpus) throws -> SuiteResult {
        // The warm workers: every session measures the whole corpus once, so each holds every segment whichever
        // chunks it takes later.
        let warmCascade = try makeCascade()
        let warm = makeWorkers(configuration, cascade: warmCascade)
        if configuration.cache == .warm { Self.warmUp(corpus.lines, sessions: warm.1) }
        let clock = ContinuousClock()
        // Reserved before the allocation probe starts: the harness's own allocations stay out of its counts.
        var seconds: [Double] = []
        seconds.reserveCapacity(repetitions)
        var processor = ProcessorTimes()
        var counters = Counters()
        for repetition in 0..<repetitions {
            // Cold: fonts loaded (untimed) with empty glyph caches; the measurer and its sessions are made inside
            // the timed region, so their Latin-1 tables are filled from the fonts on the clock.
            let cascade = configuration.cache == .cold ? try makeCascade() : warmCascade
            // Loading a font — its file and its kerning and ligature tables — is not timed.
            for font in cascade.fonts { font.loadFeatures() }
            let freeTypeBefore = Self.freeTypeCalls(cascade)
            // Before the probe and the clock: summing the warm sessions' statistics allocates.
            let sessionsBefore = configuration.cache == .cold ? .zero : Self.sessionTotals(warm.1)
            if repetition == 0 { allocationProbe.start() }
            let start = clock.now
            let workers = configuration.cache == .cold ? makeWorkers(configuration, cascade: cascade) : warm
            let pass = Self.pass(corpus.lines, sessions: workers.1, timesEachString: false)
            seconds.append(Self.seconds(clock.now - start))
            if repetition == 0 {
                let allocations = allocationProbe.stop()
                var sessions = Self.sessionTotals(workers.1)
                sessions.subtract(sessionsBefore)
                counters = Counters(
                    allocations: allocations.calls, bytes: allocations.bytes,
                    freeTypeCalls: Self.freeTypeCalls(cascade) - freeTypeBefore, sessions: sessions)
            }
            // After the allocation probe stops: the first append allocates the arrays.
            processor.add(pass, workers: configuration.threads)
        }
        // The latency pass, in the same cache state as the timed runs.
        let latencyWorkers =
            configuration.cache == .cold ? makeWorkers(configuration, cascade: try makeCascade()) : warm
        let latencies = Self.pass(corpus.lines, sessions: latencyWorkers.1, timesEachString: true).latencies
        return result(
            configuration, corpus: corpus, seconds: seconds, latencies: latencies, counters: counters,
            processor: processor)
    }

    /// Every session measures every string once, the sessions in parallel.
    private static func warmUp(_ lines: [ArraySlice<UInt8>], sessions: [MeasureSession]) {
        DispatchQueue.concurrentPerform(iterations: sessions.count) { worker in
            for line in lines { _ = sessions[worker].measure(utf8: line) }
        }
    }

    private func runRelayout(_ configuration: SuiteConfiguration, corpus: BenchCorpus) throws -> SuiteResult {
        let measurer = TextMeasurer(
            cascade: try makeCascade(), pointSize: pointSize,
            options: MeasureOptions(maxWidth: 200, usesFontFeatures: usesFontFeatures))
        let session = measurer.makeSession()
        let prepared = corpus.lines.map { session.prepare(String(decoding: $0, as: UTF8.self)) }
        let width = configuration.width
        let warmUp = Self.fitPasses(prepared, width: width, threads: configuration.threads, timesEachString: false)
        // A pass over the short strings takes about a millisecond, where one preemption on a shared machine halves
        // the figure: each repetition fits them enough times to last `Self.minimumRepetitionSeconds`, and reports
        // the time and allocations of one pass. The passes are one parallel loop, as a bulk re-layout would be:
        // joining the workers after every pass of a millisecond cost two threads a fifth of their time (Latin on two
        // threads busy 74–82 % in five runs of `bench --quick --no-store --corpus cjk --corpus latin --cache warm
        // --threads 1 --threads 2 --repetitions 5` with the passes joined one by one, 2026-12-05).
        let passes = Self.passesPerRepetition(onePass: warmUp.seconds)
        var seconds: [Double] = []
        seconds.reserveCapacity(repetitions)
        var processor = ProcessorTimes()
        var counters = Counters()
        for repetition in 0..<repetitions {
            if repetition == 0 { allocationProbe.start() }
            let all = Self.fitPasses(
                prepared, width: width, threads: configuration.threads, passes: passes, timesEachString: false)
            let pass = PassTiming(
                seconds: all.seconds / Double(passes), cpuSeconds: all.cpuSeconds / Double(passes), latencies: [])
            seconds.append(pass.seconds)
            if repetition == 0 {
                let allocations = allocationProbe.stop()
                counters.allocations = allocations.calls / passes
                counters.bytes = allocations.bytes / passes
            }
            processor.add(pass, workers: configuration.threads)
        }
        let latencies = Self.fitPasses(
            prepared, width: width, threads: configuration.threads, timesEachString: true
        ).latencies
        return result(
            configuration, corpus: corpus, seconds: seconds, latencies: latencies, counters: counters,
            processor: processor)
    }

    /// Counters of the first timed repetition.
    struct Counters {
        var allocations = 0
        var bytes = 0
        var freeTypeCalls = 0
        var sessions = MeasureSessionStatistics.zero
    }

    /// The workers' processor time of each timed repetition's pass, and its busy share.
    struct ProcessorTimes {
        var cpuSeconds: [Double] = []
        var busyShares: [Double] = []

        mutating func add(_ pass: PassTiming, workers: Int) {
            cpuSeconds.append(pass.cpuSeconds)
            busyShares.append(pass.busyShare(workers: workers))
        }
    }

    private func result(
        _ configuration: SuiteConfiguration, corpus: BenchCorpus, seconds: [Double],
        latencies: [Double], counters: Counters, processor: ProcessorTimes
    ) -> SuiteResult {
        let lookups = counters.sessions.glyphLookups
        return SuiteTiming(
            kind: configuration.kind.rawValue, corpus: corpus, width: configuration.width,
            cache: configuration.cache.rawValue, threads: configuration.threads, seconds: seconds, latencies: latencies,
            allocations: counters.allocations, bytesAllocated: counters.bytes, freeTypeCalls: counters.freeTypeCalls,
            glyphCacheHitRate: lookups == 0 ? 1 : min(1, max(0, 1 - Double(counters.freeTypeCalls) / Double(lookups))),
            segmentCacheHitRate: counters.sessions.segmentCache.hitRate,
            segmentCacheMisses: counters.sessions.segmentCache.misses, cpuSeconds: processor.cpuSeconds,
            busyShares: processor.busyShares
        ).result
    }

    /// How long one timed re-layout repetition lasts at least.
    static let minimumRepetitionSeconds = 0.05

    /// Passes per re-layout repetition when one pass takes `onePass` seconds: enough to last
    /// `minimumRepetitionSeconds`, at most 10,000.
    static func passesPerRepetition(onePass: Double) -> Int {
        guard onePass > 0 else { return 10_000 }
        return min(10_000, max(1, Int((minimumRepetitionSeconds / onePass).rounded(.up))))
    }

    /// Strings per chunk a worker takes.
    static let chunkSize = 64

    /// One pass over `lines` on `sessions.count` workers: the wall time, and each string's time when asked.
    ///
    /// A line is lent to the measurer in place (`MeasureSession.measure(utf8:at:)`), as a batch's are: copied out of
    /// the array, it was retained and released around every string, and all lines are slices of one corpus buffer, so
    /// two workers traded that buffer's reference count on every string (`perf record` of a two-thread cold CJK pass:
    /// 67 samples of `swift_release` in this closure, against 6 with one thread) — the harness's cost, not the
    /// measurer's. Reading the line through a buffer pointer (this pass's earlier way) still copied it: callgrind
    /// counted two `swift_retain` calls in the closure per string, the session's and the corpus buffer's. The
    /// sessions are read through a buffer pointer (each worker retains only its own).
    static func pass(_ lines: [ArraySlice<UInt8>], sessions: [MeasureSession], timesEachString: Bool)
        -> PassTiming
    {
        sessions.withUnsafeBufferPointer { sessionsBuffer in
            // Unsafe to share only if written or freed during the pass: the array is constant and outlives it
            // (`concurrentPerform` returns when every worker has).
            nonisolated(unsafe) let sessions = sessionsBuffer
            return parallel(count: lines.count, workers: sessions.count, timesEachString: timesEachString) {
                worker, index in
                _ = sessions[worker].measure(utf8: lines, at: index)
            }
        }
    }

    /// `passes` passes fitting every prepared text at `width` on `threads` workers, in one parallel loop.
    static func fitPasses(
        _ prepared: [PreparedText], width: Double, threads: Int, passes: Int = 1, timesEachString: Bool
    ) -> PassTiming {
        parallel(count: prepared.count, workers: threads, passes: passes, timesEachString: timesEachString) {
            _, index in
            _ = prepared[index].fit(maxWidth: width)
        }
    }

    /// What one pass took: its wall time, its workers' summed processor time (`ThreadCPUClock`), and each string's
    /// time when asked.
    struct PassTiming {
        var seconds: Double
        var cpuSeconds: Double
        var latencies: [Double]

        /// The workers' processor time over the wall time of `workers` threads: 1 when every worker ran on a core
        /// for the whole pass.
        func busyShare(workers: Int) -> Double {
            seconds > 0 && workers > 0 ? cpuSeconds / (seconds * Double(workers)) : 0
        }
    }

    /// Runs `work(worker, index)` for every index, `passes` times over, on `workers` threads taking chunks
    /// dynamically: one parallel loop for all the passes, so that workers meet only at its end.
    static func parallel(
        count: Int, workers: Int, passes: Int = 1, timesEachString: Bool,
        work: @Sendable (Int, Int) -> Void
    ) -> PassTiming {
        let clock = ContinuousClock()
        let next = Atomic<Int>(0)
        // Nothing here allocates unless each string is timed: the processor time is summed in an atomic, and the
        // latencies' lock is made only for the latency pass, so a timed pass's allocation counts are the measurer's.
        let latencies: Locked<[Double]>? = timesEachString ? Locked<[Double]>([]) : nil
        let cpuNanoseconds = Atomic<Int>(0)
        let chunksPerPass = (count + chunkSize - 1) / chunkSize
        let chunks = chunksPerPass * passes
        let start = clock.now
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let cpuStart = ThreadCPUClock.now()
            var local: [Double] = []
            if timesEachString { local.reserveCapacity(count / workers + chunkSize) }
            while true {
                let taken = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard taken < chunks else { break }
                let chunk = taken % chunksPerPass
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
            let used = ThreadCPUClock.now() - cpuStart
            cpuNanoseconds.wrappingAdd(Int((used * 1e9).rounded()), ordering: .relaxed)
            latencies?.withLock { $0.append(contentsOf: local) }
        }
        let elapsed = seconds(clock.now - start)
        return PassTiming(
            seconds: elapsed, cpuSeconds: Double(cpuNanoseconds.load(ordering: .relaxed)) / 1e9,
            latencies: latencies?.withLock { $0 } ?? [])
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
