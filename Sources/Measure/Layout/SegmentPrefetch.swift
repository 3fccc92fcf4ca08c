import Cache

/// Runs a few segments ahead of the line fitter, starting to load what their segment-cache lookups will read.
///
/// A lookup executes few instructions but waits on two cache misses — the table slot, then the entry it points to in
/// the arena (a profile of `measure batch` on the Latin corpus puts 40 % of all cycles in the lookup, 90 % of them on
/// those two loads). The fitter's segments are known from the break flags before it reaches them, so this hashes each
/// one `slotDistance` segments ahead and prefetches its slot, then `entryDistance` segments ahead — by then the slot
/// has arrived — prefetches the entry it names. The lookups then find both in the caches. It keeps each hash it
/// computed, by segment, so the lookup does not hash the segment again.
///
/// Only a prefetch: it changes no measure, no cache content and no counter, so results are the same with it or without.
struct SegmentPrefetch {
    /// Segments (of more than one scalar: the others are not looked up) whose slots are prefetched ahead of the fitter.
    static let slotDistance = 6
    /// How many segments ahead of the fitter the entry is prefetched.
    static let entryDistance = 3
    /// Where scanning for the next segment resumes (the end of the last segment scanned).
    private var cursor = 0
    /// Segments scanned for prefetching, and segments the fitter has looked up, counting multi-scalar segments only.
    private var scanned = 0
    private var consumed = 0
    /// The hashes of the last scanned segments by scan order (`scanned & 7`), with their starts and ends to confirm
    /// them: the fitter looks segments up in the order they were scanned.
    private var hashes = InlineArray<8, UInt64>(repeating: 0)
    private var starts = InlineArray<8, Int32>(repeating: -1)
    private var ends = InlineArray<8, Int32>(repeating: -1)

    /// The hash of the plain key of `start..<end` (its UTF-8 bytes).
    @inline(__always)
    static func hash(from start: Int, to end: Int, ws: Workspace, utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        SegmentWidthCache.hash(
            UnsafeRawBufferPointer(
                UnsafeBufferPointer(rebasing: utf8[Int(ws.offsets[start])..<Int(ws.offsets[end])])))
    }

    /// Scans ahead until `slotDistance` segments past the ones looked up are prefetched (or the string ends).
    @inline(__always)
    mutating func runAhead(
        count: Int, charWrapping: Bool, ws: Workspace, utf8: UnsafeBufferPointer<UInt8>,
        cache: Unmanaged<SegmentWidthCache>
    ) {
        while scanned < consumed + Self.slotDistance && cursor < count {
            var end = cursor + 1
            while end < count && !LineFitter.endsSegment(ws.flags[end], charWrapping: charWrapping) { end += 1 }
            if end - cursor > 1 {
                let hash = Self.hash(from: cursor, to: end, ws: ws, utf8: utf8)
                let index = scanned & 7
                hashes[index] = hash
                starts[index] = Int32(truncatingIfNeeded: cursor)
                ends[index] = Int32(truncatingIfNeeded: end)
                let lagging = scanned - (Self.slotDistance - Self.entryDistance)
                let laggingHash = hashes[lagging & 7]
                cache._withUnsafeGuaranteedRef { cache in
                    cache.prefetchSlot(hash: hash)
                    if lagging >= consumed { cache.prefetchEntry(hash: laggingHash) }
                }
                scanned += 1
            }
            cursor = end
        }
    }

    /// The hash of segment `start..<end` for its lookup: the one computed when it was scanned, or computed now.
    /// Counts the lookup, so that scanning moves on.
    @inline(__always)
    mutating func hashForLookup(from start: Int, to end: Int, ws: Workspace, utf8: UnsafeBufferPointer<UInt8>)
        -> UInt64
    {
        let index = consumed & 7
        consumed += 1
        if Int(starts[index]) == start && Int(ends[index]) == end { return hashes[index] }
        return Self.hash(from: start, to: end, ws: ws, utf8: utf8)
    }
}
