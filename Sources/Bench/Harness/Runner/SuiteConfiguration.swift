/// Which suite to run: what is timed, on which corpus, at which width, with which caches, on how many threads.
public struct SuiteConfiguration: Sendable, Hashable {
    /// What a suite times.
    public enum Kind: String, Sendable, CaseIterable {
        /// Measuring strings from their text.
        case measure
        /// Fitting already-prepared strings (`PreparedText`) at a new width: no measuring at all.
        case relayout
    }

    /// The state of the caches when the timed run starts.
    public enum CacheState: String, Sendable, CaseIterable {
        /// Fresh fonts and sessions: empty glyph-advance and segment caches.
        case cold
        /// Caches filled by an untimed run over the same corpus.
        case warm
    }

    public var kind: Kind
    public var corpus: String
    public var width: Double
    public var cache: CacheState
    public var threads: Int

    public init(kind: Kind, corpus: String, width: Double, cache: CacheState, threads: Int) {
        self.kind = kind
        self.corpus = corpus
        self.width = width
        self.cache = cache
        self.threads = threads
    }
}
