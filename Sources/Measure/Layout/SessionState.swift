import Cache

/// A session's mutable memory: scratch buffers for the current string, its lines, the segment-width cache and
/// counters. Non-copyable, owned by one `MeasureSession` behind its lock.
///
/// Two kinds of scratch: the per-scalar analysis of the whole string (`scalars`, `offsets`, `flags`: 9 bytes a
/// scalar, sized for the longest string so far), and the per-cluster measurements (`clusters`), which fitting needs
/// only for the segment being measured and so are bounded by the longest segment, and by `ClusterScratch.window` for
/// segments longer than that (measured window by window): a 100 MB line costs no more per-cluster memory than its
/// longest word, or than 256 Ki scalars.
struct SessionState: ~Copyable {
    // One entry per scalar; `offsets` and `flags` one more (the position after the last scalar).
    var scalars = ScratchBuffer<UInt32>(capacity: 256)
    var offsets = ScratchBuffer<UInt32>(capacity: 257)
    var flags = ScratchBuffer<UInt8>(capacity: 257)
    /// Each cluster's advance, font, kind and glyph, for the clusters being measured.
    let clusters = ClusterScratch()
    /// Single scalars measured so far, with their kind, width and font.
    var scalarMemo = ScalarMemo()
    /// The one-pass fit's entries and break automaton, made the first time a string is not Latin-1 alone.
    var onePassTables: OnePassTables?
    /// Lines of the string being measured, kept only when lines are asked for.
    var lineRecords: [LineFragment] = []
    /// Segment measures of this session's configuration; nil when the measurer's segment cache is off.
    let segmentCache: SegmentWidthCache?
    /// Scalars whose advance was looked up (in the Latin-1 table or a font's glyph cache).
    var glyphLookups = 0
    /// Strings measured.
    var strings = 0
    /// Strings beyond Latin-1 the one-pass fit measured (`LineFitter.fitOnePass`; for tests: that path ran).
    var onePassStrings = 0
    /// Segments the one-pass fit placed in its run loop (`LineFitter.placeRun`; for tests: that loop ran).
    var runSegments = 0
    /// Segments crossing a script run the one-pass fit measured without shaping (`LineFitter.crossingSegments`).
    var crossingSegments = 0
    /// Segments HarfBuzz measured (see `MeasureSessionStatistics.shapedSegments`).
    var shapedSegments = 0
    /// Shaped segments found in what the sessions made with this one share (see
    /// `MeasureSessionStatistics.sharedShapeHits`).
    var sharedShapeHits = 0
    /// Segments longer than the cluster scratch, measured window by window (for tests: that path ran).
    var windowedSegments = 0
    /// HarfBuzz, bidi and dictionary breaking, and the current string's scripts and levels.
    let shaping: ShapingContext

    init(fingerprint: UInt64, segmentCacheBytes: Int, shaping: ShapingContext) {
        segmentCache =
            segmentCacheBytes > 0
            ? SegmentWidthCache(fingerprint: fingerprint, capacityBytes: max(segmentCacheBytes, 64 << 10)) : nil
        self.shaping = shaping
    }

    /// Makes the whole-string buffers large enough for a string of `byteCount` UTF-8 bytes (at most that many
    /// scalars), and the cluster scratch large enough for all of it up to `ClusterScratch.window` scalars (a longer
    /// string's segments are measured one at a time, its longest in windows).
    mutating func reserve(_ byteCount: Int) {
        scalars.reserve(byteCount)
        offsets.reserve(byteCount + 1)
        flags.reserve(byteCount + 1)
        // Asked here before the call: the call itself retained and released the scratch for every string.
        let slots = min(byteCount, clusters.window)
        if slots > clusters.capacity { clusters.reserve(slots) }
    }

    /// The one-pass fit's tables, made now if they were not yet, for line breaking with `options` (the session's
    /// engine's, which never change).
    mutating func onePass(options: LineBreakOptions) -> OnePassTables {
        if let tables = onePassTables { return tables }
        let tables = OnePassTables(options: options)
        onePassTables = tables
        return tables
    }

    /// A workspace whose cluster slots hold the whole string of `count` scalars, for the passes that measure every
    /// cluster at once (a prepared text, breaking that may split clusters, counting missing glyphs).
    mutating func wholeStringWorkspace(count: Int) -> Workspace {
        clusters.reserve(count)
        return workspace
    }

    /// Raw views of the scratch buffers, taken once per string; the cluster slots start at string index 0.
    var workspace: Workspace {
        Workspace(
            scalars: scalars.base, offsets: offsets.base, flags: flags.base, clusters: clusters,
            memo: scalarMemo.directory, notes: shaping.notes, shaping: .passUnretained(shaping))
    }
}

/// Per-cluster scratch of one session: each cluster's advance (on its first scalar), cascade font, kind
/// (`ClusterKind`) and glyph (for kerning and ligatures), one slot per scalar of the clusters being measured.
///
/// A class so that fitting can grow it in the middle of a string (a long segment that must be shaped whole) through
/// `Workspace.grow`, reached unretained: the session's state holds it for longer than any workspace lives.
///
/// Its stored `var`s are `@exclusivity(unchecked)`: a class's stored `var`s otherwise pay a dynamic exclusivity check
/// (a runtime call) on every access, and every string reads them. Safe because one session, behind its lock, is the
/// only user, and no access to them overlaps another (each is a plain read, or one `reserve` call at a time).
final class ClusterScratch {
    /// Scalars a session's cluster slots hold at most unless a segment must be measured whole: longer segments are
    /// measured and broken window by window (`LineFitter.placeLongSegment`). 256 Ki slots are 3.5 MiB.
    static let defaultWindow = 1 << 18
    /// How far past a window's end its clusters are measured so that every ligature starting in the window is seen
    /// whole: a GSUB Ligature table counts its components in 16 bits, so no ligature replaces more than 65,535
    /// glyphs, and a match at a window's last cluster reads at most 65,534 clusters past it.
    static let defaultLigatureReach = 65_534

    @exclusivity(unchecked) private(set) var advances = ScratchBuffer<Double>(capacity: 256)
    @exclusivity(unchecked) private(set) var fonts = ScratchBuffer<UInt8>(capacity: 256)
    @exclusivity(unchecked) private(set) var kinds = ScratchBuffer<UInt8>(capacity: 256)
    /// Two columns in one allocation: each cluster's glyph in the first `capacity` slots, then the glyph it kerns
    /// against the next cluster with where that is another (`Workspace.trailingGlyphs`), seldom written.
    @exclusivity(unchecked) private(set) var glyphs = ScratchBuffer<UInt32>(capacity: 512)
    /// See `defaultWindow` and `defaultLigatureReach`; smaller in tests, to take the windowed path on short text.
    @exclusivity(unchecked) private(set) var window = ClusterScratch.defaultWindow
    @exclusivity(unchecked) private(set) var ligatureReach = ClusterScratch.defaultLigatureReach

    /// Slots in each column (they always grow together; `glyphs` holds two columns).
    var capacity: Int { advances.capacity }

    /// Makes room for `count` slots in every buffer; the contents are not kept.
    func reserve(_ count: Int) {
        guard count > advances.capacity else { return }
        advances.reserve(count)
        fonts.reserve(count)
        kinds.reserve(count)
        // Exactly twice the others' capacity, which `reserve` of theirs just set (at least `count`).
        glyphs.reserve(2 * advances.capacity)
    }

    /// Starts over with buffers of exactly `window` slots and the given reach (tests only: measuring with a small
    /// window must give what measuring with the default one gives).
    func configure(window: Int, ligatureReach: Int) {
        precondition(window >= 16 && ligatureReach >= 0 && ligatureReach < window / 2)
        self.window = window
        self.ligatureReach = ligatureReach
        advances = ScratchBuffer(capacity: window)
        fonts = ScratchBuffer(capacity: window)
        kinds = ScratchBuffer(capacity: window)
        glyphs = ScratchBuffer(capacity: 2 * window)
    }
}

/// A column of per-cluster slots seen by string index: the slot of scalar `index` is `slots[index - origin]`, so the
/// per-scalar loops keep indexing by position in the string while the slots hold only the clusters being measured.
struct ClusterColumn<Element: BitwiseCopyable> {
    let slots: UnsafeMutablePointer<Element>
    let origin: Int
    let capacity: Int

    subscript(index: Int) -> Element {
        @inline(__always) get {
            assert(index >= origin && index - origin < capacity, "cluster slot outside the window")
            return slots[index &- origin]
        }
        @inline(__always) nonmutating set {
            assert(index >= origin && index - origin < capacity, "cluster slot outside the window")
            slots[index &- origin] = newValue
        }
    }

    /// The slot of scalar `index`, for a run read as a buffer.
    @inline(__always)
    func pointer(at index: Int) -> UnsafeMutablePointer<Element> {
        slots + (index &- origin)
    }
}

/// Raw views of a session's scratch buffers for one string: the per-scalar loops read and write through these instead
/// of stored properties, which would cost a dynamic exclusivity check (and a thread-local lookup) on every access.
///
/// `scalars`, `offsets` and `flags` cover the whole string; the cluster columns (`advances`, `clusterFonts`, `kinds`,
/// `glyphs`) cover the `capacity` scalars from `origin` on, which the fitter moves forward segment by segment.
struct Workspace {
    let scalars: UnsafeMutablePointer<UInt32>
    let offsets: UnsafeMutablePointer<UInt32>
    let flags: UnsafeMutablePointer<UInt8>
    /// The string index of the cluster columns' first slot.
    var origin = 0
    /// Slots in each cluster column.
    private(set) var capacity: Int
    private var advanceSlots: UnsafeMutablePointer<Double>
    private var fontSlots: UnsafeMutablePointer<UInt8>
    private var kindSlots: UnsafeMutablePointer<UInt8>
    private var glyphSlots: UnsafeMutablePointer<UInt32>
    private var trailingGlyphSlots: UnsafeMutablePointer<UInt32>
    /// The session's cluster scratch, unretained, for growing it; nil for a prepared text, which measures nothing.
    let clusters: Unmanaged<ClusterScratch>?
    /// The session's `ScalarMemo` page directory; nil for a prepared text, which measures nothing.
    let memo: UnsafeMutablePointer<UnsafeMutablePointer<ScalarMemo.Entry>?>?
    /// Where measuring clusters notes what it saw (`ClusterNotes`); nil for a prepared text, which measures nothing.
    let notes: UnsafeMutablePointer<ClusterNotes>?
    /// The session's shaping context, unretained (the session's state holds it for longer than any workspace
    /// lives); nil for a prepared text.
    let shaping: Unmanaged<ShapingContext>?

    /// A session's workspace.
    init(
        scalars: UnsafeMutablePointer<UInt32>, offsets: UnsafeMutablePointer<UInt32>,
        flags: UnsafeMutablePointer<UInt8>, clusters: ClusterScratch,
        memo: UnsafeMutablePointer<UnsafeMutablePointer<ScalarMemo.Entry>?>,
        notes: UnsafeMutablePointer<ClusterNotes>, shaping: Unmanaged<ShapingContext>
    ) {
        self.scalars = scalars
        self.offsets = offsets
        self.flags = flags
        capacity = clusters.capacity
        advanceSlots = clusters.advances.base
        fontSlots = clusters.fonts.base
        kindSlots = clusters.kinds.base
        glyphSlots = clusters.glyphs.base
        trailingGlyphSlots = clusters.glyphs.base + clusters.capacity
        self.clusters = .passUnretained(clusters)
        self.memo = memo
        self.notes = notes
        self.shaping = shaping
    }

    /// A prepared text's workspace over its own arrays of `capacity` elements each: read only.
    init(
        scalars: UnsafeMutablePointer<UInt32>, offsets: UnsafeMutablePointer<UInt32>,
        flags: UnsafeMutablePointer<UInt8>, advances: UnsafeMutablePointer<Double>,
        clusterFonts: UnsafeMutablePointer<UInt8>, kinds: UnsafeMutablePointer<UInt8>,
        glyphs: UnsafeMutablePointer<UInt32>, trailingGlyphs: UnsafeMutablePointer<UInt32>, capacity: Int
    ) {
        self.scalars = scalars
        self.offsets = offsets
        self.flags = flags
        self.capacity = capacity
        advanceSlots = advances
        fontSlots = clusterFonts
        kindSlots = kinds
        glyphSlots = glyphs
        trailingGlyphSlots = trailingGlyphs
        clusters = nil
        memo = nil
        notes = nil
        shaping = nil
    }

    var advances: ClusterColumn<Double> {
        @inline(__always) get { ClusterColumn(slots: advanceSlots, origin: origin, capacity: capacity) }
    }
    var clusterFonts: ClusterColumn<UInt8> {
        @inline(__always) get { ClusterColumn(slots: fontSlots, origin: origin, capacity: capacity) }
    }
    var kinds: ClusterColumn<UInt8> {
        @inline(__always) get { ClusterColumn(slots: kindSlots, origin: origin, capacity: capacity) }
    }
    /// Each cluster's glyph, on its first scalar, while kerning and ligatures are applied.
    var glyphs: ClusterColumn<UInt32> {
        @inline(__always) get { ClusterColumn(slots: glyphSlots, origin: origin, capacity: capacity) }
    }
    /// The glyph a cluster HarfBuzz shaped into several kerns against the next cluster with, on its first scalar,
    /// where `LayoutEngine.trailingGlyphFlag` is set there (`LayoutEngine.noteTrailingGlyph`); read nowhere else.
    var trailingGlyphs: ClusterColumn<UInt32> {
        @inline(__always) get { ClusterColumn(slots: trailingGlyphSlots, origin: origin, capacity: capacity) }
    }

    /// Whether the cluster columns reach from `origin` to scalar `end` (exclusive).
    @inline(__always)
    func holds(to end: Int) -> Bool {
        end &- origin <= capacity
    }

    /// Grows the session's cluster scratch to at least `count` slots (contents not kept) and views it again.
    mutating func grow(to count: Int) {
        guard let clusters, count > capacity else { return }
        let scratch = clusters.takeUnretainedValue()
        scratch.reserve(count)
        capacity = scratch.capacity
        advanceSlots = scratch.advances.base
        fontSlots = scratch.fonts.base
        kindSlots = scratch.kinds.base
        glyphSlots = scratch.glyphs.base
        trailingGlyphSlots = scratch.glyphs.base + scratch.capacity
    }

    /// Records what a measured cluster needs (`ClusterNotes` bits).
    @inline(__always)
    func note(_ bits: UInt8) {
        guard let notes else { return }
        notes.pointee.flags |= bits
        if bits & ClusterNotes.missing != 0 { notes.pointee.missing += 1 }
    }
}
