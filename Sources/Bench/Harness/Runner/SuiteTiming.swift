/// What one suite's timed runs and counters came to, before they become a `SuiteResult`: the one place where
/// repetitions turn into medians and min–max, and latencies into percentiles.
struct SuiteTiming {
    var kind: String
    var corpus: BenchCorpus
    var width: Double
    var cache: String
    var threads: Int
    /// Wall time of each timed repetition.
    var seconds: [Double]
    /// Per-string times of the latency pass (empty when a suite has none).
    var latencies: [Double]
    var allocations = 0
    var bytesAllocated = 0
    var freeTypeCalls = 0
    var glyphCacheHitRate = 0.0
    var segmentCacheHitRate = 0.0
    var segmentCacheMisses = 0
    /// The workers' summed processor time of each timed repetition's pass (empty when the suite does not time it).
    var cpuSeconds: [Double] = []
    /// Each timed pass's workers' processor time over its wall time × threads.
    var busyShares: [Double] = []

    /// The result: strings/s and chars/s as median, min and max over the repetitions; nearest-rank latency
    /// percentiles; the process's peak RSS since the suite reset it; the medians of the processor times and busy
    /// shares, when timed.
    var result: SuiteResult {
        let rates = seconds.map { Double(corpus.lines.count) / $0 }
        let charRates = seconds.map { Double(corpus.chars) / $0 }
        let sorted = latencies.sorted()
        return SuiteResult(
            kind: kind, corpus: corpus.name, width: width, cache: cache, threads: threads,
            strings: corpus.lines.count, chars: corpus.chars,
            stringsPerSecond: Percentiles.median(rates), stringsPerSecondMin: rates.min() ?? 0,
            stringsPerSecondMax: rates.max() ?? 0,
            charsPerSecond: Percentiles.median(charRates), charsPerSecondMin: charRates.min() ?? 0,
            charsPerSecondMax: charRates.max() ?? 0,
            latencyP50: Percentiles.value(0.5, ofSorted: sorted), latencyP90: Percentiles.value(0.9, ofSorted: sorted),
            latencyP99: Percentiles.value(0.99, ofSorted: sorted), latencyMax: sorted.last ?? 0,
            peakRSSBytes: ProcessMemory.peakResidentBytes(), allocations: allocations, bytesAllocated: bytesAllocated,
            freeTypeCalls: freeTypeCalls, glyphCacheHitRate: glyphCacheHitRate,
            segmentCacheHitRate: segmentCacheHitRate, segmentCacheMisses: segmentCacheMisses,
            cpuSeconds: cpuSeconds.isEmpty ? nil : Percentiles.median(cpuSeconds),
            busyShare: busyShares.isEmpty ? nil : Percentiles.median(busyShares))
    }
}
