import Cache

/// A session's mutable memory: scratch buffers sized for the longest string so far, the current string's lines, the
/// segment-width cache and counters. Non-copyable, owned by one `MeasureSession` behind its lock.
struct SessionState: ~Copyable {
    // One entry per scalar; `offsets` and `flags` one more (the position after the last scalar).
    var scalars = ScratchBuffer<UInt32>(capacity: 256)
    var offsets = ScratchBuffer<UInt32>(capacity: 257)
    var flags = ScratchBuffer<UInt8>(capacity: 257)
    var advances = ScratchBuffer<Double>(capacity: 256)
    var clusterFonts = ScratchBuffer<UInt8>(capacity: 256)
    var kinds = ScratchBuffer<UInt8>(capacity: 256)
    /// Each cluster's glyph, on its first scalar, while kerning and ligatures are applied.
    var glyphs = ScratchBuffer<UInt32>(capacity: 256)
    /// Single scalars measured so far, with their kind, width and font.
    var scalarMemo = ScalarMemo()
    /// Lines of the string being measured, kept only when lines are asked for.
    var lineRecords: [LineFragment] = []
    /// Segment measures of this session's configuration; nil when the measurer's segment cache is off.
    let segmentCache: SegmentWidthCache?
    /// Scalars whose advance was looked up (in the Latin-1 table or a font's glyph cache).
    var glyphLookups = 0
    /// Strings measured.
    var strings = 0
    /// Segments HarfBuzz measured (see `MeasureSessionStatistics.shapedSegments`).
    var shapedSegments = 0
    /// HarfBuzz, bidi and dictionary breaking, and the current string's scripts and levels.
    let shaping: ShapingContext

    init(fingerprint: UInt64, segmentCacheBytes: Int, shaping: ShapingContext) {
        segmentCache = segmentCacheBytes > 0
            ? SegmentWidthCache(fingerprint: fingerprint, capacityBytes: max(segmentCacheBytes, 64 << 10)) : nil
        self.shaping = shaping
    }

    /// Makes every scratch buffer large enough for a string of `byteCount` UTF-8 bytes (at most that many scalars).
    mutating func reserve(_ byteCount: Int) {
        scalars.reserve(byteCount)
        offsets.reserve(byteCount + 1)
        flags.reserve(byteCount + 1)
        advances.reserve(byteCount)
        clusterFonts.reserve(byteCount)
        kinds.reserve(byteCount)
        glyphs.reserve(byteCount)
    }

    /// Raw views of the scratch buffers, taken once per string.
    var workspace: Workspace {
        Workspace(scalars: scalars.base, offsets: offsets.base, flags: flags.base, advances: advances.base,
                  clusterFonts: clusterFonts.base, kinds: kinds.base, glyphs: glyphs.base, memo: scalarMemo.directory,
                  notes: shaping.notes, shaping: .passUnretained(shaping))
    }
}

/// Raw views of a session's scratch buffers for one string: the per-scalar loops read and write through these instead
/// of stored properties, which would cost a dynamic exclusivity check (and a thread-local lookup) on every access.
struct Workspace {
    let scalars: UnsafeMutablePointer<UInt32>
    let offsets: UnsafeMutablePointer<UInt32>
    let flags: UnsafeMutablePointer<UInt8>
    let advances: UnsafeMutablePointer<Double>
    let clusterFonts: UnsafeMutablePointer<UInt8>
    let kinds: UnsafeMutablePointer<UInt8>
    /// Scratch for cluster glyphs (kerning and ligatures); nil for a prepared text, which measures nothing.
    let glyphs: UnsafeMutablePointer<UInt32>?
    /// The session's `ScalarMemo` page directory; nil for a prepared text, which measures nothing.
    let memo: UnsafeMutablePointer<UnsafeMutablePointer<ScalarMemo.Entry>?>?
    /// Where measuring clusters notes what it saw (`ClusterNotes`); nil for a prepared text, which measures nothing.
    let notes: UnsafeMutablePointer<ClusterNotes>?
    /// The session's shaping context, unretained (the session's state holds it for longer than any workspace
    /// lives); nil for a prepared text.
    let shaping: Unmanaged<ShapingContext>?

    /// Records what a measured cluster needs (`ClusterNotes` bits).
    @inline(__always)
    func note(_ bits: UInt8) {
        guard let notes else { return }
        notes.pointee.flags |= bits
        if bits & ClusterNotes.missing != 0 { notes.pointee.missing += 1 }
    }
}
