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
        // Each cluster in the font `shapedFont` picks, when that font maps it.
        var index = start
        var previousFont = -1
        while index < end {
            var clusterEnd = index + 1
            while clusterEnd < end && ws.flags[clusterEnd] & LineBreaker.graphemeBoundaryFlag == 0 { clusterEnd += 1 }
            let kind = ws.kinds[index]
            if hasScriptFonts
                && (kind == ClusterKind.visible
                    || (kind == ClusterKind.hanging && !Self.isHardBreak(ws.scalars[index])))
            {
                let font = Int(ws.clusterFonts[index])
                let target = shapedFont(
                    of: ws.scalars[index], resolved: scripts[index], font: font, previousFont: previousFont)
                if target >= 0 && target != font && !slots[font].withFont({ $0.isBitmapOnly })
                    && !slots[target].withFont({ $0.isBitmapOnly })
                    && covers(cluster: index, to: clusterEnd, inFont: target, in: ws)
                {
                    ws.clusterFonts[index] = UInt8(target)
                }
                previousFont = Int(ws.clusterFonts[index])
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
            // A font HarfBuzz cannot shape (a bitmap-only one: colour emoji) keeps the fast path's advances.
            if let face = shaping.harfBuzzFace(of: slots[Int(font)], index: Int(font)) {
                if level & 1 == 0 && !shapesEverything && !measurer.shapesEveryRun
                    && writeRunUnshaped(from: runStart, to: runEnd, font: Int(font), script: script, in: ws)
                {
                    // HarfBuzz would give the fast path's answer: written as `writeShapedRun` would have.
                    shaping.unshapedRuns += 1
                } else if face._withUnsafeGuaranteedRef({
                    shaper.shape(
                        segment, offset: runStart - start, count: runEnd - runStart, face: $0,
                        script: script.tag, rightToLeft: level & 1 == 1)
                }) {
                    writeShapedRun(
                        from: runStart, to: runEnd, segmentStart: start, font: Int(font), shaper: shaper,
                        in: ws)
                    if level & 1 == 0 && kerns[Int(font)] {
                        noteTrailingGlyph(
                            from: runStart, to: runEnd, segmentStart: start, font: Int(font), shaper: shaper,
                            face: face, in: ws)
                    }
                }
            }
            runStart = runEnd
        }
    }

    /// The font a shaped run of a cascade with script fonts (the default cascade) puts a cluster in, whose first
    /// scalar is `scalar`, whose script the itemizer resolved to `script`, and which the fast path measured in `font`
    /// (the first cascade font that maps it, or its own script's); -1 for none. `shapeSegment` moves the cluster
    /// there when that font maps it; `crossingSum` gives up where it would.
    /// - A space separator (`isSpaceSeparator`) takes the font of the cluster before it in the segment
    ///   (`previousFont`), or at the segment's start its script's: Pango never picks a font for a space, which
    ///   stays in the font of the text before it, so the space between two Bengali words is Noto Sans Bengali's and
    ///   the one after a comma DejaVu Sans's.
    /// - Punctuation, digits and symbols used with no script in particular (Script Common or Inherited, and no real
    ///   script in Script_Extensions: `,` `(` `-`, not U+060C ARABIC COMMA or U+0964 DEVANAGARI DANDA) stay in the
    ///   primary font when it maps them, as Pango and Skia keep them in the first font that covers them and the fast
    ///   path measures them: a comma after Bengali is DejaVu Sans's.
    /// - Any other cluster: the font of its resolved script (Noto Sans Arabic for an Arabic letter, and for the
    ///   Arabic comma between Arabic words).
    @inline(__always)
    func shapedFont(of scalar: UInt32, resolved script: Script, font: Int, previousFont: Int) -> Int {
        if Self.isSpaceSeparator(scalar) {
            return previousFont >= 0 ? previousFont : Int(scriptFonts[Int(script.rawValue)])
        }
        if font == 0 {
            let properties = ScriptTable.properties(of: scalar)
            if !properties.script.isReal && !properties.extensions.contains(where: { $0.isReal }) { return -1 }
        }
        return Int(scriptFonts[Int(script.rawValue)])
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
        let script = ScriptTable.properties(of: scalar).script
        return script.isReal ? script.rawValue : 0
    }

    /// What `measureClusters` would have noted for the already measured clusters `start..<end` (for texts whose
    /// clusters were measured all at once, before segments were known).
    func scanNotes(from start: Int, to end: Int, in ws: Workspace) -> ClusterNotes {
        var notes = ClusterNotes()
        var index = start
        while index < end {
            var clusterEnd = index + 1
            while clusterEnd < end && ws.flags[clusterEnd] & LineBreaker.graphemeBoundaryFlag == 0 { clusterEnd += 1 }
            for position in index..<clusterEnd {
                let scalar = ws.scalars[position]
                let properties = ScriptTable.properties(of: scalar)
                if properties.needsShaping || scalar == 0x2044 { notes.flags |= ClusterNotes.shapes }
                if properties.needsBidi { notes.flags |= ClusterNotes.bidi }
            }
            let kind = ws.kinds[index]
            if kind == ClusterKind.visible || (kind == ClusterKind.hanging && !Self.isHardBreak(ws.scalars[index])) {
                let font = Int(ws.clusterFonts[index])
                if !covers(cluster: index, to: clusterEnd, inFont: font, in: ws) {
                    // As `singleScalarNotes` and `measureCluster` note it: a precomposed letter HarfBuzz draws
                    // decomposed is shaped.
                    if font == 0 && drawsDecomposed(cluster: index, to: clusterEnd, in: ws) {
                        notes.flags |= ClusterNotes.shapes
                    } else {
                        notes.flags |= ClusterNotes.missing
                        notes.missing += 1
                    }
                } else if clusterEnd == index + 1, isTrigger(ws.glyphs[index], font: font, in: ws) {
                    notes.flags |= ClusterNotes.shapes
                }
            }
            index = clusterEnd
        }
        return notes
    }

    /// Writes the left-to-right run `start..<end` in font `font` and resolved script `script` as `writeShapedRun`
    /// would write HarfBuzz's shaping of it, without HarfBuzz, when that shaping is known to be the fast path's:
    /// false, having written nothing, otherwise.
    ///
    /// A segment that crosses a script run (`使っ`, `(青`, `“sudo`: a word of two scripts, or an opening bracket in the
    /// run before) goes to `shapeSegment` for its runs, not for its glyphs; most of its runs are of a simple script
    /// (`ShapingTriggers.simpleScripts`) and hold nothing that sends text to HarfBuzz. Such a run is exactly what the
    /// fast path measures whenever a segment is of one script: HarfBuzz applies no lookup to it but those the fast
    /// path reproduces (the font's trigger set says so, over the simple scripts' shape plans; `ShapingDifferentialTests`
    /// compare the two), so its answer is known: each scalar's nominal glyph in the run's font, its advance in font
    /// units plus the GPOS pair kerning with the next glyph of the run (on the first glyph of the pair), scaled, plus
    /// letter spacing. Taken only when every cluster is one scalar, visible or a space, needing no shaping of its own
    /// (`ScriptProperties.needsShaping`: a mark, a joiner, bidi; or U+2044, around which the fraction features apply,
    /// which the trigger sets leave out), mapped by the font to a glyph that is not a trigger, with a whole number of
    /// units of advance (HarfBuzz's are whole), and no ligature may start at any pair of it; and never when the font
    /// kerns by its legacy 'kern' table, whose pairs HarfBuzz splits between the two glyphs' advances. Otherwise, and
    /// whenever the measurer asks HarfBuzz for every run (`ShaperChoice.harfBuzz`), HarfBuzz shapes the run.
    private func writeRunUnshaped(from start: Int, to end: Int, font: Int, script: Script, in ws: Workspace) -> Bool {
        // (Called for fonts HarfBuzz can shape only: bitmap-only fonts never get here.)
        guard Self.unshapedScripts.contains(script) else { return false }
        // The font and its features through the slot, and the shared script table through `sharedUnretained`: none
        // of them retained, since every session's thread shares them (see `FontSlot`).
        let slot = slots[font]
        return slot.withFeatures { features in
            writeRunUnshaped(from: start, to: end, font: font, slot: slot, features: features, in: ws)
        } ?? false
    }

    /// `writeRunUnshaped(from:to:font:script:in:)` for a font whose features the engine uses, borrowed.
    private func writeRunUnshaped(
        from start: Int, to end: Int, font: Int, slot: FontSlot, features: OpenTypeFeatures, in ws: Workspace
    ) -> Bool {
        guard !(shapesWithKerning && features.kernsByLegacyTable) else { return false }
        let scripts = ScriptTable.sharedUnretained
        var previousGlyph: UInt32 = 0
        for index in start..<end {
            let scalar = ws.scalars[index]
            let kind = ws.kinds[index]
            // What sends a segment to HarfBuzz whatever its glyphs (`singleScalarNotes`): the trigger sets are sound
            // only for text without it (they leave out the fraction features, which apply only around U+2044).
            let properties = scripts._withUnsafeGuaranteedRef { $0.properties(of: scalar) }
            guard !properties.needsShaping && scalar != 0x2044,
                kind == ClusterKind.visible || (kind == ClusterKind.hanging && !Self.isHardBreak(scalar)),
                index + 1 == end || ws.flags[index + 1] & LineBreaker.graphemeBoundaryFlag != 0
            else { return false }
            let entry = slot.glyphAdvance(for: scalar)
            guard entry.isMapped, !isTrigger(entry.glyph, font: font, in: ws), entry.advance == entry.advance.rounded(),
                abs(entry.advance) < 32_768
            else { return false }
            if shapesWithLigatures && index > start && features.ligatureMayStart(previousGlyph, entry.glyph) {
                return false
            }
            previousGlyph = entry.glyph
        }
        let scale = fontScales[font]
        let kerns = shapesWithKerning && features.hasKerning
        var entry = slot.glyphAdvance(for: ws.scalars[start])
        for index in start..<end {
            let next = index + 1 < end ? slot.glyphAdvance(for: ws.scalars[index + 1]) : entry
            var units = Int32(entry.advance)
            if kerns && index + 1 < end { units &+= features.kerning(entry.glyph, next.glyph) }
            ws.advances[index] = Double(units) * scale + letterSpacing
            ws.clusterFonts[index] = UInt8(font)
            ws.glyphs[index] = entry.glyph
            // The pair is on its left glyph here, as HarfBuzz puts it: nothing for the fitter to add back.
            ws.flags[index] &= ~(Self.hangingKernFlag | Self.trailingGlyphFlag)
            entry = next
        }
        return true
    }

    /// The scripts whose runs `writeRunUnshaped` may write: `ShapingTriggers.simpleScripts`, whose shape plans the
    /// trigger sets are computed from.
    static let unshapedScripts = ScriptSet(
        ShapingTriggers.simpleScripts.map { Script(iso15924: $0) ?? .common })

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
            var notdefUnits: Int32 = 0
            var kind = ClusterKind.continuation
            var graphemes = 0
            for index in clusterStart..<clusterEnd {
                units &+= shaper.advances[index - segmentStart]
                notdefUnits &+= shaper.notdefAdvances[index - segmentStart]
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
            ws.flags[clusterStart] &= ~(Self.hangingKernFlag | Self.trailingGlyphFlag)
            if shaper.clusterStarts[clusterStart - segmentStart] {
                ws.glyphs[clusterStart] = shaper.firstGlyphs[clusterStart - segmentStart]
            }
            // Hard breaks keep no width; a tab's width is its tab stop, found when it is fitted.
            if kind == ClusterKind.visible
                || (kind == ClusterKind.hanging && !Self.isHardBreak(ws.scalars[clusterStart]))
            {
                // Marks (and emoji modifiers) the font lacks but another font draws: their `.notdef`s give way to
                // what that font gives them (`fallbackAdjustment`).
                var fallback = 0.0
                var borrows = false
                if notdefUnits != 0,
                    let adjustment = fallbackAdjustment(from: clusterStart, to: clusterEnd, inFont: font, in: ws)
                {
                    units &-= notdefUnits
                    fallback = adjustment
                    borrows = true
                }
                noteBorrowing(borrows, at: clusterStart, in: ws)
                ws.advances[clusterStart] = Double(units) * scale + fallback + letterSpacing * Double(graphemes)
            } else {
                ws.advances[clusterStart] = 0
            }
            clusterStart = clusterEnd
        }
    }

    /// Marks the last visible or whitespace cluster of the left-to-right run `start..<end` in font `font`, which
    /// kerns, with the glyph it kerns against the cluster after it (`HarfBuzzShaper.trailingGlyph`, kept in
    /// `Workspace.trailingGlyphs` with `trailingGlyphFlag`) where that is not its first glyph (`Workspace.glyphs`):
    /// "A\u{331}" in DejaVu Sans ends in the macron below, "Č" that Noto Sans CJK draws decomposed by its caron. Only
    /// that cluster: the fitter kerns a segment against the next by its last visible or whitespace cluster, which is
    /// in the last run that has one; the shaper reads it off the end of its buffer.
    private func noteTrailingGlyph(
        from start: Int, to end: Int, segmentStart: Int, font: Int, shaper: HarfBuzzShaper,
        face: Unmanaged<HarfBuzzFace>, in ws: Workspace
    ) {
        var last = end - 1
        while last >= start && ws.kinds[last] != ClusterKind.visible && ws.kinds[last] != ClusterKind.hanging {
            last -= 1
        }
        guard last >= start else { return }
        var lastEnd = last + 1
        while lastEnd < end && ws.kinds[lastEnd] == ClusterKind.continuation { lastEnd += 1 }
        let skipsMarks = slots[font].withFeatures { $0.kerningSkipsMarks } ?? false
        let trailing = face._withUnsafeGuaranteedRef {
            shaper.trailingGlyph(
                ofClusterFrom: last - segmentStart, to: lastEnd - segmentStart, face: $0, kerningSkipsMarks: skipsMarks)
        }
        // A cluster whose every glyph pair kerning skips (ZWNJs alone at the text's start: their hidden space glyphs)
        // kerns against nothing, not by its first glyph.
        let glyph = trailing == HarfBuzzShaper.noTrailingGlyph ? HarfBuzzShaper.kernsAgainstNothing : trailing
        guard glyph != ws.glyphs[last] else { return }
        ws.trailingGlyphs[last] = glyph
        ws.flags[last] |= Self.trailingGlyphFlag
    }
}
