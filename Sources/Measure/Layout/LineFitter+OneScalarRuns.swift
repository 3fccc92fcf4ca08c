import Cache

extension LineFitter {
    /// Where a run of one-scalar segments left off (`placeOneScalarRun`): the last scalar it reached, whose segment it
    /// did not place (what follows may join it), and the break automaton's state after that scalar.
    struct OneScalarRunEnd {
        var entry: UnsafePointer<LayoutEngine.ScalarEntry>
        var scalar: UInt32
        var index: Int
        var offset: Int
        var length: Int
        var state: Int
    }

    /// The one-pass fit's loop for the commonest stretch of Chinese and Japanese text — ideographs and kana each a
    /// segment of its own — with none of the general loop's segment bookkeeping: from the visible, usable scalar at
    /// `index` (its segment just begun), as long as the next scalar is a three-byte sequence whose entry is made,
    /// walkable, usable and visible, with a break allowed before it by a transition the automaton already holds (no
    /// lookahead), the scalar before it is a segment of its own and is placed here, as `placeOnePass` places a
    /// one-scalar segment (`placeOneVisible`, with the measure `ScalarSum` gives a segment's first scalar:
    /// `0.0 + width`, no pair inside). Anything else — another scalar, a break not allowed, an entry not made, the
    /// end of the string — ends the run, and the general loop goes on from its last scalar, whose segment it begins
    /// as it would have (`OneScalarRunEnd`). The same positions, measures and placements as the general loop, so
    /// the same answers (`OnePassFitTests`).
    @inline(__always)
    mutating func placeOneScalarRun(
        from start: OneScalarRunEnd, bytes: UnsafePointer<UInt8>, byteCount: Int, tables: OnePassTables,
        transitions: UnsafeMutablePointer<UInt16>
    ) -> OneScalarRunEnd {
        typealias Entry = LayoutEngine.ScalarEntry
        let runs = Entry.usable | Entry.visible | Entry.walkable | Entry.made
        var pending = start
        var next = start.offset &+ start.length
        while next &+ 2 < byteCount {
            let lead = bytes[next]
            let second = bytes[next &+ 1]
            let third = bytes[next &+ 2]
            guard lead >= 0xE1 && lead <= 0xEF && lead != 0xED && second & 0xC0 == 0x80 && third & 0xC0 == 0x80
            else { break }
            let scalar =
                (UInt32(lead) & 0x0F) << 12 | (UInt32(second) & 0x3F) << 6 | UInt32(third) & 0x3F
            guard let page = tables.directory[Int(scalar >> 8)] else { break }
            let entry = UnsafePointer(page + Int(scalar & 0xFF))
            guard entry.pointee.flags & runs == runs, entry.pointee.breakSymbol < Latin1BreakTable.looksAhead else {
                break
            }
            let stored = transitions[pending.state &* LineBreakAutomaton.rowLength &+ Int(entry.pointee.breakSymbol)]
            guard stored != 0 else { break }
            let transition = stored &- 1
            guard transition & 3 == UInt16(BreakOpportunity.allowed.rawValue) else { break }
            // A break before it: the pending scalar is a segment of its own.
            let index = pending.index &+ 1
            ws.offsets[index] = UInt32(truncatingIfNeeded: next)
            let placed = pending.entry
            oneScalarRunSegments &+= 1
            placeOneVisible(
                advance: 0.0 + placed.pointee.width, font: placed.pointee.font, glyph: placed.pointee.glyph,
                fonts: placed.pointee.fontBit, kernsAsRight: placed.pointee.kernsAsRight,
                script: placed.pointee.script, at: pending.index)
            pending = OneScalarRunEnd(
                entry: entry, scalar: scalar, index: index, offset: next, length: 3, state: Int(transition >> 2))
            next &+= 3
        }
        return pending
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
