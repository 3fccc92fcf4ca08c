import Cache

extension LayoutEngine {
    /// The measure of the segment `start..<end` of a string of Latin-1 alone (`isLatin1`) when it holds letters,
    /// digits, punctuation, spaces and hard breaks only, found in one pass over its scalars from the engine's Latin-1
    /// tables (`Latin1Sum`); nil when it holds anything else (a tab, a control, a soft hyphen) or a pair a ligature
    /// may start with, which the general path measures.
    ///
    /// It is the general path's arithmetic, fused: `measureClusters` (each scalar one cluster, from the Latin-1
    /// tables), `applyFeatures` (pair kerning added to the later cluster's advance; no ligature applies, since no
    /// neighbouring pair may start one) and `LineFitter.measureSegment` (the advances summed from the segment's start,
    /// the edges' kerning glyphs, the first and last scripts), each value computed in the same order from the same
    /// operands, so the measure is the same to the bit. Such a segment depends on its text alone, as the segment cache's
    /// plain-key entries do; measuring it here costs less than hashing and looking it up (issue 18's profile: the
    /// lookup's two cache misses), so it never reaches the cache.
    @inline(__always)
    func latin1SegmentMeasure(from start: Int, to end: Int, in ws: Workspace) -> SegmentMeasure? {
        latin1Entries.withUnsafeBufferPointer { entries in
            latin1Kerning.withUnsafeBufferPointer { kerning in
                fontScales.withUnsafeBufferPointer { scales in
                    latin1SegmentMeasure(
                        from: start, to: end, scalars: ws.scalars, entries: entries, kerning: kerning, scales: scales)
                }
            }
        }
    }

    /// `latin1SegmentMeasure(from:to:in:)` over the tables' memory.
    @inline(__always)
    private func latin1SegmentMeasure(
        from start: Int, to end: Int, scalars: UnsafeMutablePointer<UInt32>,
        entries: UnsafeBufferPointer<ScalarEntry>, kerning: UnsafeBufferPointer<Int32>,
        scales: UnsafeBufferPointer<Double>
    ) -> SegmentMeasure? {
        var sum = Latin1Sum()
        // Whether a ligature may start with the previous scalar, and that scalar.
        var previousStartsLigature = false
        var previousScalar = 0
        for index in start..<end {
            // The string is Latin-1 alone (`isLatin1`); the mask keeps the table read in bounds whatever happens.
            let scalar = Int(scalars[index] & 0xFF)
            let entry = entries[scalar]
            guard entry.isUsable else { return nil }
            // A pair's bit is set only where both are visible and in one font.
            if previousStartsLigature && startsLigature(previousScalar, scalar) { return nil }
            sum.add(entry, kerning: kerning.baseAddress.unsafelyUnwrapped, scales: scales.baseAddress.unsafelyUnwrapped)
            previousStartsLigature = entry.startsLigature
            previousScalar = scalar
        }
        if usesFeatures && sum.fonts != 0 && sum.x != sum.visibleEnd {
            // Whitespace after the last visible scalar: HarfBuzz's part of a pair kerned into it stays in the width,
            // as the cluster path keeps it (`LineFitter.add`, `hangingKernFlag`).
            let share = latin1HangingShare(from: start, to: end, scalars: scalars, entries: entries)
            if share != 0 { sum.visibleEnd += share }
        }
        var measure = sum.measure(
            first: entries[Int(scalars[start] & 0xFF)], last: entries[Int(scalars[end - 1] & 0xFF)], engine: self)
        guard usesFeatures else { return measure }
        // `LineFitter.setScripts`: the first real script, whether Common scalars come before it, the last real script.
        // (Latin-1 has one real script, and its strings alone come here: no run boundary lies inside a segment.)
        var index = start
        while index < end {
            let script = entries[Int(scalars[index] & 0xFF)].script
            if script != 0 {
                measure.firstScript = script
                break
            }
            index += 1
        }
        measure.startsWithCommon = index > start
        guard measure.firstScript != 0 else { return measure }
        var back = end - 1
        while back >= index {
            let script = entries[Int(scalars[back] & 0xFF)].script
            if script != 0 {
                measure.lastScript = script
                break
            }
            back -= 1
        }
        return measure
    }

    /// Whether a ligature of the font of Latin-1 scalar `first` may start with `first` followed by `second`
    /// (`latin1LigaturePairs`).
    @inline(__always)
    func startsLigature(_ first: Int, _ second: Int) -> Bool {
        latin1LigaturePairs.withUnsafeBufferPointer { pairs in
            pairs[(first << 8 | second) >> 6] & (1 << UInt64(second & 63)) != 0
        }
    }

    /// Whether every one of the first `count` scalars is below U+0100 (the strings `latin1SegmentMeasure` serves).
    @inline(__always)
    static func isLatin1(_ scalars: UnsafePointer<UInt32>, count: Int) -> Bool {
        var combined: UInt32 = 0
        for index in 0..<count { combined |= scalars[index] }
        return combined < 256
    }
}
