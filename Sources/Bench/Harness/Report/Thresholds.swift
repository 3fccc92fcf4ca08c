/// How far each metric may move against a baseline before `BaselineComparison` calls it a regression. All values
/// are fractions of the baseline value (0.25 = 25 %).
///
/// The defaults are loose for wall-clock figures, because shared CI machines and laptops routinely vary by 10–20 %
/// between runs and a comparison that cries wolf gets ignored, and strict for counters, because on one thread the
/// same code on the same corpus allocates and misses exactly as often every time: any increase there is a real
/// change in the code, found without any noise.
public struct Thresholds: Codable, Sendable, Equatable {
    /// How much strings/s and chars/s may drop. Default 0.25: a suite may run at 75 % of the baseline's median.
    public var throughputDrop: Double
    /// How much latency p50, p90 and p99 may rise. Default 0.50.
    public var latencyRise: Double
    /// How much the maximum latency may rise. Default 9 (tenfold): the maximum is a single string, so one preemption
    /// or page fault decides it — on a shared 2-core machine one stall turned a 40 µs maximum into 2.9 ms — and it
    /// only flags a hang, not a slowdown, which the percentiles catch.
    public var latencyMaxRise: Double
    /// How much peak RSS may rise. Default 0.25.
    public var peakRSSRise: Double
    /// How much allocations, bytes allocated, glyph- and segment-cache misses may rise in suites with one
    /// thread. Default 0: any increase is a regression, since these are deterministic there.
    public var singleThreadCounterRise: Double
    /// How much the same counters may rise in suites with several threads, where scheduling changes them (two
    /// threads can miss the same glyph at once, per-thread buffers grow at different moments). Default 0.10.
    public var multiThreadCounterRise: Double

    public init(
        throughputDrop: Double = 0.25, latencyRise: Double = 0.50, latencyMaxRise: Double = 9,
        peakRSSRise: Double = 0.25, singleThreadCounterRise: Double = 0, multiThreadCounterRise: Double = 0.10
    ) {
        self.throughputDrop = throughputDrop
        self.latencyRise = latencyRise
        self.latencyMaxRise = latencyMaxRise
        self.peakRSSRise = peakRSSRise
        self.singleThreadCounterRise = singleThreadCounterRise
        self.multiThreadCounterRise = multiThreadCounterRise
    }

    /// The documented defaults.
    public static let `default` = Thresholds()

    /// The fraction `metric` may move (drop for throughputs, rise for the rest) in a suite run on `threads` threads.
    public func tolerance(for metric: BenchMetric, threads: Int) -> Double {
        switch metric {
        case .stringsPerSecond, .charsPerSecond: throughputDrop
        case .latencyP50, .latencyP90, .latencyP99: latencyRise
        case .latencyMax: latencyMaxRise
        case .peakRSSBytes: peakRSSRise
        case .allocations, .bytesAllocated, .freeTypeCalls, .segmentCacheMisses:
            threads <= 1 ? singleThreadCounterRise : multiThreadCounterRise
        }
    }

    /// The worst acceptable value of `metric` given its baseline value: a floor for throughputs
    /// (`baseline × (1 − drop)`), a ceiling for everything else (`baseline × (1 + rise)`).
    public func limit(for metric: BenchMetric, baseline: Double, threads: Int) -> Double {
        let tolerance = tolerance(for: metric, threads: threads)
        return metric.higherIsBetter ? baseline * (1 - tolerance) : baseline * (1 + tolerance)
    }
}
