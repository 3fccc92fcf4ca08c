import Cache

/// The running measure of a segment of Latin-1 scalars taken in one pass, by `LayoutEngine.latin1SegmentMeasure` and
/// by `LineFitter.fitLatin1String`: the general path's `measureClusters` (each scalar one cluster), `applyFeatures`
/// (pair kerning added to the later cluster's advance) and `LineFitter.add` (advances summed from the segment's
/// start), each value computed from the same operands in the same order, so the measure is the same to the bit.
struct Latin1Sum {
    /// The pen position.
    var x = 0.0
    /// The pen position after the last visible scalar.
    var visibleEnd = 0.0
    /// The font bits of the visible scalars (a visible scalar's bit is never 0, so this is 0 exactly when none is).
    var fonts: UInt64 = 0
    /// Where the kerning row of the previous scalar starts (row 0 is zeros: nothing before the first).
    var previousRow = 0
    /// Whether a pair kerned into a closing bracket (`SegmentMeasure.crossesRunsInside`).
    var kernsIntoBracket = false
    /// The pair kerned into the whitespace right after the last visible scalar (the pen had not moved since it), in
    /// font units of font `hangFont`; 0 when none. Part of it counts in the visible width (`wordEnd`), where HarfBuzz
    /// has it on the visible glyph's advance, though the whitespace hangs. Cleared by every visible scalar.
    var hangUnits: Int32 = 0
    var hangFont = 0

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
    /// plus any kerning found elsewhere: `ScalarSum`).
    @inline(__always)
    mutating func add(
        advance: Double, kernIndex: Int, kernRow: Int, font: Int, isVisible: Bool, fontBit: UInt64,
        kerning: UnsafePointer<Int32>, scales: UnsafePointer<Double>
    ) {
        var advance = advance
        let kern = kerning[previousRow &+ kernIndex]
        if kern != 0 {
            advance += Double(kern) * scales[font]
            if Self.isClosingBracket(kernIndex) { kernsIntoBracket = true }
            if !isVisible && x == visibleEnd { (hangUnits, hangFont) = (kern, font) }
        }
        x += advance
        if isVisible {
            visibleEnd = x
            hangUnits = 0
        }
        fonts |= fontBit
        previousRow = kernRow
    }

    /// The end of the visible text: the pen after the last visible scalar, and the part of a pair kerned into the
    /// whitespace after it that HarfBuzz puts on that scalar (`LayoutEngine.hangingShare`).
    @inline(__always)
    func wordEnd(engine: LayoutEngine) -> Double {
        hangUnits == 0 ? visibleEnd : visibleEnd + engine.hangingShare(ofKerning: hangUnits, font: hangFont)
    }

    /// Whether the kerning matrix column `kernIndex` is a closing bracket's: in the matrix, a Latin-1 scalar of the
    /// font that kerns is its own column (`LayoutEngine.latin1Entries`), and the Latin-1 closing brackets are `)`, `]`
    /// and `}` (Bidi_Paired_Bracket_Type Close).
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
        var measure = SegmentMeasure(
            wordWidth: wordEnd(engine: engine), totalWidth: x, fonts: fonts, hasVisible: fonts != 0)
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
