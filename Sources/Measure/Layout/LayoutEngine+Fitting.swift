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
        tabOrigin: Double = 0, state: inout SessionState
    ) -> TextSize {
        state.strings += 1
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
        var fitter = LineFitter(
            engine: self, ws: ws, utf8: utf8, wrapWidth: wrapWidth, mode: mode,
            cache: state.segmentCache, recordsLines: recordsLines)
        fitter.tabOrigin = tabOrigin
        if recordsLines {
            swap(&fitter.records, &state.lineRecords)  // reuse the session's array and its capacity
            fitter.records.removeAll(keepingCapacity: true)
        }
        let endsWithHardBreak = count > 0 && Self.isHardBreak(ws.scalars[count - 1])
        let size = fitter.fit(count: count, endsWithHardBreak: endsWithHardBreak)
        state.glyphLookups += fitter.glyphLookups
        state.shapedSegments += fitter.shapedSegments
        state.windowedSegments += fitter.windowedSegments
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
