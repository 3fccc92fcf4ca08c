/// What the engine decided for each scalar of one string, copied out of a session's scratch for drawing.
struct ScalarDecisions {
    var scalars: [UInt32] = []
    /// UTF-8 offset of each scalar, and the string's length after the last.
    var offsets: [Int] = []
    var fonts: [UInt8] = []
    var scripts: [UInt32] = []
    var levels: [UInt8] = []
    var kinds: [UInt8] = []
    var clusterStarts: [Bool] = []
    /// Whether the cluster on this scalar draws grapheme extenders its font lacks from another font
    /// (`LayoutEngine.borrowsFlag`).
    var borrows: [Bool] = []
    /// Each cluster's advance in points on its first scalar (the fast path's, or HarfBuzz's where it shaped).
    var advances: [Double] = []
    var paragraphLevel: UInt8 = 0
}

extension MeasureSession {
    /// `text` laid out by this session's measurer (the lines of `layout(_:)`), with the glyphs to draw on each line:
    /// each cluster in the font the measurer measured it in, runs shaped by HarfBuzz in that font with the measurer's
    /// script, language and features, right-to-left runs reversed into visual order. Colour-bitmap runs are not
    /// shaped (as in measuring): one glyph per cluster at the measured advance.
    public func drawnLayout(_ text: String) -> DrawnLayout {
        let decisions = scalarDecisions(text)
        let shaper = GlyphRunShaper(
            language: engine.language, kerns: engine.shapesWithKerning,
            ligates: engine.shapesWithLigatures)
        // What measuring asks of an emoji sequence (`emojiSequenceWidth`), asked the same way here.
        let sequenceShaper = HarfBuzzShaper(
            language: engine.language, kerns: engine.shapesWithKerning, ligates: engine.shapesWithLigatures)
        func glyphs(_ range: Range<Int>, decisions: ScalarDecisions) -> [PlacedGlyph] {
            engine.drawnGlyphs(of: range, decisions: decisions, shaper: shaper, sequenceShaper: sequenceShaper)
        }
        let isRightToLeft = decisions.paragraphLevel & 1 == 1
        var lines: [DrawnLine] = []
        let size: TextSize
        var inkOrigin: DrawnLayout.InkOrigin?
        if engine.isAttributed {
            // Where the paragraph style puts each line (indents, alignment, spacings, a text view's insets), and
            // what a cut line keeps.
            let attributed = AttributedLayout(session: self, maxWidth: measurer.options.maxWidth, text: text)
            let finished = attributed.laidOut(placing: true)
            size = finished.size
            inkOrigin = finished.inkOrigin.map { DrawnLayout.InkOrigin(x: $0.x, y: $0.y) }
            var ellipsis: [PlacedGlyph]?
            let hasRuns = !attributed.runIndex.isEmpty
            for (line, placement) in zip(finished.lines, finished.placements) {
                // With runs, each stretch in its run's font and size, as `AttributedLayout.runWidth` measured it;
                // the width is the drawn span's (a stretch's trailing whitespace draws nothing but takes its room).
                func lineGlyphs(_ range: Range<Int>) -> (glyphs: [PlacedGlyph], width: Double?) {
                    guard hasRuns else { return (glyphs(range, decisions: decisions), nil) }
                    let drawn = runGlyphs(of: range, in: attributed, decisions: decisions)
                    return (drawn.glyphs, drawn.width)
                }
                var drawn: [PlacedGlyph]
                switch placement.cut {
                case nil:
                    drawn = lineGlyphs(line.fragment.utf8Range).glyphs
                case .clipped(let width):
                    // The glyphs that start inside the line's box, from its leading edge (the rest is clipped).
                    let all = lineGlyphs(line.fragment.utf8Range)
                    let end = all.width ?? all.glyphs.last.map { $0.x + $0.advance } ?? 0
                    let cut = placement.rightToLeft ? max(0, end - width) : 0
                    drawn = all.glyphs.filter { placement.rightToLeft ? $0.x + $0.advance > cut : $0.x < width }
                        .map { $0.shifted(by: -cut) }
                case .truncated(let cut):
                    let dots: (glyphs: [PlacedGlyph], width: Double?)
                    if hasRuns {
                        // In the run measuring put it in.
                        let piece = cut.ellipsisRun < 0 ? self : runSession(cut.ellipsisRun)
                        let stretch = stretchGlyphs(AttributedLayout.ellipsis[...], in: piece)
                        dots = (stretch.glyphs, stretch.glyphs.reduce(0) { $0 + $1.advance })
                    } else {
                        if ellipsis == nil {
                            ellipsis = glyphs(0..<3, decisions: scalarDecisions("\u{2026}"))
                        }
                        dots = (ellipsis ?? [], nil)
                    }
                    // The kept pieces and "…" side by side, in visual order: a right-to-left line shows its head
                    // at the right.
                    let none: (glyphs: [PlacedGlyph], width: Double?) = ([], nil)
                    let head = cut.head.isEmpty ? none : lineGlyphs(cut.head)
                    let tail = cut.tail.isEmpty ? none : lineGlyphs(cut.tail)
                    let pieces = placement.rightToLeft ? [tail, dots, head] : [head, dots, tail]
                    drawn = []
                    var x = 0.0
                    for piece in pieces {
                        drawn += piece.glyphs.map { $0.shifted(by: x) }
                        x += piece.width ?? piece.glyphs.reduce(0) { $0 + $1.advance }
                    }
                }
                lines.append(
                    DrawnLine(fragment: line.fragment, left: placement.left, top: placement.top, glyphs: drawn))
            }
        } else {
            let layout = self.layout(text)
            size = layout.size
            // The box: the width asked for (wrapped at, or a single line measured unconstrained in it), else as wide
            // as the text; a right-to-left paragraph's lines align right in it.
            let asked = measurer.options.maxWidth
            let box = asked > 0 && asked.isFinite ? asked : size.width
            var top = 0.0
            let heights = layout.lines.reduce(0) { $0 + $1.height }
            let gap =
                layout.lines.count > 1 ? max(0, (size.height - heights) / Double(layout.lines.count - 1)) : 0
            for fragment in layout.lines {
                let left = isRightToLeft && box > fragment.width ? box - fragment.width : 0
                lines.append(
                    DrawnLine(
                        fragment: fragment, left: left, top: top,
                        glyphs: glyphs(fragment.utf8Range, decisions: decisions)))
                top += fragment.height + gap
            }
        }
        return DrawnLayout(
            size: size, lines: lines, fonts: engine.fonts, pointSize: measurer.pointSize,
            isRightToLeft: isRightToLeft, inkOrigin: inkOrigin)
    }
}

extension MeasureSession {
    /// The glyphs of the line `range` of a text with runs, placed as `AttributedLayout.runWidth` measured it, and the
    /// width they span. The line is cut into stretches of one run (or of none) and one bidi level (the whole
    /// paragraph's, from `decisions`); each is drawn by its run's session — its font first, its size — as a line of
    /// its own and takes its width, and the width of its trailing whitespace where visible text follows it on the
    /// line, on its logical end's side (the left of a right-to-left stretch). The stretches go left to right in the order
    /// UAX #9 rule L2 gives their levels; a stretch whose own drawing ran the other way (one of neutrals alone, at an
    /// odd level) is mirrored. Fonts are indexes into this session's cascade.
    func runGlyphs(
        of range: Range<Int>, in layout: AttributedLayout, decisions: ScalarDecisions
    ) -> (glyphs: [PlacedGlyph], width: Double) {
        // The line's first scalar, found by halving (the offsets ascend).
        let count = decisions.scalars.count
        var index = 0
        var high = count
        while index < high {
            let middle = index + (high - index) / 2
            if decisions.offsets[middle] < range.lowerBound { index = middle + 1 } else { high = middle }
        }
        var stretches: [(bytes: Range<Int>, run: Int, level: UInt8)] = []
        while index < count && decisions.offsets[index] < range.upperBound {
            let start = decisions.offsets[index]
            let run = layout.runIndex[start], level = decisions.levels[index]
            var end = index + 1
            while end < count && decisions.offsets[end] < range.upperBound
                && layout.runIndex[decisions.offsets[end]] == run && decisions.levels[end] == level
            {
                end += 1
            }
            stretches.append((start..<min(decisions.offsets[end], range.upperBound), run, level))
            index = end
        }
        var pieces: [(glyphs: [PlacedGlyph], width: Double, spaces: Double, rightToLeft: Bool)] = []
        // As `runWidth`: the whitespace ending the line hangs, and a tab goes to the stop after the line so far.
        let visibleEnd = AttributedLayout.visibleEnd(layout.utf8, range)
        var logicalX = 0.0
        for stretch in stretches {
            let piece = stretch.run < 0 ? self : runSession(stretch.run)
            let bytes = layout.utf8[stretch.bytes]
            let drawn = stretchGlyphs(bytes, in: piece)
            let width =
                stretch.bytes.lowerBound < visibleEnd
                ? piece.plainLayout(bytes, wrapWidth: .infinity, tabOrigin: logicalX).size.width : 0
            let rightToLeft = stretch.level & 1 == 1
            var glyphs = drawn.glyphs
            if drawn.rightToLeft != rightToLeft {
                glyphs = glyphs.reversed().map { glyph in
                    var mirrored = glyph
                    mirrored.x = width - glyph.x - glyph.advance
                    return mirrored
                }
            }
            let spaces =
                stretch.bytes.upperBound < visibleEnd ? layout.trailingWhitespaceWidth(bytes, in: piece) : 0
            logicalX += width + spaces
            pieces.append((glyphs, width, spaces, rightToLeft))
        }
        var placed: [PlacedGlyph] = []
        var x = 0.0
        for index in LayoutEngine.visualOrder(stretches.map(\.level)) {
            let piece = pieces[index]
            if piece.rightToLeft { x += piece.spaces }
            placed += piece.glyphs.map { $0.shifted(by: x) }
            x += piece.width + (piece.rightToLeft ? 0 : piece.spaces)
        }
        return (placed, x)
    }

    /// The glyphs of `bytes` drawn by `piece` (this session or one of its runs') as one unconstrained line, their
    /// fonts as indexes into this session's cascade (a run's cascade is the same fonts in another order, so each
    /// glyph's font is found by identity), and whether the stretch alone is a right-to-left paragraph.
    func stretchGlyphs(_ bytes: ArraySlice<UInt8>, in piece: MeasureSession) -> (
        glyphs: [PlacedGlyph], rightToLeft: Bool
    ) {
        let engine = piece.engine
        let decisions = piece.scalarDecisions(String(decoding: bytes, as: UTF8.self))
        var glyphs = engine.drawnGlyphs(
            of: 0..<bytes.count, decisions: decisions,
            shaper: GlyphRunShaper(
                language: engine.language, kerns: engine.shapesWithKerning, ligates: engine.shapesWithLigatures),
            sequenceShaper: HarfBuzzShaper(
                language: engine.language, kerns: engine.shapesWithKerning, ligates: engine.shapesWithLigatures))
        for index in glyphs.indices {
            let font = engine.fonts[glyphs[index].font]
            glyphs[index].font = self.engine.fonts.firstIndex { $0 === font } ?? 0
        }
        return (glyphs, decisions.paragraphLevel & 1 == 1)
    }
}

extension LayoutEngine {
    /// Decodes, segments and measures `utf8` as measuring does, with every cluster in the font shaping would give it
    /// (`shapeSegment` over the whole string: the script's own font where one maps it), and copies the decisions out.
    func scalarDecisions(_ utf8: UnsafeBufferPointer<UInt8>, state: inout SessionState) -> ScalarDecisions {
        let count = analyze(utf8, state: &state)
        var decisions = ScalarDecisions()
        decisions.offsets = [Int(utf8.count)]
        guard count > 0 else { return decisions }
        let ws = state.wholeStringWorkspace(count: count)
        measureClusters(from: 0, to: count, in: ws)
        let shaping = state.shaping
        let scalars = UnsafeBufferPointer(start: ws.scalars, count: count)
        if !shaping.isReady { shaping.resolve(scalars) }
        shapeSegment(from: 0, to: count, in: ws, context: shaping)
        decisions.scalars = Array(scalars)
        decisions.offsets = (0...count).map { Int(ws.offsets[$0]) }
        decisions.fonts = (0..<count).map { ws.clusterFonts[$0] }
        decisions.scripts = (0..<count).map { shaping.scripts.base[$0].tag }
        decisions.levels = (0..<count).map { shaping.levels.base[$0] }
        decisions.kinds = (0..<count).map { ws.kinds[$0] }
        decisions.clusterStarts = (0..<count).map { ws.flags[$0] & LineBreaker.graphemeBoundaryFlag != 0 }
        decisions.borrows = (0..<count).map {
            ws.flags[$0] & Self.borrowsFlag != 0 && ws.kinds[$0] == ClusterKind.visible
        }
        decisions.advances = (0..<count).map { ws.advances[$0] }
        if shaping.mayHaveBidi {
            var levels = [UInt8](repeating: 0, count: count)
            decisions.paragraphLevel = levels.withUnsafeMutableBufferPointer {
                shaping.bidi.resolveLevels(scalars, into: $0.baseAddress!, base: .natural)
            }
        }
        return decisions
    }

    /// The glyphs of the line holding the UTF-8 range `range`, left to right, trailing spaces and the line break
    /// left out (they draw nothing).
    func drawnGlyphs(
        of range: Range<Int>, decisions: ScalarDecisions, shaper: GlyphRunShaper, sequenceShaper: HarfBuzzShaper
    ) -> [PlacedGlyph] {
        let count = decisions.scalars.count
        let pointSize = measurer.pointSize
        // The line's first scalar, found by halving (the offsets ascend): a scan from the string's start for every
        // line made drawing a long text quadratic (a 1 MB entry's report took 90 s).
        var start = 0
        var high = count
        while start < high {
            let middle = start + (high - start) / 2
            if decisions.offsets[middle] < range.lowerBound { start = middle + 1 } else { high = middle }
        }
        var end = start
        while end < count && decisions.offsets[end] < range.upperBound { end += 1 }
        while end > start && decisions.kinds[end - 1] == ClusterKind.hanging { end -= 1 }
        guard end > start else { return [] }
        // Runs of one font, script and level, cut at cluster starts (as measuring shapes them).
        var runs: [Range<Int>] = []
        var runStart = start
        while runStart < end {
            var runEnd = runStart + 1
            while runEnd < end
                && !(decisions.clusterStarts[runEnd]
                    && (decisions.fonts[runEnd] != decisions.fonts[runStart]
                        || decisions.scripts[runEnd] != decisions.scripts[runStart]
                        || decisions.levels[runEnd] != decisions.levels[runStart]))
            {
                runEnd += 1
            }
            runs.append(runStart..<runEnd)
            runStart = runEnd
        }
        let visual = Self.visualOrder(runs.map { decisions.levels[$0.lowerBound] })
        let lineScalars = Array(decisions.scalars[start..<end])
        var placed: [PlacedGlyph] = []
        var x = 0.0
        // The extenders a cluster borrows (`borrowedDrawings`), each drawn where shaping put its font's `.notdef`.
        var borrowedCluster = -1
        var borrowed: [(font: Int, glyph: UInt32, advance: Double)] = []
        for runIndex in visual {
            let run = runs[runIndex]
            let fontIndex = Int(decisions.fonts[run.lowerBound])
            let font = fonts[fontIndex]
            let scale = fontScales[fontIndex]
            let rightToLeft = decisions.levels[run.lowerBound] & 1 == 1
            if let face = font.harfBuzz {
                let glyphs = shaper.shape(
                    lineScalars, offset: run.lowerBound - start, count: run.count, face: face,
                    script: decisions.scripts[run.lowerBound], rightToLeft: rightToLeft)
                for (number, glyph) in glyphs.enumerated() {
                    // A cluster measured as nothing (a control character, a lone joiner) draws nothing: HarfBuzz
                    // gives a C0 control the font's .notdef box and its advance. So does a hard line break inside a
                    // line (a one-line label's, measured without `.usesLineFragmentOrigin`): the font's advance for
                    // a line feed was drawn, 10 pt of DejaVu Sans at 17 pt that measuring never counted.
                    let source = start + glyph.cluster
                    if source < end && decisions.clusterStarts[source]
                        && (decisions.kinds[source] == ClusterKind.continuation
                            || Self.isHardBreak(decisions.scalars[source]))
                    {
                        continue
                    }
                    let next = number + 1 < glyphs.count ? glyphs[number + 1].cluster : -1
                    if glyph.glyph == 0 && source < end && decisions.borrows[source] {
                        // A `.notdef` of an extender another font draws: that font's glyph, with the advance
                        // measuring gave it (none for a mark), as measuring subtracted the `.notdef`'s.
                        if borrowedCluster != source {
                            borrowedCluster = source
                            borrowed = borrowedDrawings(ofClusterAt: source, before: end, decisions: decisions)
                            if rightToLeft { borrowed.reverse() }
                        }
                        if !borrowed.isEmpty {
                            let drawing = borrowed.removeFirst()
                            var advance = drawing.advance
                            if letterSpacing != 0 && next != glyph.cluster { advance += letterSpacing }
                            placed.append(
                                PlacedGlyph(
                                    font: drawing.font, glyph: drawing.glyph, x: x, y: 0, advance: advance,
                                    pointSize: pointSize))
                            x += advance
                            continue
                        }
                    }
                    var advance = Double(glyph.xAdvance) * scale
                    // Letter spacing (kern, tracking) after each cluster, as measuring adds it.
                    if letterSpacing != 0 && next != glyph.cluster { advance += letterSpacing }
                    placed.append(
                        PlacedGlyph(
                            font: fontIndex, glyph: glyph.glyph,
                            x: x + Double(glyph.xOffset) * scale, y: Double(glyph.yOffset) * scale,
                            advance: advance, pointSize: pointSize))
                    x += advance
                }
            } else {
                // A bitmap-only run keeps the measured advances: one glyph per cluster, or for an emoji sequence the
                // glyphs the font's substitutions make of it (`emojiSequenceWidth` measured it so).
                var clusters = run.filter { decisions.clusterStarts[$0] }
                if rightToLeft { clusters.reverse() }
                for index in clusters {
                    var advance = decisions.advances[index]
                    var clusterEnd = index + 1
                    while clusterEnd < run.upperBound && !decisions.clusterStarts[clusterEnd] { clusterEnd += 1 }
                    // Extenders the colour font lacks (a combining mark on an emoji), drawn after its glyph by the
                    // font that has them; the measured advance holds theirs.
                    let lent =
                        decisions.borrows[index]
                        ? borrowedDrawings(ofClusterAt: index, before: end, decisions: decisions) : []
                    advance -= lent.reduce(0) { $0 + $1.advance }
                    defer {
                        for drawing in lent {
                            placed.append(
                                PlacedGlyph(
                                    font: drawing.font, glyph: drawing.glyph, x: x, y: 0, advance: drawing.advance,
                                    pointSize: pointSize))
                            x += drawing.advance
                        }
                    }
                    let sequence =
                        clusterEnd - index > 1
                        ? sequenceGlyphs(
                            of: index..<clusterEnd, decisions: decisions, font: font, shaper: sequenceShaper) : []
                    guard sequence.count > 1 else {
                        // One glyph: the sequence's own (a family, a flag), or the cluster's first scalar's.
                        placed.append(
                            PlacedGlyph(
                                font: fontIndex,
                                glyph: sequence.first ?? font.glyphAdvance(for: decisions.scalars[index]).glyph,
                                x: x, y: 0, advance: advance, pointSize: pointSize))
                        x += advance
                        continue
                    }
                    for glyph in sequence {
                        let glyphAdvance = Double(font.advance(ofGlyph: glyph)) * scale
                        placed.append(
                            PlacedGlyph(
                                font: fontIndex, glyph: glyph, x: x, y: 0, advance: glyphAdvance, pointSize: pointSize))
                        x += glyphAdvance
                    }
                }
            }
        }
        return placed
    }

    /// The extenders the cluster at `start` borrows from other fonts (`forEachBorrowedExtender`), before `end`,
    /// first to last.
    private func borrowedDrawings(ofClusterAt start: Int, before end: Int, decisions: ScalarDecisions)
        -> [(font: Int, glyph: UInt32, advance: Double)]
    {
        var drawings: [(font: Int, glyph: UInt32, advance: Double)] = []
        forEachBorrowedExtender(
            ofClusterAt: start, before: end, font: Int(decisions.fonts[start]),
            isContinuation: { decisions.kinds[$0] == ClusterKind.continuation },
            startsGrapheme: { decisions.clusterStarts[$0] }, scalar: { decisions.scalars[$0] },
            body: { drawings.append($0) })
        return drawings
    }

    /// The glyphs that advance of the emoji sequence `range` in the bitmap-only `font`, as its substitutions make
    /// them (`Font.emojiSequenceFace`), left to right: what measuring counted (`HarfBuzzShaper.spacingGlyphs`, the
    /// one rule of both); empty when the face cannot be shaped.
    private func sequenceGlyphs(
        of range: Range<Int>, decisions: ScalarDecisions, font: Font, shaper: HarfBuzzShaper
    ) -> [UInt32] {
        guard let face = font.emojiSequenceFace else { return [] }
        return decisions.scalars[range].withUnsafeBufferPointer { shaper.spacingGlyphs(of: $0, face: face) }
    }

    /// The visual order of runs with bidi `levels` (UAX #9 L2): from the highest level down to the lowest odd one,
    /// every maximal sequence of runs at that level or higher is reversed.
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var index = 0
            while index < order.count {
                guard levels[order[index]] >= level else {
                    index += 1
                    continue
                }
                var end = index
                while end < order.count && levels[order[end]] >= level { end += 1 }
                order[index..<end].reverse()
                index = end
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }
}
