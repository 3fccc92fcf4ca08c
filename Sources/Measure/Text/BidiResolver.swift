internal import CICUBridge

/// Resolves the bidirectional embedding level (UAX #9) of every scalar of a text with ICU's UBiDi.
///
/// Measuring right-to-left and mixed text needs its runs: a level per scalar (even left-to-right, odd right-to-left)
/// says which runs HarfBuzz shapes in which direction and where a line's visual order differs from the logical one.
/// The levels are UAX #9's after rule L1, as in `BidiCharacterTest.txt`, which the tests check every line of. ICU 72
/// differs from it in 30 corner cases of rules added since Unicode 8.0 (overrides around isolates and on brackets,
/// marks after brackets, more than 63 nested brackets), listed in `BidiResolverTests`.
///
/// ```swift
/// // "abc אבג" → levels 0 0 0 0 1 1 1, paragraph level 0
/// let paragraphLevel = resolver.resolveLevels(scalars, into: levels, base: .natural)
/// ```
///
/// Ownership and threads: one UBiDi object is opened per measuring session and reused; it is not thread-safe, so this
/// class has one owner, used by one thread at a time, and is not `Sendable`. `deinit` closes it.
///
/// Performance: text that is right-to-left throughout (most Arabic, Persian and Hebrew UI strings) is recognised by
/// one class lookup per scalar and gets level 1 everywhere without the algorithm. Other text goes to UTF-16 in a
/// scratch buffer and ICU's per-unit levels into another; both, and ICU's own storage, only grow, so once they fit
/// the longest text a call allocates nothing.
///
/// If ICU cannot open its UBiDi object (out of memory), every level is the base direction's: text is then laid out
/// as one unidirectional run rather than stopping a measurement.
final class BidiResolver {
    /// The `textsize_bidi` handle, nil when ICU could not open one; this object is its only owner.
    private let handle: OpaquePointer?
    /// The text as UTF-16, what ICU reads. (This and `unitLevels` are `@exclusivity(unchecked)`: one session's
    /// resolver, used by one thread at a time, whose runtime access checks cost each string two calls.)
    @exclusivity(unchecked) private var utf16: ScratchBuffer<UInt16>
    /// ICU's level of each UTF-16 unit.
    @exclusivity(unchecked) private var unitLevels: ScratchBuffer<UInt8>
    /// Whether text that is right-to-left throughout (`textsize_bidi_is_plain_rtl`) gets its levels without ICU.
    private let usesShortcut: Bool

    /// Opens ICU's UBiDi object.
    ///
    /// - Parameter usesShortcut: Whether text whose every scalar is a right-to-left letter or takes the direction
    ///   of one (no left-to-right letter, number, paragraph separator or explicit control) gets level 1 throughout
    ///   without running ICU's algorithm, which gives it the same levels (the tests compare both); false runs ICU
    ///   on everything.
    init(usesShortcut: Bool = true) {
        self.usesShortcut = usesShortcut
        handle = textsize_bidi_open()
        utf16 = ScratchBuffer(capacity: 256)
        unitLevels = ScratchBuffer(capacity: 256)
    }

    deinit {
        textsize_bidi_close(handle)
    }

    /// Writes the embedding level of each of `scalars` into `levels` and returns the first paragraph's level.
    ///
    /// The text may hold several paragraphs (each ends after a paragraph separator, Bidi_Class B: LF, CR, U+2029…);
    /// with `.natural` each takes its level from its own first strong character. A supplementary scalar gets the level
    /// of its UTF-16 units (they always share one). Scalars removed by rule X9 (embedding controls, BN) get the level
    /// ICU gives them, a neighbour's: a caller that lays them out gives them no width anyway. When the text resolves
    /// to one direction only, ICU reports the paragraph level everywhere (LTR text inside an LRE gets 0, not 2): the
    /// runs' directions and the visual order are the same.
    ///
    /// If ICU fails (not open, out of memory, or more than 2³¹ UTF-16 units) every level is the base direction's (1 for
    /// `.rightToLeft`, else 0), which lays the text out as one unidirectional run instead of stopping.
    ///
    /// - Parameters:
    ///   - scalars: Unicode scalar values; surrogate code points and values above U+10FFFF are read as U+FFFD.
    ///   - levels: Room for `scalars.count` levels, overwritten.
    ///   - base: The paragraphs' base direction.
    /// - Returns: The first paragraph's level: 0 left-to-right, 1 right-to-left (empty text: 0, or the forced one).
    /// - Complexity: O(n); no allocation once the scratch buffers are large enough.
    func resolveLevels(
        _ scalars: UnsafeBufferPointer<UInt32>, into levels: UnsafeMutablePointer<UInt8>,
        base: BidiBase
    ) -> UInt8 {
        let fallback: UInt8 = base == .rightToLeft ? 1 : 0
        guard let handle else {
            levels.update(repeating: fallback, count: scalars.count)
            return fallback
        }
        if usesShortcut && base != .leftToRight, let start = scalars.baseAddress, scalars.count <= Int(Int32.max),
            textsize_bidi_is_plain_rtl(start, Int32(scalars.count)) == 1
        {
            levels.update(repeating: 1, count: scalars.count)
            return 1
        }
        utf16.reserve(2 * scalars.count)
        var length = 0
        for scalar in scalars {
            length += DictionaryLineBreaker.encode(scalar, into: utf16.base + length)
        }
        guard length <= Int(Int32.max) else {
            levels.update(repeating: fallback, count: scalars.count)
            return fallback
        }
        unitLevels.reserve(length)
        let paragraphLevel = textsize_bidi_levels(handle, utf16.base, Int32(length), base.cValue, unitLevels.base)
        guard paragraphLevel >= 0 else {
            levels.update(repeating: fallback, count: scalars.count)
            return fallback
        }
        var offset = 0
        for index in 0..<scalars.count {
            levels[index] = unitLevels.base[offset]
            offset += DictionaryLineBreaker.unitCount(scalars[index])
        }
        return UInt8(truncatingIfNeeded: paragraphLevel)
    }
}

/// One owner, one thread: the UBiDi object inside keeps per-text state (see the type's documentation).
@available(*, unavailable)
extension BidiResolver: Sendable {}

/// The base direction of the paragraphs `BidiResolver` resolves (`NSParagraphStyle.baseWritingDirection`).
///
/// It lives beside `BidiResolver` because it only parameterizes it.
enum BidiBase: Sendable, Hashable {
    /// Each paragraph's direction comes from its first strong character, left-to-right when it has none
    /// (`NSWritingDirectionNatural`, ICU's `UBIDI_DEFAULT_LTR`).
    case natural
    /// Every paragraph is left-to-right (level 0).
    case leftToRight
    /// Every paragraph is right-to-left (level 1).
    case rightToLeft

    /// The bridge's `TEXTSIZE_BIDI_*` value.
    var cValue: Int32 {
        switch self {
        case .natural: TEXTSIZE_BIDI_NATURAL
        case .leftToRight: TEXTSIZE_BIDI_LTR
        case .rightToLeft: TEXTSIZE_BIDI_RTL
        }
    }
}
