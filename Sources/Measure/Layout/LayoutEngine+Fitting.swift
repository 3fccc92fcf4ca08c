import Cache

/// Line fitting: greedy, Apple's rules (docs/semantics/sizing.md §A and docs/semantics/decisions.md).
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
    func fitLines(
        count: Int, utf8: UnsafeBufferPointer<UInt8>, wrapWidth: Double, recordsLines: Bool,
        tabOrigin: Double = 0, allowsLatin1Shortcuts: Bool = true, state: inout SessionState
    ) -> TextSize {
        // Segments are measured one by one only when they start on cluster boundaries, which `keepsGraphemeClusters`
        // guarantees. Without it (plain UAX #14 may break inside a cluster, as in `SP ÷ U+0308`), every cluster is
        // measured whole first, into cluster slots for the whole string, and the fitter only reads — as for a
        // `PreparedText`, so both agree.
        let mode: FitMode
        let ws: Workspace
        if lineBreaking.keepsGraphemeClusters {
            mode = .measuring
            ws = state.workspace
        } else {
            ws = state.wholeStringWorkspace(count: count)
            state.glyphLookups += measureClusters(from: 0, to: count, in: ws)
            mode = .measuredClusters
        }
        let endsWithHardBreak = count > 0 && Self.isHardBreak(ws.scalars[count - 1])
        return withFitter(
            ws: ws, utf8: utf8, wrapWidth: wrapWidth, mode: mode, recordsLines: recordsLines, tabOrigin: tabOrigin,
            state: &state
        ) { fitter in
            fitter.allowsLatin1Shortcuts = allowsLatin1Shortcuts
            return fitter.fit(count: count, endsWithHardBreak: endsWithHardBreak)
        }.unsafelyUnwrapped
    }

    /// `run` for a string decoded, broken, measured and fitted in one pass over its bytes: a string that may be
    /// Latin-1 alone by its own pass (`LineFitter.fitLatin1String`) when `latin1Alone`, any other by the pass for
    /// other strings (`LineFitter.fitOnePass`). Nil, with nothing counted, when the string holds a scalar the pass
    /// may not walk; the general path measures it then.
    func fitInOnePass(
        _ utf8: UnsafeBufferPointer<UInt8>, latin1Alone: Bool, wrapWidth: Double, recordsLines: Bool,
        tabOrigin: Double, state: inout SessionState
    ) -> TextSize? {
        state.reserve(utf8.count)
        // The shaping context of the previous string is forgotten, as `analyze` does: neither pass walks a scalar with
        // a bidi or dictionary hint, so nothing is resolved up front.
        state.shaping.reset()
        guard !latin1Alone else {
            return withFitter(
                ws: state.workspace, utf8: utf8, wrapWidth: wrapWidth, mode: .measuring, recordsLines: recordsLines,
                tabOrigin: tabOrigin, state: &state
            ) { fitter in
                fitter.fitLatin1String()
            }
        }
        let tables = state.onePass(options: lineBreaking)
        let size = withFitter(
            ws: state.workspace, utf8: utf8, wrapWidth: wrapWidth, mode: .measuring, recordsLines: recordsLines,
            tabOrigin: tabOrigin, state: &state
        ) { fitter in
            fitter.fitOnePass(tables: tables)
        }
        if size != nil { state.onePassStrings += 1 }
        return size
    }

    /// Makes a fitter over `ws`, runs `body` with it and, when `body` gives a size, adds the fitter's counters to the
    /// session's (and keeps its lines in the session's array when `recordsLines`). The fitter reads this engine
    /// unretained (`LineFitter.engine`): `withExtendedLifetime` keeps it alive until the fitter is done, whatever the
    /// optimizer makes of the callers.
    private func withFitter(
        ws: Workspace, utf8: UnsafeBufferPointer<UInt8>, wrapWidth: Double, mode: FitMode, recordsLines: Bool,
        tabOrigin: Double, state: inout SessionState, body: (inout LineFitter) -> TextSize?
    ) -> TextSize? {
        withExtendedLifetime(self) {
            fitWithFitter(
                ws: ws, utf8: utf8, wrapWidth: wrapWidth, mode: mode, recordsLines: recordsLines,
                tabOrigin: tabOrigin, state: &state, body: body)
        }
    }

    /// `withFitter`'s body.
    @inline(__always)
    private func fitWithFitter(
        ws: Workspace, utf8: UnsafeBufferPointer<UInt8>, wrapWidth: Double, mode: FitMode, recordsLines: Bool,
        tabOrigin: Double, state: inout SessionState, body: (inout LineFitter) -> TextSize?
    ) -> TextSize? {
        var fitter = LineFitter(
            engine: self, ws: ws, utf8: utf8, wrapWidth: wrapWidth, mode: mode,
            cache: state.segmentCache, recordsLines: recordsLines)
        fitter.tabOrigin = tabOrigin
        if recordsLines {
            swap(&fitter.records, &state.lineRecords)  // reuse the session's array and its capacity
            fitter.records.removeAll(keepingCapacity: true)
        }
        let size = body(&fitter)
        if recordsLines { swap(&fitter.records, &state.lineRecords) }
        guard let size else { return nil }
        state.strings += 1
        state.glyphLookups += fitter.glyphLookups
        state.shapedSegments += fitter.shapedSegments
        state.sharedShapeHits += fitter.sharedShapeHits
        state.windowedSegments += fitter.windowedSegments
        state.runSegments += fitter.runSegments
        state.crossingSegments += fitter.crossingSegments
        return size
    }

    /// The index of the first byte of `utf8` that is 0xC4 or above, or `utf8.count` when none is: the string may then
    /// be Latin-1 alone, since every well-formed sequence in it is ASCII or a two-byte one of U+0080–U+00FF. Eight
    /// bytes at a time while they are ASCII.
    @inline(__always)
    static func firstByteBeyondLatin1(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        let count = utf8.count
        guard let base = utf8.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if word & 0x8080_8080_8080_8080 != 0 {
                for byte in index..<(index + 8) where base[byte] >= 0xC4 { return byte }
            }
            index += 8
        }
        while index < count {
            if base[index] >= 0xC4 { return index }
            index += 1
        }
        return count
    }

    /// Whether a string whose first byte beyond Latin-1 is `lead` is worth the one-pass fit of other strings: not
    /// when it starts a combining diacritical mark (0xCC, 0xCD: U+0300–U+036F) or a scalar of U+0580–U+0FFF (Hebrew,
    /// Arabic, Syriac, Thaana, NKo, the Indic scripts, Thai, Lao, Tibetan), which the pass may not walk (a mark, bidi,
    /// a dictionary) and would give up on at once; the general path measures such a string from the start.
    @inline(__always)
    static func mayWalk(lead: UInt8) -> Bool {
        !(lead == 0xCC || lead == 0xCD || (lead >= 0xD6 && lead <= 0xE0))
    }

    /// Whether `scalar` is a hard line or paragraph break (UAX #14 classes BK, CR, LF, NL).
    static func isHardBreak(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Whether the last scalar `utf8` decodes to is a hard break (`isHardBreak`), read from its last bytes without
    /// decoding the rest: an ASCII byte is a scalar of its own, and a lead byte always begins a sequence of its own,
    /// whatever comes before it (a sequence cut short ends at the next lead byte, as one U+FFFD), so the string ends
    /// with U+0085 exactly when it ends with C2 85, and with U+2028 or U+2029 exactly when it ends with E2 80 A8 or
    /// E2 80 A9. The one-pass fit asks it once per string instead of keeping each scalar it decodes.
    static func endsWithHardBreak(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = utf8.count
        guard count > 0 else { return false }
        let last = utf8[count - 1]
        if last >= 0x0A && last <= 0x0D { return true }
        if last == 0x85 && count >= 2 && utf8[count - 2] == 0xC2 { return true }
        return (last == 0xA8 || last == 0xA9) && count >= 3 && utf8[count - 2] == 0x80 && utf8[count - 3] == 0xE2
    }
}
