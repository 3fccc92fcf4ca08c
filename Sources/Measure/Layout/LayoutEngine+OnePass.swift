import Cache

extension LayoutEngine {
    /// The `ScalarEntry` of `scalar` (beyond Latin-1) for the one-pass fit (`LineFitter.fitOnePass`): its cluster
    /// measured as the general path measures a cluster of one scalar (`measureSingle`, through the session's scalar
    /// memo, in slot `ws.origin`, whose cluster columns it leaves changed), its break symbol from `automaton`, its
    /// kerning and ligature bits. Only `made` is set when the pass may not walk the scalar (`ScalarEntry.walkable`).
    func makeScalarEntry(_ scalar: UInt32, in ws: Workspace, automaton: LineBreakAutomaton) -> ScalarEntry {
        var entry = ScalarEntry(
            width: 0, fontBit: 0, glyph: 0, kernRow: UInt32(latin1ZeroKernIndex * latin1KernStride),
            kernIndex: UInt16(latin1ZeroKernIndex), font: 0, script: 0, breakSymbol: 0, flags: ScalarEntry.made,
            kernsAsRight: false, lineFont: SegmentMeasure.noFont)
        let properties = unicode.properties(of: scalar)
        // A cluster of its own wherever it stands, when every scalar around it is walkable too: no rule of UAX #29
        // joins two of these classes but GB3 (CR × LF), which the pass knows.
        switch properties.graphemeBreak {
        case .other, .lv, .lvt, .control, .cr, .lf: break
        default: return entry
        }
        // The decoder's hints: dictionary breaks (class SA) and bidi resolution are the general path's.
        if scalar >= 0x0590 && Self.hints(of: scalar) != 0 { return entry }
        guard let symbol = automaton.symbol(of: properties) else { return entry }
        // Measured in the first cluster slot, with the scalar put in its place for what reads it there (an emoji's
        // font choice) and the string's own put back (the pass may have decoded the whole string for `place`).
        let slot = ws.origin
        let held = ws.scalars[slot]
        ws.scalars[slot] = scalar
        measureSingle(scalar, at: slot, in: ws)
        ws.scalars[slot] = held
        var notes = ClusterNotes()
        if let pointer = ws.notes {
            notes = pointer.pointee
            pointer.pointee = ClusterNotes()
        }
        let kind = ws.kinds[slot]
        let font = ws.clusterFonts[slot]
        let isVisible = kind == ClusterKind.visible
        let isHardBreak = Self.isHardBreak(scalar)
        let script = realScript(of: scalar)
        // A default-ignorable with a script of its own (the Hangul fillers U+3164 and U+FFA0) stands alone as a
        // segment that sets no script; the general path's `previousScript` still finds its script when it looks back
        // over the one-scalar segments placed since, which the pass does not track: the general path measures such a
        // string.
        if kind == ClusterKind.continuation && script != 0 { return entry }
        entry.width = ws.advances[slot]
        entry.glyph = ws.glyphs[slot]
        entry.font = font
        entry.fontBit = isVisible ? fontBits[Int(font)] : 0
        entry.script = script
        entry.breakSymbol = symbol
        var flags = ScalarEntry.made | ScalarEntry.walkable
        if notes.flags == 0 && (isVisible || kind == ClusterKind.hanging) { flags |= ScalarEntry.usable }
        if isVisible { flags |= ScalarEntry.visible }
        if isHardBreak { flags |= ScalarEntry.hardBreak }
        if kerns[Int(font)] && !isHardBreak { flags |= ScalarEntry.kernsByLookup }
        if isVisible && ligates, let table = features[Int(font)], table.ligatureMayStartAny(entry.glyph) {
            flags |= ScalarEntry.startsAnyLigature
        }
        entry.flags = flags
        entry.kernsAsRight = features[Int(font)]?.kernsAsRight(entry.glyph) ?? false
        // No font where its glyph is the left glyph of no pair (`kernsAsLeft`): every pair after it is 0, so the run
        // loop, which keeps this as the line's last font, looks none up (ideographs of Noto Sans CJK).
        entry.lineFont =
            kerns[Int(font)] && features[Int(font)]?.kernsAsLeft(entry.glyph) == true ? font : SegmentMeasure.noFont
        return entry
    }
}
