import Testing

@testable import Bench

/// Comparing a run with a baseline: loose wall-clock thresholds, strict single-thread counters, loose multi-thread
/// counters, suites present on one side only, and the readable output.
@Suite struct BaselineComparisonTests {
    static let baseline = Fixtures.report(suites: [
        Fixtures.suite(threads: 1, stringsPerSecond: 1_000_000, allocations: 1_000),
        Fixtures.suite(threads: 2, stringsPerSecond: 1_800_000, allocations: 1_000),
    ])

    /// The baseline with the t1 and t2 suites changed by `change`.
    static func current(_ change: (inout SuiteResult) -> Void) -> BenchReport {
        var report = baseline
        for index in report.suites.indices { change(&report.suites[index]) }
        return report
    }

    @Test func identicalReportsHaveNoRegressions() {
        let comparison = BaselineComparison(current: Self.baseline, baseline: Self.baseline)
        #expect(comparison.regressions.isEmpty)
        #expect(!comparison.hasRegressions)
        #expect(comparison.metrics.count == 2 * BenchMetric.allCases.count)
        #expect(comparison.notes.isEmpty)
    }

    @Test func aThirtyPercentThroughputDropIsARegression() {
        let current = Self.current { if $0.threads == 1 { $0.stringsPerSecond = 700_000 } }
        let regressions = BaselineComparison.compare(current: current, baseline: Self.baseline)
        #expect(
            regressions == [
                Regression(
                    suiteID: "measure/latin/w200/cold/t1", metric: .stringsPerSecond,
                    baseline: 1_000_000, current: 700_000, limit: 750_000)
            ])
        #expect(
            regressions.first?.description == "measure/latin/w200/cold/t1 stringsPerSecond: 700k strings/s, "
                + "baseline 1.00M strings/s (-30.0%), limit ≥ 750k strings/s")
    }

    @Test func aTwentyPercentThroughputDropIsNot() {
        let current = Self.current { $0.stringsPerSecond *= 0.8 }
        #expect(BaselineComparison.compare(current: current, baseline: Self.baseline).isEmpty)
    }

    @Test func latenciesMayRiseByHalfAndTheMaximumMayDouble() {
        let within = Self.current {
            $0.latencyP50 *= 1.4; $0.latencyMax *= 1.9
        }
        #expect(BaselineComparison.compare(current: within, baseline: Self.baseline).isEmpty)
        let past = Self.current { if $0.threads == 1 { $0.latencyP50 *= 1.6 } }
        #expect(BaselineComparison.compare(current: past, baseline: Self.baseline).map(\.metric) == [.latencyP50])
    }

    @Test func oneExtraAllocationOnOneThreadIsARegression() {
        let current = Self.current { if $0.threads == 1 { $0.allocations += 1 } }
        let regressions = BaselineComparison.compare(current: current, baseline: Self.baseline)
        #expect(
            regressions == [
                Regression(
                    suiteID: "measure/latin/w200/cold/t1", metric: .allocations,
                    baseline: 1_000, current: 1_001, limit: 1_000)
            ])
        #expect(
            regressions.first?.description == "measure/latin/w200/cold/t1 allocations: 1,001, baseline 1,000 "
                + "(+0.1%), limit ≤ 1,000")
    }

    @Test func everySingleThreadCounterIsStrictAndFewerIsFine() {
        let more = Self.current {
            guard $0.threads == 1 else { return }
            $0.bytesAllocated += 1
            $0.freeTypeCalls += 1
            $0.segmentCacheMisses += 1
        }
        #expect(
            BaselineComparison.compare(current: more, baseline: Self.baseline).map(\.metric)
                == [.bytesAllocated, .freeTypeCalls, .segmentCacheMisses])
        let fewer = Self.current {
            $0.allocations -= 500; $0.freeTypeCalls = 0
        }
        #expect(BaselineComparison.compare(current: fewer, baseline: Self.baseline).isEmpty)
    }

    @Test func countersOnTwoThreadsMayRiseTenPercent() {
        let within = Self.current { if $0.threads == 2 { $0.allocations = 1_050; $0.freeTypeCalls = 1_357 } }
        #expect(BaselineComparison.compare(current: within, baseline: Self.baseline).isEmpty)
        let past = Self.current { if $0.threads == 2 { $0.allocations = 1_101 } }
        let regressions = BaselineComparison.compare(current: past, baseline: Self.baseline)
        #expect(regressions.map(\.suiteID) == ["measure/latin/w200/cold/t2"])
        #expect(regressions.first?.limit == 1_100)
    }

    @Test func suitesOnOneSideOnlyAreListedNotRegressions() {
        var current = Self.baseline
        current.suites[1] = Fixtures.suite(cache: "warm", threads: 1, stringsPerSecond: 1)
        let comparison = BaselineComparison(current: current, baseline: Self.baseline)
        #expect(comparison.onlyInBaseline == ["measure/latin/w200/cold/t2"])
        #expect(comparison.onlyInCurrent == ["measure/latin/w200/warm/t1"])
        #expect(comparison.regressions.isEmpty)
        #expect(Set(comparison.metrics.map(\.suiteID)) == ["measure/latin/w200/cold/t1"])
        #expect(
            comparison.summary() == """
                only in baseline (not compared): measure/latin/w200/cold/t2
                only in current run (not compared): measure/latin/w200/warm/t1
                no regressions in 11 metrics of 1 suites

                """)
    }

    @Test func customThresholdsApply() {
        let current = Self.current { $0.stringsPerSecond *= 0.8 }
        let strict = Thresholds(throughputDrop: 0.1)
        #expect(BaselineComparison.compare(current: current, baseline: Self.baseline, thresholds: strict).count == 2)
        #expect(
            Thresholds.default
                == Thresholds(
                    throughputDrop: 0.25, latencyRise: 0.5, latencyMaxRise: 9,
                    peakRSSRise: 0.25, singleThreadCounterRise: 0,
                    multiThreadCounterRise: 0.1))
        #expect(Thresholds.default.limit(for: .peakRSSBytes, baseline: 100, threads: 1) == 125)
    }

    @Test func tableListsEveryComparedMetricWithItsChange() {
        let current = Self.current { if $0.threads == 1 { $0.stringsPerSecond = 700_000 } }
        let table = BaselineComparison(current: current, baseline: Self.baseline).table()
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 + 2 * BenchMetric.allCases.count)
        // Widths: metric 18 ("segmentCacheMisses"), baseline and current 15 ("1.80M strings/s"), limit 17
        // ("≥ 1.35M strings/s"), verdict 10.
        #expect(
            lines[0] == "suite                       metric                     baseline          current  change  "
                + "            limit  verdict")
        #expect(
            lines[2] == "measure/latin/w200/cold/t1  stringsPerSecond    1.00M strings/s   700k strings/s  -30.0%  "
                + " ≥ 750k strings/s  REGRESSION")
        #expect(
            lines.contains(
                "measure/latin/w200/cold/t2  allocations                   1,000            1,000    0.0%  "
                    + "          ≤ 1,100  ok"))
    }

    @Test func notesWhatMakesTheReportsIncomparable() {
        var current = Self.baseline
        current.corpora[0].sha256 = "ffff" + current.corpora[0].sha256.dropFirst(4)
        current.machine.cores = 8
        current.quick = true
        current.plain = true
        let notes = BaselineComparison(current: current, baseline: Self.baseline).notes
        #expect(
            notes == [
                "corpus latin differs (sha256 0123456789ab → ffff456789ab); counters are not comparable",
                "machine differs (Example CPU @ 3.00GHz, 4 cores → Example CPU @ 3.00GHz, 8 cores); wall-clock figures "
                    + "are not comparable",
                "baseline is a full run, current is a quick run",
                "baseline is a default-mode run, current is a --plain run: kerning and ligatures change every figure",
            ])
    }

    @Test func reportsWithNoSuiteInCommonCompareNothing() {
        var current = Self.baseline
        current.suites = [Fixtures.suite(corpus: "cjk", width: 320)]
        let comparison = BaselineComparison(current: current, baseline: Self.baseline)
        #expect(!comparison.comparesAnything && !comparison.hasRegressions)
        #expect(BaselineComparison(current: Self.baseline, baseline: Self.baseline).comparesAnything)
    }

    @Test func figuresTooLargeForAnIntegerAreNotAnumber() {
        // A baseline's peak of 9.2e18 bytes gives a limit of 1.15e19, past Int: formatting it trapped.
        #expect(BenchMetric.peakRSSBytes.format(1.2e19) == "n/a")
        #expect(BenchMetric.peakRSSBytes.format(45_200_000) == "45.2 MB")
    }
}
