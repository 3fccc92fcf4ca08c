/// The order the charts list suites and series in, taken from the report so every chart agrees: kinds as they first
/// appear, corpora in the report's `corpora` order (then any others as they appear), widths ascending, cold before
/// warm, threads ascending.
struct SuiteOrder: Sendable {
    let kinds: [String]
    let corpora: [String]
    let widths: [Double]

    init(_ report: BenchReport) {
        kinds = Self.unique(report.allSuites.map(\.kind))
        corpora = Self.unique(report.corpora.map(\.name) + report.allSuites.map(\.corpus))
        widths = Self.unique(report.allSuites.map(\.width)).sorted()
    }

    /// The corpus's position in `corpora` (past the end if unknown).
    func corpusIndex(_ corpus: String) -> Int {
        corpora.firstIndex(of: corpus) ?? corpora.count
    }

    /// The width's position in `widths` (past the end if unknown).
    func widthIndex(_ width: Double) -> Int {
        widths.firstIndex(of: width) ?? widths.count
    }

    /// Cold first, warm second, anything else after.
    static func cacheRank(_ cache: String) -> Int {
        cache == "cold" ? 0 : cache == "warm" ? 1 : 2
    }

    /// Whether `a` comes before `b`: by kind, corpus, width, cache, threads, then id.
    func precedes(_ a: SuiteResult, _ b: SuiteResult) -> Bool {
        let left = (
            kinds.firstIndex(of: a.kind) ?? kinds.count, corpusIndex(a.corpus), a.width,
            Self.cacheRank(a.cache), a.threads
        )
        let right = (
            kinds.firstIndex(of: b.kind) ?? kinds.count, corpusIndex(b.corpus), b.width,
            Self.cacheRank(b.cache), b.threads
        )
        if left != right { return left < right }
        return a.id < b.id
    }

    /// `suites` in this order.
    func sorted(_ suites: [SuiteResult]) -> [SuiteResult] {
        suites.sorted(by: precedes)
    }

    /// The distinct elements of `values` in first-appearance order.
    static func unique<T: Hashable>(_ values: [T]) -> [T] {
        var seen: Set<T> = []
        return values.filter { seen.insert($0).inserted }
    }
}
