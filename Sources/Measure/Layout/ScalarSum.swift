import Cache

/// The running measure of a segment in the one-pass fit of strings beyond Latin-1 (`LineFitter.fitOnePass`):
/// `Latin1Sum`, whose pair matrix holds the pairs of Latin-1 scalars, with every pair that has a scalar beyond Latin-1
/// (`ScalarEntry.kernsByLookup`) looked up in its font instead. The matrix gives such a pair 0, so each pair is kerned
/// once, by the same value `applyFeatures` adds to the later cluster's advance, and the sum is the general path's to
/// the bit.
struct ScalarSum {
    /// The sums, and the matrix kerning of Latin-1 pairs.
    var base = Latin1Sum()
    /// The glyph and font of the previous scalar, `SegmentMeasure.noFont` when there is none or it is a hard break
    /// (after which `applyFeatures` kerns nothing).
    var previousGlyph: UInt32 = 0
    var previousFont = SegmentMeasure.noFont
    /// Whether the previous scalar's pairs are looked up.
    var previousLooksUp = false
    /// Whether a pair kerned into a closing bracket `)`, `]` or `}` (`SegmentMeasure.crossesRunsInside`).
    var kernsIntoBracket = false

    /// The pair's kerning through the session's memo, out of line: most scalars a segment takes look no pair up, and
    /// with the memo's hashing inside `add`, `LineFitter.OnePassSegment.take` stayed a call in the CJK run loop (75
    /// instructions a scalar that joins a segment, the call included); without it the loop takes one in about 58
    /// (callgrind, warm CJK pass: 190,000 joins).
    @inline(never)
    static func lookedUp(_ left: UInt32, _ right: UInt32, font: UInt8, memo: KerningMemo, engine: LayoutEngine)
        -> Double
    {
        memo.kerning(left, right, font: font, engine: engine)
    }

    /// Adds the next scalar, with the entry at `entry` (pairs looked up through the session's `memo`).
    @inline(__always)
    mutating func add(
        _ entry: UnsafePointer<LayoutEngine.ScalarEntry>, kerning: UnsafePointer<Int32>,
        scales: UnsafePointer<Double>, memo: KerningMemo, engine: LayoutEngine
    ) {
        let font = entry.pointee.font
        let glyph = entry.pointee.glyph
        let flags = entry.pointee.flags
        var advance = entry.pointee.width
        let looksUp = flags & LayoutEngine.ScalarEntry.kernsByLookup != 0
        if (looksUp || previousLooksUp) && previousFont == font && entry.pointee.kernsAsRight
            && flags & LayoutEngine.ScalarEntry.hardBreak == 0
        {
            // Both in one font that kerns (a scalar's `kernsByLookup` says its font does), with a glyph that may be the
            // right of a pair; nothing kerns with a hard break, as `applyFeatures` has it.
            let kern = Self.lookedUp(previousGlyph, glyph, font: font, memo: memo, engine: engine)
            if kern != 0 {
                advance += kern
                if Latin1Sum.isClosingBracket(Int(entry.pointee.kernIndex)) { kernsIntoBracket = true }
            }
        }
        if base.add(
            advance: advance, kernIndex: Int(entry.pointee.kernIndex), kernRow: Int(entry.pointee.kernRow),
            font: Int(font), isVisible: flags & LayoutEngine.ScalarEntry.visible != 0,
            fontBit: entry.pointee.fontBit, kerning: kerning, scales: scales)
        {
            kernsIntoBracket = true
        }
        previousGlyph = glyph
        previousFont = flags & LayoutEngine.ScalarEntry.hardBreak != 0 ? SegmentMeasure.noFont : font
        previousLooksUp = looksUp
    }
}
