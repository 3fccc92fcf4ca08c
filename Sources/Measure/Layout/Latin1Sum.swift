import Cache

/// The running measure of a segment of Latin-1 scalars taken in one pass, by `LayoutEngine.latin1SegmentMeasure` and
/// by `LineFitter.fitLatin1String`: the general path's `measureClusters` (each scalar one cluster), `applyFeatures`
/// (pair kerning added to the later cluster's advance) and `LineFitter.add` (advances summed from the segment's
/// start), each value computed from the same operands in the same order, so the measure is the same to the bit.
struct Latin1Sum {
    /// The pen position.
    var x = 0.0
    /// The pen position after the last visible scalar; the measure adds the part of a pair kerned into the whitespace
    /// right after it that HarfBuzz puts on it (`LayoutEngine.hangingShare`, `LineFitter.hangingShareAtEnd`).
    var visibleEnd = 0.0
    /// The font bits of the visible scalars (a visible scalar's bit is never 0, so this is 0 exactly when none is).
    var fonts: UInt64 = 0
    /// Where the kerning row of the previous scalar starts (row 0 is zeros: nothing before the first).
    var previousRow = 0

    /// Adds the next scalar, with entry `entry`.
    @inline(__always)
    mutating func add(
        _ entry: LayoutEngine.ScalarEntry, kerning: UnsafePointer<Int32>, scales: UnsafePointer<Double>
    ) {
        add(
            advance: entry.width, kernIndex: Int(entry.kernIndex), kernRow: Int(entry.kernRow), font: Int(entry.font),
            isVisible: entry.isVisible, fontBit: entry.fontBit, kerning: kerning, scales: scales)
    }

    /// Adds the next scalar, given by the fields of its entry that the sums read (its `advance` is the entry's width,
    /// plus any kerning found elsewhere: `ScalarSum`). Returns whether a pair of the matrix kerned into a closing
    /// bracket (`isClosingBracket`), which `ScalarSum` keeps and the Latin-1 measures do not need.
    @inline(__always) @discardableResult
    mutating func add(
        advance: Double, kernIndex: Int, kernRow: Int, font: Int, isVisible: Bool, fontBit: UInt64,
        kerning: UnsafePointer<Int32>, scales: UnsafePointer<Double>
    ) -> Bool {
        var advance = advance
        var intoBracket = false
        let kern = kerning[previousRow &+ kernIndex]
        if kern != 0 {
            advance += Double(kern) * scales[font]
            intoBracket = Self.isClosingBracket(kernIndex)
        }
        x += advance
        if isVisible { visibleEnd = x }
        fonts |= fontBit
        previousRow = kernRow
        return intoBracket
    }

    /// Whether the kerning matrix column `kernIndex` is a closing bracket's: in the matrix, a Latin-1 scalar of the
    /// font that kerns is its own column (`LayoutEngine.latin1Entries`), and the Latin-1 closing brackets are `)`, `]`
    /// and `}` (Bidi_Paired_Bracket_Type Close). (So it also tells a scalar value: `LineFitter.kernsIntoBracket`.)
    @inline(__always)
    static func isClosingBracket(_ kernIndex: Int) -> Bool {
        kernIndex == 0x29 || kernIndex == 0x5D || kernIndex == 0x7D
    }

    /// The measure of the segment whose first and last scalars have entries `first` and `last`: its widths and fonts,
    /// and when `engine` kerns, the glyphs its edges kern with (none for a hard break, as `measureSegment` has it).
    @inline(__always)
    func measure(first: LayoutEngine.ScalarEntry, last: LayoutEngine.ScalarEntry, engine: LayoutEngine)
        -> SegmentMeasure
    {
        var measure = SegmentMeasure(wordWidth: visibleEnd, totalWidth: x, fonts: fonts, hasVisible: fonts != 0)
        guard engine.usesFeatures else { return measure }
        if !first.isHardBreak && engine.kerns[Int(first.font)] {
            (measure.firstGlyph, measure.firstFont) = (first.glyph, first.font)
        }
        if !last.isHardBreak && engine.kerns[Int(last.font)] {
            (measure.lastGlyph, measure.lastFont) = (last.glyph, last.font)
        }
        return measure
    }
}
