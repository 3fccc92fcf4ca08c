import Locking
import Synchronization

/// A per-font table from Unicode scalar value to `GlyphAdvance`, shared by every thread, read without locks.
///
/// Measuring a string looks up every scalar, so the read path is one acquire load of a page pointer and one relaxed
/// load of a 64-bit entry: no lock, no reference counting, nothing shared is written. Only a miss takes the lock, asks
/// the caller's `compute` closure (which talks to FreeType) for the one missing entry, and stores it.
///
/// Layout: the code space (U+0000…U+10FFFF) is cut into 4,352 pages of 256 scalars. A page is allocated the first time
/// one of its scalars misses and lives until the cache does, so a published page pointer never dangles. Each entry is
/// an `Atomic<UInt64>` holding `GlyphAdvance.packed`, zero meaning "not looked up yet".
///
/// Memory is bounded by the pages touched: 2 KiB per page plus a fixed 34 KiB page directory, at most 8.9 MiB for a
/// font used with every code point there is. `statistics` reports what is in use.
// @unchecked Sendable because the pages are raw memory: every shared word in them is an `Atomic`, pages are published
// with release/acquire ordering under `fillLock` and freed only in `deinit` (stress-tested in GlyphAdvanceCacheTests).
public final class GlyphAdvanceCache: @unchecked Sendable {
    /// Scalars per page.
    @usableFromInline static let pageSize = 256
    /// Pages needed to cover U+0000…U+10FFFF.
    @usableFromInline static let pageCount = 0x11_0000 / pageSize

    /// Page directory: `pageCount` atomic words, each 0 or the address of a page of `pageSize` atomic entries.
    @usableFromInline let directory: UnsafeMutablePointer<Atomic<UInt>>
    /// Serialises misses: page allocation, the `compute` call and the store of its result.
    private let fillLock = Locked(FillState())

    private struct FillState {
        var pages = 0
        var entries = 0
    }

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

    /// The slow path of `entry(for:compute:)`.
    @usableFromInline
    func fill(_ scalar: UInt32, compute: () -> GlyphAdvance) -> GlyphAdvance {
        precondition(scalar < 0x11_0000, "scalar \(scalar) is outside the Unicode code space")
        return fillLock.withLock { state in
            let slot = directory + Int(scalar >> 8)
            var bits = slot.pointee.load(ordering: .acquiring)
            if bits == 0 {
                let page = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: Self.pageSize)
                for offset in 0..<Self.pageSize {
                    (page + offset).initialize(to: Atomic(0))
                }
                bits = UInt(bitPattern: page)
                slot.pointee.store(bits, ordering: .releasing)
                state.pages += 1
            }
            let entry = UnsafeMutablePointer<Atomic<UInt64>>(bitPattern: bits)! + Int(scalar & 0xFF)
            if let known = GlyphAdvance(packed: entry.pointee.load(ordering: .relaxed)) { return known }
            let computed = compute()
            entry.pointee.store(computed.packed, ordering: .relaxed)
            state.entries += 1
            return computed
        }
    }

    /// What the cache holds now.
    public var statistics: GlyphAdvanceCacheStatistics {
        fillLock.withLock { state in
            GlyphAdvanceCacheStatistics(
                pages: state.pages,
                entries: state.entries,
                bytes: Self.pageCount * MemoryLayout<Atomic<UInt>>.stride
                    + state.pages * Self.pageSize * MemoryLayout<Atomic<UInt64>>.stride)
        }
    }
}
