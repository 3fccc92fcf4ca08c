/// Looks up scalars and applies the per-call part of UAX #14 LB1 that `LineBreakOptions` controls.
///
/// The table already resolved AI, SG, XX and SA. What is left depends on the options: CJ becomes NS or ID, and
/// with `hangulWordPriority` the Hangul classes become AL. Those classes sort last in `LineBreakClass`, so the
/// common case costs one comparison.
struct LineBreakClassResolver {
    /// The property table, fetched once so hot loops skip the lazy-initialisation check of `shared`, and held
    /// unretained (`UnicodePropertyTable.sharedUnretained`): a strong reference would retain and release the one
    /// table every thread shares once per string, trading its count between the cores (1.4 % of a two-thread cold
    /// pass of the complex corpus, `perf record -g`).
    private let table: Unmanaged<UnicodePropertyTable>
    /// What CJ resolves to: NS (strict) or ID (loose).
    private let conditionalJapaneseStarter: LineBreakClass
    /// Whether H2, H3, JL, JV and JT resolve to AL.
    private let hangulAsAlphabetic: Bool

    init(options: LineBreakOptions) {
        table = UnicodePropertyTable.sharedUnretained
        conditionalJapaneseStarter = options.resolvesCJToNonstarter ? .NS : .ID
        hangulAsAlphabetic = options.hangulWordPriority
    }

    /// The packed properties of `scalar`.
    @inline(__always) func properties(of scalar: UInt32) -> ScalarProperties {
        table._withUnsafeGuaranteedRef { $0.properties(of: scalar) }
    }

    /// The line break class of a scalar with these properties, after the option-dependent part of LB1.
    @inline(__always) func lineBreakClass(of properties: ScalarProperties) -> LineBreakClass {
        let resolved = properties.lineBreakClass
        guard resolved.rawValue >= LineBreakClass.firstTailorable else { return resolved }
        if resolved == .CJ { return conditionalJapaneseStarter }
        return hangulAsAlphabetic ? .AL : resolved
    }

    /// Whether the scalars from `start` on begin with NU once combining marks are skipped; the lookahead of the
    /// tailored LB25 rule `(PR | PO) × (OP | HY)? NU`.
    ///
    /// Marks are skipped because after LB9 an `OP CM* NU` sequence is `OP NU` (OP and HY take marks).
    func startsWithNumber(_ scalars: UnsafeBufferPointer<UInt32>, from start: Int) -> Bool {
        var index = start
        while index < scalars.count {
            let resolved = lineBreakClass(of: properties(of: scalars[index]))
            if resolved != .CM && resolved != .ZWJ { return resolved == .NU }
            index += 1
        }
        return false
    }
}
