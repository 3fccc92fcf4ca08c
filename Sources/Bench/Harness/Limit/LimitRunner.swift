import Dispatch
import Locking
import Measure
import Synchronization

/// The `limit` suite of a corpus: the speed of the arithmetic that defines measuring, and nothing else — every
/// string's scalars decoded and their cached advances summed (`AdvanceTable`), with no line breaking, no kerning or
/// shaping, no fitting and no segment cache. Run on the measuring suites' thread counts with the same chunked
/// workers; each measuring suite reports its throughput as a share of the limit at its thread count
/// (`SuiteResult.limitShare`).
public struct LimitRunner: Sendable {
    public var makeCascade: @Sendable () throws -> FontCascade
    public var pointSize: Double
    public var repetitions: Int

    public init(
        makeCascade: @escaping @Sendable () throws -> FontCascade, pointSize: Double = 17,
        repetitions: Int = 5
    ) {
        precondition(repetitions >= 1, "at least one timed repetition")
        self.makeCascade = makeCascade
        self.pointSize = pointSize
        self.repetitions = repetitions
    }

    /// Each timed repetition lasts at least this long (one pass over a corpus takes a millisecond or so, where one
    /// preemption on a shared machine would halve the figure), and reports the time of one pass.
    static let minimumRepetitionSeconds = 0.05

    /// The limit suite of `corpus` on `threads` workers (kind `limit`, width 0, cache `warm`: the table is built
    /// before timing). Latencies are 0: a string takes tens of nanoseconds, less than reading the clock.
    public func run(corpus: BenchCorpus, threads: Int) throws -> SuiteResult {
        ProcessMemory.resetPeak()
        let table = AdvanceTable(lines: corpus.lines, cascade: try makeCascade(), pointSize: pointSize)
        let onePass = Self.pass(corpus.lines, table: table, threads: threads).seconds
        let passes =
            onePass > 0
            ? min(10_000, max(1, Int((Self.minimumRepetitionSeconds / onePass).rounded(.up))))
            : 10_000
        var seconds: [Double] = []
        var processor = SuiteRunner.ProcessorTimes()
        for _ in 0..<repetitions {
            var elapsed = 0.0
            var used = 0.0
            for _ in 0..<passes {
                let pass = Self.pass(corpus.lines, table: table, threads: threads)
                elapsed += pass.seconds
                used += pass.cpuSeconds
            }
            let pass = SuiteRunner.PassTiming(
                seconds: elapsed / Double(passes), cpuSeconds: used / Double(passes), latencies: [])
            seconds.append(pass.seconds)
            processor.add(pass, workers: threads)
        }
        return SuiteTiming(
            kind: "limit", corpus: corpus, width: 0, cache: "warm", threads: threads,
            seconds: seconds, latencies: [], glyphCacheHitRate: 1, cpuSeconds: processor.cpuSeconds,
            busyShares: processor.busyShares
        ).result
    }

    /// One pass: every string's advance sum on `threads` workers taking chunks of `SuiteRunner.chunkSize`; the wall
    /// time, the workers' summed processor time, and the sum of all sums (returned so the work cannot be optimized
    /// away).
    static func pass(_ lines: [ArraySlice<UInt8>], table: AdvanceTable, threads: Int) -> (
        seconds: Double, cpuSeconds: Double, total: Double
    ) {
        let clock = ContinuousClock()
        let next = Atomic<Int>(0)
        let total = Locked(0.0)
        let cpu = Locked(0.0)
        let chunkSize = SuiteRunner.chunkSize
        let chunks = (lines.count + chunkSize - 1) / chunkSize
        let start = clock.now
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            let cpuStart = ThreadCPUClock.now()
            var local: Float = 0
            table.advances.withUnsafeBufferPointer { advances in
                while true {
                    let chunk = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard chunk < chunks else { break }
                    for index in chunk * chunkSize..<min(lines.count, (chunk + 1) * chunkSize) {
                        local += lines[index].withUnsafeBufferPointer {
                            AdvanceTable.sum($0, table: advances.baseAddress!)
                        }
                    }
                }
            }
            let used = ThreadCPUClock.now() - cpuStart
            total.withLock { $0 += Double(local) }
            cpu.withLock { $0 += used }
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (seconds, cpu.withLock { $0 }, total.withLock { $0 })
    }
}
