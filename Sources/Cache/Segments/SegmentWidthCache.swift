import CPrefetch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A bounded cache from a segment's UTF-8 bytes to its `SegmentMeasure`, for one measuring configuration.
///
/// Words recur: across a million strings most of them have been measured before, and with kerning and ligatures a
/// word costs far more to measure than to look up. The cache belongs to one `MeasureSession`, whose fonts, size and
/// width-affecting options never change, so the text alone is the key and a hit can never be wrong; the session's
/// configuration fingerprint is checked on every use to keep it that way.
///
/// Layout: an open-addressing table of slots (hash, arena offset) over one byte arena holding each key followed by
/// its value. Both are allocated once, so a miss that is stored allocates nothing. When the arena or the table is
/// full the cache starts over empty (an eviction of everything, counted), which bounds memory by `capacityBytes`
/// without per-entry bookkeeping on the hit path.
///
/// Not thread-safe and not `Sendable`: one owner (a session, behind its lock), one thread at a time. A class, so
/// that the line fitter can hold it while it works without moving it out of the session.
public final class SegmentWidthCache {
    /// The configuration this cache's entries were measured in.
    public let fingerprint: UInt64
    /// The most memory the cache holds: arena plus table.
    public let capacityBytes: Int

    /// The cache's counters and fill levels. Kept in raw memory the cache owns, not in stored `var`s: a class's
    /// stored `var`s pay a dynamic exclusivity check on every access, which on this path costs as much as the lookup.
    private struct Header {
        var statistics = SegmentWidthCacheStatistics()
        var arenaUsed = 0
        var count = 0
    }

    private let header: UnsafeMutablePointer<Header>

    /// Hits, misses, evictions and size so far.
    public var statistics: SegmentWidthCacheStatistics { header.pointee.statistics }

    @usableFromInline
    struct Slot {
        /// The key's hash with the top bit set; 0 marks an empty slot.
        @usableFromInline var tag: UInt64
        /// Where the entry starts in the arena.
        @usableFromInline var offset: UInt32
        /// The key's length in bytes.
        @usableFromInline var length: UInt32

        @usableFromInline
        init(tag: UInt64, offset: UInt32, length: UInt32) {
            self.tag = tag
            self.offset = offset
            self.length = length
        }
    }

    @usableFromInline static let valueSize = MemoryLayout<SegmentMeasure>.stride
    private static let valueAlignment = MemoryLayout<SegmentMeasure>.alignment

    // Internal (and usable from inlinable code) only for the prefetches, which are inlined into the line fitter.
    @usableFromInline let slots: UnsafeMutablePointer<Slot>
    @usableFromInline let slotMask: Int
    @usableFromInline let arena: UnsafeMutableRawPointer
    private let arenaSize: Int

    /// An empty cache for configuration `fingerprint` using at most `capacityBytes` (at least 64 KiB).
    public init(fingerprint: UInt64, capacityBytes: Int = 8 << 20) {
        precondition(capacityBytes >= 64 << 10, "a segment cache needs at least 64 KiB")
        precondition(capacityBytes < 4 << 30, "a segment cache holds under 4 GiB (entries are found by 32-bit offsets)")
        self.fingerprint = fingerprint
        self.capacityBytes = capacityBytes
        // A quarter of the budget for slots (16 bytes each, a power of two), the rest for keys and values.
        var slotCount = 1
        while slotCount * 2 * MemoryLayout<Slot>.stride <= capacityBytes / 4 { slotCount *= 2 }
        slotMask = slotCount - 1
        // Zeroed by `calloc`, whose large blocks are fresh pages the kernel maps as they are first touched: a session
        // that stores few segments (Latin text, measured in one pass) never pays for the whole table. All-zero bits
        // are an empty `Slot` (a trivial type), so the memory is initialized as it is bound.
        guard let table = calloc(slotCount, MemoryLayout<Slot>.stride) else {
            fatalError("cannot allocate a segment cache table of \(slotCount) slots")
        }
        slots = table.bindMemory(to: Slot.self, capacity: slotCount)
        arenaSize = capacityBytes - slotCount * MemoryLayout<Slot>.stride
        arena = .allocate(byteCount: arenaSize, alignment: Self.valueAlignment)
        header = .allocate(capacity: 1)
        header.initialize(to: Header())
    }

    deinit {
        free(slots)
        arena.deallocate()
        header.deinitialize(count: 1)
        header.deallocate()
    }

    /// The measure stored for `key` (UTF-8 bytes) with hash `hash`, or nil. Counts a hit or a miss.
    package func lookup(_ key: UnsafeRawBufferPointer, hash: UInt64, fingerprint: UInt64) -> SegmentMeasure? {
        precondition(fingerprint == self.fingerprint, "a segment cache serves one measuring configuration only")
        let tag = hash | 1 << 63
        var index = Int(truncatingIfNeeded: hash) & slotMask
        while true {
            let slot = slots[index]
            if slot.tag == 0 { break }
            if slot.tag == tag && Int(slot.length) == key.count {
                let stored = UnsafeRawBufferPointer(start: arena + Int(slot.offset) + Self.valueSize, count: key.count)
                if key.count == 0 || memoryEqual(stored, key) {
                    header.pointee.statistics.hits += 1
                    return (arena + Int(slot.offset)).load(as: SegmentMeasure.self)
                }
            }
            index = (index + 1) & slotMask
        }
        header.pointee.statistics.misses += 1
        return nil
    }

    /// Stores `value` for `key`, which must not be present (look it up first). Starts over empty when full.
    package func insert(_ key: UnsafeRawBufferPointer, hash: UInt64, value: SegmentMeasure) {
        let entrySize = (Self.valueSize + key.count + Self.valueAlignment - 1) & ~(Self.valueAlignment - 1)
        guard entrySize <= arenaSize / 4 else { return }  // a huge segment would crowd out everything else
        if header.pointee.arenaUsed + entrySize > arenaSize || (header.pointee.count + 1) * 4 > (slotMask + 1) * 3 {
            slots.update(repeating: Slot(tag: 0, offset: 0, length: 0), count: slotMask + 1)
            header.pointee.arenaUsed = 0
            header.pointee.count = 0
            header.pointee.statistics.evictions += 1
        }
        let offset = header.pointee.arenaUsed
        (arena + offset).storeBytes(of: value, as: SegmentMeasure.self)
        if let base = key.baseAddress, key.count > 0 {
            (arena + offset + Self.valueSize).copyMemory(from: base, byteCount: key.count)
        }
        header.pointee.arenaUsed += entrySize
        var index = Int(truncatingIfNeeded: hash) & slotMask
        while slots[index].tag != 0 { index = (index + 1) & slotMask }
        slots[index] = Slot(tag: hash | 1 << 63, offset: UInt32(offset), length: UInt32(key.count))
        header.pointee.count += 1
        header.pointee.statistics.entries = header.pointee.count
        header.pointee.statistics.bytesUsed = header.pointee.arenaUsed
    }

    /// Starts loading the table slot where a lookup of `hash` begins, so that the lookup, made a few segments later,
    /// finds it in the processor's caches: a lookup costs little but its two cache misses (the slot, then the entry in
    /// the arena), which prefetching ahead overlaps. Changes nothing and counts nothing.
    @inlinable @inline(__always)
    package func prefetchSlot(hash: UInt64) {
        textsize_prefetch(slots + (Int(truncatingIfNeeded: hash) & slotMask))
    }

    /// Starts loading the arena entry (measure and key) a lookup of `hash` would compare first, when the slot where
    /// that lookup begins holds the hash (call `prefetchSlot` some time before, so that reading the slot does not
    /// wait). Changes nothing and counts nothing.
    @inlinable @inline(__always)
    package func prefetchEntry(hash: UInt64) {
        let slot = slots[Int(truncatingIfNeeded: hash) & slotMask]
        guard slot.tag == hash | 1 << 63 else { return }
        let entry = arena + Int(slot.offset)
        textsize_prefetch(entry)
        textsize_prefetch(entry + (Self.valueSize + Int(slot.length) - 1))
    }

    /// Byte-wise equality of two buffers of the same length.
    @inline(__always)
    private func memoryEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = a.count
        while index + 8 <= count {
            if a.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                != b.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            {
                return false
            }
            index += 8
        }
        while index < count {
            if a[index] != b[index] { return false }
            index += 1
        }
        return true
    }

    /// A 64-bit hash of `bytes` (for table placement only; hits are confirmed by comparing the bytes).
    @inline(__always)
    package static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var index = 0
        while index + 8 <= bytes.count {
            state = (state ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            state ^= state >> 32
            index += 8
        }
        var tail: UInt64 = 0
        if index < bytes.count && bytes.count >= 8 {
            // The last 1–7 bytes as the top of the (overlapping) last eight: shifted down, the value the byte loop
            // below builds, in one load.
            let last = bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)
            tail = last >> (8 * UInt64(8 - (bytes.count - index)))
        } else {
            var shift: UInt64 = 0
            while index < bytes.count {
                tail |= UInt64(bytes[index]) << shift
                shift += 8
                index += 1
            }
        }
        state = (state ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return state ^ (state >> 29)
    }
}

/// Counters of a `SegmentWidthCache`.
public struct SegmentWidthCacheStatistics: Sendable, Hashable {
    /// Lookups that found the segment.
    public var hits = 0
    /// Lookups that did not (the segment was then measured and, when it fits the budget, stored).
    public var misses = 0
    /// How many times the cache was full and started over.
    public var evictions = 0
    /// Entries held now.
    public var entries = 0
    /// Arena bytes in use now.
    public var bytesUsed = 0

    /// All counters zero: the statistics of a new cache.
    public init() {}

    /// Hits over lookups, 0 when nothing was looked up.
    public var hitRate: Double {
        hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses)
    }
}

@available(*, unavailable, message: "a segment cache belongs to one session; it is not safe to share")
extension SegmentWidthCache: Sendable {}
