import Cache

extension LineFitter {
    /// The scalar a run of the one-pass fit starts with (`placeRun`): visible and usable, its segment just begun.
    struct RunStart {
        var entry: UnsafePointer<LayoutEngine.ScalarEntry>
        var index: Int
        var offset: Int
        var length: Int
    }

    /// Where a run ended (`placeRun`): the index and byte offset of the first scalar it did not take, and the break
    /// automaton's state after the last one it took.
    struct RunEnd {
        var index: Int
        var offset: Int
        var state: Int
    }

    /// The one-pass fit's loop for the commonest stretch of Chinese and Japanese text: ideographs and kana each a
    /// segment of its own, now and then with punctuation that joins the scalar before it (`字，`, `す。`, `ッ`, `ー`).
    /// From the visible, usable scalar `start` (its segment just begun), it takes each next scalar that is a
    /// three-byte sequence whose entry is made, walkable and usable, or ASCII and usable, whose break symbol looks
    /// nothing ahead and whose transition the automaton already holds:
    /// - with a break allowed before it, when it is visible: the segment before it is placed — a segment of one
    ///   scalar straight from its entry (`placeOneVisible`, with the advance `ScalarSum` gives a segment's first
    ///   scalar, no pair inside), any other by `placeOnePass` — and it begins the next;
    /// - with no break before it: it joins the segment, which is then kept as the general loop keeps it
    ///   (`OnePassSegment`: `ligatureMayStart`, `take`).
    /// Anything else — another scalar, a break it may not take, the end of the string — ends the run: it leaves
    /// `segment` holding the segment of the last scalar it took, taken, and the general loop goes on from the next
    /// (`RunEnd`). The same positions, measures and placements as the general loop, so the same answers
    /// (`OnePassFitTests`); what it saves is the general loop's work for each scalar and segment of one.
    mutating func placeRun(
        from start: RunStart, state: Int, segment: inout OnePassSegment, decodedAll: inout Bool,
        bytes: UnsafePointer<UInt8>, byteCount: Int, tables: OnePassTables, transitions: UnsafeMutablePointer<UInt16>,
        latin1: OnePassLatin1Tables
    ) -> RunEnd {
        typealias Entry = LayoutEngine.ScalarEntry
        let made = Entry.usable | Entry.walkable | Entry.made
        // Read once, not for every scalar: the stores into `self` below would make the compiler read them again.
        let directory = tables.directory
        let notesScripts = engine.usesFeatures
        var state = state
        // The segment's first scalar until a second joins it; then `segment` holds it. While there is one, it is the
        // scalar before `index`, whose byte offset is in `ws.offsets` (written where its segment began, or by the
        // caller for `start`): neither is kept in a register of its own.
        var single: UnsafePointer<Entry>? = start.entry
        var index = start.index &+ 1
        var next = start.offset &+ start.length
        // Segments of one scalar placed here (each a glyph lookup, `placeOneVisible`), counted once at the end.
        var singlesPlaced = 0
        while next < byteCount {
            let lead = bytes[next]
            let entry: UnsafePointer<Entry>
            let length: Int
            if lead < 0x80 {
                entry = latin1.entries + Int(lead)
                guard entry.pointee.flags & Entry.usable != 0 else { break }
                length = 1
            } else {
                // A three-byte sequence, its bytes read in one load where a fourth byte follows: lead 1110xxxx, two
                // continuation bytes 10xxxxxx, not overlong (below U+0800). Its page (`scalar >> 6`,
                // `OnePassTables.pageShift`) is the lead's four bits and the second byte's six, its place in the page
                // the third byte's six: the scalar itself is never assembled. An overlong sequence (E0 80–9F) has a
                // page below 0x20, a page of scalars below U+0800: refused. A surrogate (U+D800–U+DFFF,
                // lead ED A0–BF) finds no page: pages are made only for scalars decoded well-formed, which
                // `OnePassTables` checks where it makes one (a test here cost 1 % of a cold CJK pass). Anything else
                // ends the run.
                let word: UInt32
                if next &+ 3 < byteCount {
                    word = UInt32(littleEndian: UnsafeRawPointer(bytes + next).loadUnaligned(as: UInt32.self))
                } else {
                    guard next &+ 2 < byteCount else { break }
                    word = UInt32(lead) | UInt32(bytes[next &+ 1]) << 8 | UInt32(bytes[next &+ 2]) << 16
                }
                guard word & 0x00C0_C0F0 == 0x0080_80E0 else { break }
                let pageIndex = OnePassTables.page(ofThreeBytes: word)
                guard pageIndex >= 0x800 >> OnePassTables.pageShift, let page = directory[pageIndex] else { break }
                entry = UnsafePointer(page + OnePassTables.place(ofThreeBytes: word))
                guard entry.pointee.flags & made == made else { break }
                length = 3
            }
            let symbol = entry.pointee.breakSymbol
            guard symbol < Latin1BreakTable.looksAhead else { break }
            let stored = transitions[state &* LineBreakAutomaton.rowLength &+ Int(symbol)]
            guard stored != 0 else { break }
            let transition = stored &- 1
            let opportunity = transition & 3
            if opportunity == UInt16(BreakOpportunity.allowed.rawValue) {
                // Only a visible scalar begins a segment here. (UAX #14 puts no break before a usable scalar that
                // is not — a space, LB7 and LB21; a hard break, LB6 — so this only guards `placeOneVisible`.)
                guard entry.pointee.isVisible else { break }
                ws.offsets[index] = UInt32(truncatingIfNeeded: next)
                if let one = single {
                    // The entry's width, where `ScalarSum` has `0.0 + width` (+0 for a width of -0): the same here,
                    // where it is only ever added to the line's pen, which is never -0 (it starts at +0, and a sum
                    // is -0 only when both terms are).
                    placeOneVisible(
                        advance: one.pointee.width, font: one.pointee.font, glyph: one.pointee.glyph,
                        fonts: one.pointee.fontBit, kernsAsRight: one.pointee.kernsAsRight,
                        lineFont: one.pointee.lineFont, script: one.pointee.script, at: index &- 1,
                        notesScripts: notesScripts, memo: latin1.kerningMemo)
                    singlesPlaced &+= 1
                } else {
                    placeOnePass(&segment, to: index, decodedAll: &decodedAll, tables: tables, latin1: latin1)
                    runSegments &+= 1
                }
                single = entry
            } else if opportunity == UInt16(BreakOpportunity.prohibited.rawValue) {
                if let one = single {
                    segment = OnePassSegment(single: one, index: index &- 1, offset: Int(ws.offsets[index &- 1]))
                    single = nil
                }
                if segment.ligatureMayStart(before: entry, engine: engine) { segment.fused = false }
                segment.take(entry, latin1: latin1, engine: engine)
            } else {
                break
            }
            state = Int(transition >> 2)
            index &+= 1
            next &+= length
        }
        if let one = single {
            segment = OnePassSegment(single: one, index: index &- 1, offset: Int(ws.offsets[index &- 1]))
        }
        glyphLookups &+= singlesPlaced
        runSegments &+= singlesPlaced
        return RunEnd(index: index, offset: next, state: state)
    }

    /// Places a segment of one visible scalar, measured `advance` with glyph `glyph` in font `font` (bit `fonts`),
    /// at `index`: kerned against the line's last cluster within one script run (when its glyph `kernsAsRight`; its
    /// real script is `script`), fitted, put on the line — what `placeSingleVisibleScalar` does, but for the glyph
    /// lookup, which its caller counts. `lineFont` is `font` when `engine.kerns[font]`, else `SegmentMeasure.noFont`,
    /// and may also be `noFont` where the glyph is the left of no pair of its font, after which every pair is 0
    /// (`ScalarEntry.lineFont`); `notesScripts` is `engine.usesFeatures`, which callers know without the engine;
    /// pairs are looked up through the session's `memo`.
    @inline(__always)
    mutating func placeOneVisible(
        advance: Double, font: UInt8, glyph: UInt32, fonts: UInt64, kernsAsRight: Bool, lineFont: UInt8,
        script: UInt8, at index: Int, notesScripts: Bool, memo: KerningMemo
    ) {
        var startX = line.x
        // The line's last font is a real font only where that font kerns. The glyph's own bit first: most
        // ideographs of the fonts that kern CJK are no right glyph of any pair.
        if kernsAsRight && line.lastFont == font && line.hasContent {
            let kern = kerningAgainstLine(glyph: glyph, font: font, script: script, memo: memo)
            if kern != 0 { startX += kern }
        }
        if line.hasContent && startX + advance > wrapLimit {
            finish(at: index)
            startX = 0
        }
        line.width = startX + advance
        line.x = line.width
        line.fonts |= fonts
        line.hasContent = true
        line.lastGlyph = lineFont == SegmentMeasure.noFont ? 0 : glyph
        line.lastFont = lineFont
        if notesScripts { notePlaced(lastScript: script, end: index &+ 1) }
    }

    /// The kerning of a segment of one visible scalar (`glyph` in `font`, real script `script`) against the line's
    /// last cluster, which is in the same font: the pair's, within one script run, when the font kerns; else 0. Out
    /// of line: most glyphs of the fonts that kern CJK are never the right of a pair, so it is seldom asked.
    @inline(never)
    mutating func kerningAgainstLine(glyph: UInt32, font: UInt8, script: UInt8, memo: KerningMemo) -> Double {
        guard engine.kerns[Int(font)] else { return 0 }
        let kern = memo.kerning(line.lastGlyph, glyph, font: font, engine: engine)
        guard kern != 0 else { return 0 }
        return script == 0 || continuesScriptRun(script) ? kern : 0
    }
}
