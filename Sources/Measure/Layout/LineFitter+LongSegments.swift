import Cache

/// Long segments: a segment longer than the session's cluster columns (`ClusterScratch.window`, 256 Ki scalars — a
/// word of a 50 MB string without spaces) is measured and broken window by window, so that per-cluster memory stays
/// bounded by the window, not the segment. Each window's clusters are measured, given the fast path's ligatures and
/// kerning (`LayoutEngine.applyFeatures(window:)`) and added up in order, so the answers are those of measuring the
/// segment whole. A segment that needs HarfBuzz (or crosses a script run, which HarfBuzz measures) is not windowed:
/// shaping depends on the whole run, so its columns grow to hold it and it is placed as any other.
extension LineFitter {
    /// Makes the cluster columns, which do not reach `end`, hold the segment `start..<end` before it is placed: they
    /// move on to it, or grow to hold it when it is longer than they are and must be measured whole. Returns true
    /// when it placed the segment itself instead, window by window (`placeLongSegment`).
    @inline(never)
    mutating func makeRoom(from start: Int, to end: Int) -> Bool {
        if end - start > ws.capacity {
            if placeLongSegment(from: start, to: end) { return true }
            ws.grow(to: end - start)
        }
        ws.origin = start
        return false
    }

    /// `place` for a segment longer than the cluster columns, measured window by window: the same steps, each over
    /// every window. Returns false, having placed nothing, when the segment must be measured whole.
    mutating func placeLongSegment(from start: Int, to end: Int) -> Bool {
        // Only where `place` measures the segment itself (a prepared text's or a whole-string pass's columns hold the
        // whole string), and not when every segment is shaped.
        guard mode == .measuring, !shapesAll, ws.clusters != nil else { return false }
        guard let measured = longSegmentMeasure(from: start, to: end, startX: 0), !crossesScriptRun(measured.0)
        else { return false }
        var measure = measured.0
        let hasTab = measured.hasTab
        // As `segmentMeasure` counts a segment it measures (the segment cache is not asked: a key of over 256 Ki
        // scalars would not be worth keeping, and a hit gives what measuring gives).
        glyphLookups += end - start
        windowedSegments += 1
        if hasTab { measure = longSegmentRemeasured(measure, from: start, to: end, startX: line.x) }
        var startX = line.x + kerning(after: line, before: measure)
        if line.hasContent && measure.hasVisible && startX + measure.wordWidth > wrapLimit {
            finish(at: start)
            startX = 0
            if hasTab { measure = longSegmentRemeasured(measure, from: start, to: end, startX: 0) }
        }
        if !line.hasContent && measure.hasVisible && measure.wordWidth > wrapLimit {
            // `breakLongSegment`, window by window (the segment is not shaped).
            totals.missingGlyphs += Int(measure.missingGlyphs)
            var pen = BreakPen()
            let measured = forEachWindow(from: start, to: end) { fitter, windowStart, windowEnd in
                for index in windowStart..<windowEnd { fitter.breakStep(at: index, before: windowEnd, pen: &pen) }
            }
            assert(measured != nil, "windows measured once are measured again the same way")
            line.x = pen.x
            line.hasContent = true
            line.lastGlyph = measure.lastGlyph
            line.lastFont = measure.lastFont
        } else {
            extendLine(with: measure, at: startX)
        }
        notePlaced(lastScript: measure.lastScript, end: end)
        return true
    }

    /// `measureSegment` of a long segment from pen position `startX`, window by window, with its missing glyphs;
    /// nil when the segment must be measured whole.
    private mutating func longSegmentMeasure(from start: Int, to end: Int, startX: Double)
        -> (SegmentMeasure, hasTab: Bool)?
    {
        var sum = SegmentSum(startX: startX)
        let usesFeatures = engine.usesFeatures
        var firstGlyph: (glyph: UInt32, font: UInt8) = (0, SegmentMeasure.noFont)
        var lastGlyph: (glyph: UInt32, font: UInt8) = (0, SegmentMeasure.noFont)
        let notes = forEachWindow(from: start, to: end) { fitter, windowStart, windowEnd in
            fitter.add(from: windowStart, to: windowEnd, into: &sum)
            guard usesFeatures else { return }
            // The kerning glyphs of the segment's first and last clusters, read while their window is measured.
            if sum.first >= windowStart && !LayoutEngine.isHardBreak(fitter.ws.scalars[sum.first]) {
                firstGlyph = fitter.engine.kerningGlyph(at: sum.first, in: fitter.ws)
            }
            if sum.last >= windowStart {
                lastGlyph = fitter.engine.trailingKerningGlyph(at: sum.last, in: fitter.ws)
            } else if sum.last < 0 {
                lastGlyph = (0, SegmentMeasure.noFont)
            }
        }
        guard let notes else { return nil }
        var measure = SegmentMeasure(
            wordWidth: sum.visibleEnd - startX, totalWidth: sum.x - startX, fonts: sum.fonts,
            hasVisible: sum.hasVisible)
        if usesFeatures {
            (measure.firstGlyph, measure.firstFont) = firstGlyph
            (measure.lastGlyph, measure.lastFont) = lastGlyph
            setScripts(of: &measure, from: start, to: end)
            // Pairs into a closing bracket (`kernsIntoBracket`) are not looked for: the windows' clusters are gone. A
            // word of over 256 Ki scalars whose closing bracket kerns is measured as the fast path measures it.
        }
        measure.missingGlyphs = notes.missing
        return (measure, sum.hasTab)
    }

    /// `remeasuredWithTab` for a long segment (which is never shaped).
    private mutating func longSegmentRemeasured(
        _ known: SegmentMeasure, from start: Int, to end: Int,
        startX: Double
    ) -> SegmentMeasure {
        let remeasured = longSegmentMeasure(from: start, to: end, startX: startX)
        assert(remeasured != nil, "windows measured once are measured again the same way")
        var measure = remeasured?.0 ?? known
        measure.missingGlyphs = known.missingGlyphs
        return measure
    }

    /// Measures the segment `start..<end` window by window and calls `body` with each window's part of it, whose
    /// cluster slots then hold what measuring the whole segment would put there (clusters measured, ligatures and
    /// kerning applied). Returns the notes of the segment's clusters (each missing glyph counted once), or nil,
    /// having stopped, when a cluster needs HarfBuzz or a window cannot hold a cluster and the look-ahead.
    ///
    /// A window measures its part and, when ligatures apply, `ClusterScratch.ligatureReach` clusters past it, so that
    /// every ligature starting in its part is matched as over the whole segment; one that ends past the part takes
    /// the part to its end. The next window starts where the part ended, and measures those clusters again.
    mutating func forEachWindow(from start: Int, to end: Int, _ body: (inout LineFitter, Int, Int) -> Void)
        -> ClusterNotes?
    {
        guard let scratch = ws.clusters?.takeUnretainedValue() else { return nil }
        let capacity = ws.capacity
        let reach = engine.appliesLigatures ? scratch.ligatureReach : 0
        // Room past each part for the look-ahead and for clusters that straddle the part's end.
        let step = max(1, capacity - reach - capacity / 8)
        var carry = LayoutEngine.FeatureCarry()
        var notes = ClusterNotes()
        var windowStart = start
        ws.notes?.pointee = ClusterNotes()
        defer { ws.notes?.pointee = ClusterNotes() }
        while windowStart < end {
            let bound = windowStart + capacity
            guard let limit = clusterBoundary(atOrAfter: min(windowStart + step, end), before: end, within: bound),
                let lookEnd = reach == 0
                    ? limit
                    : clusterBoundary(atOrAfter: min(limit + reach, end), before: end, within: bound)
            else { return nil }
            ws.origin = windowStart
            engine.measureClusters(from: windowStart, to: limit, in: ws)
            let own = takeNotes()
            var ahead = ClusterNotes()
            if lookEnd > limit {
                engine.measureClusters(from: limit, to: lookEnd, in: ws)
                ahead = takeNotes()
            }
            if (own.flags | ahead.flags) & ClusterNotes.shapes != 0 { return nil }
            let next = engine.applyFeatures(window: windowStart, limit: limit, lookEnd: lookEnd, carry: &carry, in: ws)
            // A ligature that ends on a cluster's inner scalar (possible: runs are of visible cluster starts) leaves
            // no cluster boundary to start the next window at.
            guard next == end || ws.flags[next] & LineBreaker.graphemeBoundaryFlag != 0 else { return nil }
            notes.flags |= own.flags
            notes.missing += own.missing
            if next > limit {
                // The ligature components `limit..<next` belong to this part: their notes count here, those of the
                // rest of the look-ahead in the next window (measured again to tell them apart; they are unchanged).
                var rest = ClusterNotes()
                if lookEnd > next {
                    engine.measureClusters(from: next, to: lookEnd, in: ws)
                    rest = takeNotes()
                }
                notes.flags |= ahead.flags
                notes.missing += ahead.missing - rest.missing
            }
            body(&self, windowStart, next)
            windowStart = next
        }
        return notes
    }

    /// The first cluster boundary at or after `position` (`end` counts as one), or nil when it is past `bound`.
    private func clusterBoundary(atOrAfter position: Int, before end: Int, within bound: Int) -> Int? {
        var boundary = position
        while boundary < end && ws.flags[boundary] & LineBreaker.graphemeBoundaryFlag == 0 {
            boundary += 1
            if boundary > bound { return nil }
        }
        return boundary <= bound ? boundary : nil
    }
}
