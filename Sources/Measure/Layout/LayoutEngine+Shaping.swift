/// Shaping: the second of the two ways a segment's clusters get their widths.
///
/// Every segment is first measured on the fast path (`measureClusters`: cached advances per cluster, in the first
/// cascade font that maps it), which also notes whether it needs HarfBuzz (`ClusterNotes.shapes`: a script that needs
/// shaping, a mark, a glyph some lookup the fast path does not apply may change) and whether the string needs bidi.
/// Such a segment is then shaped here: itemized into runs by font, resolved script (UAX #24) and bidi level (UAX #9),
/// each run shaped by HarfBuzz with its script, direction and the measurer's language, and the advances HarfBuzz
/// gives each of its clusters written back over the fast path's, so fitting reads both paths the same way. A
/// HarfBuzz cluster (a ligature, a conjunct, a base with its marks) becomes one cluster for fitting, so no line
/// break falls inside it.
extension LayoutEngine {
    /// Shapes the segment `start..<end`, whose clusters `measureClusters` has measured, with HarfBuzz, in the
    /// context `shaping` has resolved for the string.
    func shapeSegment(from start: Int, to end: Int, in ws: Workspace, context shaping: ShapingContext) {
        guard end > start else { return }
        let scripts = shaping.scripts.base
        let levels = shaping.levels.base
        // Each cluster in the font made for its resolved script when there is one that maps it.
        var index = start
        while index < end {
            var clusterEnd = index + 1
            while clusterEnd < end && ws.flags[clusterEnd] & LineBreaker.graphemeBoundaryFlag == 0 { clusterEnd += 1 }
            let kind = ws.kinds[index]
            // Spaces and punctuation too: they belong to their script's run, and a run is one font (as font
            // fallback by run does in CoreText and Pango), so the space between two Arabic words is Noto Sans
            // Arabic's, not DejaVu Sans's.
            if kind == ClusterKind.visible || (kind == ClusterKind.hanging && !Self.isHardBreak(ws.scalars[index])) {
                let preferred = Int(scriptFonts[Int(scripts[index].rawValue)])
                if preferred >= 0 && preferred != Int(ws.clusterFonts[index])
                    && !slots[Int(ws.clusterFonts[index])].font.isBitmapOnly
                    && maps(cluster: index, to: clusterEnd, inFont: preferred, in: ws)
                {
                    ws.clusterFonts[index] = UInt8(preferred)
                }
            }
            // The cluster's other scalars go with its font.
            for inner in (index + 1)..<max(clusterEnd, index + 1) { ws.clusterFonts[inner] = ws.clusterFonts[index] }
            index = clusterEnd
        }
        let segment = UnsafeBufferPointer(start: ws.scalars + start, count: end - start)
        let shaper = shaping.shaper
        var runStart = start
        while runStart < end {
            let font = ws.clusterFonts[runStart]
            let script = scripts[runStart]
            let level = levels[runStart]
            var runEnd = runStart + 1
            while runEnd < end {
                let startsCluster = ws.flags[runEnd] & LineBreaker.graphemeBoundaryFlag != 0
                if startsCluster
                    && (ws.clusterFonts[runEnd] != font || scripts[runEnd] != script
                        || levels[runEnd] != level)
                {
                    break
                }
                runEnd += 1
            }
            if let face = slots[Int(font)].font.harfBuzz,
                shaper.shape(
                    segment, offset: runStart - start, count: runEnd - runStart, face: face,
                    script: script.tag, rightToLeft: level & 1 == 1)
            {
                writeShapedRun(
                    from: runStart, to: runEnd, segmentStart: start, font: Int(font), shaper: shaper,
                    in: ws)
            }
            // A bitmap-only font (colour emoji) keeps the fast path's advances: it is not shaped.
            runStart = runEnd
        }
    }

    /// The script of `scalar` as a `Script` raw value when it is a real script, 0 for Common, Inherited and Unknown
    /// (which join the run they stand in). Ranges first for the scripts most text is in.
    @inline(__always)
    func realScript(of scalar: UInt32) -> UInt8 {
        if scalar < 0x80 {
            return (scalar | 0x20) &- 0x61 < 26 ? Script.latin.rawValue : 0
        }
        if scalar >= 0x4E00 && scalar <= 0x9FFF { return Script.han.rawValue }
        if scalar >= 0x3041 && scalar <= 0x3096 { return Script.hiragana.rawValue }
        if scalar >= 0x30A1 && scalar <= 0x30FA { return Script.katakana.rawValue }
        if scalar >= 0xAC00 && scalar <= 0xD7A3 { return Script.hangul.rawValue }
        let script = ScriptTable.shared.properties(of: scalar).script
        return script.isReal ? script.rawValue : 0
    }

    /// What `measureClusters` would have noted for the already measured clusters `start..<end` (for texts whose
    /// clusters were measured all at once, before segments were known).
    func scanNotes(from start: Int, to end: Int, in ws: Workspace) -> ClusterNotes {
        var notes = ClusterNotes()
        let table = ScriptTable.shared
        var index = start
        while index < end {
            var clusterEnd = index + 1
            while clusterEnd < end && ws.flags[clusterEnd] & LineBreaker.graphemeBoundaryFlag == 0 { clusterEnd += 1 }
            for position in index..<clusterEnd {
                let scalar = ws.scalars[position]
                let properties = table.properties(of: scalar)
                if properties.needsShaping || scalar == 0x2044 { notes.flags |= ClusterNotes.shapes }
                if properties.needsBidi { notes.flags |= ClusterNotes.bidi }
            }
            let kind = ws.kinds[index]
            if kind == ClusterKind.visible || (kind == ClusterKind.hanging && !Self.isHardBreak(ws.scalars[index])) {
                let font = Int(ws.clusterFonts[index])
                if !maps(cluster: index, to: clusterEnd, inFont: font, in: ws) {
                    notes.flags |= ClusterNotes.missing
                    notes.missing += 1
                } else if clusterEnd == index + 1,
                    slots[font].font.shapingTriggers(
                        language: language, kerns: shapesWithKerning,
                        ligates: shapesWithLigatures
                    ).contains(ws.glyphs[index])
                {
                    notes.flags |= ClusterNotes.shapes
                }
            }
            index = clusterEnd
        }
        return notes
    }

    /// Writes HarfBuzz's clusters of the run `start..<end` over the fast path's: each HarfBuzz cluster's advance on
    /// its first scalar, in the kind of the most visible cluster it holds, the rest of it continuation.
    private func writeShapedRun(
        from start: Int, to end: Int, segmentStart: Int, font: Int, shaper: HarfBuzzShaper,
        in ws: Workspace
    ) {
        let scale = fontScales[font]
        var clusterStart = start
        while clusterStart < end {
            // HarfBuzz clusters are whole grapheme clusters (MONOTONE_GRAPHEMES); one that starts inside a grapheme
            // cluster of ours is merged into it, so that fitting never splits a grapheme cluster.
            var clusterEnd = clusterStart + 1
            while clusterEnd < end
                && !(shaper.clusterStarts[clusterEnd - segmentStart]
                    && ws.flags[clusterEnd] & LineBreaker.graphemeBoundaryFlag != 0)
            {
                clusterEnd += 1
            }
            var units: Int32 = 0
            var kind = ClusterKind.continuation
            var graphemes = 0
            for index in clusterStart..<clusterEnd {
                units &+= shaper.advances[index - segmentStart]
                switch ws.kinds[index] {
                case ClusterKind.visible:
                    kind = ClusterKind.visible
                    graphemes += 1
                case ClusterKind.hanging where kind != ClusterKind.visible:
                    kind = ClusterKind.hanging
                    graphemes += 1
                case ClusterKind.tab where kind == ClusterKind.continuation:
                    kind = ClusterKind.tab
                default:
                    break
                }
                if index > clusterStart {
                    ws.kinds[index] = ClusterKind.continuation
                    ws.advances[index] = 0
                }
            }
            ws.kinds[clusterStart] = kind
            ws.clusterFonts[clusterStart] = UInt8(font)
            if shaper.clusterStarts[clusterStart - segmentStart] {
                ws.glyphs[clusterStart] = shaper.firstGlyphs[clusterStart - segmentStart]
            }
            // Hard breaks keep no width; a tab's width is its tab stop, found when it is fitted.
            if kind == ClusterKind.visible
                || (kind == ClusterKind.hanging && !Self.isHardBreak(ws.scalars[clusterStart]))
            {
                ws.advances[clusterStart] = Double(units) * scale + letterSpacing * Double(graphemes)
            } else {
                ws.advances[clusterStart] = 0
            }
            clusterStart = clusterEnd
        }
    }
}
