import Foundation

@testable import Bench

/// Hand-made reports for the tests: one suite whose every figure the expected strings were worked out from by hand,
/// and a full synthetic run (two kinds, two corpora, three widths, cold and warm, 1, 2 and 4 threads) for the
/// rendering tests and the sample HTML page.
enum Fixtures {
    static let machine = MachineInfo(
        cores: 4, cpuModel: "Example CPU @ 3.00GHz", memoryBytes: 8_375_000_000,
        os: "Debian GNU/Linux 13 (trixie)")

    static let corpora = [
        CorpusInfo(
            name: "latin", lines: 5_000, chars: 231_400,
            sha256: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"),
        CorpusInfo(
            name: "cjk", lines: 5_000, chars: 98_750,
            sha256: "fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210"),
    ]

    /// A suite with the given identity and, unless overridden, the hand-checked figures of `exampleSuite`.
    static func suite(
        kind: String = "measure", corpus: String = "latin", width: Double = 200,
        cache: String = "cold", threads: Int = 1, stringsPerSecond: Double = 1_234_567,
        latencyP50: Double = 0.000_000_84, latencyMax: Double = 0.002,
        allocations: Int = 1_234_567, freeTypeCalls: Int = 1_234
    ) -> SuiteResult {
        SuiteResult(
            kind: kind, corpus: corpus, width: width, cache: cache, threads: threads, strings: 40_000,
            chars: 1_851_200, stringsPerSecond: stringsPerSecond, stringsPerSecondMin: 1_200_000,
            stringsPerSecondMax: 1_250_000, charsPerSecond: 52_100_000, charsPerSecondMin: 51_000_000,
            charsPerSecondMax: 53_000_000, latencyP50: latencyP50, latencyP90: 0.000_001_5,
            latencyP99: 0.000_012_34, latencyMax: latencyMax, peakRSSBytes: 45_200_000,
            allocations: allocations, bytesAllocated: 98_765_432, freeTypeCalls: freeTypeCalls,
            glyphCacheHitRate: 0.99834, segmentCacheHitRate: 0.5, segmentCacheMisses: 20_000)
    }

    /// measure/latin/w200/cold/t1 with: 1.23M strings/s (1.20M–1.25M), 52.1M chars/s, latencies 0.840, 1.50, 12.3
    /// and 2,000 µs, 45.2 MB, 1,234,567 allocations of 98.8M bytes, 1,234 glyph-cache misses, hit rates 99.8% and 50.0%.
    static let exampleSuite = suite()

    static func report(
        suites: [SuiteResult], corpora: [CorpusInfo] = Fixtures.corpora,
        machine: MachineInfo = Fixtures.machine
    ) -> BenchReport {
        BenchReport(
            engineVersion: "0.1.0", commit: "a652ca1", date: "2026-12-01T04:40:00Z", machine: machine,
            corpora: corpora, repetitions: 5, quick: false, suites: suites)
    }

    /// A full run with plausible, made-up figures.
    static func sampleReport() -> BenchReport {
        var suites: [SuiteResult] = []
        let charsPerString: [String: Double] = ["latin": 46.3, "cjk": 19.75]
        let scalings: [String: [Double]] = [
            "latin/cold": [1.87, 3.3], "latin/warm": [1.95, 3.62],
            "cjk/cold": [1.71, 2.84], "cjk/warm": [1.92, 3.51],
        ]
        for kind in ["measure", "relayout"] {
            for corpus in ["latin", "cjk"] {
                for (widthIndex, width) in [120.0, 200, 320].enumerated() {
                    for cache in ["cold", "warm"] {
                        for threads in [1, 2, 4] {
                            let base: Double =
                                kind == "measure"
                                ? (corpus == "latin" ? 1_150_000 : 1_620_000)
                                : (corpus == "latin" ? 6_400_000 : 8_100_000)
                            let cacheFactor =
                                cache == "warm"
                                ? (kind == "measure" ? (corpus == "latin" ? 2.4 : 2.15) : 1.3) : 1
                            let widthFactor = 1 - 0.04 * Double(2 - widthIndex)
                            let scaling = threads == 1 ? 1 : scalings[corpus + "/" + cache]![threads == 2 ? 0 : 1]
                            let median = base * cacheFactor * widthFactor * scaling
                            let chars = charsPerString[corpus]!
                            let p50 = 1 / (base * cacheFactor * widthFactor) * 0.9
                            suites.append(
                                SuiteResult(
                                    kind: kind, corpus: corpus, width: width, cache: cache, threads: threads,
                                    strings: 5_000, chars: Int(5_000 * chars), stringsPerSecond: median,
                                    stringsPerSecondMin: median * 0.93, stringsPerSecondMax: median * 1.04,
                                    charsPerSecond: median * chars, charsPerSecondMin: median * chars * 0.93,
                                    charsPerSecondMax: median * chars * 1.04, latencyP50: p50, latencyP90: p50 * 1.9,
                                    latencyP99: p50 * 6.5, latencyMax: cache == "cold" ? 0.000_9 + p50 * 40 : p50 * 60,
                                    peakRSSBytes: 38_000_000 + threads * 4_000_000,
                                    allocations: cache == "cold" ? 12_400 * threads : 3 * threads,
                                    bytesAllocated: cache == "cold" ? 5_800_000 * threads : 192 * threads,
                                    freeTypeCalls: cache == "cold" ? (corpus == "latin" ? 212 : 3_190) * threads : 0,
                                    glyphCacheHitRate: cache == "cold" ? (corpus == "latin" ? 0.99908 : 0.9677) : 1,
                                    segmentCacheHitRate: cache == "cold" ? (kind == "measure" ? 0.412 : 0.88) : 0.9991,
                                    segmentCacheMisses: cache == "cold" ? 14_020 * threads : 18))
                        }
                    }
                }
            }
        }
        return report(suites: suites)
    }
}
