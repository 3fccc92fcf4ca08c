/// The measured figures of one suite: one kind of work on one corpus at one width, with cold or warm caches, on a
/// number of threads.
///
/// A suite's identity is (`kind`, `corpus`, `width`, `cache`, `threads`), spelled by `id`; baselines are matched on it.
/// Throughputs are medians over the repetitions with their extremes, so a single disturbed repetition neither moves
/// the headline figure nor hides. The property names are the `--json` keys.
public struct SuiteResult: Codable, Sendable, Equatable {
    /// `"measure"` (strings measured from text), `"relayout"` (prepared text re-fitted at a new width), `"limit"`
    /// (cached advances summed, nothing else), or a size-database kind.
    public var kind: String
    /// The corpus's name: `"latin"` or `"cjk"`.
    public var corpus: String
    /// The wrapping width in points: 120, 200, 320, …
    public var width: Double
    /// `"cold"` (fresh caches for every repetition) or `"warm"` (caches filled before timing).
    public var cache: String
    /// Threads measuring at once.
    public var threads: Int
    /// Strings measured per repetition.
    public var strings: Int
    /// Unicode scalars measured per repetition.
    public var chars: Int
    /// Strings per second, median over the repetitions.
    public var stringsPerSecond: Double
    /// The slowest repetition's strings per second.
    public var stringsPerSecondMin: Double
    /// The fastest repetition's strings per second.
    public var stringsPerSecondMax: Double
    /// Unicode scalars per second, median over the repetitions.
    public var charsPerSecond: Double
    /// The slowest repetition's scalars per second.
    public var charsPerSecondMin: Double
    /// The fastest repetition's scalars per second.
    public var charsPerSecondMax: Double
    /// Median time to measure one string, in seconds.
    public var latencyP50: Double
    /// 90th-percentile time per string, in seconds.
    public var latencyP90: Double
    /// 99th-percentile time per string, in seconds.
    public var latencyP99: Double
    /// The slowest string, in seconds.
    public var latencyMax: Double
    /// The process's peak resident set size after the suite, in bytes.
    public var peakRSSBytes: Int
    /// malloc-family calls during one repetition (deterministic when `threads == 1`).
    public var allocations: Int
    /// Bytes requested by those calls.
    public var bytesAllocated: Int
    /// Glyph-cache misses during one repetition: scalars looked up in a font for the first time, each one
    /// character-map lookup (the font's own, or FreeType's for a font it cannot read; the JSON key keeps the name
    /// from when every one was a FreeType call, so that saved baselines still compare).
    public var freeTypeCalls: Int
    /// Glyph-cache hits over lookups, 0…1: 1 − misses / lookups, a lower bound — the misses (`freeTypeCalls`)
    /// count every first lookup of a scalar in a font, also those made filling a session's Latin-1 tables and by
    /// shaping, which the sessions' lookups do not count (text of a few distinct scalars, or that goes to HarfBuzz,
    /// would give less than 0: it is 0 then).
    public var glyphCacheHitRate: Double
    /// Segment-width-cache hits over lookups, 0…1.
    public var segmentCacheHitRate: Double
    /// Segment-width-cache misses during one repetition.
    public var segmentCacheMisses: Int
    /// For a measuring suite: its chars/s over the chars/s of its corpus's `limit` suite at the same thread count
    /// (summing cached advances and nothing else), 0…1; nil when no limit suite ran (and for the other kinds).
    public var limitShare: Double?
    /// The workers' summed processor time for one pass, in seconds, median over the repetitions (`ThreadCPUClock`);
    /// nil for the size-database suites and in reports from before it was kept.
    public var cpuSeconds: Double?
    /// The workers' processor time over the pass's wall time × `threads`, median over the repetitions, 0…1: below 1
    /// when workers waited (for work, a lock, the processor) rather than ran. Nil where `cpuSeconds` is.
    public var busyShare: Double?
    /// For a suite on more than one thread: its chars/s over the chars/s of the same suite (kind, corpus, width,
    /// cache) on one thread; nil otherwise or when that suite did not run (`ThreadScaling`).
    public var speedup: Double?
    /// For a suite on more than one thread: how much more processor time its workers took for the same pass than the
    /// one-thread suite's worker, as a fraction (0.1: 10 % more); nil otherwise (`ThreadScaling`). With `busyShare`
    /// it splits what `speedup` lacks of `threads`, for the pass: `speedup ≈ threads × busyShare / busyShare(t1) /
    /// (1 + cpuGrowth)` where a repetition's time is its pass's. A cold measuring repetition also times making the
    /// measurer and its sessions, which neither processor time covers.
    public var cpuGrowth: Double?

    public init(
        kind: String, corpus: String, width: Double, cache: String, threads: Int, strings: Int, chars: Int,
        stringsPerSecond: Double, stringsPerSecondMin: Double, stringsPerSecondMax: Double,
        charsPerSecond: Double, charsPerSecondMin: Double, charsPerSecondMax: Double,
        latencyP50: Double, latencyP90: Double, latencyP99: Double, latencyMax: Double,
        peakRSSBytes: Int, allocations: Int, bytesAllocated: Int, freeTypeCalls: Int,
        glyphCacheHitRate: Double, segmentCacheHitRate: Double, segmentCacheMisses: Int,
        limitShare: Double? = nil, cpuSeconds: Double? = nil, busyShare: Double? = nil, speedup: Double? = nil,
        cpuGrowth: Double? = nil
    ) {
        self.limitShare = limitShare
        self.cpuSeconds = cpuSeconds
        self.busyShare = busyShare
        self.speedup = speedup
        self.cpuGrowth = cpuGrowth
        self.kind = kind
        self.corpus = corpus
        self.width = width
        self.cache = cache
        self.threads = threads
        self.strings = strings
        self.chars = chars
        self.stringsPerSecond = stringsPerSecond
        self.stringsPerSecondMin = stringsPerSecondMin
        self.stringsPerSecondMax = stringsPerSecondMax
        self.charsPerSecond = charsPerSecond
        self.charsPerSecondMin = charsPerSecondMin
        self.charsPerSecondMax = charsPerSecondMax
        self.latencyP50 = latencyP50
        self.latencyP90 = latencyP90
        self.latencyP99 = latencyP99
        self.latencyMax = latencyMax
        self.peakRSSBytes = peakRSSBytes
        self.allocations = allocations
        self.bytesAllocated = bytesAllocated
        self.freeTypeCalls = freeTypeCalls
        self.glyphCacheHitRate = glyphCacheHitRate
        self.segmentCacheHitRate = segmentCacheHitRate
        self.segmentCacheMisses = segmentCacheMisses
    }

    /// The suite's identity as one string, e.g. `"measure/latin/w200/cold/t1"`; a fractional width keeps its
    /// decimals (`"w120.5"`).
    public var id: String {
        "\(kind)/\(corpus)/w\(Self.widthLabel(width))/\(cache)/t\(threads)"
    }

    /// The width as an id spells it: whole numbers without a decimal point.
    static func widthLabel(_ width: Double) -> String {
        if width.isFinite, width == width.rounded(), abs(width) < 1e15 { return String(Int(width)) }
        return String(width)
    }
}
