import Cache

/// The state of fitting one string into lines.
struct LineFitter {
    /// Slack for comparing widths, far below anything visible, so that sums of the same advances taken in another
    /// order never flip a break.
    static let epsilon = 1e-7

    /// The engine, unretained (`engine`). Every fitter lives inside one call, is never kept beyond it, and the call
    /// keeps the engine alive for the fitter's life: `LayoutEngine.withFitter` and `PreparedText.fit` extend the
    /// lifetime of the engine or the text that holds it (`withExtendedLifetime`), `PreparedStorage.init` has stored
    /// it in the storage being made. A caller merely holding the engine in a local is not enough: the optimizer may
    /// end a local's life at its last use.
    private let engineReference: Unmanaged<LayoutEngine>
    /// The engine, read without retaining it. A stored reference would be retained when the fitter is made and
    /// released when it ends: for a prepared text, whose engine every text the session prepared shares, two threads
    /// fitting texts then both wrote that one reference count for every text, and went no faster than one (`bench`'s
    /// re-layout suites, Latin: two threads ×0.87 of one, their workers taking twice the processor time). Yielded
    /// from the bits of the unmanaged reference: `unowned(unsafe)` storage or `takeUnretainedValue()` made the
    /// compiler retain the engine wherever it was used instead (11 retain and release calls in the CJK run loop, the
    /// warm CJK bench a third slower), where this reads like the stored property it replaces (none in the hot loops).
    var engine: LayoutEngine {
        @inline(__always) _read { yield unsafeBitCast(engineReference, to: LayoutEngine.self) }
    }

    /// The engine's unmanaged reference, for a method that must read the engine while it changes the fitter: bound
    /// to a local, `engine` would be retained and released once per string (a copy of a class reference), where
    /// `_withUnsafeGuaranteedRef` on this one borrows it.
    var unretainedEngine: Unmanaged<LayoutEngine> { engineReference }
    /// The string's scratch; its cluster columns are moved forward along the string as segments are measured (and
    /// grown for a long segment that must be measured whole).
    var ws: Workspace
    let utf8: UnsafeBufferPointer<UInt8>
    /// The width lines wrap at plus `epsilon`, what a line's width is compared with: added once, not for every
    /// scalar placed.
    let wrapLimit: Double
    let mode: LayoutEngine.FitMode
    /// The session's segment cache, when measuring with one. Unretained: the session's state holds it for longer
    /// than any fitter lives, and retaining it for every segment cost as much as a lookup.
    let cache: Unmanaged<SegmentWidthCache>?
    let recordsLines: Bool
    var line = LineState(start: 0)
    var totals = Totals()
    /// The lines, when `recordsLines`.
    var records: [LineFragment] = []
    /// Where the lines start from the margin tab stops are measured from (a paragraph's head indent, docs/semantics/sizing.md §A5): a
    /// tab at x goes to the next stop after `tabOrigin + x`.
    var tabOrigin = 0.0
    /// Scalars whose advance was looked up while fitting.
    var glyphLookups = 0
    /// Segments the one-pass fit placed in its run loop (`placeRun`).
    var runSegments = 0
    /// Segments crossing a script run that the one-pass fit measured itself (`crossingSegmentMeasure`).
    var crossingSegments = 0
    /// The brackets open before a crossing segment, read once through the string (`crossingSegmentMeasure`).
    var bracketScan = BracketScan()
    /// Segments measured by HarfBuzz (shaped now or found shaped in the cache).
    var shapedSegments = 0
    /// Of those, segments another session made with this one had shaped (`SharedShapedSegments`).
    var sharedShapeHits = 0
    /// Segments longer than the cluster columns, measured window by window (`placeLongSegment`).
    var windowedSegments = 0
    /// The last dictionary seam a segment was shaped across (`seamWindow`, `applySeams`), -1 for none.
    var crossedSeam = -1
    /// Whether a prepared text's fitting had to break a shaped segment inside itself: each line's part would have to
    /// be shaped again on its own (`breakLongShapedSegment`), which a prepared text, shaping nothing, cannot do; its
    /// size is then found by a session instead (`PreparedText`).
    var needsReshaping = false
    /// The session's shaping context (nil for a prepared text, which shapes nothing).
    private let shaping: Unmanaged<ShapingContext>?
    /// The session's shaping context, for the one-pass fit's crossing segments (`crossingSegmentMeasure`).
    var shapingContext: Unmanaged<ShapingContext>? { shaping }
    /// Whether every segment is shaped: the string has right-to-left or embedded bidi levels, or the measurer's
    /// shaper is HarfBuzz alone.
    let shapesAll: Bool
    /// The string's scalar count, for resolving its shaping context when a segment first needs it.
    var count = 0
    /// The last real script placed so far (`LayoutEngine.realScript`), which Common scalars after it join: pairs are
    /// kerned across segments only within one script run, as HarfBuzz kerns them (kept only when kerning applies).
    private var storedPreviousScript: UInt8 = 0
    /// The last one-scalar segment placed since `storedPreviousScript` was last brought up to date (-1: none), and
    /// where that was: the CJK fast path only notes where it is, and the script is looked up when a decision needs
    /// it (`previousScript`), which is rare.
    private var pendingSingle = -1
    private var scriptWatermark = 0
    /// Whether segment-cache lookups are prefetched ahead (measuring with a cache, segments under plain keys, and the
    /// string not Latin-1 alone).
    var prefetches: Bool
    /// Whether the string is Latin-1 alone and its segments are measured by `LayoutEngine.latin1SegmentMeasure`.
    var fusesLatin1 = false
    /// Whether Latin-1 strings may take the one-pass measures at all (off for the tests that compare them with the
    /// cluster path).
    var allowsLatin1Shortcuts = true
    /// Whether a segment with a scalar that surely shapes goes to its shaped key straight away, without the plain
    /// key's lookup (`surelyShapes`): set for strings in scripts that shape (`ShapingContext.mayNeedShaping`).
    private var asksScalarsFirst = false
    /// Whether the string is Latin-1 alone (1), or not (0), once asked (-1 before: `textIsLatin1`): in such a string
    /// no closing bracket takes another script's run (`kernsIntoBracket`).
    private var textIsLatin1State: Int8 = -1
    private var prefetch = SegmentPrefetch()
    /// The font set of the last finished line and its ascent, descent and height: consecutive lines mostly use the
    /// same fonts, so their metrics are combined once.
    private var lastLineMetrics: (fonts: UInt64, ascent: Double, descent: Double, height: Double) = (0, 0, 0, 0)

    init(
        engine: borrowing LayoutEngine, ws: Workspace, utf8: UnsafeBufferPointer<UInt8>, wrapWidth: Double,
        mode: LayoutEngine.FitMode, cache: SegmentWidthCache?, recordsLines: Bool
    ) {
        engineReference = .passUnretained(engine)
        self.ws = ws
        self.utf8 = utf8
        wrapLimit = wrapWidth + Self.epsilon
        self.mode = mode
        self.cache = cache.map { .passUnretained($0) }
        self.recordsLines = recordsLines
        shaping = ws.shaping
        // Read in place: `takeUnretainedValue()` retained and released the context for every string.
        shapesAll = ws.shaping.map { $0._withUnsafeGuaranteedRef { $0.hasBidi } || engine.shapesEverything } ?? false
        prefetches = mode == .measuring && !shapesAll && cache != nil
        ws.notes?.pointee = ClusterNotes()
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
        /// Clusters no font maps.
        var missingGlyphs = 0
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
    mutating func fit(
        count: Int, endsWithHardBreak: Bool,
        segments: UnsafeBufferPointer<PreparedSegment>? = nil
    ) -> TextSize {
        self.count = count
        if let segments {
            var start = 0
            for index in segments.indices {
                let end = Int(segments[index].end)
                if segments[index].hasTab {
                    place(from: start, to: end, known: segments[index])
                } else {
                    placeMeasured(
                        from: start, to: end, measure: segments[index].measure,
                        kerning: segments[index].kerningBefore)
                }
                if segments[index].isMandatory {
                    if engine.honoursHardBreaks && end < count { finish(at: end) }
                    if ScriptItemizer.isParagraphSeparator(ws.scalars[end - 1]) { startParagraph(at: end) }
                }
                start = end
            }
        } else if count > 0 {
            if mode == .measuring && !shapesAll && engine.fusesLatin1 && allowsLatin1Shortcuts
                && LayoutEngine.isLatin1(ws.scalars, count: count)
            {
                // Its segments never reach the cache (but the few the fused pass declines), so nothing is prefetched.
                fusesLatin1 = true
                prefetches = false
            }
            if mode == .measuring && !shapesAll && cache != nil,
                let shaping, shaping._withUnsafeGuaranteedRef({ $0.mayNeedShaping })
            {
                // Most segments skip the plain key, whose lookups the prefetch is for.
                asksScalarsFirst = true
                prefetches = false
            }
            if prefetches, let cache {
                prefetch.runAhead(count: count, charWrapping: engine.charWrapping, ws: ws, utf8: utf8, cache: cache)
            }
            var segmentStart = 0
            let measuring = mode == .measuring && !shapesAll
            for position in 1...count {
                let flag = ws.flags[position]
                guard Self.endsSegment(flag, charWrapping: engine.charWrapping) else { continue }
                // The cluster columns hold the whole string unless it is longer than they are.
                if ws.holds(to: position) || !makeRoom(from: segmentStart, to: position) {
                    if measuring && position == segmentStart + 1 && placeSingleVisibleScalar(at: segmentStart) {
                        segmentStart = position
                        continue
                    }
                    place(from: segmentStart, to: position)
                }
                if Self.isMandatory(flag) {
                    if engine.honoursHardBreaks && position < count { finish(at: position) }
                    if ScriptItemizer.isParagraphSeparator(ws.scalars[position - 1]) { startParagraph(at: position) }
                }
                segmentStart = position
            }
        }
        finish(at: count)
        if engine.measurer.options.countsTrailingLineBreak && engine.honoursHardBreaks && endsWithHardBreak {
            finish(at: count)
        }
        return TextSize(
            width: totals.width, height: totals.height, lineCount: totals.lines,
            missingGlyphs: totals.missingGlyphs)
    }

    /// The next tab stop after `x`.
    @inline(__always)
    func nextTabStop(after x: Double) -> Double {
        let fromMargin = x + tabOrigin
        if let stop = engine.tabStops.first(where: { $0 > fromMargin }) { return stop - tabOrigin }
        return ((fromMargin / engine.tabInterval).rounded(.down) + 1) * engine.tabInterval - tabOrigin
    }

    /// The segments of the `count` analysed and measured scalars, each with its measure from its own start: what a
    /// `PreparedText` keeps so that fitting it only adds.
    mutating func preparedSegments(count: Int) -> [PreparedSegment] {
        self.count = count
        var segments: [PreparedSegment] = []
        guard count > 0 else { return segments }
        var start = 0
        var previous = SegmentMeasure(wordWidth: 0, totalWidth: 0, fonts: 0, hasVisible: false)
        for position in 1...count {
            let flag = ws.flags[position]
            guard Self.endsSegment(flag, charWrapping: engine.charWrapping) else { continue }
            var missing: UInt32 = 0
            var dropsEdgeKerning = false
            var shaped = false
            if mode == .measuredClusters {
                (dropsEdgeKerning, missing, shaped) = prepareMeasuredClusters(
                    from: start, to: position,
                    stringCount: count, acrossSeams: true)
            }
            var (measure, hasTab) = measureSegment(from: start, to: position, startX: 0)
            if mode == .measuredClusters && crossesScriptRun(measure) {
                (dropsEdgeKerning, missing, shaped) = prepareMeasuredClusters(
                    from: start, to: position, stringCount: count, remeasure: true, forcesShaping: true,
                    acrossSeams: true)
                (measure, hasTab) = measureSegment(from: start, to: position, startX: 0)
            }
            measure.missingGlyphs = missing
            // Kept so that fitting knows a shaped segment too wide for a line must be shaped again in parts.
            measure.isShaped = shaped
            if dropsEdgeKerning { Self.dropKerningGlyphs(&measure) }
            if shaped {
                let extended = seamWindow(from: start, to: position).end > position
                applySeams(to: &measure, from: start, to: position, extended: extended)
            }
            let kerning = kerning(lastGlyph: previous.lastGlyph, lastFont: previous.lastFont, before: measure)
            notePlaced(lastScript: measure.lastScript, end: position)
            if Self.isMandatory(flag) && ScriptItemizer.isParagraphSeparator(ws.scalars[position - 1]) {
                startParagraph(at: position)
            }
            segments.append(
                PreparedSegment(
                    end: UInt32(position), isMandatory: Self.isMandatory(flag),
                    hasTab: hasTab, measure: measure, kerningBefore: kerning))
            previous = measure
            start = position
        }
        return segments
    }

    /// The measure of the segment `start..<end` from pen position `startX`, from its measured clusters, and whether it
    /// holds a tab (whose width depends on `startX`).
    @inline(__always)
    private mutating func measureSegment(from start: Int, to end: Int, startX: Double)
        -> (SegmentMeasure, hasTab: Bool)
    {
        var sum = SegmentSum(startX: startX)
        add(from: start, to: end, into: &sum)
        var measure = SegmentMeasure(
            wordWidth: sum.visibleEnd - startX, totalWidth: sum.x - startX, fonts: sum.fonts,
            hasVisible: sum.hasVisible)
        if engine.usesFeatures {
            if sum.first >= 0 && !LayoutEngine.isHardBreak(ws.scalars[sum.first]) {
                (measure.firstGlyph, measure.firstFont) = engine.kerningGlyph(at: sum.first, in: ws)
            }
            if sum.last >= 0 {
                (measure.lastGlyph, measure.lastFont) = engine.trailingKerningGlyph(at: sum.last, in: ws)
            }
            setScripts(of: &measure, from: start, to: end)
            if kernsIntoBracket(from: start, to: end) { measure.crossesRunsInside = true }
        }
        return (measure, sum.hasTab)
    }

    /// What `measureSegment` adds up over a segment's measured clusters, kept apart so that a long segment is added up
    /// window by window in the same order (`placeLongSegment`).
    struct SegmentSum {
        /// The pen position.
        var x: Double
        /// The pen position after the last visible cluster.
        var visibleEnd: Double
        var fonts: UInt64 = 0
        var hasVisible = false
        var hasTab = false
        /// The first visible or whitespace cluster, and the last one (-1 after a tab or a hard break), for kerning
        /// across the segment's edges.
        var first = -1
        var last = -1
        /// The glyph of the last visible or whitespace cluster (`last`, whose window may be gone).
        var lastGlyph: UInt32 = 0

        init(startX: Double) {
            x = startX
            visibleEnd = startX
        }
    }

    /// The font bits (`LayoutEngine.fontBits`) of the measured visible cluster at `index`, in a segment ending at
    /// `end`: its font's, and those of the fonts that draw grapheme extenders it borrows (`LayoutEngine.borrowsFlag`),
    /// for the line's height comes from every font drawn on it.
    @inline(__always)
    func fontBits(ofClusterAt index: Int, before end: Int) -> UInt64 {
        let bits = engine.fontBits[Int(ws.clusterFonts[index])]
        guard _slowPath(ws.flags[index] & LayoutEngine.borrowsFlag != 0) else { return bits }
        return bits | Self.borrowedFontBits(ofClusterAt: index, before: end, engine: engine, ws: ws)
    }

    /// `LayoutEngine.borrowedFontBits` for the cluster at `index`, out of line: seldom asked.
    @inline(never)
    static func borrowedFontBits(ofClusterAt index: Int, before end: Int, engine: LayoutEngine, ws: Workspace)
        -> UInt64
    {
        engine.borrowedFontBits(ofClusterAt: index, before: end, in: ws)
    }

    /// Adds the measured clusters `start..<end` to `sum`.
    @inline(__always)
    func add(from start: Int, to end: Int, into sum: inout SegmentSum) {
        for index in start..<end {
            switch ws.kinds[index] {
            case ClusterKind.visible:
                sum.x += ws.advances[index]
                sum.visibleEnd = sum.x
                sum.hasVisible = true
                sum.fonts |= fontBits(ofClusterAt: index, before: end)
                if sum.first < 0 { sum.first = index }
                sum.last = index
                sum.lastGlyph = ws.glyphs[index]
            case ClusterKind.hanging:
                if _slowPath(ws.flags[index] & LayoutEngine.hangingKernFlag != 0) && sum.x == sum.visibleEnd {
                    // Its advance carries the pair `applyFeatures` kerned against the cluster before it, the last
                    // visible one: HarfBuzz's part of it stays in the visible width (`Latin1Sum.add`).
                    let font = Int(ws.clusterFonts[index])
                    let units = engine.features[font].unsafelyUnwrapped.kerning(sum.lastGlyph, ws.glyphs[index])
                    sum.visibleEnd = sum.x + engine.hangingShare(ofKerning: units, font: font)
                }
                sum.x += ws.advances[index]
                if sum.first < 0 { sum.first = index }
                sum.last = LayoutEngine.isHardBreak(ws.scalars[index]) ? -1 : index
                sum.lastGlyph = ws.glyphs[index]
            case ClusterKind.tab:
                sum.x = nextTabStop(after: sum.x)
                sum.hasTab = true
                sum.last = -1
            default:
                break
            }
        }
    }

    /// The last real script placed so far: the stored one, brought up to date with the one-scalar segments placed
    /// since (the last of them with a real script).
    mutating func previousScript() -> UInt8 {
        if pendingSingle >= 0 {
            var index = pendingSingle
            while index >= scriptWatermark {
                let script = engine.realScript(of: ws.scalars[index])
                if script != 0 {
                    storedPreviousScript = script
                    break
                }
                index -= 1
            }
            scriptWatermark = pendingSingle + 1
            pendingSingle = -1
        }
        return storedPreviousScript
    }

    /// Starts a paragraph at scalar `index`, after a paragraph separator (`ScriptItemizer.isParagraphSeparator`):
    /// the itemizer itemizes each paragraph alone, so no script placed before it is the previous script of what
    /// follows (a leading "-" takes the script of the letter after it, not that of the line before).
    @inline(__always)
    mutating func startParagraph(at index: Int) {
        storedPreviousScript = 0
        pendingSingle = -1
        scriptWatermark = index
    }

    /// Records that a segment ending at `end` was placed whose last real script is `script` (0: none).
    @inline(__always)
    mutating func notePlaced(lastScript script: UInt8, end: Int) {
        guard script != 0 else { return }
        storedPreviousScript = script
        pendingSingle = -1
        scriptWatermark = end
    }

    /// The first and last real scripts of `start..<end`, whether it starts with a Common scalar, and whether two of
    /// its real scripts differ (`crossesRunsInside`, which `kernsIntoBracket` also sets).
    @inline(__always)
    func setScripts(of measure: inout SegmentMeasure, from start: Int, to end: Int) {
        var index = start
        while index < end {
            let script = engine.realScript(of: ws.scalars[index])
            if script != 0 {
                measure.firstScript = script
                break
            }
            index += 1
        }
        measure.startsWithCommon = index > start
        guard measure.firstScript != 0 else { return }
        var back = end - 1
        while back >= index {
            let script = engine.realScript(of: ws.scalars[back])
            if script != 0 {
                measure.lastScript = script
                break
            }
            back -= 1
        }
        if measure.lastScript != measure.firstScript {
            measure.crossesRunsInside = true
            return
        }
        // The same script at both ends: another one may still lie between them.
        var middle = index + 1
        while middle < back {
            let script = engine.realScript(of: ws.scalars[middle])
            if script != 0 && script != measure.firstScript {
                measure.crossesRunsInside = true
                return
            }
            middle += 1
        }
    }

    /// Whether a pair of the measured clusters `start..<end` kerns into a closing bracket `)`, `]` or `}`: the cluster
    /// before it (the last visible or whitespace one, as `LayoutEngine.applyFeatures` pairs them) in its font, which
    /// kerns — in a string that is not Latin-1 alone, whose scalars have one real script (Latin) and whose brackets
    /// therefore take no other run (so the cluster path stays the fused Latin-1 measure's, to the bit). Most segments
    /// hold no bracket, and the scan reads one scalar each.
    private mutating func kernsIntoBracket(from start: Int, to end: Int) -> Bool {
        guard end - start > 1 else { return false }
        for index in (start + 1)..<end {
            guard Latin1Sum.isClosingBracket(Int(ws.scalars[index])), ws.kinds[index] == ClusterKind.visible
            else { continue }
            var previous = index - 1
            while previous >= start && ws.kinds[previous] == ClusterKind.continuation { previous -= 1 }
            guard previous >= start, ws.kinds[previous] != ClusterKind.tab,
                !LayoutEngine.isHardBreak(ws.scalars[previous])
            else { continue }
            let font = ws.clusterFonts[index]
            guard ws.clusterFonts[previous] == font, engine.kerns[Int(font)] else { continue }
            guard engine.kerning(ws.glyphs[previous], ws.glyphs[index], font: Int(font)) != 0 else { continue }
            return !textIsLatin1()
        }
        return false
    }

    /// HarfBuzz's part (`LayoutEngine.hangingShare`) of the pair kerned into the first whitespace after the last
    /// visible scalar of the one-pass segment in bytes `start..<end`, when whitespace ends it: the cluster path keeps
    /// it in the segment's width (`add`, `LayoutEngine.hangingKernFlag`), the one-pass sums (`Latin1Sum`) leave it
    /// out, and their callers add it — here, once a segment, so that the loops stay as they were. Entries are read
    /// from `latin1`, and beyond Latin-1 from the session's `directory` (the segment's scalars have entries, made
    /// when they were walked).
    ///
    /// The common case costs a few instructions: ASCII spaces end the segment after a scalar that is no white space,
    /// and the space's glyph is the right glyph of no pair of its font (`ScalarEntry.kernsAsRight`: DejaVu Sans,
    /// Noto). (Static, with the string and the engine given: a method of the fitter called where it changes itself
    /// copied the whole fitter, 656 bytes, for every segment.)
    @inline(__always)
    static func hangingShareAtEnd(
        from start: Int, to end: Int, in utf8: UnsafeBufferPointer<UInt8>, engine: Unmanaged<LayoutEngine>,
        latin1: UnsafePointer<LayoutEngine.ScalarEntry>,
        directory: UnsafeMutablePointer<UnsafeMutablePointer<LayoutEngine.ScalarEntry>?>?
    ) -> Double {
        let bytes = utf8.baseAddress.unsafelyUnwrapped
        var first = end
        while first > start && bytes[first &- 1] == 0x20 { first &-= 1 }
        if first < end {
            guard first > start else { return 0 }
            if !(latin1 + 0x20).pointee.kernsAsRight
                && (bytes[first &- 1] < 0x80 || !endsWithMultiByteWhiteSpace(bytes, at: first, from: start))
            {
                return 0
            }
        }
        return hangingShareAtEndSlowly(
            from: start, to: end, in: utf8, engine: engine, latin1: latin1, directory: directory)
    }

    /// Whether the scalar that ends at byte `end` (after `start`) is white space of more than one byte (U+0085,
    /// U+1680, U+2000…U+200A, U+205F, U+3000), read from its bytes.
    @inline(__always)
    static func endsWithMultiByteWhiteSpace(_ bytes: UnsafePointer<UInt8>, at end: Int, from start: Int) -> Bool {
        let last = bytes[end &- 1]
        guard last >= 0x80 else { return false }
        if end &- start >= 2 && bytes[end &- 2] == 0xC2 && last == 0x85 { return true }
        guard end &- start >= 3 else { return false }
        let (lead, middle) = (bytes[end &- 3], bytes[end &- 2])
        return (lead == 0xE3 && middle == 0x80 && last == 0x80) || (lead == 0xE2 && middle == 0x80 && last <= 0x8A)
            || (lead == 0xE2 && middle == 0x81 && last == 0x9F) || (lead == 0xE1 && middle == 0x9A && last == 0x80)
    }

    /// `hangingShareAtEnd` read whole: the trailing white space scalar by scalar, the pair looked up.
    @inline(never)
    static func hangingShareAtEndSlowly(
        from start: Int, to end: Int, in utf8: UnsafeBufferPointer<UInt8>, engine: Unmanaged<LayoutEngine>,
        latin1: UnsafePointer<LayoutEngine.ScalarEntry>,
        directory: UnsafeMutablePointer<UnsafeMutablePointer<LayoutEngine.ScalarEntry>?>?
    ) -> Double {
        func entry(_ scalar: UInt32) -> UnsafePointer<LayoutEngine.ScalarEntry>? {
            if scalar < 256 { return latin1 + Int(scalar) }
            guard let directory, let page = directory[Int(scalar >> OnePassTables.pageShift)] else { return nil }
            return UnsafePointer(page + Int(scalar & UInt32(OnePassTables.pageSize - 1)))
        }
        var offset = end
        var first: UInt32?
        while offset > start, let previous = Self.scalar(before: offset, in: utf8), previous.offset >= start,
            LayoutEngine.singleScalarKind(previous.scalar) == ClusterKind.hanging
        {
            first = previous.scalar
            offset = previous.offset
        }
        guard let first, offset > start, let last = Self.scalar(before: offset, in: utf8), last.offset >= start,
            let left = entry(last.scalar), let right = entry(first),
            last.scalar < 256 || left.pointee.flags & LayoutEngine.ScalarEntry.made != 0,
            first < 256 || right.pointee.flags & LayoutEngine.ScalarEntry.made != 0,
            // A glyph that is the left of no pair has no font here (`ScalarEntry.lineFont`); one of no pair on
            // the right says so (`kernsAsRight`).
            left.pointee.lineFont != SegmentMeasure.noFont, right.pointee.kernsAsRight
        else { return 0 }
        return engine._withUnsafeGuaranteedRef { $0.hangingShare(left: left.pointee, right: right.pointee) }
    }

    /// Whether the string is Latin-1 alone — no byte starts a scalar beyond U+00FF, as the engine decides which pass
    /// takes it (`LayoutEngine.firstByteBeyondLatin1`); its scalars when the fitter has no bytes — found once per
    /// string.
    mutating func textIsLatin1() -> Bool {
        if textIsLatin1State < 0 {
            let latin1 =
                utf8.isEmpty
                ? LayoutEngine.isLatin1(ws.scalars, count: count)
                : LayoutEngine.firstByteBeyondLatin1(utf8) == utf8.count
            textIsLatin1State = latin1 ? 1 : 0
        }
        return textIsLatin1State == 1
    }

    /// `measureSegment` for a segment of one scalar, from its measured cluster alone.
    @inline(__always)
    private func measureSingleScalarSegment(at index: Int) -> SegmentMeasure {
        let kind = ws.kinds[index]
        let advance = ws.advances[index]
        var measure: SegmentMeasure
        switch kind {
        case ClusterKind.visible:
            measure = SegmentMeasure(
                wordWidth: advance, totalWidth: advance,
                fonts: engine.fontBits[Int(ws.clusterFonts[index])], hasVisible: true)
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
            if _slowPath(ws.flags[index] & LayoutEngine.trailingGlyphFlag != 0) {
                (measure.lastGlyph, measure.lastFont) = engine.trailingKerningGlyph(at: index, in: ws)
            }
            setScripts(of: &measure, from: index, to: index + 1)
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
            var (dropsEdgeKerning, missing, shaped) = prepareMeasuredClusters(
                from: start, to: end, stringCount: count, acrossSeams: true)
            var (measure, hasTab) = measureSegment(from: start, to: end, startX: 0)
            if crossesScriptRun(measure) {
                (dropsEdgeKerning, missing, shaped) = prepareMeasuredClusters(
                    from: start, to: end, stringCount: count,
                    remeasure: true, forcesShaping: true, acrossSeams: true)
                (measure, hasTab) = measureSegment(from: start, to: end, startX: 0)
            }
            measure.missingGlyphs = missing
            if dropsEdgeKerning { Self.dropKerningGlyphs(&measure) }
            if shaped {
                let extended = seamWindow(from: start, to: end).end > end
                applySeams(to: &measure, from: start, to: end, extended: extended)
            }
            return (measure, true, hasTab)
        case .measuring:
            break
        }
        if shapesAll { return shapedSegmentMeasure(from: start, to: end, clustersMeasured: false) }
        // One scalar (an ideograph, a space, punctuation): measured directly, cheaper than hashing it.
        if end - start == 1 {
            glyphLookups += engine.measureClusters(from: start, to: end, in: ws)
            let notes = takeNotes()
            if notes.flags & ClusterNotes.shapes != 0 {
                return shapedSegmentMeasure(from: start, to: end, clustersMeasured: true, notes: notes)
            }
            var measure = measureSingleScalarSegment(at: start)
            measure.missingGlyphs = notes.missing
            return (measure, true, ws.kinds[start] == ClusterKind.tab)
        }
        if fusesLatin1, let measure = engine.latin1SegmentMeasure(from: start, to: end, in: ws) {
            glyphLookups += end - start
            // As a cached measure is used: shaped instead when it crosses a script run.
            if crossesScriptRun(measure) { return shapedSegmentMeasure(from: start, to: end, clustersMeasured: false) }
            return (measure, false, false)
        }
        guard let cache else {
            glyphLookups += engine.measureClusters(from: start, to: end, in: ws)
            let notes = takeNotes()
            if notes.flags & ClusterNotes.shapes != 0 {
                return shapedSegmentMeasure(from: start, to: end, clustersMeasured: true, notes: notes)
            }
            engine.applyFeatures(from: start, to: end, in: ws)
            var (measure, hasTab) = measureSegment(from: start, to: end, startX: 0)
            measure.missingGlyphs = notes.missing
            // Shaped from freshly measured clusters (the fast path's ligatures changed these).
            if crossesScriptRun(measure) { return shapedSegmentMeasure(from: start, to: end, clustersMeasured: false) }
            return (measure, true, hasTab)
        }
        if asksScalarsFirst && surelyShapes(from: start, to: end) {
            return shapedSegmentMeasure(from: start, to: end, clustersMeasured: false)
        }
        // The plain key (the text alone) holds the segments the fast path measured, and for those that need HarfBuzz
        // (which depends on the text alone when the string has no bidi) a shaped entry that only says so: their
        // measures depend on the scripts around them, so they live under their context keys.
        let key = UnsafeRawBufferPointer(
            UnsafeBufferPointer(rebasing: utf8[Int(ws.offsets[start])..<Int(ws.offsets[end])]))
        let hash: UInt64
        if prefetches {
            // This segment's hash, found when it was prefetched; then the next segments' loads start, and overlap
            // this lookup's.
            hash = prefetch.hashForLookup(from: start, to: end, ws: ws, utf8: utf8)
            prefetch.runAhead(count: count, charWrapping: engine.charWrapping, ws: ws, utf8: utf8, cache: cache)
        } else {
            hash = SegmentWidthCache.hash(key)
        }
        let fingerprint = engine.fingerprint
        if let cached = cache._withUnsafeGuaranteedRef({ $0.lookup(key, hash: hash, fingerprint: fingerprint) }) {
            // A shaped entry under the plain key says the segment is shaped: its measure is under its context key.
            if cached.isShaped || crossesScriptRun(cached) {
                return shapedSegmentMeasure(from: start, to: end, clustersMeasured: false)
            }
            return (cached, false, false)
        }
        glyphLookups += engine.measureClusters(from: start, to: end, in: ws)
        let notes = takeNotes()
        if notes.flags & ClusterNotes.shapes != 0 {
            let shaped = shapedSegmentMeasure(from: start, to: end, clustersMeasured: true, notes: notes)
            if !shaped.hasTab { cache._withUnsafeGuaranteedRef { $0.insert(key, hash: hash, value: shaped.measure) } }
            return shaped
        }
        engine.applyFeatures(from: start, to: end, in: ws)
        var (measure, hasTab) = measureSegment(from: start, to: end, startX: 0)
        measure.missingGlyphs = notes.missing
        if !hasTab { cache._withUnsafeGuaranteedRef { $0.insert(key, hash: hash, value: measure) } }
        // Shaped from freshly measured clusters (the fast path's ligatures changed these).
        if crossesScriptRun(measure) { return shapedSegmentMeasure(from: start, to: end, clustersMeasured: false) }
        return (measure, true, hasTab)
    }

    /// Whether measuring the clusters of `start..<end` would note that HarfBuzz must shape it, known from its scalars
    /// alone: it has a cluster of one scalar whose script needs shaping (a real script outside the simple ones, or a
    /// scalar of the kinds `ScriptProperties.needsShaping` lists) and that is not default-ignorable (those have no
    /// width and note nothing). `LayoutEngine.singleScalarNotes` notes exactly that for such a cluster, so the
    /// segment is shaped either way, and going to its shaped key directly gives the measure the plain key's
    /// "shaped" entry would have led to, without that lookup. Clusters of several scalars are not asked about: one
    /// drawn by a bitmap-only font notes nothing.
    @inline(__always)
    private func surelyShapes(from start: Int, to end: Int) -> Bool {
        for index in start..<end {
            let properties = ScriptTable.properties(of: ws.scalars[index])
            guard properties.needsShaping && properties.script.isReal,
                ws.flags[index] & LineBreaker.graphemeBoundaryFlag != 0,
                ws.flags[index + 1] & LineBreaker.graphemeBoundaryFlag != 0
            else { continue }
            if !UnicodeProperties.properties(of: ws.scalars[index]).isDefaultIgnorable { return true }
        }
        return false
    }

    /// Whether a segment the fast path measured holds a script-run boundary HarfBuzz would not kern across: it holds
    /// two scripts ("が .d", one segment since no line may break before "."; `击"Save"按`, whose ends are both Han),
    /// or it starts with Common scalars, which join the run before it, and goes on in another script ("す(horikawa",
    /// where "(" is in the Hiragana run). Such a segment is shaped instead.
    @inline(__always)
    mutating func crossesScriptRun(_ measure: SegmentMeasure) -> Bool {
        if measure.crossesRunsInside { return true }
        guard measure.startsWithCommon && measure.firstScript != 0 else { return false }
        let previous = previousScript()
        return previous != 0 && measure.firstScript != previous
    }

    /// What measuring clusters noted since the last call, and clears it (it stays clear between segments, so the
    /// common case costs one load).
    @inline(__always)
    func takeNotes() -> ClusterNotes {
        guard let notes = ws.notes else { return ClusterNotes() }
        let taken = notes.pointee
        if taken.flags != 0 { notes.pointee = ClusterNotes() }
        return taken
    }

    /// The measure of a segment shaped by HarfBuzz: from the segment cache under its text and context (scripts and
    /// levels), else shaped now and stored. HarfBuzz kerned
    /// inside the segment; pairs across the edges of a left-to-right segment are kerned like the fast path's, with
    /// the glyphs HarfBuzz chose, and those of a right-to-left one not at all — but at a dictionary seam, where the
    /// segment is shaped with its neighbours (`seamWindow`, its key holding them) and HarfBuzz adjusted the pair
    /// (`applySeams`).
    private mutating func shapedSegmentMeasure(
        from start: Int, to end: Int, clustersMeasured: Bool,
        notes: ClusterNotes = ClusterNotes()
    )
        -> (measure: SegmentMeasure, clustersReady: Bool, hasTab: Bool)
    {
        shapedSegments += 1
        let context = shaping.unsafelyUnwrapped.takeUnretainedValue()
        if !context.isReady { context.resolve(UnsafeBufferPointer(start: ws.scalars, count: count)) }
        // Shaped with its neighbours across dictionary seams (`seamWindow`), which its key then holds too.
        let window = seamWindow(from: start, to: end)
        let extended = window.end > end
        let measured = window.start < start || extended ? (start - window.start, end - start) : nil
        let bytes = UnsafeRawBufferPointer(
            UnsafeBufferPointer(rebasing: utf8[Int(ws.offsets[window.start])..<Int(ws.offsets[window.end])]))
        var keyLength = 0
        var hash: UInt64 = 0
        let fingerprint = engine.fingerprint
        if let cache {
            keyLength = context.makeKey(bytes: bytes, from: window.start, to: window.end, measured: measured)
            let key = UnsafeRawBufferPointer(start: context.key.base, count: keyLength)
            // Hashed apart from plain keys: ill-formed input can hold 0xFF, so bytes alone could spell a shaped key.
            hash = SegmentWidthCache.hash(key) ^ Self.shapedKeySalt
            if var cached = cache._withUnsafeGuaranteedRef({ $0.lookup(key, hash: hash, fingerprint: fingerprint) }) {
                applySeams(to: &cached, from: start, to: end, extended: extended)
                return (cached, false, false)
            }
            // Another session made with this one may have shaped it.
            if let shared = engine.sharedShapes,
                var found = shared._withUnsafeGuaranteedRef({ $0.lookup(key, hash: hash) })
            {
                cache._withUnsafeGuaranteedRef { $0.insert(key, hash: hash, value: found) }
                sharedShapeHits += 1
                applySeams(to: &found, from: start, to: end, extended: extended)
                return (found, false, false)
            }
        }
        var notes = notes
        if !clustersMeasured {
            glyphLookups += engine.measureClusters(from: start, to: end, in: ws)
            notes = takeNotes()
        }
        shapeAcrossSeams(from: start, to: end, window: window, context: context)
        var (measure, hasTab) = measureSegment(from: start, to: end, startX: 0)
        measure.missingGlyphs = notes.missing
        measure.isShaped = true
        if context.hasRightToLeft(from: start, to: end) { Self.dropKerningGlyphs(&measure) }
        if extended {
            restoreContext(after: end, window: window)
            measure.lastFont = SegmentMeasure.noFont
        }
        if let cache, !hasTab {
            let key = UnsafeRawBufferPointer(start: context.key.base, count: keyLength)
            cache._withUnsafeGuaranteedRef { $0.insert(key, hash: hash, value: measure) }
            engine.sharedShapes?._withUnsafeGuaranteedRef { $0.insert(key, hash: hash, value: measure) }
        }
        applySeams(to: &measure, from: start, to: end, extended: extended)
        return (measure, true, hasTab)
    }

    /// Mixed into the hash of shaped segments' keys, so that no plain key ever matches one (the cache compares hashes).
    static let shapedKeySalt: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// A segment shaped right to left kerns against nothing across its edges (a left-to-right one is kerned against
    /// its neighbours by the fast path's pair table, as HarfBuzz kerns a whole line).
    @inline(__always)
    private static func dropKerningGlyphs(_ measure: inout SegmentMeasure) {
        measure.firstFont = SegmentMeasure.noFont
        measure.lastFont = SegmentMeasure.noFont
    }

    /// For a string whose clusters were all measured at once (a prepared text, or breaking that may split
    /// clusters): measures the segment's clusters again to learn what they need, then applies the fast path's
    /// features or shapes the segment. Returns whether it kerns against nothing across its edges (shaped right to
    /// left), how many clusters no font maps, and whether HarfBuzz shaped it.
    ///
    /// With `acrossSeams` (measuring a string's segments one after another, as a prepared text does), a segment that
    /// has a dictionary seam at an edge is shaped with its neighbours there (`seamWindow`, `shapeAcrossSeams`) as
    /// `shapedSegmentMeasure` shapes it; its caller then drops the kerning glyphs at the seams (`applySeams`).
    mutating func prepareMeasuredClusters(
        from start: Int, to end: Int, stringCount: Int, remeasure: Bool = false,
        forcesShaping: Bool = false, acrossSeams: Bool = false
    )
        -> (dropsEdgeKerning: Bool, missing: UInt32, shaped: Bool)
    {
        let notes: ClusterNotes
        if remeasure {
            ws.notes?.pointee = ClusterNotes()
            engine.measureClusters(from: start, to: end, in: ws)
            notes = takeNotes()
        } else {
            notes = engine.scanNotes(from: start, to: end, in: ws)
        }
        if let shaping, shapesAll || forcesShaping || notes.flags & ClusterNotes.shapes != 0 {
            let context = shaping.takeUnretainedValue()
            if !context.isReady { context.resolve(UnsafeBufferPointer(start: ws.scalars, count: stringCount)) }
            let window = acrossSeams ? seamWindow(from: start, to: end) : (start, end)
            shapeAcrossSeams(from: start, to: end, window: window, context: context)
            // The context after it as it was, for the next segment (this one's clusters are not touched).
            restoreContext(after: end, window: window)
            return (context.hasRightToLeft(from: start, to: end), notes.missing, true)
        }
        engine.applyFeatures(from: start, to: end, in: ws)
        return (false, notes.missing, false)
    }

    /// The common case of CJK text — a segment of one visible scalar, an ideograph or a kana — placed without the
    /// general machinery: measured, kerned against the line's last cluster, fitted. Exactly what `place` does for
    /// it (a single cluster wider than the line stands alone on an empty line either way). Returns false, having
    /// changed nothing but the scalar's measurement, when the scalar is not one visible cluster or is followed by a
    /// mark, so that `place` takes it.
    @inline(__always)
    private mutating func placeSingleVisibleScalar(at index: Int) -> Bool {
        // A local copy, so that only the fields read are loaded (`ws` is a stored variable of the fitter).
        let ws = self.ws
        engine.measureSingle(ws.scalars[index], at: index, in: ws)
        guard ws.kinds[index] == ClusterKind.visible else {
            // `place` measures it again and takes its notes then.
            ws.notes?.pointee = ClusterNotes()
            return false
        }
        if let notes = ws.notes, notes.pointee.flags != 0 {
            // Needs HarfBuzz, or no font maps it: `place` measures it again and takes the notes.
            notes.pointee = ClusterNotes()
            return false
        }
        glyphLookups += 1
        let advance = ws.advances[index]
        let font = ws.clusterFonts[index]
        let kerns = engine.kerns[Int(font)]
        let glyph = kerns ? ws.glyphs[index] : 0
        var startX = line.x
        if kerns && line.hasContent && line.lastFont == font {
            let kern = engine.kerning(line.lastGlyph, glyph, font: Int(font))
            // Within one script run only (the script is looked up only when a pair kerns, which is rare here).
            if kern != 0 {
                let script = engine.realScript(of: ws.scalars[index])
                let previous = previousScript()
                if script == 0 || previous == 0 || script == previous { startX += kern }
            }
        }
        if engine.usesFeatures { pendingSingle = index }
        if line.hasContent && startX + advance > wrapLimit {
            finish(at: index)
            startX = 0
        }
        line.width = startX + advance
        line.x = line.width
        line.fonts |= engine.fontBits[Int(font)]
        line.hasContent = true
        line.lastGlyph = glyph
        line.lastFont = kerns ? font : SegmentMeasure.noFont
        return true
    }

    /// Puts the segment `start..<end` on the current line, or on a new one, or across several if it is wider than a
    /// line.
    mutating func place(from start: Int, to end: Int, known: PreparedSegment? = nil) {
        var (measure, clustersReady, hasTab) =
            known.map { ($0.measure, true, $0.hasTab) }
            ?? segmentMeasure(from: start, to: end)
        if hasTab { measure = remeasuredWithTab(measure, from: start, to: end, startX: line.x) }
        // Kerning between the line's last cluster and this segment's first, when they share a font that kerns.
        var startX = line.x + kerning(after: line, before: measure)
        if line.hasContent && measure.hasVisible && startX + measure.wordWidth > wrapLimit {
            finish(at: start)
            startX = 0
            if hasTab { measure = remeasuredWithTab(measure, from: start, to: end, startX: 0) }
        }
        if !line.hasContent && measure.hasVisible && measure.wordWidth > wrapLimit {
            if !clustersReady {
                // Measured again as when it was first measured: shaped when it was shaped, with its seams' context.
                glyphLookups += end - start
                _ = prepareMeasuredClusters(
                    from: start, to: end, stringCount: count, remeasure: true,
                    forcesShaping: measure.isShaped, acrossSeams: true)
            }
            breakLongSegment(from: start, to: end, measure: measure)
            notePlaced(lastScript: measure.lastScript, end: end)
            return
        }
        extendLine(with: measure, at: startX)
        notePlaced(lastScript: measure.lastScript, end: end)
    }

    /// A segment with a tab measured again where it stands (its width depends on that), keeping what its first
    /// measure knew: missing glyphs, whether it was shaped, and whether it kerns across its edges.
    private mutating func remeasuredWithTab(_ known: SegmentMeasure, from start: Int, to end: Int, startX: Double)
        -> SegmentMeasure
    {
        var measure = measureSegment(from: start, to: end, startX: startX).0
        measure.missingGlyphs = known.missingGlyphs
        measure.isShaped = known.isShaped
        if known.isShaped && known.firstFont == SegmentMeasure.noFont { Self.dropKerningGlyphs(&measure) }
        return measure
    }

    /// `place` for a segment whose clusters are measured and whose `measure` is known and holds no tab (a prepared
    /// text's, the common case of re-laying out): the same steps without the branches that cannot apply. `kerning`
    /// is the pair kerning against the previous segment, which is what the line ends with whenever it has content.
    @inline(__always)
    private mutating func placeMeasured(from start: Int, to end: Int, measure: SegmentMeasure, kerning: Double) {
        var startX = line.x + (line.hasContent ? kerning : 0)
        if measure.hasVisible && startX + measure.wordWidth > wrapLimit {
            if line.hasContent {
                finish(at: start)
                startX = 0
            }
            if measure.wordWidth > wrapLimit {
                breakLongSegment(from: start, to: end, measure: measure)
                notePlaced(lastScript: measure.lastScript, end: end)
                return
            }
        }
        extendLine(with: measure, at: startX)
        notePlaced(lastScript: measure.lastScript, end: end)
    }

    /// Puts a segment with `measure` on the current line with its start at pen position `startX`.
    @inline(__always)
    mutating func extendLine(with measure: SegmentMeasure, at startX: Double) {
        totals.missingGlyphs += Int(measure.missingGlyphs)
        if measure.hasVisible { line.width = startX + measure.wordWidth }
        line.x = startX + measure.totalWidth
        line.fonts |= measure.fonts
        line.hasContent = true
        line.lastGlyph = measure.lastGlyph
        line.lastFont = measure.lastFont
    }

    /// The pair kerning, in points, between the last cluster on `line` and the first of a segment with `measure`.
    @inline(__always)
    mutating func kerning(after line: LineState, before measure: SegmentMeasure) -> Double {
        line.hasContent ? kerning(lastGlyph: line.lastGlyph, lastFont: line.lastFont, before: measure) : 0
    }

    /// The pair kerning, in points, between a cluster with `lastGlyph` in `lastFont` and the first of a segment with
    /// `measure`.
    @inline(__always)
    mutating func kerning(lastGlyph: UInt32, lastFont: UInt8, before measure: SegmentMeasure) -> Double {
        // `firstFont` is a real font only where that font kerns (see `LayoutEngine.kerningGlyph`).
        guard measure.firstFont != SegmentMeasure.noFont, measure.firstFont == lastFont else { return 0 }
        let kern = engine.kerning(lastGlyph, measure.firstGlyph, font: Int(measure.firstFont))
        // Within one script run only: a segment that starts in another script than the last one begins a new run.
        if kern == 0 || measure.startsWithCommon || measure.firstScript == 0 { return kern }
        return continuesScriptRun(measure.firstScript) ? kern : 0
    }

    /// Whether a segment starting in `script` continues the run of the last real script placed (out of line: it is
    /// asked only when a pair across segments kerns).
    @inline(never)
    mutating func continuesScriptRun(_ script: UInt8) -> Bool {
        let previous = previousScript()
        return previous == 0 || script == previous
    }

    /// Emergency breaking: the segment alone is wider than a line, so it fills lines cluster by cluster (never
    /// splitting a grapheme cluster, and at least one cluster per line); its last piece stays on the current line for
    /// what follows, ending with the last cluster of `measure` (the segment's) for kerning.
    mutating func breakLongSegment(from start: Int, to end: Int, measure: SegmentMeasure) {
        totals.missingGlyphs += Int(measure.missingGlyphs)
        // Re-shaping the rest after every line costs the square of the length: a word of over 2,048 scalars (no UI
        // string has one) is broken between the clusters of its whole-word shaping instead.
        if measure.isShaped, end - start <= 2048, let shaping {
            return breakLongShapedSegment(
                from: start, to: end, measure: measure,
                context: shaping.takeUnretainedValue())
        }
        if mode == .prepared && measure.isShaped && end - start <= 2048 { needsReshaping = true }
        // A shaped segment's advances (HarfBuzz's, or `writeRunUnshaped`'s) hold a pair's kerning on its left glyph.
        var pen = BreakPen(rightGlyphsCarryKerning: !measure.isShaped)
        for index in start..<end { breakStep(at: index, before: end, pen: &pen) }
        line.x = pen.x
        line.hasContent = true
        line.lastGlyph = measure.lastGlyph
        line.lastFont = measure.lastFont
    }

    /// Where emergency breaking stands in a segment: the pen position on the current line, the visible clusters
    /// on it, and the glyph and font of the segment's last visible or hanging cluster — the left of the pair whose
    /// kerning the next cluster's advance carries (`LayoutEngine.applyFeatures`), kept by value because a long
    /// segment's window may have moved past it.
    struct BreakPen {
        var x = 0.0
        var clusters = 0
        var lastGlyph: UInt32 = 0
        var lastFont = SegmentMeasure.noFont
        /// Whether a pair's kerning is in its right cluster's advance, as the fast path puts it (`applyFeatures`);
        /// false for a segment HarfBuzz shaped, whose pairs are on their left glyphs.
        var rightGlyphsCarryKerning = true
    }

    /// One cluster of `breakLongSegment`: placed on the current line, or first on a new one when it does not fit.
    /// A cluster that begins a new line leaves behind the kerning against the cluster before it, which its advance
    /// carries (`applyFeatures` kerns each pair on its right glyph): no pair is kerned across a line end, as the
    /// shaped path, which shapes each line's piece on its own, and the engines agree ("Tol" at 14 pt wide in DejaVu
    /// Sans 17 pt: "T", "o", "l", not "T", "ol" with the T–o pair's −2.9 pt).
    @inline(__always)
    mutating func breakStep(at index: Int, before end: Int, pen: inout BreakPen) {
        switch ws.kinds[index] {
        case ClusterKind.visible:
            var width = ws.advances[index]
            // A pair into whitespace right after it: HarfBuzz's part of it on this cluster counts in the fit too.
            let hang = hangingShare(after: index, before: end)
            if pen.clusters > 0 && (hang == 0 ? pen.x + width : pen.x + width + hang) > wrapLimit {
                // `line.width` already ends at the last visible cluster; whitespace before this one hangs.
                line.hasContent = true
                finish(at: index)
                pen.x = 0
                pen.clusters = 0
                width -= kerningCarried(at: index, after: pen)
            }
            pen.x += width
            pen.clusters += 1
            line.width = pen.x
            // Spelled out, not `fontBits(ofClusterAt:before:)`: a method of the fitter called here copied the whole
            // fitter (656 bytes) at every line an emergency break began.
            var bits = engine.fontBits[Int(ws.clusterFonts[index])]
            if _slowPath(ws.flags[index] & LayoutEngine.borrowsFlag != 0) {
                bits |= Self.borrowedFontBits(ofClusterAt: index, before: end, engine: engine, ws: ws)
            }
            line.fonts |= bits
            notePairLeft(at: index, in: &pen)
        case ClusterKind.hanging:
            if _slowPath(ws.flags[index] & LayoutEngine.hangingKernFlag != 0) && pen.clusters > 0
                && pen.x == line.width && pen.lastFont == ws.clusterFonts[index]
            {
                // A pair kerned into whitespace right after the line's last visible cluster: HarfBuzz's part of it
                // on that cluster stays in the line's width (as `add` keeps it in `SegmentSum.visibleEnd`).
                let font = Int(ws.clusterFonts[index])
                let units = engine.features[font].unsafelyUnwrapped.kerning(pen.lastGlyph, ws.glyphs[index])
                if units != 0 { line.width = pen.x + engine.hangingShare(ofKerning: units, font: font) }
            }
            pen.x += ws.advances[index]
            notePairLeft(at: index, in: &pen)
        case ClusterKind.tab:
            pen.x = nextTabStop(after: pen.x)
            pen.lastFont = SegmentMeasure.noFont
        default:
            break
        }
    }

    /// The part of the pair kerned into the hanging cluster right after the visible cluster at `index` (continuations
    /// between them skipped, before `end`) that HarfBuzz puts on the visible one (`LayoutEngine.hangingShare`), when
    /// `applyFeatures` kerned that pair (`hangingKernFlag`); else 0.
    @inline(__always)
    private func hangingShare(after index: Int, before end: Int) -> Double {
        var next = index + 1
        while next < end && ws.kinds[next] == ClusterKind.continuation { next += 1 }
        guard next < end, _slowPath(ws.flags[next] & LayoutEngine.hangingKernFlag != 0) else { return 0 }
        return Self.hangingShare(of: index, and: next, engine: engine, ws: ws)
    }

    /// `hangingShare(after:before:)` for the visible cluster at `left` and the hanging one at `right`, out of line.
    @inline(never)
    private static func hangingShare(of left: Int, and right: Int, engine: LayoutEngine, ws: Workspace) -> Double {
        let font = Int(ws.clusterFonts[right])
        guard ws.clusterFonts[left] == ws.clusterFonts[right], let features = engine.features[font] else { return 0 }
        let units = features.kerning(ws.glyphs[left], ws.glyphs[right])
        return units == 0 ? 0 : engine.hangingShare(ofKerning: units, font: font)
    }

    /// Keeps the visible or hanging cluster at `index` as the left of the next pair of `breakStep` (none after a
    /// hard break, as `applyFeatures` kerns nothing against one).
    @inline(__always)
    private func notePairLeft(at index: Int, in pen: inout BreakPen) {
        guard engine.usesFeatures else { return }
        if LayoutEngine.isHardBreak(ws.scalars[index]) {
            pen.lastFont = SegmentMeasure.noFont
        } else {
            pen.lastGlyph = ws.glyphs[index]
            pen.lastFont = ws.clusterFonts[index]
        }
    }

    /// The kerning the advance of the visible cluster at `index` carries against the cluster before it (`pen`'s
    /// last), as `applyFeatures` added it: the pair's, in the same font when that font kerns; else 0.
    @inline(__always)
    private func kerningCarried(at index: Int, after pen: BreakPen) -> Double {
        guard pen.rightGlyphsCarryKerning, engine.usesFeatures, pen.lastFont != SegmentMeasure.noFont else { return 0 }
        let font = ws.clusterFonts[index]
        guard font == pen.lastFont, engine.kerns[Int(font)], engine.features[Int(font)] != nil,
            !LayoutEngine.isHardBreak(ws.scalars[index])
        else { return 0 }
        return engine.kerning(pen.lastGlyph, ws.glyphs[index], font: Int(font))
    }

    /// Emergency breaking of a segment HarfBuzz shaped: lines are filled cluster by cluster as `breakLongSegment`
    /// does, but each line's part is shaped again on its own (its last letter takes the form it has at a line end, a
    /// pair across the break is not kerned) and moved back a cluster while it is still too wide, and the rest is
    /// shaped again before it is fitted. HarfBuzz's clusters are never split.
    private mutating func breakLongShapedSegment(
        from start: Int, to end: Int, measure: SegmentMeasure,
        context: ShapingContext
    ) {
        var pieceStart = start
        while true {
            let rest = pieceMeasure(from: pieceStart, to: end, stopsPastLine: true)
            guard var cutAt = rest.cut else {
                // The rest fits on this line: it stays there for what follows.
                line.width = rest.width
                line.x = rest.x
                line.fonts |= rest.fonts
                line.hasContent = true
                line.lastGlyph = measure.lastGlyph
                line.lastFont = measure.lastFont
                return
            }
            var piece = reshapedPiece(from: pieceStart, to: cutAt, context: context)
            // A part shaped alone is rarely wider than its clusters were: a few steps back at most.
            var steps = 0
            while piece.width > wrapLimit, steps < 16,
                let earlier = visibleClusterStart(before: cutAt, after: pieceStart)
            {
                cutAt = earlier
                piece = reshapedPiece(from: pieceStart, to: cutAt, context: context)
                steps += 1
            }
            line.width = piece.width
            line.fonts |= piece.fonts
            line.hasContent = true
            finish(at: cutAt)
            glyphLookups += end - cutAt
            engine.measureClusters(from: cutAt, to: end, in: ws)
            engine.shapeSegment(from: cutAt, to: end, in: ws, context: context)
            ws.notes?.pointee = ClusterNotes()
            pieceStart = cutAt
        }
    }

    /// `start..<end` of a shaped segment measured clusters again and shaped alone: its width to its last visible
    /// cluster, its pen advance, and its fonts.
    private mutating func reshapedPiece(from start: Int, to end: Int, context: ShapingContext)
        -> (width: Double, x: Double, fonts: UInt64, cut: Int?)
    {
        glyphLookups += end - start
        engine.measureClusters(from: start, to: end, in: ws)
        engine.shapeSegment(from: start, to: end, in: ws, context: context)
        ws.notes?.pointee = ClusterNotes()
        return pieceMeasure(from: start, to: end)
    }

    /// The width to the last visible cluster, the pen advance and the fonts of the measured clusters `start..<end`;
    /// with `stopsPastLine`, only up to the first visible cluster after the first that goes past the line, which is
    /// `cut` (nil when everything fits).
    private func pieceMeasure(from start: Int, to end: Int, stopsPastLine: Bool = false)
        -> (width: Double, x: Double, fonts: UInt64, cut: Int?)
    {
        var x = 0.0
        var width = 0.0
        var fonts: UInt64 = 0
        var clusters = 0
        for index in start..<end {
            switch ws.kinds[index] {
            case ClusterKind.visible:
                if stopsPastLine && clusters > 0 && x + ws.advances[index] > wrapLimit {
                    return (width, x, fonts, index)
                }
                clusters += 1
                x += ws.advances[index]
                width = x
                fonts |= fontBits(ofClusterAt: index, before: end)
            case ClusterKind.hanging:
                x += ws.advances[index]
            case ClusterKind.tab:
                x = nextTabStop(after: x)
            default:
                break
            }
        }
        return (width, x, fonts, nil)
    }

    /// The start of the last visible cluster in `after ..< before` that has another visible cluster before it in
    /// that range, or nil: where a too-wide line part is cut one cluster earlier. A part keeps at least one visible
    /// cluster — it may start with invisible ones (a NUL, a control), which must not count as its first.
    private func visibleClusterStart(before: Int, after: Int) -> Int? {
        var index = before - 1
        var last: Int?
        while index >= after {
            if ws.kinds[index] == ClusterKind.visible {
                if last != nil { return last }
                last = index
            }
            index -= 1
        }
        return nil
    }

    /// Ends the current line at scalar `end`, adds it to the totals, and starts the next line there.
    mutating func finish(at end: Int) {
        let fontSet = line.fonts == 0 ? engine.fontBits[0] : line.fonts  // no ink: as tall as the primary font
        if fontSet != lastLineMetrics.fonts {
            var ascent = 0.0
            var descent = 0.0
            var leading = 0.0
            var fonts = fontSet
            while fonts != 0 {
                let metrics = engine.bitMetrics[fonts.trailingZeroBitCount]
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
            records.append(
                LineFragment(
                    utf8Range: Int(ws.offsets[line.start])..<Int(ws.offsets[end]),
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
