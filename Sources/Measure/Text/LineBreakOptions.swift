/// Tailorings of the UAX #14 line breaking algorithm.
///
/// `.uax14` is the untailored algorithm that `LineBreakTest.txt` checks. `.measurer` (the default initialiser) is
/// what text measurement uses: it additionally never breaks inside an extended grapheme cluster, because Apple's text
/// system lays out whole clusters.
///
/// ```swift
/// var korean = LineBreakOptions.measurer
/// korean.hangulWordPriority = true   // Korean breaks at spaces only
/// let breaks = LineBreaker.breakOpportunities(in: Array("한국어 문장".unicodeScalars), options: korean)
/// ```
public struct LineBreakOptions: Sendable, Hashable {
    /// Resolve CJ (small kana, the prolonged sound mark) to NS as UAX #14 LB1 recommends, so no line starts with
    /// them ("strict" Japanese line breaking). `false` resolves CJ to ID instead ("loose"/"normal" breaking).
    public var resolvesCJToNonstarter: Bool

    /// Treat the Hangul classes H2, H3, JL, JV and JT as AL, so Korean text breaks only where words break (at
    /// spaces), like Apple's `.hangulWordPriority` line-break strategy. `false` allows breaks between syllables.
    public var hangulWordPriority: Bool

    /// Remove every break opportunity that is not also an extended grapheme cluster boundary (UAX #29). Plain
    /// UAX #14 allows some, e.g. `0020 ÷ 0308`, where a combining mark follows a space.
    public var keepsGraphemeClusters: Bool

    /// Creates options; the defaults are those of `measurer`.
    public init(
        resolvesCJToNonstarter: Bool = true, hangulWordPriority: Bool = false, keepsGraphemeClusters: Bool = true
    ) {
        self.resolvesCJToNonstarter = resolvesCJToNonstarter
        self.hangulWordPriority = hangulWordPriority
        self.keepsGraphemeClusters = keepsGraphemeClusters
    }

    /// Exactly the algorithm `LineBreakTest.txt` tests: CJ → NS, no Hangul word priority, grapheme clusters not kept.
    public static let uax14 = LineBreakOptions(keepsGraphemeClusters: false)

    /// The options text measurement uses: CJ → NS, no Hangul word priority, grapheme clusters kept.
    public static let measurer = LineBreakOptions()
}
