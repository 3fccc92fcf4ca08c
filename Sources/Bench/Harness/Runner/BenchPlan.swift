/// Which suites a run includes.
public struct BenchPlan: Sendable, Equatable {
    public var corpora: [String]
    public var widths: [Double]
    public var caches: [SuiteConfiguration.CacheState]
    public var threads: [Int]
    /// Widths the re-layout suites fit prepared text at (prepared at 200 pt, so these are new widths).
    public var relayoutWidths: [Double]
    public var repetitions: Int
    /// Whether to run the size-database suites (writes, lookups, memoized cold and warm) on each corpus.
    public var storeSuites: Bool
    /// Strings of at most this many scalars make the re-layout corpus.
    public static let relayoutMaxChars = 40

    public init(
        corpora: [String], widths: [Double], caches: [SuiteConfiguration.CacheState], threads: [Int],
        relayoutWidths: [Double], repetitions: Int, storeSuites: Bool = true
    ) {
        self.corpora = corpora
        self.widths = widths
        self.caches = caches
        self.threads = threads
        self.relayoutWidths = relayoutWidths
        self.repetitions = repetitions
        self.storeSuites = storeSuites
    }

    /// The size-database suites, in run order: (corpus, kind, cache); on the corpora measured with the classic
    /// cascade — Latin and CJK, and their languages' (the store does not depend on the script, so the complex
    /// corpora would only repeat them) — in the plan's cache states.
    public var storeRuns: [(corpus: String, kind: StoreSuiteRunner.Kind, cache: SuiteConfiguration.CacheState)] {
        guard storeSuites else { return [] }
        let runs: [(corpus: String, kind: StoreSuiteRunner.Kind, cache: SuiteConfiguration.CacheState)] =
            corpora.filter { CorpusFamily(corpus: $0)?.usesComplexCascade != true }.flatMap { corpus in
                [
                    (corpus, .write, .cold), (corpus, .lookup, .warm), (corpus, .memoized, .cold),
                    (corpus, .memoized, .warm),
                ]
            }
        return runs.filter { caches.contains($0.cache) }
    }

    /// Every corpus × width (120, 200, 320) × cold/warm × threads 1…cores, 5 repetitions; re-layout at 120 and 320.
    public static func full(cores: Int) -> BenchPlan {
        BenchPlan(
            corpora: ["latin", "cjk", "complex"], widths: [120, 200, 320], caches: [.cold, .warm],
            threads: Array(1...max(1, cores)), relayoutWidths: [120, 320], repetitions: 5)
    }

    /// Every corpus and cache state at 200 pt, threads 1 and 2, 3 repetitions; re-layout at 320: within a minute.
    public static let quick = BenchPlan(
        corpora: ["latin", "cjk", "complex"], widths: [200], caches: [.cold, .warm],
        threads: [1, 2], relayoutWidths: [320], repetitions: 3)

    /// The suites, in run order.
    public var suites: [SuiteConfiguration] {
        var suites: [SuiteConfiguration] = []
        for corpus in corpora {
            for width in widths {
                for cache in caches {
                    for threads in threads {
                        suites.append(
                            SuiteConfiguration(
                                kind: .measure, corpus: corpus, width: width, cache: cache,
                                threads: threads))
                    }
                }
            }
            // Re-layout suites fit prepared text: warm by nature, left out when only cold suites are asked for.
            for width in caches.contains(.warm) ? relayoutWidths : [] {
                for threads in [threads.min() ?? 1, threads.max() ?? 1].uniqued() {
                    suites.append(
                        SuiteConfiguration(
                            kind: .relayout, corpus: corpus, width: width, cache: .warm,
                            threads: threads))
                }
            }
        }
        return suites
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    fileprivate func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
