import Cache
import Locking

/// A workspace that measures strings for one `TextMeasurer`: it decodes, segments, looks up advances and fits lines in
/// buffers it owns and reuses, so that measuring a string allocates nothing once the buffers are as long as the
/// longest string seen. It also keeps a bounded cache of the segments (words) it has measured, so the next string
/// with the same words, or the same string at another width, costs less.
///
/// Thread-safe, but one thread at a time does the work: every call takes the session's lock, so give each thread
/// its own session (`TextMeasurer.makeSession()`, or `BatchMeasurer`, which keeps one per worker).
public final class MeasureSession: Sendable {
    let engine: LayoutEngine
    private let state: Locked<SessionState>
    /// For each run of the measurer's attributes (`TextAttributes.runs`), the index of its style in `runStyles`.
    private let runStyleIndices: [Int]
    /// For each run, the run that stands for it in a layout (`AttributedLayout.runIndex`): the first run of its
    /// style, so that neighbouring runs of one style are one stretch, measured and shaped together; -1 for a run in
    /// the measurer's own font and size, which is no run at all (a run restating the defaults split words and
    /// changed where lines broke).
    let runRepresentatives: [Int]
    /// The distinct styles of the runs, in order of first use by a run.
    private let runStyles: [RunStyle]
    /// The session of each style, made when a text first has a byte in a run of it (`runSession(_:)`); nil without
    /// runs, so that a plain session allocates nothing for them.
    private let styleSessions: Locked<[MeasureSession?]>?

    init(engine: LayoutEngine, segmentCacheBytes: Int) {
        self.engine = engine
        state = Locked(
            SessionState(
                fingerprint: engine.fingerprint, segmentCacheBytes: segmentCacheBytes,
                shaping: ShapingContext(
                    language: engine.language, kerns: engine.shapesWithKerning,
                    ligates: engine.shapesWithLigatures, fontCount: engine.slots.count)))
        var styles: [RunStyle] = []
        var indexOfStyle: [RunStyle: Int] = [:]
        runStyleIndices = engine.measurer.options.attributes.runs.map { run in
            let style = engine.measurer.runStyle(run)
            if let known = indexOfStyle[style] { return known }
            indexOfStyle[style] = styles.count
            styles.append(style)
            return styles.count - 1
        }
        runStyles = styles
        styleSessions = styles.isEmpty ? nil : Locked([MeasureSession?](repeating: nil, count: styles.count))
        // Each run's stand-in: the first run of its style, or none (-1) for a run in the measurer's own font and size.
        let own = engine.measurer.runStyle(TextRun(location: 0, length: 0))
        var firstOfStyle: [Int: Int] = [:]
        runRepresentatives =
            styles.isEmpty
            ? []
            : runStyleIndices.enumerated().map { run, style in
                if styles[style] == own { return -1 }
                if let first = firstOfStyle[style] { return first }
                firstOfStyle[style] = run
                return run
            }
    }

    /// The session that measures run `run` of the measurer's attributes (for `AttributedLayout`): one per style
    /// (`RunStyle`), shared by every run of it and made on first use. A session per run, made up front, cost each
    /// session of a measurer with a thousand runs of one style a thousand sessions (75 KB each; 4.6 GB over 64
    /// threads) before it measured anything.
    func runSession(_ run: Int) -> MeasureSession {
        let style = runStyleIndices[run]
        // A run exists, so its style does, and so do the styles' sessions.
        return styleSessions!.withLock { sessions in
            if let made = sessions[style] { return made }
            let made = engine.measurer.runMeasurer(for: runStyles[style]).makeSession()
            sessions[style] = made
            return made
        }
    }

    /// What is measured and how.
    public var measurer: TextMeasurer { engine.measurer }

    /// The size of `text` at the measurer's width.
    public func measure(_ text: String) -> TextSize {
        measure(text, maxWidth: measurer.options.maxWidth)
    }

    /// The size of `text` at `maxWidth` (0 = unconstrained, as is a negative or NaN width) instead of the measurer's
    /// width: the same fonts and rules, so the segments measured for one width serve every other.
    public func measure(_ text: String, maxWidth: Double) -> TextSize {
        if engine.isAttributed { return AttributedLayout(session: self, maxWidth: maxWidth, text: text).layout().size }
        let wrapWidth = measurer.options.wrapWidth(for: maxWidth)
        var text = text
        return state.withLock { state in
            text.withUTF8 { engine.run($0, wrapWidth: wrapWidth, recordsLines: false, state: &state) }
        }
    }

    /// What the engine decided for each scalar of `text` (fonts, scripts, levels, clusters, advances), copied out of
    /// the session's scratch for `drawnLayout(_:)`.
    func scalarDecisions(_ text: String) -> ScalarDecisions {
        var text = text
        return state.withLock { state in text.withUTF8 { engine.scalarDecisions($0, state: &state) } }
    }

    /// The size of the UTF-8 text in `bytes`: ill-formed sequences are measured as U+FFFD, one for each maximal
    /// ill-formed subpart (Unicode's recommended practice, as `String(decoding:as: UTF8.self)` decodes them), so the
    /// size is that of `measure(String(decoding: bytes, as: UTF8.self))`.
    public func measure(utf8 bytes: ArraySlice<UInt8>) -> TextSize {
        if engine.isAttributed { return measure(String(decoding: bytes, as: UTF8.self)) }
        let wrapWidth = measurer.options.wrapWidth
        return state.withLock { state in
            bytes.withUnsafeBufferPointer { engine.run($0, wrapWidth: wrapWidth, recordsLines: false, state: &state) }
        }
    }

    /// The size of the UTF-8 string `texts[index]` (as `measure(utf8:)`), the slice lent in place by a plain measurer:
    /// not copied out of the array, so no reference count is written on the buffer that slices of one input share.
    /// Copied, each of several threads measuring slices of one input wrote that buffer's count twice per string (the
    /// bench's passes did: a retain and a release around every `measure(utf8:)`), the cores trading its cache line. (A
    /// measurer with attributes decodes the slice into a string, as `measure(utf8:)` does.)
    package func measure(utf8 texts: [ArraySlice<UInt8>], at index: Int) -> TextSize {
        if engine.isAttributed { return measure(utf8: texts[index]) }
        let wrapWidth = measurer.options.wrapWidth
        return state.withLock { state in
            let texts = texts.span
            return texts[index].span.withUnsafeBufferPointer {
                engine.run($0, wrapWidth: wrapWidth, recordsLines: false, state: &state)
            }
        }
    }

    /// `text` measured once, ready to be fitted at any width (`PreparedText.fit(maxWidth:)`). With `TextAttributes`,
    /// the text is kept and measured at each width it is fitted to, in this session (which it keeps).
    public func prepare(_ text: String) -> PreparedText {
        var text = text
        // A prepared text refits the plain engine's segments; paragraph attributes are applied by `AttributedLayout`,
        // which measures the text again at each width.
        if engine.isAttributed {
            return PreparedText(storage: text.withUTF8 { PreparedStorage(attributedText: $0, session: self) })
        }
        let storage = state.withLock { state in
            text.withUTF8 { utf8 in
                let count = engine.analyze(utf8, state: &state)
                let ws = state.wholeStringWorkspace(count: count)
                state.glyphLookups += engine.measureClusters(from: 0, to: count, in: ws)
                return PreparedStorage(copying: ws, count: count, utf8: utf8, engine: engine)
            }
        }
        return PreparedText(storage: storage)
    }

    /// The size of `text` and its lines.
    public func layout(_ text: String) -> TextLayout {
        if engine.isAttributed {
            let layout = AttributedLayout(session: self, maxWidth: measurer.options.maxWidth, text: text)
            let (size, lines) = layout.layout()
            return TextLayout(size: size, lines: lines)
        }
        let wrapWidth = measurer.options.wrapWidth
        var text = text
        return state.withLock { state in
            let size = text.withUTF8 { engine.run($0, wrapWidth: wrapWidth, recordsLines: true, state: &state) }
            return TextLayout(size: size, lines: state.lineRecords)
        }
    }

    /// `layout(_:)` of the plain engine, with the one-pass fits (`LineFitter.fitLatin1String`, `fitOnePass`) allowed
    /// or not: the tests compare both paths on the same text.
    func layout(_ text: String, onePass: Bool) -> TextLayout {
        let wrapWidth = measurer.options.wrapWidth
        var text = text
        return state.withLock { state in
            let size = text.withUTF8 {
                engine.run($0, wrapWidth: wrapWidth, recordsLines: true, allowsOnePass: onePass, state: &state)
            }
            return TextLayout(size: size, lines: state.lineRecords)
        }
    }

    /// How many strings beyond Latin-1 the one-pass fit has measured (`LineFitter.fitOnePass`), for the tests that
    /// check which path ran.
    var onePassStrings: Int { state.withLock { $0.onePassStrings } }

    /// How many segments the one-pass fit placed in its run loop (`LineFitter.placeRun`), for the tests that check
    /// that loop ran.
    var runSegments: Int { state.withLock { $0.runSegments } }
    /// How many segments crossing a script run the one-pass fit measured without shaping (for the tests).
    var crossingSegments: Int { state.withLock { $0.crossingSegments } }

    /// How many runs of shaped segments were written without HarfBuzz (`LayoutEngine.writeRunUnshaped`), for the
    /// tests that check which way ran.
    var unshapedRuns: Int { state.withLock { $0.shaping.unshapedRuns } }

    /// The sizes of the UTF-8 strings `texts[range]`, measured under one acquisition of the lock.
    func measure(_ texts: [ArraySlice<UInt8>], range: Range<Int>) -> [TextSize] {
        if engine.isAttributed { return range.map { measure(utf8: texts[$0]) } }
        let wrapWidth = measurer.options.wrapWidth
        // Through spans, which lend each slice in place: a slice read out of the array (or out of a buffer pointer
        // over it, this loop's earlier way) is a copy, retained and released around its string, and the slices of a
        // batch share one input block, whose reference count every worker then wrote twice for every string.
        return state.withLock { state in
            let texts = texts.span
            return range.map { index in
                texts[index].span.withUnsafeBufferPointer {
                    engine.run($0, wrapWidth: wrapWidth, recordsLines: false, state: &state)
                }
            }
        }
    }

    /// The sizes of `texts[range]`, measured under one acquisition of the lock.
    func measure(_ texts: [String], range: Range<Int>) -> [TextSize] {
        if engine.isAttributed { return range.map { measure(texts[$0]) } }
        let wrapWidth = measurer.options.wrapWidth
        return state.withLock { state in
            range.map { index in
                var text = texts[index]
                return text.withUTF8 { engine.run($0, wrapWidth: wrapWidth, recordsLines: false, state: &state) }
            }
        }
    }

    /// The plain engine's layout of `bytes` at `wrapWidth` (no attributes applied beyond those the engine applies
    /// itself: letter spacing, tab stops, Korean word breaking): the building block of `AttributedLayout`.
    func plainLayout(_ bytes: ArraySlice<UInt8>, wrapWidth: Double, tabOrigin: Double = 0) -> TextLayout {
        state.withLock { state in
            let size = bytes.withUnsafeBufferPointer {
                engine.run($0, wrapWidth: wrapWidth, recordsLines: true, tabOrigin: tabOrigin, state: &state)
            }
            return TextLayout(size: size, lines: state.lineRecords)
        }
    }

    /// How many grapheme clusters of `text` no font of the cascade maps: `TextSize.missingGlyphs` without fitting
    /// lines (for sizes read from a store, which does not keep the count).
    public func missingGlyphs(in text: String) -> Int {
        missingGlyphs(utf8: Array(text.utf8)[...])
    }

    /// `missingGlyphs(in:)` for UTF-8 bytes. The count does not depend on the cascade's order, so it is the same for
    /// every run of an attributed text.
    func missingGlyphs(utf8 bytes: ArraySlice<UInt8>) -> Int {
        state.withLock { state in
            bytes.withUnsafeBufferPointer { utf8 in
                let count = engine.analyze(utf8, state: &state)
                var ws = state.workspace
                ws.notes?.pointee = ClusterNotes()
                // Clusters are measured each on its own, so the slots need hold only a part of the string at a time:
                // parts as long as they are, cut at cluster boundaries (grown only for a cluster longer than that).
                var start = 0
                while start < count {
                    var end = min(count, start + ws.capacity)
                    while end > start && end < count && ws.flags[end] & LineBreaker.graphemeBoundaryFlag == 0 {
                        end -= 1
                    }
                    if end == start {
                        end += 1
                        while end < count && ws.flags[end] & LineBreaker.graphemeBoundaryFlag == 0 { end += 1 }
                        ws.grow(to: end - start)
                    }
                    ws.origin = start
                    engine.measureClusters(from: start, to: end, in: ws)
                    start = end
                }
                let missing = Int(ws.notes?.pointee.missing ?? 0)
                ws.notes?.pointee = ClusterNotes()
                return missing
            }
        }
    }

    /// Slots in this session's per-cluster scratch (for tests: it stays bounded however long the strings are).
    var clusterCapacity: Int {
        state.withLock { $0.clusters.capacity }
    }

    /// Segments this session measured window by window because they were longer than its cluster scratch.
    var windowedSegments: Int {
        state.withLock { $0.windowedSegments }
    }

    /// Makes this session's cluster scratch exactly `window` slots and its look-ahead for ligatures `ligatureReach`
    /// (tests only: a small window takes the windowed path on short text, whose answers must not change).
    func useClusterWindow(_ window: Int, ligatureReach: Int) {
        state.withLock { $0.clusters.configure(window: window, ligatureReach: ligatureReach) }
    }

    /// Counters of this session's work so far.
    public var statistics: MeasureSessionStatistics {
        state.withLock { state in
            MeasureSessionStatistics(
                strings: state.strings, glyphLookups: state.glyphLookups,
                segmentCache: state.segmentCache?.statistics ?? SegmentWidthCacheStatistics(),
                shapedSegments: state.shapedSegments, sharedShapeHits: state.sharedShapeHits)
        }
    }
}

/// What a `MeasureSession` has done: strings, glyph-cache lookups, and its segment cache's counters.
public struct MeasureSessionStatistics: Sendable, Hashable {
    /// Strings measured.
    public var strings: Int
    /// Scalars whose advance was looked up: in the measurer's Latin-1 table (filled from the glyph caches when a
    /// session starts) or in a font's glyph cache. Scalars of segments found in the segment cache are not looked up.
    public var glyphLookups: Int
    /// The segment-width cache's hits, misses, evictions and size.
    public var segmentCache: SegmentWidthCacheStatistics
    /// Segments (words) measured by HarfBuzz rather than the fast path, whether shaped then, found already shaped
    /// in the segment cache, or known to be what HarfBuzz gives without calling it (a segment crossing a script run
    /// whose runs it would not change); segments measured for a `PreparedText` or without grapheme-safe breaking are
    /// not counted.
    public var shapedSegments: Int
    /// Of `shapedSegments`, those this session's cache did not hold and another session made with it
    /// (`TextMeasurer.makeSessions`, or the same `MeasureSessionGroup`) had shaped, so neither HarfBuzz nor the fast
    /// path measured them here.
    public var sharedShapeHits: Int

    /// Statistics with the given counts; each parameter sets the property of the same name.
    public init(
        strings: Int, glyphLookups: Int, segmentCache: SegmentWidthCacheStatistics, shapedSegments: Int = 0,
        sharedShapeHits: Int = 0
    ) {
        self.strings = strings
        self.glyphLookups = glyphLookups
        self.segmentCache = segmentCache
        self.shapedSegments = shapedSegments
        self.sharedShapeHits = sharedShapeHits
    }

    /// All counters zero.
    public static let zero = MeasureSessionStatistics(
        strings: 0, glyphLookups: 0,
        segmentCache: SegmentWidthCacheStatistics())

    /// Subtracts earlier counters of the same sessions, leaving what happened since (sizes stay as they are now).
    public mutating func subtract(_ earlier: MeasureSessionStatistics) {
        strings -= earlier.strings
        glyphLookups -= earlier.glyphLookups
        shapedSegments -= earlier.shapedSegments
        sharedShapeHits -= earlier.sharedShapeHits
        segmentCache.hits -= earlier.segmentCache.hits
        segmentCache.misses -= earlier.segmentCache.misses
        segmentCache.evictions -= earlier.segmentCache.evictions
    }

    /// Adds another session's counters to these.
    public mutating func add(_ other: MeasureSessionStatistics) {
        strings += other.strings
        glyphLookups += other.glyphLookups
        shapedSegments += other.shapedSegments
        sharedShapeHits += other.sharedShapeHits
        segmentCache.hits += other.segmentCache.hits
        segmentCache.misses += other.segmentCache.misses
        segmentCache.evictions += other.segmentCache.evictions
        segmentCache.entries += other.segmentCache.entries
        segmentCache.bytesUsed += other.segmentCache.bytesUsed
    }
}
