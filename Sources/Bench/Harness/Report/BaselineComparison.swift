/// A report held against a stored baseline, suite by suite and metric by metric.
///
/// Suites are matched on their `SuiteResult.id` (kind, corpus, width, cache, threads). For each suite present in
/// both, every `BenchMetric` is compared against the limit `Thresholds` allows; past it is a `Regression`. Suites
/// present in only one report are listed, not counted as regressions (a suite added or dropped is a change in the
/// harness, not in the speed). Differences that make the figures incomparable, such as other corpora or another
/// machine, are collected in `notes` for the reader to weigh; they do not stop the comparison.
public struct BaselineComparison: Sendable, Equatable {
    /// Every metric compared, suite by suite in the current report's order, metrics in `BenchMetric` order.
    public var metrics: [MetricComparison]
    /// Suite ids in the baseline but not in the current report.
    public var onlyInBaseline: [String]
    /// Suite ids in the current report but not in the baseline.
    public var onlyInCurrent: [String]
    /// Warnings about what makes the two reports less comparable (corpora, machine, quick mode, duplicate suites).
    public var notes: [String]

    /// Compares `current` with `baseline` under `thresholds`.
    public init(current: BenchReport, baseline: BenchReport, thresholds: Thresholds = .default) {
        let baselineByID = Self.firstByID(baseline.allSuites)
        let currentByID = Self.firstByID(current.allSuites)
        var metrics: [MetricComparison] = []
        var seen: Set<String> = []
        for suite in current.allSuites where seen.insert(suite.id).inserted {
            guard let old = baselineByID[suite.id] else { continue }
            for metric in BenchMetric.allCases {
                let before = metric.value(in: old)
                metrics.append(
                    MetricComparison(
                        suiteID: suite.id, metric: metric, baseline: before, current: metric.value(in: suite),
                        limit: thresholds.limit(for: metric, baseline: before, threads: suite.threads)))
            }
        }
        self.metrics = metrics
        self.onlyInBaseline = Self.uniqueIDs(baseline.allSuites).filter { currentByID[$0] == nil }
        self.onlyInCurrent = Self.uniqueIDs(current.allSuites).filter { baselineByID[$0] == nil }
        self.notes = Self.notes(current: current, baseline: baseline)
    }

    /// Only the regressions of `current` against `baseline`: what `bench --compare` fails on.
    public static func compare(
        current: BenchReport, baseline: BenchReport,
        thresholds: Thresholds = .default
    ) -> [Regression] {
        BaselineComparison(current: current, baseline: baseline, thresholds: thresholds).regressions
    }

    /// The compared metrics that went past their limit.
    public var regressions: [Regression] {
        metrics.filter(\.isRegression)
    }

    /// Whether the two reports had any suite in common: without one, nothing was compared and a run could never
    /// fail against the baseline.
    public var comparesAnything: Bool {
        !metrics.isEmpty
    }

    /// Whether any metric regressed.
    public var hasRegressions: Bool {
        metrics.contains(where: \.isRegression)
    }

    /// Every compared metric as an aligned text table: suite, metric, baseline, current, change in %, limit and
    /// verdict (`ok` or `REGRESSION`), ending in a newline.
    public func table() -> String {
        var rows = [["suite", "metric", "baseline", "current", "change", "limit", "verdict"]]
        for comparison in metrics {
            let metric = comparison.metric
            rows.append([
                comparison.suiteID, metric.rawValue, metric.format(comparison.baseline),
                metric.format(comparison.current),
                BenchFormat.change(from: comparison.baseline, to: comparison.current),
                (metric.higherIsBetter ? "≥ " : "≤ ") + metric.format(comparison.limit),
                comparison.isRegression ? "REGRESSION" : "ok",
            ])
        }
        return TerminalTable.alignedLines(
            rows, rightAligned: [false, false, true, true, true, true, false],
            ruleAfterFirst: true)
    }

    /// The verdict in a few lines: notes, suites only in one report, one line per regression, and a last line
    /// counting them, ending in a newline.
    public func summary() -> String {
        var out = ""
        for note in notes { out += "note: \(note)\n" }
        for id in onlyInBaseline { out += "only in baseline (not compared): \(id)\n" }
        for id in onlyInCurrent { out += "only in current run (not compared): \(id)\n" }
        let regressions = regressions
        for regression in regressions { out += "REGRESSION \(regression)\n" }
        let suites = Set(metrics.map(\.suiteID)).count
        out +=
            regressions.isEmpty
            ? "no regressions in \(metrics.count) metrics of \(suites) suites\n"
            : "\(regressions.count) regression\(regressions.count == 1 ? "" : "s") in \(metrics.count) metrics of "
                + "\(suites) suites\n"
        return out
    }

    /// Suites by id, the first of each id winning.
    private static func firstByID(_ suites: [SuiteResult]) -> [String: SuiteResult] {
        var byID: [String: SuiteResult] = [:]
        for suite in suites where byID[suite.id] == nil { byID[suite.id] = suite }
        return byID
    }

    /// The distinct ids of `suites`, in order.
    private static func uniqueIDs(_ suites: [SuiteResult]) -> [String] {
        var seen: Set<String> = []
        return suites.map(\.id).filter { seen.insert($0).inserted }
    }

    /// What differs between the reports' set-ups.
    private static func notes(current: BenchReport, baseline: BenchReport) -> [String] {
        var notes: [String] = []
        let oldCorpora = Dictionary(baseline.corpora.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for corpus in current.corpora {
            if let old = oldCorpora[corpus.name], old.sha256 != corpus.sha256 {
                notes.append(
                    "corpus \(corpus.name) differs (sha256 \(ReportColumn.shortHash(old.sha256)) → "
                        + "\(ReportColumn.shortHash(corpus.sha256))); counters are not comparable")
            }
        }
        if current.machine.cpuModel != baseline.machine.cpuModel || current.machine.cores != baseline.machine.cores {
            notes.append(
                "machine differs (\(baseline.machine.cpuModel), \(baseline.machine.cores) cores → "
                    + "\(current.machine.cpuModel), \(current.machine.cores) cores); wall-clock figures are not comparable"
            )
        }
        if current.quick != baseline.quick {
            notes.append(
                "baseline is \(baseline.quick ? "a quick" : "a full") run, current is \(current.quick ? "a quick" : "a full") run"
            )
        }
        if current.plain != baseline.plain {
            notes.append(
                "baseline is \(baseline.plain ? "a --plain" : "a default-mode") run, current is "
                    + "\(current.plain ? "a --plain" : "a default-mode") run: kerning and ligatures change every figure"
            )
        }
        for (name, report) in [("baseline", baseline), ("current run", current)] {
            let ids = report.allSuites.map(\.id)
            if Set(ids).count != ids.count {
                notes.append("\(name) has duplicate suites; the first of each is compared")
            }
        }
        return notes
    }
}
