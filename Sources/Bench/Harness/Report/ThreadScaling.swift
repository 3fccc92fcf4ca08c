/// Sets each suite's `speedup` and `cpuGrowth` on more than one thread, against the same suite — kind, corpus,
/// width, cache — on one thread: how much faster the threads went, and how much more processor time the same work
/// took on them. The limit suites get theirs too, which is what this machine gives a loop that shares nothing and
/// waits for nothing.
public enum ThreadScaling {
    /// Sets `speedup`, and `cpuGrowth` where both suites have processor times, on every suite of `suites` on more
    /// than one thread whose one-thread suite is among them; leaves the others as they are.
    public static func assign(to suites: inout [SuiteResult]) {
        let single = Dictionary(
            suites.filter { $0.threads == 1 }.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        for index in suites.indices {
            let suite = suites[index]
            guard suite.threads > 1, let one = single[key(suite)] else { continue }
            suites[index].speedup = one.charsPerSecond > 0 ? suite.charsPerSecond / one.charsPerSecond : nil
            if let cpu = suite.cpuSeconds, let oneCPU = one.cpuSeconds, oneCPU > 0 {
                suites[index].cpuGrowth = cpu / oneCPU - 1
            }
        }
    }

    /// A suite's identity but its thread count.
    private static func key(_ suite: SuiteResult) -> String {
        "\(suite.kind)/\(suite.corpus)/w\(SuiteResult.widthLabel(suite.width))/\(suite.cache)"
    }
}
