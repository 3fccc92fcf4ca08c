import Cache

extension LineFitter {
    /// How far across a dictionary seam the context of a segment shaped across it reaches at most: into the
    /// neighbouring segment up to this many scalars, then on to a grapheme boundary no invisible stacker comes before,
    /// up to as many again (`seamWindow`).
    static let seamContextLength = 16

    /// The scalars the segment `start..<end` is shaped with: itself, and the neighbouring words across the dictionary
    /// seams at its edges — `start..<end` itself when it has none.
    ///
    /// A dictionary seam — a break opportunity between two scalars of line-break class SA, which only ICU's
    /// dictionary puts there (`DictionaryLineBreaker`) — is the boundary between two words of one run of Thai, Lao,
    /// Khmer or Myanmar, which CoreText, Pango and Skia shape together when they share a line, as HarfBuzz shapes a
    /// whole line's run: a font's contextual lookups and pair kerning then act across it. Noto Sans Myanmar's `kern`
    /// is chained contextual positioning: it widens `ါ်` by 280 units before a medial ra (`ဖေါ်|ပြ`: 46.665 pt whole
    /// at 17 pt, 41.905 pt for the two words shaped apart), and narrows the first glyph of `နွှ` by 90 after `ုတ်`;
    /// the fast path's pair table, which kerns other segments across their edges, sees pairs only. So a segment is
    /// shaped with the end of the word before a seam at its start and the start of the word after a seam at its end
    /// (each up to `seamContextLength` scalars of that word, and on to a grapheme boundary that no invisible stacker,
    /// `DictionaryLineBreaker.isInvisibleStacker`, comes before, so no syllable is cut), and measured from its own
    /// clusters: what HarfBuzz adds at a seam is in one of the two words' advances, and the widths of a line's words
    /// add up to the width of the line shaped whole. Where a line ends at a seam, the word before it keeps what
    /// HarfBuzz added to it there, as Skia's lines keep what the paragraph's shaping gave them.
    ///
    /// No context on a side where it would leave the cluster columns (a string longer than they are:
    /// `Workspace.origin`, `Workspace.holds`) or reaches no such boundary within its bound.
    ///
    /// `mutating`, though it changes nothing: called from the fitter's mutating methods, a non-mutating one got a
    /// copy of the whole fitter (656 bytes, a `memcpy` for every shaped segment: 3 M instructions of a cold pass
    /// over the complex corpus, callgrind).
    mutating func seamWindow(from start: Int, to end: Int) -> (start: Int, end: Int) {
        guard let shaping = shapingContext, shaping._withUnsafeGuaranteedRef({ $0.hasSeamContext }) else {
            return (start, end)
        }
        return seamWindow(from: start, to: end, shaping: shaping.takeUnretainedValue())
    }

    /// `seamWindow(from:to:)` for a string with seams to shape across.
    private mutating func seamWindow(from start: Int, to end: Int, shaping: ShapingContext) -> (start: Int, end: Int) {
        var windowStart = start
        if isDictionarySeam(start, shaping: shaping) {
            var position = start - 1
            let limit = max(0, start - Self.seamContextLength)
            while position > limit && !isSafeContextEdge(position) { position -= 1 }
            if isSafeContextEdge(position) && position >= ws.origin { windowStart = position }
        }
        var windowEnd = end
        if isDictionarySeam(end, shaping: shaping) {
            var position = end + 1
            let limit = min(count, end + Self.seamContextLength)
            while position < limit && !isSafeContextEdge(position) { position += 1 }
            if isSafeContextEdge(position) && ws.holds(to: position) { windowEnd = position }
        }
        return (windowStart, windowEnd)
    }

    /// Whether the position before scalar `position` is a dictionary seam — between two scalars of class SA — of a
    /// script whose words are shaped together across it (`ShapingContext.kernsAcrossSeams`).
    /// Asked only of a string with such a run (`ShapingContext.hasSeamContext`, `seamWindow`).
    @inline(__always)
    private func isDictionarySeam(_ position: Int, shaping: ShapingContext) -> Bool {
        position > 0 && position < count
            && ScriptTable.properties(of: ws.scalars[position - 1]).isSouthEastAsian
            && ScriptTable.properties(of: ws.scalars[position]).isSouthEastAsian
            && shaping.kernsAcrossSeams(ws.scalars[position - 1], engine: engine)
    }

    /// Whether a seam's context may begin or end at the position before scalar `position`: the string's start or
    /// end, or a grapheme boundary that no invisible stacker comes before (so that no syllable of it is cut).
    private func isSafeContextEdge(_ position: Int) -> Bool {
        position == 0 || position >= count
            || (ws.flags[position] & LineBreaker.graphemeBoundaryFlag != 0
                && !DictionaryLineBreaker.isInvisibleStacker(ws.scalars[position - 1]))
    }

    /// Shapes the segment `start..<end` with its seams' context `window` (`seamWindow`), its own clusters measured
    /// already, and leaves the context's clusters as they were: the word before as it was measured or shaped itself
    /// (a prepared text keeps every segment's shaped clusters), the word after as the fast path measures it, which is
    /// how its own measuring finds it. When HarfBuzz makes one cluster of the last scalars before `start` and the
    /// first of the segment (a syllable across the seam), the segment is shaped with the context after it alone, so
    /// that none of its width is left in the context.
    mutating func shapeAcrossSeams(
        from start: Int, to end: Int, window: (start: Int, end: Int), context: ShapingContext
    ) {
        if window.end > end {
            glyphLookups += engine.measureClusters(from: end, to: window.end, in: ws)
            _ = takeNotes()
        }
        if window.start < start {
            withUnsafeTemporaryAllocation(of: SavedCluster.self, capacity: start - window.start) { saved in
                let ws = self.ws
                for index in window.start..<start {
                    saved[index - window.start] = SavedCluster(
                        advance: ws.advances[index], font: ws.clusterFonts[index], kind: ws.kinds[index],
                        glyph: ws.glyphs[index])
                }
                glyphLookups += engine.measureClusters(from: window.start, to: start, in: ws)
                _ = takeNotes()
                engine.shapeSegment(from: window.start, to: window.end, in: ws, context: context)
                let splitsSyllable = ws.kinds[start] == ClusterKind.continuation
                for index in window.start..<start {
                    let cluster = saved[index - window.start]
                    ws.advances[index] = cluster.advance
                    ws.clusterFonts[index] = cluster.font
                    ws.kinds[index] = cluster.kind
                    ws.glyphs[index] = cluster.glyph
                }
                if splitsSyllable {
                    glyphLookups += engine.measureClusters(from: start, to: window.end, in: ws)
                    _ = takeNotes()
                    engine.shapeSegment(from: start, to: window.end, in: ws, context: context)
                }
            }
        } else {
            engine.shapeSegment(from: start, to: window.end, in: ws, context: context)
        }
    }

    /// After measuring a segment shaped by `shapeAcrossSeams`: the clusters of the context after it as the fast path
    /// measures them, which is how the next segment's own measuring finds them.
    mutating func restoreContext(after end: Int, window: (start: Int, end: Int)) {
        guard window.end > end else { return }
        glyphLookups += engine.measureClusters(from: end, to: window.end, in: ws)
        _ = takeNotes()
    }

    /// One cluster's columns, kept while its slot serves as a seam's context.
    struct SavedCluster {
        var advance: Double
        var font: UInt8
        var kind: UInt8
        var glyph: UInt32
    }

    /// Drops the kerning glyphs `measure` has at a dictionary seam shaped across (`seamWindow`): its first, when the
    /// segment before it was shaped with it as context (`crossedSeam` is `start`), and its last, when it was itself
    /// shaped with the next (`extended`) — HarfBuzz adjusted those pairs already, so `kerning(after:before:)` must not
    /// kern them again.
    @inline(__always)
    mutating func applySeams(to measure: inout SegmentMeasure, from start: Int, to end: Int, extended: Bool) {
        if crossedSeam == start { measure.firstFont = SegmentMeasure.noFont }
        if extended {
            measure.lastFont = SegmentMeasure.noFont
            crossedSeam = end
        }
    }
}
