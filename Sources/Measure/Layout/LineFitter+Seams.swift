import Cache

extension LineFitter {
    /// How far across a dictionary seam the context of a segment shaped across it may reach looking for its edge
    /// (`seamWindow`): the first grapheme boundary past the seam that no invisible stacker comes before, within this
    /// many scalars.
    static let seamContextLength = 16

    /// The scalars the segment `start..<end` is shaped with: itself, and a grapheme cluster of each neighbouring word
    /// across a dictionary seam at its edges — `start..<end` itself when it has none.
    ///
    /// A dictionary seam is a break opportunity between two scalars of line-break class SA, which only ICU's
    /// dictionary puts there (`DictionaryLineBreaker`; UAX #14 alone resolves SA to AL, × between them): the boundary
    /// between two words of one run of Thai, Lao, Khmer or Myanmar, which CoreText, Pango and Skia shape together when
    /// they share a line, as HarfBuzz shapes a whole line's run. A font whose `kern` is contextual positioning
    /// (`LayoutEngine.shapesAcrossSeams`) acts across it: Noto Sans Myanmar widens `ါ်` by 280 units before a medial
    /// ra (`ဖေါ်|ပြ`: 46.665 pt whole at 17 pt, 41.905 pt for the two words shaped apart), and its contextual
    /// substitutions drop the 90-unit spacer `နွှာ` starts with alone after `ဆုတ်`; the fast path's pair table, which
    /// kerns other segments across their edges, sees pairs only. So in such a run a segment is shaped with the last
    /// grapheme cluster before a seam at its start and the first after a seam at its end — on to the first grapheme
    /// boundary no invisible stacker (`DictionaryLineBreaker.isInvisibleStacker`) comes before, so no stacked syllable
    /// is cut — and measured from its own clusters (`shapeAcrossSeams`): what HarfBuzz adds at a seam is in one of the
    /// two words' advances, and a line's words add up to the line shaped whole. Where a line ends at a seam, the word
    /// before it keeps what HarfBuzz added to it there, as Skia's lines keep what the paragraph's shaping gave them.
    ///
    /// Positions where only `--char-wrap` ends a segment are no seams: each grapheme there is shaped alone, as before.
    /// No context on a side where it would leave the cluster columns (a string longer than they are:
    /// `Workspace.origin`, `Workspace.holds`) or finds no such boundary within `seamContextLength` scalars.
    ///
    /// `mutating`, though it changes nothing: called from the fitter's mutating methods, a non-mutating one got a
    /// copy of the whole fitter (656 bytes, a `memcpy` for every shaped segment: 3 M instructions of a cold pass
    /// over the complex corpus, callgrind).
    @inline(__always)
    mutating func seamWindow(from start: Int, to end: Int) -> (start: Int, end: Int) {
        guard let shaping = shapingContext, shaping._withUnsafeGuaranteedRef({ $0.hasSeamContext }) else {
            return (start, end)
        }
        return seamWindowInString(from: start, to: end)
    }

    /// `seamWindow` for a string with seams to shape across.
    @inline(never)
    private mutating func seamWindowInString(from start: Int, to end: Int) -> (start: Int, end: Int) {
        var windowStart = start
        let formatSeamAtStart = isFormatSeam(start)
        if formatSeamAtStart || isDictionarySeam(start) {
            // Past a format seam's soft hyphen or zero width space (a grapheme of its own) to the letter before it.
            var position = formatSeamAtStart ? start - 2 : start - 1
            let limit = max(0, start - Self.seamContextLength)
            while position > limit && !isSafeContextEdge(position) { position -= 1 }
            if isSafeContextEdge(position) && position >= ws.origin { windowStart = position }
        }
        var windowEnd = end
        if isFormatSeam(end) || isDictionarySeam(end) {
            var position = end + 1
            let limit = min(count, end + Self.seamContextLength)
            while position < limit && !isSafeContextEdge(position) { position += 1 }
            if isSafeContextEdge(position) && ws.holds(to: position) { windowEnd = position }
        }
        return (windowStart, windowEnd)
    }

    /// Whether the position before scalar `position` is a dictionary seam — a break opportunity (not only a
    /// `--char-wrap` grapheme boundary) between two scalars of class SA — in a font whose words are shaped together
    /// across it (`LayoutEngine.shapesAcrossSeams`). Asked only of a string with such a run
    /// (`ShapingContext.hasSeamContext`).
    @inline(__always)
    private mutating func isDictionarySeam(_ position: Int) -> Bool {
        position > 0 && position < count
            && ws.flags[position] & LineBreaker.opportunityMask == BreakOpportunity.allowed.rawValue
            && ScriptTable.properties(of: ws.scalars[position - 1]).isSouthEastAsian
            && ScriptTable.properties(of: ws.scalars[position]).isSouthEastAsian
            && engine.shapesAcrossSeams(ws.scalars[position - 1])
    }

    /// Whether the position before scalar `position` is a format seam: a break opportunity right after a soft hyphen
    /// (U+00AD) or a zero width space (U+200B) that stands inside a word of a right-to-left script that needs shaping —
    /// the letter before it (past its marks) and the scalar after it of one real script
    /// (`LayoutEngine.joinsAcrossFormatSeam`; Arabic: `من` U+00AD `أثناء`). Both are
    /// transparent to cursive joining, so a line that holds the two parts shapes them as one word (Pango, Skia and
    /// HarfBuzz: 42.52 pt in Noto Sans Arabic 17 pt, as without the soft hyphen; shaped apart, 48.18). Asked only of
    /// a string where `LayoutEngine.analyze` found one (`ShapingContext.hasSeamContext`).
    @inline(__always)
    private func isFormatSeam(_ position: Int) -> Bool {
        guard position > 1, position < count,
            ws.flags[position] & LineBreaker.opportunityMask == BreakOpportunity.allowed.rawValue,
            LayoutEngine.isFormatSeamScalar(ws.scalars[position - 1])
        else { return false }
        return LayoutEngine.joinsAcrossFormatSeam(
            UnsafeBufferPointer(start: ws.scalars, count: count), before: position - 1, after: position)
    }

    /// Whether a seam's context may begin or end at the position before scalar `position`: the string's start or
    /// end, or a grapheme boundary that no invisible stacker comes before (so that no syllable of it is cut).
    @inline(__always)
    private func isSafeContextEdge(_ position: Int) -> Bool {
        position == 0 || position >= count
            || (ws.flags[position] & LineBreaker.graphemeBoundaryFlag != 0
                && !DictionaryLineBreaker.isInvisibleStacker(ws.scalars[position - 1]))
    }

    /// Shapes the segment `start..<end`, its own clusters measured already, with its seams' context `window`
    /// (`seamWindow`), and leaves the context's clusters as they were: the word before as it was measured or shaped
    /// itself (a prepared text keeps every segment's shaped clusters), the word after as the fast path measures it
    /// (`restoreContext`). When HarfBuzz makes one cluster across a seam (a syllable the dictionary cut), the
    /// segment is shaped again without the context on that side, so that none of its width is left in the context
    /// and none of the context's is taken into it: the words there are measured apart, as before seams.
    @inline(__always)
    mutating func shapeAcrossSeams(
        from start: Int, to end: Int, window: (start: Int, end: Int), context: ShapingContext
    ) {
        guard window.start < start || window.end > end else {
            return engine.shapeSegment(from: start, to: end, in: ws, context: context)
        }
        shapeWithContext(from: start, to: end, window: window, context: context)
    }

    /// `shapeAcrossSeams` for a segment with context on a side.
    @inline(never)
    private mutating func shapeWithContext(
        from start: Int, to end: Int, window: (start: Int, end: Int), context: ShapingContext
    ) {
        withUnsafeTemporaryAllocation(of: SavedCluster.self, capacity: max(1, start - window.start)) { saved in
            let ws = self.ws
            for index in window.start..<start {
                saved[index - window.start] = SavedCluster(
                    advance: ws.advances[index], font: ws.clusterFonts[index], kind: ws.kinds[index],
                    glyph: ws.glyphs[index], trailingGlyph: ws.trailingGlyphs[index],
                    flags: ws.flags[index] & Self.savedFlags)
            }
            var (before, after) = window
            var first = true
            while true {
                if before < start {
                    glyphLookups += engine.measureClusters(from: before, to: start, in: ws)
                    _ = takeNotes()
                }
                if !first {
                    // The segment's own clusters, shaped by the try before, measured again.
                    glyphLookups += engine.measureClusters(from: start, to: end, in: ws)
                    _ = takeNotes()
                }
                if after > end {
                    glyphLookups += engine.measureClusters(from: end, to: after, in: ws)
                    _ = takeNotes()
                }
                engine.shapeSegment(from: before, to: after, in: ws, context: context)
                let joinsBefore = before < start && ws.kinds[start] == ClusterKind.continuation
                let joinsAfter = after > end && ws.kinds[end] == ClusterKind.continuation
                guard joinsBefore || joinsAfter else { break }
                if joinsBefore { before = start }
                if joinsAfter { after = end }
                first = false
            }
            for index in window.start..<start {
                let cluster = saved[index - window.start]
                ws.advances[index] = cluster.advance
                ws.clusterFonts[index] = cluster.font
                ws.kinds[index] = cluster.kind
                ws.glyphs[index] = cluster.glyph
                ws.trailingGlyphs[index] = cluster.trailingGlyph
                ws.flags[index] = ws.flags[index] & ~Self.savedFlags | cluster.flags
            }
        }
    }

    /// After measuring a segment shaped by `shapeAcrossSeams`: the clusters of the context after it as the fast path
    /// measures them, which is how the next segment's own measuring finds them.
    mutating func restoreContext(after end: Int, window: (start: Int, end: Int)) {
        guard window.end > end else { return }
        glyphLookups += engine.measureClusters(from: end, to: window.end, in: ws)
        _ = takeNotes()
    }

    /// One cluster's columns, kept while its slot serves as a seam's context, with the flags measuring sets
    /// (`savedFlags`).
    struct SavedCluster {
        var advance: Double
        var font: UInt8
        var kind: UInt8
        var glyph: UInt32
        var trailingGlyph: UInt32
        var flags: UInt8
    }

    /// The break-flag bits measuring and shaping a cluster set, which a seam's context keeps.
    static var savedFlags: UInt8 {
        LayoutEngine.hangingKernFlag | LayoutEngine.trailingGlyphFlag | LayoutEngine.borrowsFlag
    }

    /// Drops the kerning glyphs `measure` has at a dictionary seam shaped across (`seamWindow`): its first, when the
    /// segment before it was shaped with it as context (`crossedSeam` is `start`), and its last, when it was itself
    /// shaped with the next (`extended`) — HarfBuzz adjusted those pairs already, so `kerning(after:before:)` must not
    /// kern them again. (Where HarfBuzz joined a cluster across the seam and the words were shaped apart after all,
    /// `shapeAcrossSeams`, the pair there goes unkerned; Noto Sans Myanmar, the font this is for, has no pairs.)
    @inline(__always)
    mutating func applySeams(to measure: inout SegmentMeasure, from start: Int, to end: Int, extended: Bool) {
        if crossedSeam == start { measure.firstFont = SegmentMeasure.noFont }
        if extended {
            measure.lastFont = SegmentMeasure.noFont
            crossedSeam = end
        }
    }
}
