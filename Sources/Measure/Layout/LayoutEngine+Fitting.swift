import Cache

/// Line fitting: greedy, Apple's rules (SPEC §A and its Decisions).
///
/// The text is cut at break opportunities into segments (a word and the whitespace after it). A segment joins the
/// current line if its word fits, whatever its trailing whitespace does: spaces hang past the edge and are not
/// counted in the line's width. A segment that does not fit starts a new line; one wider than a whole line is then
/// broken between grapheme clusters. Hard breaks end a line; every line is as tall as the tallest ascent plus the
/// deepest descent of the fonts it uses.
///
/// Each segment is measured once per string — or not at all, when the session's segment cache already knows its text.
extension LayoutEngine {
    /// How the fitter gets each segment's clusters.
    enum FitMode {
        /// Measure each segment's clusters when it is reached (or take the segment from the cache).
        case measuring
        /// Every cluster is measured, but kerning and ligatures are still to be applied, segment by segment.
        case measuredClusters
        /// Every cluster is already measured (a `PreparedText`); write nothing.
        case prepared
    }

    /// Fits the `count` analysed scalars into lines at `wrapWidth` and returns the size.
    func fitLines(count: Int, utf8: UnsafeBufferPointer<UInt8>, wrapWidth: Double, recordsLines: Bool,
                  tabOrigin: Double = 0, in ws: Workspace, state: inout SessionState) -> TextSize {
        state.strings += 1
        // Segments are measured one by one only when they start on cluster boundaries, which `keepsGraphemeClusters`
        // guarantees. Without it (plain UAX #14 may break inside a cluster, as in `SP ÷ U+0308`), every cluster is
        // measured whole first and the fitter only reads — as for a `PreparedText`, so both agree.
        let mode: FitMode
        if lineBreaking.keepsGraphemeClusters {
            mode = .measuring
        } else {
            state.glyphLookups += measureClusters(from: 0, to: count, in: ws)
            mode = .measuredClusters
        }
        var fitter = LineFitter(engine: self, ws: ws, utf8: utf8, wrapWidth: wrapWidth, mode: mode,
                                cache: state.segmentCache, recordsLines: recordsLines)
        fitter.tabOrigin = tabOrigin
        if recordsLines {
            swap(&fitter.records, &state.lineRecords)  // reuse the session's array and its capacity
            fitter.records.removeAll(keepingCapacity: true)
        }
        let endsWithHardBreak = count > 0 && Self.isHardBreak(ws.scalars[count - 1])
        let size = fitter.fit(count: count, endsWithHardBreak: endsWithHardBreak)
        state.glyphLookups += fitter.glyphLookups
        if recordsLines { swap(&fitter.records, &state.lineRecords) }
        return size
    }

    /// Whether `scalar` is a hard line or paragraph break (UAX #14 classes BK, CR, LF, NL).
    static func isHardBreak(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }
}

/// The state of fitting one string into lines.
struct LineFitter {
    /// Slack for comparing widths, far below anything visible, so that sums of the same advances taken in another
    /// order never flip a break.
    static let epsilon = 1e-7

    let engine: LayoutEngine
    let ws: Workspace
    let utf8: UnsafeBufferPointer<UInt8>
    let wrapWidth: Double
    let mode: LayoutEngine.FitMode
    /// The session's segment cache, when measuring with one. Unretained: the session's state holds it for longer
    /// than any fitter lives, and retaining it for every segment cost as much as a lookup.
    let cache: Unmanaged<SegmentWidthCache>?
    let recordsLines: Bool
    var line = LineState(start: 0)
    var totals = Totals()
    /// The lines, when `recordsLines`.
    var records: [LineFragment] = []
    /// Where the lines start from the margin tab stops are measured from (a paragraph's head indent, SPEC §A5): a
    /// tab at x goes to the next stop after `tabOrigin + x`.
    var tabOrigin = 0.0
    /// Scalars whose advance was looked up while fitting.
    var glyphLookups = 0
    /// The font set of the last finished line and its ascent, descent and height: consecutive lines mostly use the
    /// same fonts, so their metrics are combined once.
    private var lastLineMetrics: (fonts: UInt64, ascent: Double, descent: Double, height: Double) = (0, 0, 0, 0)

    init(engine: LayoutEngine, ws: Workspace, utf8: UnsafeBufferPointer<UInt8>, wrapWidth: Double,
         mode: LayoutEngine.FitMode, cache: SegmentWidthCache?, recordsLines: Bool) {
        self.engine = engine
        self.ws = ws
        self.utf8 = utf8
        self.wrapWidth = wrapWidth
        self.mode = mode
        self.cache = cache.map { .passUnretained($0) }
        self.recordsLines = recordsLines
    }

    /// The line being filled.
    struct LineState {
        /// Index of its first scalar.
        var start: Int
        /// Whether any segment was placed on it (even whitespace alone).
        var hasContent = false
        /// Width to the end of its last visible cluster.
        var width = 0.0
        /// The pen position, trailing whitespace included.
        var x = 0.0
        /// The fonts its visible clusters use, one bit per cascade index.
        var fonts: UInt64 = 0
        /// The glyph and font of its last cluster, for kerning the next segment against it.
        var lastGlyph: UInt32 = 0
        var lastFont: UInt8 = SegmentMeasure.noFont
    }

    /// What the lines add up to.
    struct Totals {
        var width = 0.0
        var height = 0.0
        var lines = 0
    }

    /// Whether the position with `flag` ends a segment: a break opportunity, or with character wrapping any
    /// cluster boundary.
    @inline(__always)
    static func endsSegment(_ flag: UInt8, charWrapping: Bool) -> Bool {
        charWrapping ? flag & LineBreaker.graphemeBoundaryFlag != 0 : flag & LineBreaker.opportunityMask != 0
    }

    /// Whether the position with `flag` is a hard line break.
    @inline(__always)
    static func isMandatory(_ flag: UInt8) -> Bool {
        flag & LineBreaker.opportunityMask == BreakOpportunity.mandatory.rawValue
    }

    /// Fits every segment and returns the size. With `segments` (a prepared text's), the segments and their
    /// measures are given; otherwise they are found from the break flags and measured as they come.
    mutating func fit(count: Int, endsWithHardBreak: Bool,
                      segments: UnsafeBufferPointer<PreparedSegment>? = nil) -> TextSize {
        if let segments {
            var start = 0
            for index in segments.indices {
                let end = Int(segments[index].end)
                if segments[index].hasTab {
                    place(from: start, to: end, known: segments[index])
                } else {
                    placeMeasured(from: start, to: end, measure: segments[index].measure,
                                  kerning: segments[index].kerningBefore)
                }
                if segments[index].isMandatory && engine.honoursHardBreaks && end < count { finish(at: end) }
                start = end
            }
        } else if count > 0 {
            var segmentStart = 0
            let measuring = mode == .measuring
            for position in 1...count {
                let flag = ws.flags[position]
                guard Self.endsSegment(flag, charWrapping: engine.charWrapping) else { continue }
                if measuring && position == segmentStart + 1 && placeSingleVisibleScalar(at: segmentStart) {
                    segmentStart = position
                    continue
                }
                place(from: segmentStart, to: position)
                if Self.isMandatory(flag) && engine.honoursHardBreaks && position < count { finish(at: position) }
                segmentStart = position
            }
        }
        finish(at: count)
        if engine.measurer.options.countsTrailingLineBreak && engine.honoursHardBreaks && endsWithHardBreak {
            finish(at: count)
        }
        return TextSize(width: totals.width, height: totals.height, lineCount: totals.lines)
    }

    /// The next tab stop after `x`.
    @inline(__always)
    private func nextTabStop(after x: Double) -> Double {
        let fromMargin = x + tabOrigin
        if let stop = engine.tabStops.first(where: { $0 > fromMargin }) { return stop - tabOrigin }
        return ((fromMargin / engine.tabInterval).rounded(.down) + 1) * engine.tabInterval - tabOrigin
    }

    /// The segments of the `count` analysed and measured scalars, each with its measure from its own start: what a
    /// `PreparedText` keeps so that fitting it only adds.
    func preparedSegments(count: Int) -> [PreparedSegment] {
        var segments: [PreparedSegment] = []
        guard count > 0 else { return segments }
        var start = 0
        var previous = SegmentMeasure(wordWidth: 0, totalWidth: 0, fonts: 0, hasVisible: false)
        for position in 1...count {
            let flag = ws.flags[position]
            guard Self.endsSegment(flag, charWrapping: engine.charWrapping) else { continue }
            if mode == .measuredClusters { engine.applyFeatures(from: start, to: position, in: ws) }
            let (measure, hasTab) = measureSegment(from: start, to: position, startX: 0)
            let kerning = kerning(lastGlyph: previous.lastGlyph, lastFont: previous.lastFont, before: measure)
            segments.append(PreparedSegment(end: UInt32(position), isMandatory: Self.isMandatory(flag),
                                            hasTab: hasTab, measure: measure, kerningBefore: kerning))
            previous = measure
            start = position
        }
        return segments
    }

    /// The measure of the segment `start..<end` from pen position `startX`, from its measured clusters, and whether it
    /// holds a tab (whose width depends on `startX`).
    @inline(__always)
    private func measureSegment(from start: Int, to end: Int, startX: Double) -> (SegmentMeasure, hasTab: Bool) {
        var x = startX
        var visibleEnd = startX
        var fonts: UInt64 = 0
        var hasVisible = false
        var hasTab = false
        var first = -1
        var last = -1
        for index in start..<end {
            switch ws.kinds[index] {
            case ClusterKind.visible:
                x += ws.advances[index]
                visibleEnd = x
                hasVisible = true
                fonts |= 1 << UInt64(ws.clusterFonts[index])
                if first < 0 { first = index }
                last = index
            case ClusterKind.hanging:
                x += ws.advances[index]
                if first < 0 { first = index }
                last = LayoutEngine.isHardBreak(ws.scalars[index]) ? -1 : index
            case ClusterKind.tab:
                x = nextTabStop(after: x)
                hasTab = true
                last = -1
            default:
                break
            }
        }
        var measure = SegmentMeasure(wordWidth: visibleEnd - startX, totalWidth: x - startX, fonts: fonts,
                                     hasVisible: hasVisible)
        if engine.usesFeatures {
            if first >= 0 && !LayoutEngine.isHardBreak(ws.scalars[first]) {
                (measure.firstGlyph, measure.firstFont) = engine.kerningGlyph(at: first, in: ws)
            }
            if last >= 0 { (measure.lastGlyph, measure.lastFont) = engine.kerningGlyph(at: last, in: ws) }
        }
        return (measure, hasTab)
    }

    /// `measureSegment` for a segment of one scalar, from its measured cluster alone.
    @inline(__always)
    private func measureSingleScalarSegment(at index: Int) -> SegmentMeasure {
        let kind = ws.kinds[index]
        let advance = ws.advances[index]
        var measure: SegmentMeasure
        switch kind {
        case ClusterKind.visible:
            measure = SegmentMeasure(wordWidth: advance, totalWidth: advance,
                                     fonts: 1 << UInt64(ws.clusterFonts[index]), hasVisible: true)
        case ClusterKind.hanging:
            measure = SegmentMeasure(wordWidth: 0, totalWidth: advance, fonts: 0, hasVisible: false)
            if LayoutEngine.isHardBreak(ws.scalars[index]) { return measure }
        default:
            // A tab is measured where it stands; an ignorable takes no room and kerns against nothing.
            return SegmentMeasure(wordWidth: 0, totalWidth: 0, fonts: 0, hasVisible: false)
        }
        if engine.usesFeatures {
            let (glyph, font) = engine.kerningGlyph(at: index, in: ws)
            (measure.firstGlyph, measure.firstFont, measure.lastGlyph, measure.lastFont) = (glyph, font, glyph, font)
        }
        return measure
    }

    /// The segment's measure relative to its start — from the session's segment cache when it holds the segment's
    /// text, else measured (and stored, unless a tab makes it depend on where it stands) — and whether its clusters
    /// are now measured in the workspace, and whether it holds a tab.
    private mutating func segmentMeasure(from start: Int, to end: Int)
        -> (measure: SegmentMeasure, clustersReady: Bool, hasTab: Bool)
    {
        switch mode {
        case .prepared:
            let (measure, hasTab) = measureSegment(from: start, to: end, startX: 0)
            return (measure, true, hasTab)
        case .measuredClusters:
            engine.applyFeatures(from: start, to: end, in: ws)
            let (measure, hasTab) = measureSegment(from: start, to: end, startX: 0)
            return (measure, true, hasTab)
        case .measuring:
            break
        }
        // One scalar (an ideograph, a space, punctuation): measured directly, cheaper than hashing it.
        if end - start == 1 {
            glyphLookups += engine.measureClusters(from: start, to: end, in: ws)
            return (measureSingleScalarSegment(at: start), true, ws.kinds[start] == ClusterKind.tab)
        }
        guard let cache else {
            glyphLookups += engine.measureClusters(from: start, to: end, in: ws)
            engine.applyFeatures(from: start, to: end, in: ws)
            let (measure, hasTab) = measureSegment(from: start, to: end, startX: 0)
            return (measure, true, hasTab)
        }
        let key = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8[Int(ws.offsets[start])..<Int(ws.offsets[end])]))
        let hash = SegmentWidthCache.hash(key)
        let fingerprint = engine.fingerprint
        if let cached = cache._withUnsafeGuaranteedRef({ $0.lookup(key, hash: hash, fingerprint: fingerprint) }) {
            return (cached, false, false)
        }
        glyphLookups += engine.measureClusters(from: start, to: end, in: ws)
        engine.applyFeatures(from: start, to: end, in: ws)
        let (measure, hasTab) = measureSegment(from: start, to: end, startX: 0)
        if !hasTab { cache._withUnsafeGuaranteedRef { $0.insert(key, hash: hash, value: measure) } }
        return (measure, true, hasTab)
    }

    /// The common case of CJK text — a segment of one visible scalar, an ideograph or a kana — placed without the
    /// general machinery: measured, kerned against the line's last cluster, fitted. Exactly what `place` does for
    /// it (a single cluster wider than the line stands alone on an empty line either way). Returns false, having
    /// changed nothing but the scalar's measurement, when the scalar is not one visible cluster or is followed by a
    /// mark, so that `place` takes it.
    @inline(__always)
    private mutating func placeSingleVisibleScalar(at index: Int) -> Bool {
        engine.measureSingle(ws.scalars[index], at: index, in: ws)
        guard ws.kinds[index] == ClusterKind.visible else { return false }
        glyphLookups += 1
        let advance = ws.advances[index]
        let font = ws.clusterFonts[index]
        let kerns = engine.kerns[Int(font)]
        let glyph = kerns ? ws.glyphs.unsafelyUnwrapped[index] : 0
        var startX = line.x
        if kerns && line.hasContent && line.lastFont == font {
            startX += engine.kerning(line.lastGlyph, glyph, font: Int(font))
        }
        if line.hasContent && startX + advance > wrapWidth + Self.epsilon {
            finish(at: index)
            startX = 0
        }
        line.width = startX + advance
        line.x = line.width
        line.fonts |= 1 << UInt64(font)
        line.hasContent = true
        line.lastGlyph = glyph
        line.lastFont = kerns ? font : SegmentMeasure.noFont
        return true
    }

    /// Puts the segment `start..<end` on the current line, or on a new one, or across several if it is wider than a
    /// line.
    private mutating func place(from start: Int, to end: Int, known: PreparedSegment? = nil) {
        var (measure, clustersReady, hasTab) = known.map { ($0.measure, true, $0.hasTab) }
            ?? segmentMeasure(from: start, to: end)
        if hasTab { measure = measureSegment(from: start, to: end, startX: line.x).0 }
        // Kerning between the line's last cluster and this segment's first, when they share a font that kerns.
        var startX = line.x + kerning(after: line, before: measure)
        if line.hasContent && measure.hasVisible && startX + measure.wordWidth > wrapWidth + Self.epsilon {
            finish(at: start)
            startX = 0
            if hasTab { measure = measureSegment(from: start, to: end, startX: 0).0 }
        }
        if !line.hasContent && measure.hasVisible && measure.wordWidth > wrapWidth + Self.epsilon {
            if !clustersReady {
                glyphLookups += engine.measureClusters(from: start, to: end, in: ws)
                engine.applyFeatures(from: start, to: end, in: ws)
            }
            breakLongSegment(from: start, to: end, measure: measure)
            return
        }
        extendLine(with: measure, at: startX)
    }

    /// `place` for a segment whose clusters are measured and whose `measure` is known and holds no tab (a prepared
    /// text's, the common case of re-laying out): the same steps without the branches that cannot apply. `kerning`
    /// is the pair kerning against the previous segment, which is what the line ends with whenever it has content.
    @inline(__always)
    private mutating func placeMeasured(from start: Int, to end: Int, measure: SegmentMeasure, kerning: Double) {
        var startX = line.x + (line.hasContent ? kerning : 0)
        if measure.hasVisible && startX + measure.wordWidth > wrapWidth + Self.epsilon {
            if line.hasContent {
                finish(at: start)
                startX = 0
            }
            if measure.wordWidth > wrapWidth + Self.epsilon {
                breakLongSegment(from: start, to: end, measure: measure)
                return
            }
        }
        extendLine(with: measure, at: startX)
    }

    /// Puts a segment with `measure` on the current line with its start at pen position `startX`.
    @inline(__always)
    private mutating func extendLine(with measure: SegmentMeasure, at startX: Double) {
        if measure.hasVisible { line.width = startX + measure.wordWidth }
        line.x = startX + measure.totalWidth
        line.fonts |= measure.fonts
        line.hasContent = true
        line.lastGlyph = measure.lastGlyph
        line.lastFont = measure.lastFont
    }

    /// The pair kerning, in points, between the last cluster on `line` and the first of a segment with `measure`.
    @inline(__always)
    private func kerning(after line: LineState, before measure: SegmentMeasure) -> Double {
        line.hasContent ? kerning(lastGlyph: line.lastGlyph, lastFont: line.lastFont, before: measure) : 0
    }

    /// The pair kerning, in points, between a cluster with `lastGlyph` in `lastFont` and the first of a segment with
    /// `measure`.
    @inline(__always)
    private func kerning(lastGlyph: UInt32, lastFont: UInt8, before measure: SegmentMeasure) -> Double {
        // `firstFont` is a real font only where that font kerns (see `LayoutEngine.kerningGlyph`).
        guard measure.firstFont != SegmentMeasure.noFont, measure.firstFont == lastFont else { return 0 }
        return engine.kerning(lastGlyph, measure.firstGlyph, font: Int(measure.firstFont))
    }

    /// Emergency breaking: the segment alone is wider than a line, so it fills lines cluster by cluster (never
    /// splitting a grapheme cluster, and at least one cluster per line); its last piece stays on the current line for
    /// what follows, ending with the last cluster of `measure` (the segment's) for kerning.
    private mutating func breakLongSegment(from start: Int, to end: Int, measure: SegmentMeasure) {
        var x = 0.0
        var clusters = 0
        for index in start..<end {
            switch ws.kinds[index] {
            case ClusterKind.visible:
                let width = ws.advances[index]
                if clusters > 0 && x + width > wrapWidth + Self.epsilon {
                    // `line.width` already ends at the last visible cluster; whitespace before this one hangs.
                    line.hasContent = true
                    finish(at: index)
                    x = 0
                    clusters = 0
                }
                x += width
                clusters += 1
                line.width = x
                line.fonts |= 1 << UInt64(ws.clusterFonts[index])
            case ClusterKind.hanging:
                x += ws.advances[index]
            case ClusterKind.tab:
                x = nextTabStop(after: x)
            default:
                break
            }
        }
        line.x = x
        line.hasContent = true
        line.lastGlyph = measure.lastGlyph
        line.lastFont = measure.lastFont
    }

    /// Ends the current line at scalar `end`, adds it to the totals, and starts the next line there.
    private mutating func finish(at end: Int) {
        let fontSet = line.fonts == 0 ? 1 : line.fonts  // a line with no ink is as tall as the primary font's
        if fontSet != lastLineMetrics.fonts {
            var ascent = 0.0
            var descent = 0.0
            var leading = 0.0
            var fonts = fontSet
            while fonts != 0 {
                let metrics = engine.fontMetrics[fonts.trailingZeroBitCount]
                ascent = max(ascent, metrics.ascent)
                descent = max(descent, metrics.descent)
                leading = max(leading, metrics.leading)
                fonts &= fonts - 1
            }
            lastLineMetrics = (fontSet, ascent, descent, ascent + descent + (engine.usesFontLeading ? leading : 0))
        }
        let (_, ascent, descent, height) = lastLineMetrics
        totals.width = max(totals.width, line.width)
        totals.height += height
        totals.lines += 1
        if recordsLines {
            records.append(LineFragment(utf8Range: Int(ws.offsets[line.start])..<Int(ws.offsets[end]),
                                                  width: line.width, ascent: ascent, descent: descent,
                                                  height: height))
        }
        line = LineState(start: end)
    }
}

/// One segment of a `PreparedText`: where it ends, whether a hard break ends it, its measure from its own start
/// (a segment with a tab is measured again where it stands), and its pair kerning against the segment before it,
/// which applies whenever both share a line — found once when preparing, not at every width.
struct PreparedSegment {
    var end: UInt32
    var isMandatory: Bool
    var hasTab: Bool
    var measure: SegmentMeasure
    var kerningBefore: Double
}
