import Cache
internal import TextCoding

extension LineFitter {
    /// Fits a string that is not Latin-1 alone — Chinese, Japanese, Korean, Latin with curly quotes and dashes,
    /// Greek, Cyrillic — in one pass over its UTF-8 bytes, as `fitLatin1String` fits Latin-1: decoding, line breaking,
    /// measuring and placing each segment as its end is found; nil, as soon as it meets a scalar it may not walk
    /// (`ScalarEntry.walkable`: one that may join a grapheme cluster with its neighbours — a combining mark, a joiner,
    /// a jamo, a regional indicator — one that needs dictionary breaking or bidi, a Hangul filler), or when its break
    /// automaton runs out of room. The general path then measures the string from the start; what this pass did is dropped, but for the
    /// session's entries and segment-cache entries, which are the same either way.
    ///
    /// It is the general path's work, fused, each value computed from the same operands in the same order, so every
    /// answer is the same to the bit (`OnePassFitTests`, `scripts/same-answers.sh`):
    /// - Each scalar's `ScalarEntry` is the engine's for Latin-1 and the session's beyond (`OnePassTables`, made on
    ///   first sight from the scalar memo by `LayoutEngine.makeScalarEntry`).
    /// - The break before each scalar comes from the session's `LineBreakAutomaton` (`LineBreakState` tabulated as
    ///   text needs it); the LB25 lookahead after OP and HY reads the bytes ahead. Every position between walkable
    ///   scalars is a grapheme cluster boundary but CR × LF, which LB5 prohibits.
    /// - A segment of usable scalars with no ligature start in it is measured as the general path measures it
    ///   (`ScalarSum`; the first and last real scripts as `setScripts` finds them) and placed as `place` places it
    ///   (a single visible scalar as `placeSingleVisibleScalar` does, which is the same). Pairs across segments are
    ///   kerned by `kerning(after:before:)` itself, with the script runs it keeps.
    /// - From a visible scalar that begins a segment, the run loop `placeRun` takes over — most of Chinese and
    ///   Japanese text, where each ideograph or kana is a segment of its own — reading the bytes, entries and
    ///   transitions as this loop does and keeping segments as it keeps them, but placing a segment of one scalar
    ///   straight from its entry, without the sums; this loop goes on from the first scalar the run leaves.
    /// - A segment that crosses a script run, which the general path shapes run by run, is measured here too when the
    ///   text before it and in it settle its runs and HarfBuzz would not change them (`crossingSegmentMeasure`).
    /// - Any other segment — a tab, a control, a default-ignorable, a scalar to shape or that no font maps, a
    ///   possible ligature, a crossing segment whose runs are not settled here — goes to `place`, as does emergency
    ///   breaking: the whole string is decoded then (`decodeAll`), as shaping reads it whole, and the segment's break
    ///   flags written as `LineBreaker.analyze` would have written them.
    mutating func fitOnePass(tables: OnePassTables) -> TextSize? {
        unretainedEngine._withUnsafeGuaranteedRef { engine in
            engine.latin1Entries.withUnsafeBufferPointer { latin1 in
                engine.latin1Kerning.withUnsafeBufferPointer { kerning in
                    engine.fontScales.withUnsafeBufferPointer { scales in
                        fitOnePass(
                            tables: tables,
                            latin1: OnePassLatin1Tables(
                                entries: latin1.baseAddress.unsafelyUnwrapped,
                                kerning: kerning.baseAddress.unsafelyUnwrapped,
                                scales: scales.baseAddress.unsafelyUnwrapped, kerningMemo: tables.kerningMemo))
                    }
                }
            }
        }
    }

    /// The engine's tables the one-pass fit reads, seen through their memory for one string: `Latin1Tables` without
    /// the Latin-1 break table (the session's automaton serves every scalar), and the session's `KerningMemo`.
    struct OnePassLatin1Tables {
        /// `LayoutEngine.latin1Entries`, 256 of them.
        let entries: UnsafePointer<LayoutEngine.ScalarEntry>
        /// `LayoutEngine.latin1Kerning`, read at `ScalarEntry.kernRow + kernIndex`.
        let kerning: UnsafePointer<Int32>
        /// `LayoutEngine.fontScales`.
        let scales: UnsafePointer<Double>
        /// The session's pairs kerned by lookup (`OnePassTables.kerningMemo`).
        let kerningMemo: KerningMemo
    }

    /// The current segment of the one-pass fit: where it starts, its sums, and what its measure needs of its first
    /// and last scalars.
    struct OnePassSegment {
        /// Its first scalar's index and byte offset.
        var start: Latin1SegmentStart
        /// Its sums; the sum's previous glyph and font are its last scalar's while the one-pass measure takes it.
        var sum = ScalarSum()
        /// Its first scalar's glyph and font (`SegmentMeasure.noFont` for a hard break), and whether the glyph may be
        /// the right of a kerning pair (`ScalarEntry.kernsAsRight`).
        var firstGlyph: UInt32 = 0
        var firstFont = SegmentMeasure.noFont
        var firstKernsAsRight = false
        /// `setScripts`' findings: the first and last real scripts, and whether a scalar with none comes first.
        var firstScript: UInt8 = 0
        var lastScript: UInt8 = 0
        var startsWithCommon = false
        /// Whether two of its real scripts differ (`SegmentMeasure.crossesRunsInside`, with the sum's
        /// `kernsIntoBracket`).
        var mixesScripts = false
        /// Whether `addHangingShare` has been applied to its sums.
        var hangAdded = false
        /// Whether the one-pass measure takes it (else `place` measures it).
        var fused = true
        /// Whether a ligature may start at its last scalar (`ScalarEntry.startsAnyLigature`).
        var ligatureMayFollow = false

        init(start: Latin1SegmentStart) {
            self.start = start
        }

        /// A segment whose first scalar, at `index` and byte `offset`, has `entry` (not yet taken: `take`).
        @inline(__always)
        init(first entry: UnsafePointer<LayoutEngine.ScalarEntry>, index: Int, offset: Int) {
            start = Latin1SegmentStart(index: index, offset: offset)
            firstGlyph = entry.pointee.glyph
            firstFont = entry.pointee.isHardBreak ? SegmentMeasure.noFont : entry.pointee.font
            firstKernsAsRight = entry.pointee.kernsAsRight
        }

        /// The segment of the one visible scalar with `entry` (usable: it begins a run), at `index` and byte
        /// `offset`, taken: what `init(first:index:offset:)` and `take` make of it, written out — nothing comes
        /// before it in the segment, so no pair kerns with it (`ScalarSum`: no previous font; `Latin1Sum`: the
        /// matrix's row 0, all zeros), and its sums are its own advance, font bit and kerning row.
        @inline(__always)
        init(single entry: UnsafePointer<LayoutEngine.ScalarEntry>, index: Int, offset: Int) {
            typealias Entry = LayoutEngine.ScalarEntry
            self.init(first: entry, index: index, offset: offset)
            let flags = entry.pointee.flags
            assert(flags & (Entry.usable | Entry.visible) == Entry.usable | Entry.visible, "a run's scalars")
            sum.base.x = 0.0 + entry.pointee.width
            sum.base.visibleEnd = sum.base.x
            sum.base.fonts = entry.pointee.fontBit
            sum.base.previousRow = Int(entry.pointee.kernRow)
            sum.previousGlyph = entry.pointee.glyph
            sum.previousFont = flags & Entry.hardBreak != 0 ? SegmentMeasure.noFont : entry.pointee.font
            sum.previousLooksUp = flags & Entry.kernsByLookup != 0
            ligatureMayFollow = flags & Entry.startsAnyLigature != 0
            let script = entry.pointee.script
            firstScript = script
            lastScript = script
            startsWithCommon = script == 0
        }

        /// Whether a ligature may start at the pair of the segment's last scalar and the next one, with `entry`
        /// (`place` then measures the segment).
        @inline(__always)
        func ligatureMayStart(before entry: UnsafePointer<LayoutEngine.ScalarEntry>, engine: LayoutEngine) -> Bool {
            ligatureMayFollow && entry.pointee.isVisible && sum.previousFont == entry.pointee.font
                && engine.features[Int(entry.pointee.font)].unsafelyUnwrapped.ligatureMayStart(
                    sum.previousGlyph, entry.pointee.glyph)
        }

        /// Takes the scalar with `entry` as its last: into the sums while the one-pass measure takes the segment,
        /// and into the scripts (`setScripts`).
        @inline(__always)
        mutating func take(
            _ entry: UnsafePointer<LayoutEngine.ScalarEntry>, latin1: OnePassLatin1Tables, engine: LayoutEngine
        ) {
            let flags = entry.pointee.flags
            if flags & LayoutEngine.ScalarEntry.usable == 0 { fused = false }
            if fused {
                sum.add(
                    entry, kerning: latin1.kerning, scales: latin1.scales, memo: latin1.kerningMemo, engine: engine)
                ligatureMayFollow = flags & LayoutEngine.ScalarEntry.startsAnyLigature != 0
            }
            let script = entry.pointee.script
            if script != 0 {
                if firstScript == 0 {
                    firstScript = script
                } else if script != lastScript {
                    mixesScripts = true
                }
                lastScript = script
            } else if firstScript == 0 {
                startsWithCommon = true
            }
        }

        /// The segment's measure, as `measureSegment` finds it (when `engine` kerns: the edges' kerning glyphs, the
        /// first and last scripts).
        @inline(__always)
        func measure(engine: LayoutEngine) -> SegmentMeasure {
            let base = sum.base
            var measure = SegmentMeasure(
                wordWidth: base.visibleEnd, totalWidth: base.x, fonts: base.fonts, hasVisible: base.fonts != 0)
            guard engine.usesFeatures else { return measure }
            if firstFont != SegmentMeasure.noFont && engine.kerns[Int(firstFont)] {
                (measure.firstGlyph, measure.firstFont) = (firstGlyph, firstFont)
            }
            let lastFont = sum.previousFont
            if lastFont != SegmentMeasure.noFont && engine.kerns[Int(lastFont)] {
                (measure.lastGlyph, measure.lastFont) = (sum.previousGlyph, lastFont)
            }
            // `setScripts`: no last script without a first.
            measure.firstScript = firstScript
            measure.lastScript = firstScript == 0 ? 0 : lastScript
            measure.startsWithCommon = startsWithCommon
            // (A pair into a closing bracket, `sum.kernsIntoBracket`, counts where the string is not Latin-1 alone:
            // `placeSegment` adds it.)
            measure.crossesRunsInside = mixesScripts
            return measure
        }
    }

    private mutating func fitOnePass(tables: OnePassTables, latin1: OnePassLatin1Tables) -> TextSize? {
        guard let bytes = utf8.baseAddress, utf8.count > 0 else { return nil }
        let byteCount = utf8.count
        let automaton = tables.automaton
        var transitions = automaton.transitions
        // Segments in one pass, nothing prefetched; the string is not Latin-1 alone.
        fusesLatin1 = false
        prefetches = false
        ws.offsets[0] = 0
        var offset = 0
        var index = 0
        var state = LineBreakAutomaton.startOfText
        var decodedAll = false
        var segment = OnePassSegment(start: Latin1SegmentStart(index: 0, offset: 0))
        let beginsRun = LayoutEngine.ScalarEntry.usable | LayoutEngine.ScalarEntry.visible
        while offset < byteCount {
            // Decoding as `LayoutEngine.decode` does: ASCII, the well-formed two- and three-byte sequences written
            // out, and the package's validating decoder for the rest (one U+FFFD per maximal ill-formed subpart).
            let lead = bytes[offset]
            var scalar: UInt32
            var length: Int
            if lead < 0x80 {
                scalar = UInt32(lead)
                length = 1
            } else if lead >= 0xC2 && lead < 0xE0 && offset &+ 1 < byteCount && bytes[offset &+ 1] & 0xC0 == 0x80 {
                scalar = (UInt32(lead) & 0x1F) << 6 | UInt32(bytes[offset &+ 1]) & 0x3F
                length = 2
            } else if lead >= 0xE1 && lead <= 0xEF && lead != 0xED && offset &+ 2 < byteCount
                && bytes[offset &+ 1] & 0xC0 == 0x80 && bytes[offset &+ 2] & 0xC0 == 0x80
            {
                scalar =
                    (UInt32(lead) & 0x0F) << 12 | (UInt32(bytes[offset &+ 1]) & 0x3F) << 6
                    | UInt32(bytes[offset &+ 2]) & 0x3F
                length = 3
            } else {
                let decoded = UTF8Decoding.decode(utf8, at: offset, lead: lead)
                scalar = decoded.scalar
                length = decoded.length
            }
            // The entry is read where it lives, not copied.
            let entry: UnsafePointer<LayoutEngine.ScalarEntry>
            if scalar < 256 {
                entry = latin1.entries + Int(scalar)
            } else {
                let slot = tables.slot(of: scalar)
                if slot.pointee.flags == 0 {
                    slot.pointee = engine.makeScalarEntry(scalar, in: ws, automaton: automaton)
                }
                guard slot.pointee.isWalkable else { return nil }
                entry = UnsafePointer(slot)
            }
            var symbol = Int(entry.pointee.breakSymbol)
            if symbol >= Int(Latin1BreakTable.looksAhead) {
                symbol &= Int(~Latin1BreakTable.looksAhead)
                if Self.startsWithNumber(utf8, from: offset &+ length) { symbol &+= 1 }
            }
            var transition = transitions[state &* LineBreakAutomaton.rowLength &+ symbol]
            if transition == 0 {
                transition = automaton.fill(state: state, symbol: symbol)
                guard transition != LineBreakAutomaton.overflow else { return nil }
                transitions = automaton.transitions  // the rows may have grown
            } else {
                transition &-= 1
            }
            state = Int(transition >> 2)
            let opportunity = transition & 3
            if opportunity != 0 || index == 0 {
                if opportunity != 0 {
                    ws.offsets[index] = UInt32(truncatingIfNeeded: offset)
                    placeOnePass(&segment, to: index, decodedAll: &decodedAll, tables: tables, latin1: latin1)
                    if opportunity == UInt16(BreakOpportunity.mandatory.rawValue) {
                        if engine.honoursHardBreaks { finish(at: index) }
                        if Self.followsParagraphSeparator(bytes, at: offset) { startParagraph(at: index) }
                    }
                }
                if entry.pointee.flags & beginsRun == beginsRun {
                    // A visible scalar starts a segment: the run it may begin is placed by a loop of its own, up to a
                    // scalar it does not take; this loop goes on from there with the segment it left.
                    let end = placeRun(
                        from: RunStart(entry: entry, index: index, offset: offset, length: length),
                        state: state, segment: &segment, decodedAll: &decodedAll, bytes: bytes, byteCount: byteCount,
                        tables: tables, transitions: transitions, latin1: latin1)
                    (index, offset, state) = (end.index, end.offset, end.state)
                    continue
                }
                segment = OnePassSegment(first: entry, index: index, offset: offset)
            } else if segment.ligatureMayStart(before: entry, engine: engine) {
                // A ligature may start at the pair of the last scalar and this one: `place` measures the segment.
                segment.fused = false
            }
            segment.take(entry, latin1: latin1, engine: engine)
            offset &+= length
            index &+= 1
        }
        let count = index
        ws.offsets[count] = UInt32(truncatingIfNeeded: byteCount)
        placeOnePass(&segment, to: count, decodedAll: &decodedAll, tables: tables, latin1: latin1)
        finish(at: count)
        if engine.measurer.options.countsTrailingLineBreak && engine.honoursHardBreaks
            && LayoutEngine.endsWithHardBreak(utf8)
        {
            finish(at: count)
        }
        return TextSize(
            width: totals.width, height: totals.height, lineCount: totals.lines,
            missingGlyphs: totals.missingGlyphs)
    }

    /// Places `segment`, which ends at scalar `end`: what `place` does with the measure the general path finds for
    /// it (for one visible scalar, what `placeSingleVisibleScalar` does, which is the same), or `place` itself when
    /// the one-pass measure did not take it or it crosses a script run whose runs are not settled here.
    @inline(__always)
    mutating func placeOnePass(
        _ segment: inout OnePassSegment, to end: Int, decodedAll: inout Bool, tables: OnePassTables,
        latin1: OnePassLatin1Tables
    ) {
        let start = segment.start.index
        if segment.fused && end &- start == 1 && segment.sum.base.fonts != 0 {
            glyphLookups += 1
            placeOneVisible(
                advance: segment.sum.base.x, font: segment.sum.previousFont, glyph: segment.sum.previousGlyph,
                fonts: segment.sum.base.fonts, kernsAsRight: segment.firstKernsAsRight,
                lineFont: engine.kerns[Int(segment.sum.previousFont)]
                    ? segment.sum.previousFont : SegmentMeasure.noFont,
                script: segment.lastScript, at: start,
                notesScripts: engine.usesFeatures, memo: latin1.kerningMemo)
        } else if !(segment.fused
            && placeWithinRun(&segment, to: end, memo: latin1.kerningMemo, latin1: latin1, directory: tables.directory))
        {
            // The common case — no script run crossed, nothing wider than the line — was placed without a
            // `SegmentMeasure`; any other goes here.
            placeSegment(&segment, to: end, decodedAll: &decodedAll, directory: tables.directory, latin1: latin1)
        }
    }

    /// `placeOnePass` for any other segment.
    @inline(never)
    private mutating func placeSegment(
        _ segment: inout OnePassSegment, to end: Int, decodedAll: inout Bool,
        directory: UnsafeMutablePointer<UnsafeMutablePointer<LayoutEngine.ScalarEntry>?>, latin1: OnePassLatin1Tables
    ) {
        let start = segment.start.index
        guard segment.fused else { return placeGenerally(from: start, to: end, decodedAll: &decodedAll) }
        addHangingShare(to: &segment, to: end, latin1: latin1, directory: directory)
        var measure = segment.measure(engine: engine)
        if engine.usesFeatures && segment.sum.kernsIntoBracket && !textIsLatin1() {
            measure.crossesRunsInside = true
        }
        if end &- start > 1 && crossesScriptRun(measure) {
            guard
                let crossing = crossingMeasure(segment, measure: measure, to: end, directory: directory, latin1: latin1)
            else { return placeGenerally(from: start, to: end, decodedAll: &decodedAll) }
            measure = crossing
        }
        glyphLookups += end - start
        // `kerning(after:before:)` spelt out: called here, the compiler kept it out of line once the crossing
        // segments came, a call for every segment placed (26 M instructions in a cold CJK bench run, callgrind).
        var startX =
            line.x
            + (line.hasContent ? kerning(lastGlyph: line.lastGlyph, lastFont: line.lastFont, before: measure) : 0)
        if line.hasContent && measure.hasVisible && startX + measure.wordWidth > wrapLimit {
            finish(at: start)
            startX = 0
        }
        if !line.hasContent && measure.hasVisible && measure.wordWidth > wrapLimit && end - start > 1 {
            // Emergency breaking, as `place` does it: the clusters measured again, then broken between.
            prepareColumns(from: start, to: end, decodedAll: &decodedAll)
            glyphLookups += end - start
            _ = prepareMeasuredClusters(from: start, to: end, stringCount: count, remeasure: true)
            breakLongSegment(from: start, to: end, measure: measure)
            notePlaced(lastScript: measure.lastScript, end: end)
            return
        }
        extendLine(with: measure, at: startX)
        notePlaced(lastScript: measure.lastScript, end: end)
    }

    /// Places `segment` (fused, ending at scalar `end`) when it crosses no script run and, alone on a line, would fit
    /// it (pairs looked up through the session's `memo`): what `placeSegment` does with its `SegmentMeasure`, read
    /// from the segment's sums instead —
    /// `OnePassSegment.measure(engine:)`, `crossesScriptRun`, `kerning(lastGlyph:lastFont:before:)` and
    /// `extendLine`, each value from the same operands in the same order, so the same answers
    /// (`OnePassFitTests`). False for any other segment, having changed nothing but, perhaps, the cache of the last
    /// script placed (`previousScript`, which gives the same when asked again) and the segment's sums, which take
    /// HarfBuzz's part of a pair kerned into its trailing whitespace once (`addHangingShare`, as `placeSegment`
    /// would). Most segments of several scalars in
    /// Chinese, Japanese and Korean text come here (a Korean word, `字，`, an ASCII word: 105,000 in a cold pass
    /// over the bench's CJK corpus), each placed in 137 instructions where `placeSegment` took 230 (callgrind).
    @inline(never)
    private mutating func placeWithinRun(
        _ segment: inout OnePassSegment, to end: Int, memo: KerningMemo, latin1: OnePassLatin1Tables,
        directory: UnsafeMutablePointer<UnsafeMutablePointer<LayoutEngine.ScalarEntry>?>
    ) -> Bool {
        let start = segment.start.index
        addHangingShare(to: &segment, to: end, latin1: latin1, directory: directory)
        let usesFeatures = engine.usesFeatures
        // The measure's scripts: none unless the engine kerns or ligates; `setScripts` gives no last without a first.
        let firstScript = usesFeatures ? segment.firstScript : 0
        let lastScript = firstScript == 0 ? 0 : segment.lastScript
        let startsWithCommon = usesFeatures && segment.startsWithCommon
        let base = segment.sum.base
        let hasVisible = base.fonts != 0
        if end &- start > 1 {
            // `crossesScriptRun`, whose look back (`previousScript`) only runs when the segment starts with Common
            // scalars before its first script.
            if usesFeatures && (segment.mixesScripts || (segment.sum.kernsIntoBracket && !textIsLatin1())) {
                return false
            }
            if startsWithCommon && firstScript != 0 {
                let previous = previousScript()
                if previous != 0 && firstScript != previous { return false }
            }
            // Emergency breaking measures the clusters again: `placeSegment` does it.
            if hasVisible && base.visibleEnd > wrapLimit { return false }
        }
        glyphLookups += end - start
        // `kerning(lastGlyph:lastFont:before:)`: the segment's first glyph kerns only when its font kerns, and the
        // pair is looked up (through the session's memo) only when the glyph may be the right of one — the font's
        // own first test (`KerningTable.adjustment`), known from its entry.
        var kern = 0.0
        let firstFont = segment.firstFont
        if line.hasContent && usesFeatures && firstFont != SegmentMeasure.noFont && engine.kerns[Int(firstFont)]
            && firstFont == line.lastFont && segment.firstKernsAsRight
        {
            kern = memo.kerning(line.lastGlyph, segment.firstGlyph, font: firstFont, engine: engine)
            if kern != 0 && !startsWithCommon && firstScript != 0 && !continuesScriptRun(firstScript) {
                kern = 0
            }
        }
        var startX = line.x + (line.hasContent ? kern : 0)
        if line.hasContent && hasVisible && startX + base.visibleEnd > wrapLimit {
            finish(at: start)
            startX = 0
        }
        // `extendLine` (a fused segment misses no glyph), its last glyph kept when its font kerns.
        if hasVisible { line.width = startX + base.visibleEnd }
        line.x = startX + base.x
        line.fonts |= base.fonts
        line.hasContent = true
        let lastFont = segment.sum.previousFont
        if usesFeatures && lastFont != SegmentMeasure.noFont && engine.kerns[Int(lastFont)] {
            (line.lastGlyph, line.lastFont) = (segment.sum.previousGlyph, lastFont)
        } else {
            (line.lastGlyph, line.lastFont) = (0, SegmentMeasure.noFont)
        }
        notePlaced(lastScript: lastScript, end: end)
        return true
    }

    /// Adds to `segment`'s sums HarfBuzz's part of a pair kerned into the whitespace after its last visible scalar
    /// (`hangingShareAtEnd`), once: the one-pass sums leave it out (`Latin1Sum`), the cluster path keeps it.
    @inline(__always)
    private mutating func addHangingShare(
        to segment: inout OnePassSegment, to end: Int, latin1: OnePassLatin1Tables,
        directory: UnsafeMutablePointer<UnsafeMutablePointer<LayoutEngine.ScalarEntry>?>
    ) {
        guard !segment.hangAdded, end &- segment.start.index > 1, segment.sum.base.fonts != 0,
            segment.sum.base.x != segment.sum.base.visibleEnd
        else { return }
        segment.hangAdded = true
        let share = Self.hangingShareAtEnd(
            from: segment.start.offset, to: Int(ws.offsets[end]), in: utf8, engine: unretainedEngine,
            latin1: latin1.entries, directory: directory)
        if share != 0 { segment.sum.base.visibleEnd += share }
    }

    /// The general path's measuring and placing of the segment `start..<end` (`place`), its columns made first.
    @inline(never)
    private mutating func placeGenerally(from start: Int, to end: Int, decodedAll: inout Bool) {
        prepareColumns(from: start, to: end, decodedAll: &decodedAll)
        place(from: start, to: end)
    }

    /// The measure of a segment the one-pass measure took that crosses a script run, which the general path shapes:
    /// `crossingSegmentMeasure`'s when that knows its runs and it needs no emergency breaking (which measures its
    /// clusters again); nil when the general path must measure it. Out of line: one segment in fifty.
    @inline(never)
    private mutating func crossingMeasure(
        _ segment: OnePassSegment, measure: SegmentMeasure, to end: Int,
        directory: UnsafeMutablePointer<UnsafeMutablePointer<LayoutEngine.ScalarEntry>?>, latin1: OnePassLatin1Tables
    ) -> SegmentMeasure? {
        guard
            let crossing = crossingSegmentMeasure(
                segment, measure: measure, to: end, directory: directory, latin1: latin1),
            !(crossing.hasVisible && crossing.wordWidth > wrapLimit)
        else { return nil }
        // HarfBuzz's answer, known without it (as `writeRunUnshaped` knows it): counted as shaped.
        shapedSegments += 1
        crossingSegments += 1
        return crossing
    }

    /// Makes the columns the general path reads for the segment `start..<end`: the whole string's scalars and byte
    /// offsets (once; shaping resolves the string whole), and the segment's break flags as `LineBreaker.analyze`
    /// writes them between walkable scalars — × inside, and a grapheme cluster boundary but CR × LF (GB3). (The
    /// first position gets × too: no measuring reads a segment's own first break.)
    private mutating func prepareColumns(from start: Int, to end: Int, decodedAll: inout Bool) {
        if !decodedAll {
            count = decodeAll()
            decodedAll = true
        }
        var previous: UInt32 = 0
        for index in start..<end {
            let scalar = ws.scalars[index]
            let isBoundary = previous != 0x0D || scalar != 0x0A
            ws.flags[index] = BreakOpportunity.prohibited.rawValue | (isBoundary ? LineBreaker.graphemeBoundaryFlag : 0)
            previous = scalar
        }
    }

    /// Decodes the whole string into the workspace's scalars and byte offsets (`LayoutEngine.decode`, the general
    /// path's own decoder, whose sequences of one to three bytes are written out: 4.0 instructions a character of a
    /// warm CJK pass, where the validating decoder for every scalar took 4.5) and returns the scalar count.
    private func decodeAll() -> Int {
        engine.decode(utf8, into: ws).count
    }

    /// Whether the scalar that ends at byte `offset` of `bytes` is a paragraph separator
    /// (`ScriptItemizer.isParagraphSeparator`: LF, CR, or U+2029, whose UTF-8 is E2 80 A9 — no other sequence ends
    /// with those three bytes, a lead byte never being a continuation byte).
    @inline(__always)
    static func followsParagraphSeparator(_ bytes: UnsafePointer<UInt8>, at offset: Int) -> Bool {
        guard offset > 0 else { return false }
        let last = bytes[offset &- 1]
        if last == 0x0A || last == 0x0D { return true }
        return last == 0xA9 && offset >= 3 && bytes[offset &- 2] == 0x80 && bytes[offset &- 3] == 0xE2
    }

    /// For printable ASCII (U+0020–U+007E), what follows an opening bracket or a hyphen most often, whether `byte` is
    /// NU — the digits, and no other: UAX #14 gives those bytes no CM or ZWJ either, so the number lookaheads of both
    /// one-pass fits (`startsWithNumber`, `latin1StartsWithNumber`) answer them without decoding or a property
    /// lookup. Nil for any other byte.
    @inline(__always)
    static func printableASCIIIsNumber(_ byte: UInt8) -> Bool? {
        byte >= 0x20 && byte < 0x7F ? byte >= 0x30 && byte <= 0x39 : nil
    }

    /// Whether the scalars of `utf8` from byte `offset` on begin with NU once combining marks are skipped:
    /// `LineBreakClassResolver.startsWithNumber` over the bytes (LB1's tailoring leaves CM, ZWJ and NU as they are).
    private static func startsWithNumber(_ utf8: UnsafeBufferPointer<UInt8>, from offset: Int) -> Bool {
        var offset = offset
        while offset < utf8.count {
            if let number = Self.printableASCIIIsNumber(utf8[offset]) { return number }
            let (scalar, length, _) = UTF8Decoding.decode(utf8, at: offset)
            let resolved = UnicodeProperties.properties(of: scalar).lineBreakClass
            if resolved != .CM && resolved != .ZWJ { return resolved == .NU }
            offset += length
        }
        return false
    }
}
