/// Sets each measuring suite's `limitShare`: its chars/s over the chars/s of the `limit` suite of the same corpus at
/// the same thread count (nil when there is none).
public enum LimitShare {
    public static func assign(to suites: inout [SuiteResult], limits: [SuiteResult]) {
        for index in suites.indices where suites[index].kind == "measure" {
            let suite = suites[index]
            let limit = limits.first { $0.kind == "limit" && $0.corpus == suite.corpus && $0.threads == suite.threads }
            suites[index].limitShare = limit.flatMap {
                $0.charsPerSecond > 0 ? suite.charsPerSecond / $0.charsPerSecond : nil
            }
        }
    }
}
