internal import CICUBridge

/// Adds the word-boundary break opportunities of Thai, Lao, Khmer and Myanmar text (UAX #14 class SA) to the flags
/// `LineBreaker.analyze` wrote, using ICU's dictionary-based line break iterator.
///
/// These scripts write no spaces between words, so where a line may end depends on a dictionary, which UAX #14
/// leaves to the implementation (LB1 resolves SA to AL, "×" everywhere). Apple's text system breaks them at word
/// boundaries with ICU's dictionaries; so does this type, one SA run at a time:
///
/// ```swift
/// // "สวัสดีครับยินดีต้อนรับ" (22 scalars), flags from LineBreaker.analyze
/// breaker.addBreaks(scalars: scalars, start: 0, end: 22, flags: flags)
/// // flags[6], flags[10] and flags[15] are now .allowed: สวัสดี|ครับ|ยินดี|ต้อนรับ
/// ```
///
/// Ownership and threads: opening the ICU iterator costs tens of microseconds, so a measuring session keeps one and
/// reuses it. An ICU break iterator is not thread-safe, so this class has one owner, used by one thread at a time, and
/// is not `Sendable`; `deinit` closes the iterator.
///
/// Performance: a run broken before (up to 256 scalars) is found in the breaker's memo by a hash of its scalars and
/// costs no ICU call and no conversion (`RunMemo`). Otherwise the run is converted to UTF-16 in a scratch buffer,
/// and ICU's boundaries land in another; both only grow, so once they are as large as the longest run, a call
/// allocates nothing on the Swift side but the memo's growth.
///
/// If ICU cannot open an iterator at all (its data library missing), the breaker adds nothing: SA text then wraps
/// only where UAX #14 alone allows, as it did before this type, rather than stopping a measurement.
final class DictionaryLineBreaker {
    /// The `textsize_line_breaker` handle, nil when ICU could not open one; this object is its only owner.
    private let handle: OpaquePointer?
    /// The current run as UTF-16, what ICU reads. (This and the other stored `var`s are `@exclusivity(unchecked)`:
    /// one session's breaker, used by one thread at a time, and the runtime's access checks cost a Thai run seven
    /// calls of about 80 instructions each, callgrind.)
    @exclusivity(unchecked) private var utf16: ScratchBuffer<UInt16>
    /// ICU's boundaries of the current run, UTF-16 offsets from its start.
    @exclusivity(unchecked) private var boundaries: ScratchBuffer<Int32>
    /// The same boundaries as scalar offsets from the run's start, for the memo.
    @exclusivity(unchecked) private var offsets: ScratchBuffer<UInt16>

    /// Opens ICU's line break iterator for `locale` (an ICU locale ID or BCP 47 tag such as "th" or "th-TH"; "" is
    /// the root locale). The dictionaries are chosen by script, so every locale breaks all four scripts; ICU reads an
    /// unknown locale as the root one, and this falls back to the root locale should opening `locale` fail.
    init(locale: String = "") {
        handle = textsize_line_breaker_open(locale) ?? (locale.isEmpty ? nil : textsize_line_breaker_open(""))
        utf16 = ScratchBuffer(capacity: 256)
        boundaries = ScratchBuffer(capacity: 256)
        offsets = ScratchBuffer(capacity: 256)
    }

    deinit {
        textsize_line_breaker_close(handle)
    }

    /// Calls `run` with each run of scalars of `scalars` whose script is broken by a dictionary (Thai, Lao, Khmer,
    /// Myanmar…: `ScriptProperties.isSouthEastAsian`) — the runs `addBreaks` takes — after calling `scalar` with each
    /// of its scalars' index and properties. What a measuring session and `LineBreaker.measuringBreakOpportunities`
    /// both walk.
    @inline(__always)
    static func forEachRun(
        in scalars: UnsafeBufferPointer<UInt32>, scalar: (Int, ScriptProperties) -> Void = { _, _ in },
        run: (Int, Int) -> Void
    ) {
        var index = 0
        while index < scalars.count {
            guard ScriptTable.properties(of: scalars[index]).isSouthEastAsian else {
                index += 1
                continue
            }
            var end = index
            while end < scalars.count {
                let properties = ScriptTable.properties(of: scalars[end])
                guard properties.isSouthEastAsian else { break }
                scalar(end, properties)
                end += 1
            }
            run(index, end)
            index = end
        }
    }

    /// Allows a line break at every ICU line boundary strictly inside `start..<end`, a run of SA scalars of `scalars`.
    ///
    /// `flags` is in `LineBreaker.analyze`'s format: `flags[i]` is the position before `scalars[i]`. A boundary
    /// becomes `.allowed` only where the grapheme boundary bit (`LineBreaker.graphemeBoundaryFlag`) is set and no
    /// invisible stacker comes before it (`isInvisibleStacker`), so a line never ends inside a cluster or a stacked
    /// syllable; a mandatory break stays mandatory, and no opportunity is taken away. The run's
    /// edges are left as they are: the pairs there are the UAX #14 rules' to decide.
    ///
    /// ICU sees the run alone, so `start..<end` should be a whole SA run: cutting one in two would add a boundary at
    /// the cut.
    ///
    /// - Parameters:
    ///   - scalars: Unicode scalar values; surrogate code points and values above U+10FFFF are read as U+FFFD.
    ///   - start: The SA run's first scalar index.
    ///   - end: The index past its last scalar, at most `scalars.count`.
    ///   - flags: `scalars.count + 1` flags (the layout of `LineBreaker.analyze`), updated in place; only
    ///     `flags[start + 1 ..< end]` is read or written.
    /// - Returns: false when ICU failed or is not available, in which case `flags` is unchanged.
    /// - Complexity: O(end - start); no allocation once the scratch buffers are large enough.
    @discardableResult
    func addBreaks(scalars: UnsafeBufferPointer<UInt32>, start: Int, end: Int, flags: UnsafeMutablePointer<UInt8>)
        -> Bool
    {
        precondition(start >= 0 && end <= scalars.count, "the run is outside scalars")
        // A run of one scalar has no inside.
        guard end - start > 1 else { return true }
        guard let handle else { return false }
        let run = UnsafeBufferPointer(rebasing: scalars[start..<end])
        let remembers = run.count <= RunMemo.longestRun
        let hash = remembers ? RunMemo.hash(run) : 0
        if remembers, let known = memo.find(run, hash: hash) {
            for position in known {
                allowBreak(before: start + memo.boundary(at: position), scalars: scalars, flags: flags)
            }
            return true
        }
        utf16.reserve(2 * (end - start))
        var length = 0
        for index in start..<end {
            length += Self.encode(scalars[index], into: utf16.base + length)
        }
        // ICU counts in Int32; a longer run cannot be handed over (and is 4 GB of text).
        guard length <= Int(Int32.max) else { return false }
        // There are fewer boundaries strictly inside than UTF-16 units, so this capacity always suffices.
        boundaries.reserve(length)
        let count = textsize_line_breaker_boundaries(
            handle, utf16.base, Int32(length), boundaries.base, Int32(clamping: boundaries.capacity))
        guard count >= 0 else { return false }
        // Walk the run again, in step with the ascending boundaries, to turn UTF-16 offsets into scalar indices.
        if remembers { offsets.reserve(end - start) }
        var found = 0
        var index = start
        var offset = 0
        for position in 0..<min(Int(count), boundaries.capacity) {
            let target = Int(boundaries.base[position])
            while offset < target && index < end {
                offset += Self.unitCount(scalars[index])
                index += 1
            }
            // ICU works on code points, so a boundary between the two units of a pair would be a bug; skip it.
            guard offset == target, index > start, index < end else { continue }
            allowBreak(before: index, scalars: scalars, flags: flags)
            if remembers {
                offsets.base[found] = UInt16(truncatingIfNeeded: index - start)
                found += 1
            }
        }
        if remembers {
            memo.insert(run, hash: hash, boundaries: UnsafeBufferPointer(start: offsets.base, count: found))
        }
        return true
    }

    /// Makes the position before `index` a break opportunity where it is a grapheme boundary with no opportunity yet
    /// and the scalar before it is no invisible stacker (`isInvisibleStacker`).
    @inline(__always)
    private func allowBreak(
        before index: Int, scalars: UnsafeBufferPointer<UInt32>, flags: UnsafeMutablePointer<UInt8>
    ) {
        let flag = flags[index]
        let opportunity = flag & LineBreaker.opportunityMask
        if flag & LineBreaker.graphemeBoundaryFlag != 0 && opportunity == BreakOpportunity.prohibited.rawValue
            && !Self.isInvisibleStacker(scalars[index - 1])
        {
            flags[index] = (flag & ~LineBreaker.opportunityMask) | BreakOpportunity.allowed.rawValue
        }
    }

    /// Whether `scalar` is an invisible stacker of an SA script (Indic_Syllabic_Category=Invisible_Stacker in
    /// `IndicSyllabicCategory.txt`: U+1039 MYANMAR SIGN VIRAMA, U+17D2 KHMER SIGN COENG, U+1A60 TAI THAM SIGN SAKOT),
    /// which draws the consonant after it stacked below the one before: the two are one orthographic syllable, which
    /// HarfBuzz shapes as one cluster. ICU's dictionaries still put a word boundary between them at times (ICU 72:
    /// `တ္|တာ`, and after the kinzi `င်္` in `င်္|က`); a grapheme boundary is there too (GB9c joins conjuncts of six
    /// Indic scripts only), so the grapheme test does not stop it. A line ending there would leave the stacked
    /// consonant a full letter of its own, and each half shaped alone measures far from the syllable (`တ္တာ`, 17 pt
    /// in Noto Sans Myanmar: 26.843 pt whole as HarfBuzz, Pango and Skia have it, 45.951 in two pieces).
    @inline(__always)
    static func isInvisibleStacker(_ scalar: UInt32) -> Bool {
        scalar == 0x1039 || scalar == 0x17D2 || scalar == 0x1A60
    }

    /// Runs broken so far and their boundaries (see `RunMemo`).
    @exclusivity(unchecked) private var memo = RunMemo()

    /// Writes `scalar` as UTF-16 at `destination` and returns how many units it took (1 or 2); surrogate code points
    /// and values above U+10FFFF become U+FFFD, which is what the iterator would make of them.
    @inline(__always)
    static func encode(_ scalar: UInt32, into destination: UnsafeMutablePointer<UInt16>) -> Int {
        if scalar < 0xD800 || (scalar > 0xDFFF && scalar < 0x1_0000) {
            destination[0] = UInt16(truncatingIfNeeded: scalar)
            return 1
        }
        if scalar >= 0x1_0000 && scalar <= 0x10_FFFF {
            let value = scalar - 0x1_0000
            destination[0] = 0xD800 | UInt16(truncatingIfNeeded: value >> 10)
            destination[1] = 0xDC00 | UInt16(truncatingIfNeeded: value & 0x3FF)
            return 2
        }
        destination[0] = 0xFFFD
        return 1
    }

    /// How many UTF-16 units `encode` writes for `scalar`.
    @inline(__always)
    static func unitCount(_ scalar: UInt32) -> Int {
        scalar >= 0x1_0000 && scalar <= 0x10_FFFF ? 2 : 1
    }
}

/// One owner, one thread: the ICU iterator inside keeps per-text state (see the type's documentation).
@available(*, unavailable)
extension DictionaryLineBreaker: Sendable {}
