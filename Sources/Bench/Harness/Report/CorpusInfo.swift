/// One corpus a report measured. The hash pins the exact text: deterministic counters (allocations,
/// cache misses) only compare between reports whose corpora hash the same.
public struct CorpusInfo: Codable, Sendable, Equatable {
    /// The corpus's name as suites spell it: `"latin"`, `"cjk"`, …
    public var name: String
    /// Lines (strings) in the corpus.
    public var lines: Int
    /// Unicode scalars in the corpus, newlines excluded.
    public var chars: Int
    /// The SHA-256 of the corpus file, lowercase hex.
    public var sha256: String

    public init(name: String, lines: Int, chars: Int, sha256: String) {
        self.name = name
        self.lines = lines
        self.chars = chars
        self.sha256 = sha256
    }
}
