import Cache

extension LineFitter {
    /// Fits a string of Latin-1 scalars alone in one pass over its UTF-8 bytes — decoding, line breaking, measuring
    /// and placing each segment as its end is found — and returns its size; nil when a byte sequence is anything but
    /// ASCII or a well-formed two-byte sequence of U+0080–U+00FF (the general path measures the string then, from
    /// the start: what this pass did is dropped, but for segment-cache entries, which are the same either way).
    ///
    /// It is the general path's work, fused, with every value computed from the same operands in the same order, so
    /// every answer is the same to the bit (`Latin1StringFitTests`, `scripts/same-answers.sh`):
    /// - The break before each scalar comes from `Latin1BreakTable`, `LineBreakState` tabulated over Latin-1; the
    ///   LB25 lookahead after OP and HY reads the bytes ahead. Every position is a grapheme cluster boundary but
    ///   CR × LF (GB3), which LB5 prohibits: Latin-1 has no combining mark, joiner or prepend, and its controls are
    ///   boundaries on both sides (GB4, GB5).
    /// - A segment of visible scalars, spaces and hard breaks is measured as `LayoutEngine.latin1SegmentMeasure`
    ///   measures it (`Latin1Sum`: pair kerning from the Latin-1 pair matrix, no ligature pair) and placed as `place`
    ///   places it. Its scripts are not tracked: a Latin-1 scalar's real script is Latin or none, so no segment crosses
    ///   a script run and every pair across segments continues the run (`crossesScriptRun` is false and
    ///   `kerning(after:before:)` kerns).
    /// - Any other segment — a tab, a control, a soft hyphen, a pair a ligature may start with — goes to `place`,
    ///   which measures its clusters from the scalars, byte offsets and flags written for it then (`writeColumns`),
    ///   as `LayoutEngine.decode` and `LineBreaker.analyze` would have written them; so does a segment wider than a
    ///   line, for emergency breaking between its clusters.
    mutating func fitLatin1String() -> TextSize? {
        unretainedEngine._withUnsafeGuaranteedRef { engine in
            engine.latin1Entries.withUnsafeBufferPointer { entries in
                engine.latin1Kerning.withUnsafeBufferPointer { kerning in
                    engine.fontScales.withUnsafeBufferPointer { scales in
                        engine.latin1BreakTransitions.withUnsafeBufferPointer { transitions in
                            fitLatin1String(
                                tables: Latin1Tables(
                                    entries: entries.baseAddress.unsafelyUnwrapped,
                                    kerning: kerning.baseAddress.unsafelyUnwrapped,
                                    scales: scales.baseAddress.unsafelyUnwrapped,
                                    transitions: transitions.baseAddress.unsafelyUnwrapped))
                        }
                    }
                }
            }
        }
    }

    /// The engine's Latin-1 tables, seen through their memory for one string.
    struct Latin1Tables {
        /// `LayoutEngine.latin1Entries`, 256 of them.
        let entries: UnsafePointer<LayoutEngine.ScalarEntry>
        /// `LayoutEngine.latin1Kerning`, read at `ScalarEntry.kernRow + kernIndex`.
        let kerning: UnsafePointer<Int32>
        /// `LayoutEngine.fontScales`.
        let scales: UnsafePointer<Double>
        /// `Latin1BreakTable.transitions`, read at `state * rowLength + symbol`.
        let transitions: UnsafePointer<UInt16>
    }

    /// Where the current segment started: its first scalar's index and byte offset.
    struct Latin1SegmentStart {
        var index: Int
        var offset: Int
    }

    /// Why the current segment leaves the fast loop: nothing (0), a ligature may start with its last scalar
    /// (`ScalarEntry.startsLigature`), or `place` measures it (`notFused`).
    private static var notFused: UInt8 { 0x80 }

    /// Where the pass stands: the next byte, the break state, and the current segment's sums.
    struct Latin1Walk {
        /// The next byte to read.
        var offset = 0
        /// Two-byte sequences read so far: the scalars before `offset` are its bytes less these.
        var twoByteSequences = 0
        /// The `Latin1BreakTable` state after the last scalar.
        var state = Latin1BreakTable.startOfText
        /// The current segment's sums.
        var sum = Latin1Sum()
        /// `ScalarEntry.startsLigature` of the segment's last scalar, or `notFused`: 0 in the common case.
        var slow: UInt8 = 0
        /// The last scalar read (by the step for other scalars; read back from the bytes when the fast loop stops,
        /// which keeps none).
        var previous = 0
        /// Where the kerning row (`ScalarEntry.kernRow`) of the line's last scalar starts when a one-pass placement
        /// put it there, else -1: the pair across the next segment's edge is then read from the pair matrix.
        var lineLastRow = -1

        /// The index of the scalar at `offset`.
        var index: Int { offset &- twoByteSequences }
    }

    private mutating func fitLatin1String(tables: Latin1Tables) -> TextSize? {
        let entries = tables.entries
        let transitions = tables.transitions
        guard let bytes = utf8.baseAddress, utf8.count > 0 else { return nil }
        let byteCount = utf8.count
        // As `fit` sets them for a Latin-1 string: segments in one pass, nothing prefetched.
        fusesLatin1 = true
        prefetches = false
        ws.offsets[0] = 0
        var segment = Latin1SegmentStart(index: 0, offset: 0)
        var walk = Latin1Walk()
        while walk.offset < byteCount {
            // The common case, without a call so that the walk stays in registers: a scalar with no break before it
            // and no lookahead, in a segment the one-pass measure takes, after a scalar no ligature starts with. (The
            // decoding here and in the step below is `latin1Scalar(in:at:)`'s, written out with the check for
            // well-formed input: a shared decoder returning a sentinel cost this function 5 % more instructions.)
            // The last scalar read is not kept here but read back from the bytes when the loop stops (it reads
            // ASCII and well-formed two-byte sequences only), and a two-byte sequence is counted in its own branch:
            // with fewer values live through the loop, a character it joins costs one store to the stack and two loads
            // where it cost four and three (callgrind's line profile of a cold Latin pass).
            let walked = walk.offset
            while walk.offset < byteCount && walk.slow == 0 {
                var scalar = Int(bytes[walk.offset])
                var next = walk.offset &+ 1
                if _slowPath(scalar >= 0x80) {
                    guard scalar & 0xFE == 0xC2, next < byteCount, bytes[next] & 0xC0 == 0x80 else { break }
                    scalar = (scalar & 0x03) << 6 | Int(bytes[next] & 0x3F)
                    next &+= 1
                }
                let entry = entries[scalar]
                guard entry.breakSymbol < Latin1BreakTable.looksAhead, entry.isUsable else { break }
                let transition = transitions[walk.state &* Latin1BreakTable.rowLength &+ Int(entry.breakSymbol)]
                guard transition & 3 == 0 else { break }
                walk.state = Int(transition >> 2)
                walk.sum.add(entry, kerning: tables.kerning, scales: tables.scales)
                walk.slow = entry.flags & LayoutEngine.ScalarEntry.startsLigature
                if _slowPath(next &- walk.offset == 2) { walk.twoByteSequences &+= 1 }
                walk.offset = next
            }
            if walk.offset != walked { walk.previous = Self.latin1Scalar(endingAt: walk.offset, in: bytes) }
            let offset = walk.offset
            guard offset < byteCount else { break }
            // Any other scalar, one step.
            var scalar = Int(bytes[offset])
            var length = 1
            if scalar >= 0x80 {
                guard scalar & 0xFE == 0xC2, offset &+ 1 < byteCount, bytes[offset &+ 1] & 0xC0 == 0x80 else {
                    return nil
                }
                scalar = (scalar & 0x03) << 6 | Int(bytes[offset &+ 1] & 0x3F)
                length = 2
            }
            var symbol = entries[scalar].breakSymbol
            if symbol >= Latin1BreakTable.looksAhead {
                symbol &= ~Latin1BreakTable.looksAhead
                if Self.latin1StartsWithNumber(utf8, from: offset &+ length) { symbol += 1 }
            }
            let transition = transitions[walk.state &* Latin1BreakTable.rowLength &+ Int(symbol)]
            walk.state = Int(transition >> 2)
            let opportunity = transition & 3
            if opportunity != 0 {
                let index = walk.index
                ws.offsets[index] = UInt32(truncatingIfNeeded: offset)
                walk.lineLastRow = placeLatin1(
                    walk.sum, from: segment, last: walk.previous, fused: walk.slow & Self.notFused == 0,
                    lineLastRow: walk.lineLastRow, to: index, endOffset: offset, tables: tables)
                if opportunity == UInt16(BreakOpportunity.mandatory.rawValue) && engine.honoursHardBreaks {
                    finish(at: index)
                }
                segment = Latin1SegmentStart(index: index, offset: offset)
                walk.sum = Latin1Sum()
                walk.slow = 0
            }
            let entry = entries[scalar]
            if walk.slow != 0 || !entry.isUsable {
                // A scalar the one-pass measure does not take, or a ligature's possible start before it: `place`
                // measures the segment.
                let continues =
                    walk.slow & Self.notFused == 0 && entry.isUsable && !engine.startsLigature(walk.previous, scalar)
                walk.slow = continues ? 0 : Self.notFused
            }
            if walk.slow == 0 {
                walk.sum.add(entry, kerning: tables.kerning, scales: tables.scales)
                walk.slow = entry.flags & LayoutEngine.ScalarEntry.startsLigature
            }
            walk.previous = scalar
            walk.offset = offset &+ length
            walk.twoByteSequences &+= length &- 1
        }
        let count = walk.index
        ws.offsets[count] = UInt32(truncatingIfNeeded: byteCount)
        _ = placeLatin1(
            walk.sum, from: segment, last: walk.previous, fused: walk.slow & Self.notFused == 0,
            lineLastRow: walk.lineLastRow, to: count, endOffset: byteCount, tables: tables)
        finish(at: count)
        if engine.measurer.options.countsTrailingLineBreak && engine.honoursHardBreaks
            && LayoutEngine.isHardBreak(UInt32(truncatingIfNeeded: walk.previous))
        {
            finish(at: count)
        }
        return TextSize(
            width: totals.width, height: totals.height, lineCount: totals.lines,
            missingGlyphs: totals.missingGlyphs)
    }

    /// The scalar whose last byte is at `end - 1` in `bytes`, where an ASCII byte or a well-formed two-byte sequence
    /// of Latin-1 ends (a continuation byte there ends a two-byte sequence).
    @inline(__always)
    private static func latin1Scalar(endingAt end: Int, in bytes: UnsafePointer<UInt8>) -> Int {
        let last = Int(bytes[end &- 1])
        guard last >= 0x80 else { return last }
        return (Int(bytes[end &- 2]) & 0x03) << 6 | last & 0x3F
    }

    /// Places the segment from `start` to scalar `end` (byte `endOffset`) with sums `sum` and last scalar `last`:
    /// what `place` does with the measure `latin1SegmentMeasure` gives (a single visible scalar too wide for a line
    /// stands alone on it, as `placeSingleVisibleScalar` has it), or `place` itself when the one-pass measure did not
    /// take the segment (`fused` false). Returns the kerning row of the line's last scalar when this placement put
    /// it there, else -1 (`Latin1Walk.lineLastRow`).
    ///
    /// The pair across the segment's start is read from the Latin-1 pair matrix when the line ends with a scalar a
    /// one-pass placement put there (`lineLastRow` ≥ 0): `kerning(after:before:)`'s value, since only the one font
    /// that kerns Latin-1 here (`LayoutEngine.latin1Kerning`) has a row and a column that are not zeros, hard breaks
    /// and controls kern with nothing, and the real scripts of Latin-1 (Latin, or none) never end a run.
    @inline(never)
    private mutating func placeLatin1(
        _ sum: Latin1Sum, from start: Latin1SegmentStart, last: Int, fused: Bool, lineLastRow: Int, to end: Int,
        endOffset: Int, tables: Latin1Tables
    ) -> Int {
        guard fused else {
            writeColumns(from: start, to: end, endOffset: endOffset)
            // The string's length is not known yet; only shaping (never needed by Latin-1 text) reads it.
            count = end
            place(from: start.index, to: end)
            return -1
        }
        // Whitespace after the last visible scalar: HarfBuzz's part of a pair kerned into it stays in the width
        // (`hangingShareAtEnd`), as `latin1SegmentMeasure` and the cluster path keep it. Here the whitespace is spaces
        // and hard breaks, which kern with nothing: only a font whose space is the right of a pair is read.
        var hang = 0.0
        if tables.entries[0x20].kernsAsRight && sum.fonts != 0 && sum.x != sum.visibleEnd {
            hang = Self.hangingShareAtEndSlowly(
                from: start.offset, to: endOffset, in: utf8, engine: unretainedEngine, latin1: tables.entries,
                directory: nil)
        }
        if line.hasContent && lineLastRow >= 0,
            let row = placeAfterOnePass(
                sum, hang: hang, from: start, last: tables.entries + last, lineLastRow: lineLastRow, to: end,
                tables: tables)
        {
            return row
        }
        glyphLookups &+= end &- start.index
        let first = tables.entries[Self.latin1Scalar(in: utf8, at: start.offset)]
        let last = tables.entries[last]
        var measure = sum.measure(first: first, last: last, engine: engine)
        if hang != 0 { measure.wordWidth += hang }
        var startX = line.x
        if line.hasContent && lineLastRow >= 0 {
            let kern = tables.kerning[lineLastRow &+ Int(first.kernIndex)]
            startX += kern == 0 ? 0 : Double(kern) * tables.scales[Int(first.font)]
        } else {
            startX += kerning(after: line, before: measure)
        }
        if line.hasContent && measure.hasVisible && startX + measure.wordWidth > wrapLimit {
            finish(at: start.index)
            startX = 0
        }
        if !line.hasContent && measure.hasVisible && measure.wordWidth > wrapLimit
            && end - start.index > 1
        {
            // Emergency breaking, as `place` does it: the clusters measured again, then broken between.
            writeColumns(from: start, to: end, endOffset: endOffset)
            glyphLookups += end - start.index
            _ = prepareMeasuredClusters(from: start.index, to: end, stringCount: end, remeasure: true)
            breakLongSegment(from: start.index, to: end, measure: measure)
            return Int(last.kernRow)
        }
        extendLine(with: measure, at: startX)
        return Int(last.kernRow)
    }

    /// `placeLatin1`'s commonest case: a fused segment after one it placed itself on a line with content
    /// (`lineLastRow` ≥ 0), placed from its sums without a `SegmentMeasure` — the pair across its start from the
    /// matrix, the wrap, then `extendLine`, each value from the same operands in the same order. The segment's last
    /// glyph and font are what `Latin1Sum.measure` gives: none after a hard break or in a font that does not kern,
    /// which is where `ScalarEntry.lineFont` is `SegmentMeasure.noFont` (in every font when the engine uses no
    /// features). Returns the kerning row of the segment's last scalar (`last`), or nil, having changed nothing, when
    /// the segment has more than one scalar, does not fit after the line's content and alone is wider than a line,
    /// which `placeLatin1` then breaks as `place` does. Through a `SegmentMeasure` built in memory and the engine's
    /// bounds-checked font arrays, this case took 123 instructions a segment; now about 80 (callgrind, cold Latin
    /// bench).
    @inline(__always)
    private mutating func placeAfterOnePass(
        _ sum: Latin1Sum, hang: Double, from start: Latin1SegmentStart, last: UnsafePointer<LayoutEngine.ScalarEntry>,
        lineLastRow: Int, to end: Int, tables: Latin1Tables
    ) -> Int? {
        let first = tables.entries + Self.latin1Scalar(in: utf8, at: start.offset)
        let kern = tables.kerning[lineLastRow &+ Int(first.pointee.kernIndex)]
        var startX = line.x
        startX += kern == 0 ? 0 : Double(kern) * tables.scales[Int(first.pointee.font)]
        let hasVisible = sum.fonts != 0
        // `hang`: HarfBuzz's part of a pair into the whitespace after the last visible scalar (`placeLatin1`).
        // (`visibleEnd` is never −0, so adding 0 changes no bit.)
        let wordWidth = sum.visibleEnd + hang
        if hasVisible && startX + wordWidth > wrapLimit {
            if wordWidth > wrapLimit && end &- start.index > 1 { return nil }
            finish(at: start.index)
            startX = 0
        }
        glyphLookups &+= end &- start.index
        if hasVisible { line.width = startX + wordWidth }
        line.x = startX + sum.x
        line.fonts |= sum.fonts
        line.hasContent = true
        let lineFont = last.pointee.lineFont
        if lineFont == SegmentMeasure.noFont || last.pointee.isHardBreak {
            (line.lastGlyph, line.lastFont) = (0, SegmentMeasure.noFont)
        } else {
            (line.lastGlyph, line.lastFont) = (last.pointee.glyph, lineFont)
        }
        return Int(last.pointee.kernRow)
    }

    /// Writes the scalars, byte offsets and flags of the segment's positions, as `LayoutEngine.decode` and
    /// `LineBreaker.analyze` write them, for the general path's measuring: every position inside a segment is ×, and
    /// a grapheme cluster boundary but CR × LF (GB3). (The first position gets × too: no measuring reads a segment's
    /// own first break.)
    private func writeColumns(from start: Latin1SegmentStart, to end: Int, endOffset: Int) {
        var offset = start.offset
        var previous = -1
        for index in start.index..<end {
            let scalar = Self.latin1Scalar(in: utf8, at: offset)
            let length = scalar < 0x80 ? 1 : 2
            ws.scalars[index] = UInt32(truncatingIfNeeded: scalar)
            ws.offsets[index] = UInt32(truncatingIfNeeded: offset)
            let isBoundary = previous != 0x0D || scalar != 0x0A
            ws.flags[index] = BreakOpportunity.prohibited.rawValue | (isBoundary ? LineBreaker.graphemeBoundaryFlag : 0)
            previous = scalar
            offset += length
        }
        ws.offsets[end] = UInt32(truncatingIfNeeded: endOffset)
    }

    /// The Latin-1 scalar at byte `offset` of `utf8`, which the pass read as ASCII or a well-formed two-byte sequence.
    @inline(__always)
    private static func latin1Scalar(in utf8: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        let lead = Int(utf8[offset])
        return lead < 0x80 ? lead : (lead & 0x03) << 6 | Int(utf8[offset + 1] & 0x3F)
    }

    /// Whether the Latin-1 scalars of `utf8` from byte `offset` on begin with NU once combining marks (Latin-1's
    /// controls) are skipped: `LineBreakClassResolver.startsWithNumber` over the bytes. False at anything not
    /// Latin-1, where the pass gives up before this answer counts.
    private static func latin1StartsWithNumber(_ utf8: UnsafeBufferPointer<UInt8>, from offset: Int) -> Bool {
        var offset = offset
        while offset < utf8.count {
            if let number = printableASCIIIsNumber(utf8[offset]) { return number }
            var scalar = UInt32(utf8[offset])
            var length = 1
            if scalar >= 0x80 {
                guard scalar & 0xFE == 0xC2, offset + 1 < utf8.count, utf8[offset + 1] & 0xC0 == 0x80 else {
                    return false
                }
                scalar = (scalar & 0x03) << 6 | UInt32(utf8[offset + 1] & 0x3F)
                length = 2
            }
            let resolved = UnicodeProperties.properties(of: scalar).lineBreakClass
            if resolved != .CM && resolved != .ZWJ { return resolved == .NU }
            offset += length
        }
        return false
    }
}
