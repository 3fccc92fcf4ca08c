import Cache

extension LineFitter {
    /// The scalar a run of the one-pass fit starts with (`placeRun`): visible and usable, its segment just begun.
    struct RunStart {
        var entry: UnsafePointer<LayoutEngine.ScalarEntry>
        var scalar: UInt32
        var index: Int
        var offset: Int
        var length: Int
    }

    /// Where a run ended (`placeRun`): the index and byte offset of the first scalar it did not take, the break
    /// automaton's state after the last one it took, and that scalar.
    struct RunEnd {
        var index: Int
        var offset: Int
        var state: Int
        var lastScalar: UInt32
    }

    /// The one-pass fit's loop for the commonest stretch of Chinese and Japanese text: ideographs and kana each a
    /// segment of its own, now and then with punctuation that joins the scalar before it (`字，`, `す。`, `ッ`, `ー`).
    /// From the visible, usable scalar `start` (its segment just begun), it takes each next scalar that is a
    /// three-byte sequence whose entry is made, walkable and usable, or ASCII and usable, whose break symbol looks
    /// nothing ahead and whose transition the automaton already holds:
    /// - with a break allowed before it, when it is visible: the segment before it is placed — a segment of one
    ///   scalar straight from its entry (`placeOneVisible`, with the measure `ScalarSum` gives a segment's first
    ///   scalar: `0.0 + width`, no pair inside), any other by `placeOnePass` — and it begins the next;
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
        var state = state
        // The segment's first scalar until a second joins it; then `segment` holds it.
        var single: UnsafePointer<Entry>? = start.entry
        var singleIndex = start.index
        var singleOffset = start.offset
        var lastScalar = start.scalar
        var index = start.index &+ 1
        var next = start.offset &+ start.length
        while next < byteCount {
            let lead = bytes[next]
            let entry: UnsafePointer<Entry>
            let scalar: UInt32
            let length: Int
            if lead < 0x80 {
                entry = latin1.entries + Int(lead)
                guard entry.pointee.flags & Entry.usable != 0 else { break }
                scalar = UInt32(lead)
                length = 1
            } else {
                guard next &+ 2 < byteCount else { break }
                let second = bytes[next &+ 1]
                let third = bytes[next &+ 2]
                guard lead >= 0xE1 && lead <= 0xEF && lead != 0xED && second & 0xC0 == 0x80 && third & 0xC0 == 0x80
                else { break }
                scalar = (UInt32(lead) & 0x0F) << 12 | (UInt32(second) & 0x3F) << 6 | UInt32(third) & 0x3F
                guard let page = tables.directory[Int(scalar >> 8)] else { break }
                entry = UnsafePointer(page + Int(scalar & 0xFF))
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
                    // Visible, so its font kerns exactly when its entry says pairs with it are looked up.
                    placeOneVisible(
                        advance: 0.0 + one.pointee.width, font: one.pointee.font, glyph: one.pointee.glyph,
                        fonts: one.pointee.fontBit, kernsAsRight: one.pointee.kernsAsRight,
                        script: one.pointee.script, at: singleIndex)
                } else {
                    placeOnePass(&segment, to: index, decodedAll: &decodedAll, tables: tables, latin1: latin1)
                }
                runSegments &+= 1
                single = entry
                singleIndex = index
                singleOffset = next
            } else if opportunity == UInt16(BreakOpportunity.prohibited.rawValue) {
                if let one = single {
                    segment = OnePassSegment(first: one, index: singleIndex, offset: singleOffset)
                    segment.take(one, latin1: latin1, engine: engine)
                    single = nil
                }
                if segment.ligatureMayStart(before: entry, engine: engine) { segment.fused = false }
                segment.take(entry, latin1: latin1, engine: engine)
            } else {
                break
            }
            state = Int(transition >> 2)
            lastScalar = scalar
            index &+= 1
            next &+= length
        }
        if let one = single {
            segment = OnePassSegment(first: one, index: singleIndex, offset: singleOffset)
            segment.take(one, latin1: latin1, engine: engine)
        }
        return RunEnd(index: index, offset: next, state: state, lastScalar: lastScalar)
    }

    /// Places a segment of one visible scalar, measured `advance` with glyph `glyph` in font `font` (bit `fonts`),
    /// at `index`: kerned against the line's last cluster within one script run (when its glyph `kernsAsRight`; its
    /// real script is `script`), fitted, put on the line — what `placeSingleVisibleScalar` does.
    @inline(__always)
    mutating func placeOneVisible(
        advance: Double, font: UInt8, glyph: UInt32, fonts: UInt64, kernsAsRight: Bool, script: UInt8, at index: Int
    ) {
        glyphLookups += 1
        let kerns = engine.kerns[Int(font)]
        var startX = line.x
        if kerns && line.hasContent && line.lastFont == font && kernsAsRight {
            let kern = engine.kerning(line.lastGlyph, glyph, font: Int(font))
            if kern != 0 {
                let previous = previousScript()
                if script == 0 || previous == 0 || script == previous { startX += kern }
            }
        }
        if line.hasContent && startX + advance > wrapWidth + Self.epsilon {
            finish(at: index)
            startX = 0
        }
        line.width = startX + advance
        line.x = line.width
        line.fonts |= fonts
        line.hasContent = true
        line.lastGlyph = kerns ? glyph : 0
        line.lastFont = kerns ? font : SegmentMeasure.noFont
        if engine.usesFeatures { notePlaced(lastScript: script, end: index &+ 1) }
    }
}
