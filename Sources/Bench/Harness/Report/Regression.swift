/// A metric of a suite that moved past its threshold against the baseline. Its `description` is one line, meant
/// for a terminal or CI log, e.g.
/// `measure/latin/w200/cold/t1 stringsPerSecond: 700k strings/s, baseline 1.00M strings/s (-30.0%), limit ≥ 750k strings/s`.
public struct Regression: Sendable, Equatable, CustomStringConvertible {
    /// The suite's `SuiteResult.id`.
    public var suiteID: String
    public var metric: BenchMetric
    public var baseline: Double
    public var current: Double
    /// The worst acceptable value: a floor for throughputs, a ceiling otherwise.
    public var limit: Double

    public init(suiteID: String, metric: BenchMetric, baseline: Double, current: Double, limit: Double) {
        self.suiteID = suiteID
        self.metric = metric
        self.baseline = baseline
        self.current = current
        self.limit = limit
    }

    /// The regression of a comparison that failed.
    init(_ comparison: MetricComparison) {
        self.init(suiteID: comparison.suiteID, metric: comparison.metric, baseline: comparison.baseline,
                  current: comparison.current, limit: comparison.limit)
    }

    public var description: String {
        "\(suiteID) \(metric.rawValue): \(metric.format(current)), baseline \(metric.format(baseline)) "
            + "(\(BenchFormat.change(from: baseline, to: current))), "
            + "limit \(metric.higherIsBetter ? "≥" : "≤") \(metric.format(limit))"
    }
}
