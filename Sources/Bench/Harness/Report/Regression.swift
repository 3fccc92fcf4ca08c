/// A metric of a suite that moved past its threshold against the baseline: a `MetricComparison` whose
/// `isRegression` holds, under the name `bench --compare` reports it by.
public typealias Regression = MetricComparison

extension MetricComparison: CustomStringConvertible {
    /// One line, meant for a terminal or CI log, e.g.
    /// `measure/latin/w200/cold/t1 stringsPerSecond: 700k strings/s, baseline 1.00M strings/s (-30.0%), limit ≥ 750k strings/s`.
    public var description: String {
        "\(suiteID) \(metric.rawValue): \(metric.format(current)), baseline \(metric.format(baseline)) "
            + "(\(BenchFormat.change(from: baseline, to: current))), "
            + "limit \(metric.higherIsBetter ? "≥" : "≤") \(metric.format(limit))"
    }
}
