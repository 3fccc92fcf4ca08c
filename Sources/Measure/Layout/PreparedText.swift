/// A string measured once — decoded, segmented, every cluster's width and font known — that can be fitted at any
/// width without measuring again: the pattern for re-laying out text at many widths (a label across device sizes,
/// a column being resized).
///
/// ```swift
/// let prepared = measurer.prepare("Einstellungen für Benachrichtigungen")
/// for width in [120.0, 200, 320] { print(prepared.fit(maxWidth: width)) }
/// ```
///
/// A value, `Sendable`, and independent of the session that made it. Fitting allocates nothing (unless lines are
/// asked for) and gives exactly what the measurer gives for the same text at that width. One case is measured again:
/// a word HarfBuzz shapes (Arabic, Devanagari, or any word with `.harfBuzz`) that is wider than the line alone is
/// broken into parts that are each shaped on their own, as the measurer does, so such a fit costs a measurement.
/// A measurer with `TextAttributes` (line spacing, indents, a line limit, label mode) keeps the text and measures it
/// at each width in the session that prepared it (which the text keeps), with the same answers as
/// `MeasureSession.measure(_:maxWidth:)`.
public struct PreparedText: Sendable {
    /// Everything the text holds, its engine included: a copy of the text retains this one object of its own, not
    /// the engine every text the session prepared shares, whose reference count two threads fitting texts would
    /// otherwise both write for each text (`bench`'s re-layout suites: two threads ×0.87 of one before, the workers
    /// taking twice the processor time).
    let storage: PreparedStorage

    /// The engine that prepared the text.
    var engine: LayoutEngine { storage.engine }

    /// The text's length in UTF-8 bytes.
    public var utf8Count: Int { storage.utf8Count }

    /// The size at `maxWidth` (0 = unconstrained, as is a negative or NaN width).
    public func fit(maxWidth: Double) -> TextSize {
        var records: [LineFragment] = []
        return fit(maxWidth: maxWidth, recordsLines: false, records: &records)
    }

    /// The size and lines at `maxWidth` (0 = unconstrained, as is a negative or NaN width).
    public func layout(maxWidth: Double) -> TextLayout {
        var records: [LineFragment] = []
        let size = fit(maxWidth: maxWidth, recordsLines: true, records: &records)
        return TextLayout(size: size, lines: records)
    }

    private func fit(maxWidth: Double, recordsLines: Bool, records: inout [LineFragment]) -> TextSize {
        let storage = self.storage
        if storage.engine.isAttributed {
            return fitAttributed(maxWidth: maxWidth, recordsLines: recordsLines, records: &records)
        }
        let wrapWidth = storage.engine.measurer.options.wrapWidth(for: maxWidth)
        // The fitter reads the engine unretained (`LineFitter.engine`): the text keeps its storage, and so the
        // engine, alive until the fitter is done, whatever the optimizer makes of the caller.
        let size: TextSize? = withExtendedLifetime(self) {
            fitPrepared(storage: storage, wrapWidth: wrapWidth, recordsLines: recordsLines, records: &records)
        }
        if let size { return size }
        return fitBySession(wrapWidth: wrapWidth, recordsLines: recordsLines, records: &records)
    }

    /// The fit from the prepared segments, or nil when a shaped segment must be broken inside itself
    /// (`LineFitter.needsReshaping`).
    @inline(__always)
    private func fitPrepared(
        storage: PreparedStorage, wrapWidth: Double, recordsLines: Bool, records: inout [LineFragment]
    ) -> TextSize? {
        storage.withWorkspace { ws in
            var fitter = LineFitter(
                engine: storage.engine, ws: ws, utf8: UnsafeBufferPointer(start: nil, count: 0),
                wrapWidth: wrapWidth, mode: .prepared, cache: nil, recordsLines: recordsLines)
            let size = storage.segments.withUnsafeBufferPointer { segments in
                fitter.fit(count: storage.count, endsWithHardBreak: storage.endsWithHardBreak, segments: segments)
            }
            if fitter.needsReshaping { return nil }
            records = fitter.records
            return size
        }
    }

    /// The fit of a text a measurer with `TextAttributes` prepared: measured again at `maxWidth` by `AttributedLayout`
    /// in the session that prepared it, as `MeasureSession.measure(_:maxWidth:)` measures it. Paragraph spacing,
    /// indents, line heights and truncation apply per line and paragraph, which the prepared segments do not model, so
    /// such a text is kept as it was given, and each fit is a measurement — in that session, whose caches (its
    /// segments, a session for each run's font and size) the fits share: a session made for each fit made a run's
    /// tables again every time, three times the cost of measuring (a review's probe, two runs in two fonts).
    @inline(never)
    private func fitAttributed(maxWidth: Double, recordsLines: Bool, records: inout [LineFragment]) -> TextSize {
        guard let session = storage.attributedSession else {
            preconditionFailure("an attributed measurer's text keeps the session that prepared it")
        }
        let text = String(decoding: storage.utf8, as: UTF8.self)
        let (size, lines) = AttributedLayout(session: session, maxWidth: maxWidth, text: text).layout()
        if recordsLines { records = lines }
        return size
    }

    /// The fit of a text with a shaped word wider than the line: its line parts are shaped again each on its own,
    /// which takes a session (rare: only a word of a script HarfBuzz shapes that does not fit the width alone). Out
    /// of line, so that the common fit does not retain the engine for the session it does not make.
    @inline(never)
    private func fitBySession(wrapWidth: Double, recordsLines: Bool, records: inout [LineFragment]) -> TextSize {
        let layout = MeasureSession(engine: engine, segmentCacheBytes: 0)
            .plainLayout(storage.utf8[...], wrapWidth: wrapWidth)
        if recordsLines { records = layout.lines }
        return layout.size
    }
}

/// The per-scalar arrays of a `PreparedText`, immutable once made.
final class PreparedStorage: Sendable {
    /// The engine that prepared the text, whose measurer it is fitted for.
    let engine: LayoutEngine
    let count: Int
    let utf8Count: Int
    /// The text itself, for the rare fit a session must do (`LineFitter.needsReshaping`).
    let utf8: [UInt8]
    let endsWithHardBreak: Bool
    /// The segments with their measures, so fitting only adds.
    let segments: [PreparedSegment]
    // Padded by one element so that no array is empty and every base address exists.
    private let scalars: [UInt32]
    private let offsets: [UInt32]
    private let flags: [UInt8]
    private let advances: [Double]
    private let clusterFonts: [UInt8]
    private let kinds: [UInt8]
    /// The glyph column, padded, then the trailing-glyph column (`Workspace.trailingGlyphs`), padded: one array.
    private let glyphs: [UInt32]
    /// For a measurer with `TextAttributes`, the session that prepared the text, which measures it at each width
    /// (thread-safe: a fit from another thread waits for its lock); nil for a plain measurer's text.
    let attributedSession: MeasureSession?

    /// The text of a measurer with `TextAttributes`, kept as given with the session that prepared it: `PreparedText`
    /// measures it again there at each width (`fitAttributed`), so there is no analysis to copy.
    init(attributedText utf8: UnsafeBufferPointer<UInt8>, session: MeasureSession) {
        let engine = session.engine
        precondition(engine.isAttributed, "only an attributed measurer's text is kept without its analysis")
        attributedSession = session
        self.engine = engine
        count = 0
        utf8Count = utf8.count
        self.utf8 = Array(utf8)
        endsWithHardBreak = false
        segments = []
        scalars = [0]
        offsets = [0]
        flags = [0]
        advances = [0]
        clusterFonts = [0]
        kinds = [0]
        glyphs = [0, 0]
    }

    /// Copies the first `count` scalars' analysis out of a session's workspace, and measures the segments.
    init(copying ws: Workspace, count: Int, utf8: UnsafeBufferPointer<UInt8>, engine: LayoutEngine) {
        attributedSession = nil
        self.engine = engine
        self.count = count
        utf8Count = utf8.count
        self.utf8 = Array(utf8)
        endsWithHardBreak = count > 0 && LayoutEngine.isHardBreak(ws.scalars[count - 1])
        // Segments first: measuring them applies kerning and ligatures to the workspace, which is then copied.
        var fitter = LineFitter(
            engine: engine, ws: ws, utf8: UnsafeBufferPointer(start: nil, count: 0),
            wrapWidth: .infinity, mode: .measuredClusters, cache: nil, recordsLines: false)
        segments = fitter.preparedSegments(count: count)
        scalars = Array(UnsafeBufferPointer(start: ws.scalars, count: count)) + [0]
        offsets = Array(UnsafeBufferPointer(start: ws.offsets, count: count + 1))
        flags = Array(UnsafeBufferPointer(start: ws.flags, count: count + 1))
        // The cluster slots hold the whole string, from slot 0 (`SessionState.wholeStringWorkspace`).
        advances = Array(UnsafeBufferPointer(start: ws.advances.pointer(at: 0), count: count)) + [0]
        clusterFonts = Array(UnsafeBufferPointer(start: ws.clusterFonts.pointer(at: 0), count: count)) + [0]
        kinds = Array(UnsafeBufferPointer(start: ws.kinds.pointer(at: 0), count: count)) + [0]
        var glyphs: [UInt32] = []
        glyphs.reserveCapacity(2 * (count + 1))
        glyphs.append(contentsOf: UnsafeBufferPointer(start: ws.glyphs.pointer(at: 0), count: count))
        glyphs.append(0)
        glyphs.append(contentsOf: UnsafeBufferPointer(start: ws.trailingGlyphs.pointer(at: 0), count: count))
        glyphs.append(0)
        self.glyphs = glyphs
    }

    /// Runs `body` with a workspace over these arrays. The fitter in `.prepared` mode only reads through it, which is
    /// why handing out mutable pointers to immutable storage is sound here.
    func withWorkspace<Result>(_ body: (Workspace) -> Result) -> Result {
        scalars.withUnsafeBufferPointer { scalars in
            offsets.withUnsafeBufferPointer { offsets in
                flags.withUnsafeBufferPointer { flags in
                    advances.withUnsafeBufferPointer { advances in
                        clusterFonts.withUnsafeBufferPointer { fonts in
                            kinds.withUnsafeBufferPointer { kinds in
                                glyphs.withUnsafeBufferPointer { glyphs in
                                    body(
                                        Workspace(
                                            scalars: UnsafeMutablePointer(mutating: scalars.baseAddress!),
                                            offsets: UnsafeMutablePointer(mutating: offsets.baseAddress!),
                                            flags: UnsafeMutablePointer(mutating: flags.baseAddress!),
                                            advances: UnsafeMutablePointer(mutating: advances.baseAddress!),
                                            clusterFonts: UnsafeMutablePointer(mutating: fonts.baseAddress!),
                                            kinds: UnsafeMutablePointer(mutating: kinds.baseAddress!),
                                            glyphs: UnsafeMutablePointer(mutating: glyphs.baseAddress!),
                                            trailingGlyphs: UnsafeMutablePointer(
                                                mutating: glyphs.baseAddress! + (count + 1)),
                                            capacity: count + 1))
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
