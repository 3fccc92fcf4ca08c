import Locking
import Synchronization

/// A per-font table from Unicode scalar value to `GlyphAdvance`, shared by every thread, read without locks.
///
/// Measuring a string looks up every scalar, so the read path is one acquire load of a page pointer and one relaxed
/// load of a 64-bit entry: no lock, no reference counting, nothing shared is written. A miss asks the caller's closure
/// for the one missing entry and stores it: under the cache's lock when the closure talks to FreeType
/// (`entry(for:compute:)`), or with no lock at all when it is a pure function of the scalar that any thread may run
/// (`lockFreeEntry(for:compute:)`: a font's own character map), so that threads meeting new scalars at the same
/// time do not queue for each other.
///
/// Layout: the code space (U+0000…U+10FFFF) is cut into 4,352 pages of 256 scalars. A page is allocated the first time
/// one of its scalars misses and lives until the cache does, so a published page pointer never dangles. Each entry is
/// an `Atomic<UInt64>` holding `GlyphAdvance.packed`, zero meaning "not looked up yet".
///
/// Memory is bounded by the pages touched: 2 KiB per page plus a fixed 34 KiB page directory, at most 8.9 MiB for a
/// font used with every code point there is. `statistics` reports what is in use.
///
/// Pages and entries are published by compare-and-exchange, so two threads that miss on the same page or scalar at
/// once agree on one page and one entry (the loser frees its page, or drops its equal value). Filling writes nothing
/// else: `statistics` counts the published pages and entries when asked, rather than every fill adding to a shared
/// counter, whose cache line (the object's first, with `directory`, which every lookup reads) the cores would
/// otherwise trade back and forth while they meet new scalars together.
// @unchecked Sendable because the pages are raw memory: every shared word in them is an `Atomic`, pages are published
// by compare-and-exchange with release/acquire ordering and freed only in `deinit` (stress-tested in
// GlyphAdvanceCacheTests, locked and lock-free fills).
public final class GlyphAdvanceCache: @unchecked Sendable {
    /// Scalars per page.
    @usableFromInline static let pageSize = 256
    /// Pages needed to cover U+0000…U+10FFFF.
    @usableFromInline static let pageCount = 0x11_0000 / pageSize

    /// Page directory: `pageCount` atomic words, each 0 or the address of a page of `pageSize` atomic entries.
    @usableFromInline let directory: UnsafeMutablePointer<Atomic<UInt>>
    /// Serialises the `compute` calls of `entry(for:compute:)`. Its state, a count of the calls it has run, is read by
    /// nobody: it is there because a lock around `()` made ThreadSanitizer report a race between one thread's access
    /// to the empty state, inside the lock, and another's read of the lock object's header on its way in (the empty
    /// state has no address of its own).
    private let fillLock = Locked(0)

    /// An empty cache.
    public init() {
        directory = .allocate(capacity: Self.pageCount)
        for index in 0..<Self.pageCount {
            (directory + index).initialize(to: Atomic(0))
        }
    }

    deinit {
        for index in 0..<Self.pageCount {
            let bits = directory[index].load(ordering: .relaxed)
            if let page = UnsafeMutablePointer<Atomic<UInt64>>(bitPattern: bits) {
                page.deinitialize(count: Self.pageSize)
                page.deallocate()
            }
        }
        directory.deinitialize(count: Self.pageCount)
        directory.deallocate()
    }

    /// The cached entry for `scalar`, or nil if it has not been looked up yet. Lock-free.
    @inlinable @inline(__always)
    public func cachedEntry(for scalar: UInt32) -> GlyphAdvance? {
        let index = Int(scalar >> 8)
        guard index < Self.pageCount else { return nil }
        let bits = directory[index].load(ordering: .acquiring)
        guard let page = UnsafeMutablePointer<Atomic<UInt64>>(bitPattern: bits) else { return nil }
        return GlyphAdvance(packed: page[Int(scalar & 0xFF)].load(ordering: .relaxed))
    }

    /// The entry for `scalar`: from the cache when present, otherwise computed once by `compute` under the cache's
    /// lock and stored. `compute` runs at most once per scalar per cache, and never on two threads at a time, so it
    /// may use a FreeType face that only this cache's owner touches.
    @inlinable @inline(__always)
    public func entry(for scalar: UInt32, compute: () -> GlyphAdvance) -> GlyphAdvance {
        if let hit = cachedEntry(for: scalar) { return hit }
        return fill(scalar, compute: compute)
    }

    /// The entry for `scalar`: from the cache when present, otherwise computed by `compute` without any lock and
    /// stored. `compute` must be a pure function of the scalar, safe on any thread: two threads that miss the same
    /// scalar at once may both run it, and the first to store wins (the values are equal).
    @inlinable @inline(__always)
    public func lockFreeEntry(for scalar: UInt32, compute: () -> GlyphAdvance) -> GlyphAdvance {
        if let hit = cachedEntry(for: scalar) { return hit }
        return fillConcurrently(scalar, compute: compute)
    }

    /// The slow path of `entry(for:compute:)`.
    @usableFromInline
    func fill(_ scalar: UInt32, compute: () -> GlyphAdvance) -> GlyphAdvance {
        precondition(scalar < 0x11_0000, "scalar \(scalar) is outside the Unicode code space")
        return fillLock.withLock { computed in
            let entry = slot(for: scalar)
            if let known = GlyphAdvance(packed: entry.pointee.load(ordering: .relaxed)) { return known }
            computed += 1
            return store(compute(), in: entry)
        }
    }

    /// The slow path of `lockFreeEntry(for:compute:)`.
    @usableFromInline
    func fillConcurrently(_ scalar: UInt32, compute: () -> GlyphAdvance) -> GlyphAdvance {
        precondition(scalar < 0x11_0000, "scalar \(scalar) is outside the Unicode code space")
        let entry = slot(for: scalar)
        if let known = GlyphAdvance(packed: entry.pointee.load(ordering: .relaxed)) { return known }
        return store(compute(), in: entry)
    }

    /// The entry word of `scalar`, allocating and publishing its page if no thread has yet.
    private func slot(for scalar: UInt32) -> UnsafeMutablePointer<Atomic<UInt64>> {
        let slot = directory + Int(scalar >> 8)
        var bits = slot.pointee.load(ordering: .acquiring)
        if bits == 0 {
            let page = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: Self.pageSize)
            for offset in 0..<Self.pageSize {
                (page + offset).initialize(to: Atomic(0))
            }
            let published = slot.pointee.compareExchange(
                expected: 0, desired: UInt(bitPattern: page), successOrdering: .acquiringAndReleasing,
                failureOrdering: .acquiring)
            if published.exchanged {
                bits = UInt(bitPattern: page)
            } else {
                // Another thread published this page first: use its page, free ours (no one else has seen it).
                page.deinitialize(count: Self.pageSize)
                page.deallocate()
                bits = published.original
            }
        }
        return UnsafeMutablePointer<Atomic<UInt64>>(bitPattern: bits)! + Int(scalar & 0xFF)
    }

    /// Stores `computed` in `entry` unless another thread stored first; the entry the cache now holds.
    private func store(_ computed: GlyphAdvance, in entry: UnsafeMutablePointer<Atomic<UInt64>>) -> GlyphAdvance {
        let stored = entry.pointee.compareExchange(
            expected: 0, desired: computed.packed, successOrdering: .relaxed, failureOrdering: .relaxed)
        guard stored.exchanged else { return GlyphAdvance(packed: stored.original)! }
        return computed
    }

    /// What the cache holds now (a moment's counts while other threads fill it), counted by walking the directory and
    /// the pages it names: at most 4,352 directory words and 256 entries a page, for reports, not per lookup.
    public var statistics: GlyphAdvanceCacheStatistics {
        var pages = 0
        var entries = 0
        for index in 0..<Self.pageCount {
            let bits = directory[index].load(ordering: .acquiring)
            guard let page = UnsafeMutablePointer<Atomic<UInt64>>(bitPattern: bits) else { continue }
            pages += 1
            for offset in 0..<Self.pageSize where page[offset].load(ordering: .relaxed) != 0 {
                entries += 1
            }
        }
        return GlyphAdvanceCacheStatistics(
            pages: pages,
            entries: entries,
            bytes: Self.pageCount * MemoryLayout<Atomic<UInt>>.stride
                + pages * Self.pageSize * MemoryLayout<Atomic<UInt64>>.stride)
    }
}
