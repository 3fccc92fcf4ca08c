/// Features for long segments: a segment longer than a session's cluster columns (a word of over 256 Ki scalars) is
/// measured window by window (`LineFitter.placeLongSegment`), and each window's clusters are given the fast path's
/// ligatures and kerning here exactly as `applyFeatures` gives them to a whole segment.
extension LayoutEngine {
    /// What kerning carries from one window of a segment to the next: the cluster the next one is kerned against.
    struct FeatureCarry {
        var previousGlyph: UInt32 = 0
        /// The font of that cluster, or -1 when there is none (the segment's start, after a tab or a hard break).
        var previousFont = -1
        /// Whether that cluster is visible (whitespace kerned against it is marked: `hangingKernFlag`).
        var previousIsVisible = false
    }

    /// Whether the fast path applies ligatures with any font of the cascade (windows then measure past their end).
    var appliesLigatures: Bool {
        usesFeatures && ligates && features.contains { $0?.hasLigatures ?? false }
    }

    /// `applyFeatures` for one window of a long segment, whose clusters `start..<lookEnd` are measured: ligatures
    /// from every scan position before `limit` (one may end past `limit`, never past `lookEnd` when `lookEnd` is
    /// `ClusterScratch.ligatureReach` past it), then kerning of every cluster before the returned position, where the
    /// next window starts: `limit`, or the end of a ligature that crosses it.
    ///
    /// The same result as `applyFeatures` over the whole segment: its ligature scan, restarted at the returned
    /// position, goes on as it would have (a run restarted inside itself ends where it would have, and a match reads
    /// only the glyphs from its start on), and kerning carries the cluster before the window in `carry`.
    func applyFeatures(
        window start: Int, limit: Int, lookEnd: Int, carry: inout FeatureCarry,
        in ws: Workspace
    ) -> Int {
        guard usesFeatures else { return limit }
        let glyphs = ws.glyphs
        // Where the ligature scan stands: a position that starts a run, or one inside a run being scanned.
        var cursor = start
        if ligates {
            while cursor < limit {
                let font = Int(ws.clusterFonts[cursor])
                guard ws.kinds[cursor] == ClusterKind.visible, let table = features[font], table.hasLigatures else {
                    cursor += 1
                    continue
                }
                var runEnd = cursor + 1
                while runEnd < lookEnd && ws.kinds[runEnd] == ClusterKind.visible
                    && Int(ws.clusterFonts[runEnd]) == font
                {
                    runEnd += 1
                }
                let run = UnsafeBufferPointer(start: glyphs.pointer(at: cursor), count: runEnd - cursor)
                var position = 0
                while position < run.count - 1 && cursor + position < limit {
                    guard let (count, ligature) = table.ligature(in: run, at: position) else {
                        position += 1
                        continue
                    }
                    applyLigature(
                        ligature, count: count, at: cursor + position - ws.origin, font: font,
                        advances: ws.advances.slots, glyphs: glyphs.slots, kinds: ws.kinds.slots)
                    position += count
                }
                if cursor + position >= limit {
                    // Stopped at the limit (or a ligature took the scan past it): the next window goes on from here.
                    cursor += position
                    break
                }
                cursor = runEnd
            }
        }
        let next = max(cursor, limit)
        for index in start..<next {
            let kind = ws.kinds[index]
            guard kind == ClusterKind.visible || kind == ClusterKind.hanging else {
                if kind == ClusterKind.tab { carry.previousFont = -1 }
                continue
            }
            if Self.isHardBreak(ws.scalars[index]) {
                carry.previousFont = -1
                continue
            }
            let font = Int(ws.clusterFonts[index])
            var kernsIntoHanging = false
            if carry.previousFont == font, kerns[font], let table = features[font] {
                let kern = table.kerning(carry.previousGlyph, glyphs[index])
                if kern != 0 {
                    ws.advances[index] += Double(kern) * fontScales[font]
                    kernsIntoHanging = kind == ClusterKind.hanging && carry.previousIsVisible
                }
            }
            if kind == ClusterKind.hanging { Self.noteHangingKern(kernsIntoHanging, at: index, in: ws) }
            carry.previousGlyph = glyphs[index]
            carry.previousFont = font
            carry.previousIsVisible = kind == ClusterKind.visible
        }
        return next
    }
}
