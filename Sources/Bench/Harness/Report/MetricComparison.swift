/// One metric of one suite held against its baseline: the two values, the worst acceptable value, and the verdict.
/// `BaselineComparison` makes one for every metric of every suite present in both reports.
public struct MetricComparison: Sendable, Equatable {
    /// The suite's `SuiteResult.id`.
    public var suiteID: String
    public var metric: BenchMetric
    public var baseline: Double
    public var current: Double
    /// The floor (throughputs) or ceiling (everything else) `current` must respect.
    public var limit: Double

    public init(suiteID: String, metric: BenchMetric, baseline: Double, current: Double, limit: Double) {
        self.suiteID = suiteID
        self.metric = metric
        self.baseline = baseline
        self.current = current
        self.limit = limit
    }

    /// Whether `current` is past `limit`: below it for throughputs, above it for the rest. A value exactly at the
    /// limit passes. A non-finite current value is a regression (the run broke).
    public var isRegression: Bool {
        guard current.isFinite else { return true }
        return metric.higherIsBetter ? current < limit : current > limit
    }

    /// (current − baseline) / baseline, or nil when the baseline is 0.
    public var relativeChange: Double? {
        BenchFormat.relativeChange(from: baseline, to: current)
    }
}
