import CPrefetch

/// A bounded cache from a segment's UTF-8 bytes to its `SegmentMeasure`, for one measuring configuration.
///
/// Words recur: across a million strings most of them have been measured before, and with kerning and ligatures a
/// word costs far more to measure than to look up. The cache belongs to one `MeasureSession`, whose fonts, size and
/// width-affecting options never change, so the text alone is the key and a hit can never be wrong; the session's
/// configuration fingerprint is checked on every use to keep it that way.
///
/// Layout: an open-addressing table of slots (hash, arena offset) over one byte arena holding each key followed by
/// its value. The arena is allocated once; the table starts small and doubles as it fills, up to a quarter of
/// `capacityBytes`, so a stored miss allocates only when the table grows (a few times in a session's life). When the
/// arena or the largest table is full the cache starts over empty (an eviction of everything, counted), which bounds
/// memory by `capacityBytes` without per-entry bookkeeping on the hit path (but for the moment a doubling holds the
/// old table and the new one: at most half the slot budget more).
///
/// Why the table grows rather than being allocated at its largest, zeroed by the kernel: a lookup that misses reads a
/// slot before the insert that follows writes it, and a fresh page first read is mapped to the kernel's shared zero
/// page, so the write then faults again to copy it — and with a second thread of the process running on another
/// core, that fault flushes the other core's translation cache by an interprocessor interrupt. On the two-core
/// machine that was 2.6 % of a two-thread cold CJK pass (`perf record -g`), against 0.5 % with one thread. A table
/// that is written (cleared) when allocated is never mapped to the zero page.
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
    @usableFromInline
    struct Header {
        var statistics = SegmentWidthCacheStatistics()
        var arenaUsed = 0
        var count = 0
        /// The slot table now: a power of two of slots, all written when allocated.
        @usableFromInline var slots: UnsafeMutablePointer<Slot>
        /// The slot count less one.
        @usableFromInline var slotMask: Int
    }

    @usableFromInline let header: UnsafeMutablePointer<Header>

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
    @usableFromInline let arena: UnsafeMutableRawPointer
    private let arenaSize: Int
    /// The most slots the table grows to: a quarter of the budget.
    private let maximumSlots: Int
    /// The slots of a new cache's table (256 KiB of them), or `maximumSlots` when that is fewer.
    static let initialSlots = 16_384

    /// An empty cache for configuration `fingerprint` using at most `capacityBytes` (at least 64 KiB).
    public init(fingerprint: UInt64, capacityBytes: Int = 8 << 20) {
        precondition(capacityBytes >= 64 << 10, "a segment cache needs at least 64 KiB")
        precondition(capacityBytes < 4 << 30, "a segment cache holds under 4 GiB (entries are found by 32-bit offsets)")
        self.fingerprint = fingerprint
        self.capacityBytes = capacityBytes
        // Up to a quarter of the budget for slots (16 bytes each, a power of two), the rest for keys and values.
        var slotCount = 1
        while slotCount * 2 * MemoryLayout<Slot>.stride <= capacityBytes / 4 { slotCount *= 2 }
        maximumSlots = slotCount
        arenaSize = capacityBytes - slotCount * MemoryLayout<Slot>.stride
        // The arena is only written (keys and values stored in order), so its pages are mapped as it fills: a session
        // that stores few segments (Latin text, measured in one pass) never pays for the whole of it.
        arena = .allocate(byteCount: arenaSize, alignment: Self.valueAlignment)
        let initial = min(slotCount, Self.initialSlots)
        header = .allocate(capacity: 1)
        header.initialize(to: Header(slots: Self.emptyTable(initial), slotMask: initial - 1))
    }

    /// A table of `count` empty slots, written now (see the type's comment for why not `calloc`).
    private static func emptyTable(_ count: Int) -> UnsafeMutablePointer<Slot> {
        let table = UnsafeMutablePointer<Slot>.allocate(capacity: count)
        table.initialize(repeating: Slot(tag: 0, offset: 0, length: 0), count: count)
        return table
    }

    deinit {
        header.pointee.slots.deallocate()
        arena.deallocate()
        header.deinitialize(count: 1)
        header.deallocate()
    }

    /// The measure stored for `key` (UTF-8 bytes) with hash `hash`, or nil. Counts a hit or a miss.
    package func lookup(_ key: UnsafeRawBufferPointer, hash: UInt64, fingerprint: UInt64) -> SegmentMeasure? {
        precondition(fingerprint == self.fingerprint, "a segment cache serves one measuring configuration only")
        guard let offset = find(key, hash: hash) else {
            header.pointee.statistics.misses += 1
            return nil
        }
        header.pointee.statistics.hits += 1
        return (arena + offset).load(as: SegmentMeasure.self)
    }

    /// Whether a measure is stored for `key` with hash `hash`; counts nothing (for a cache several writers fill,
    /// which must not store a key twice).
    package func contains(_ key: UnsafeRawBufferPointer, hash: UInt64) -> Bool {
        find(key, hash: hash) != nil
    }

    /// The arena offset of the entry for `key` with hash `hash`, or nil.
    @inline(__always)
    private func find(_ key: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
        let tag = hash | 1 << 63
        let slots = header.pointee.slots
        let slotMask = header.pointee.slotMask
        var index = Int(truncatingIfNeeded: hash) & slotMask
        while true {
            let slot = slots[index]
            if slot.tag == 0 { return nil }
            if slot.tag == tag && Int(slot.length) == key.count {
                let stored = UnsafeRawBufferPointer(start: arena + Int(slot.offset) + Self.valueSize, count: key.count)
                if key.count == 0 || memoryEqual(stored, key) { return Int(slot.offset) }
            }
            index = (index + 1) & slotMask
        }
    }

    /// Stores `value` for `key`, which must not be present (look it up first). Starts over empty when full.
    package func insert(_ key: UnsafeRawBufferPointer, hash: UInt64, value: SegmentMeasure) {
        let entrySize = (Self.valueSize + key.count + Self.valueAlignment - 1) & ~(Self.valueAlignment - 1)
        guard entrySize <= arenaSize / 4 else { return }  // a huge segment would crowd out everything else
        let tableFull = (header.pointee.count + 1) * 4 > (header.pointee.slotMask + 1) * 3
        if tableFull && header.pointee.slotMask + 1 < maximumSlots && header.pointee.arenaUsed + entrySize <= arenaSize
        {
            grow()
        } else if tableFull || header.pointee.arenaUsed + entrySize > arenaSize {
            header.pointee.slots.update(
                repeating: Slot(tag: 0, offset: 0, length: 0), count: header.pointee.slotMask + 1)
            header.pointee.arenaUsed = 0
            header.pointee.count = 0
            header.pointee.statistics.evictions += 1
        }
        let slots = header.pointee.slots
        let slotMask = header.pointee.slotMask
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

    /// Doubles the table, placing every entry again (their arena offsets stay). Entries and counters do not change:
    /// the cache holds, finds and evicts exactly what it would with the largest table from the start.
    private func grow() {
        let old = header.pointee.slots
        let oldCount = header.pointee.slotMask + 1
        let count = oldCount * 2
        let table = Self.emptyTable(count)
        for index in 0..<oldCount where old[index].tag != 0 {
            var slot = Int(truncatingIfNeeded: old[index].tag) & (count - 1)
            while table[slot].tag != 0 { slot = (slot + 1) & (count - 1) }
            table[slot] = old[index]
        }
        old.deallocate()
        header.pointee.slots = table
        header.pointee.slotMask = count - 1
    }

    /// Starts loading the table slot where a lookup of `hash` begins, so that the lookup, made a few segments later,
    /// finds it in the processor's caches: a lookup costs little but its two cache misses (the slot, then the entry in
    /// the arena), which prefetching ahead overlaps. Changes nothing and counts nothing.
    @inlinable @inline(__always)
    package func prefetchSlot(hash: UInt64) {
        textsize_prefetch(header.pointee.slots + (Int(truncatingIfNeeded: hash) & header.pointee.slotMask))
    }

    /// Starts loading the arena entry (measure and key) a lookup of `hash` would compare first, when the slot where
    /// that lookup begins holds the hash (call `prefetchSlot` some time before, so that reading the slot does not
    /// wait). Changes nothing and counts nothing.
    @inlinable @inline(__always)
    package func prefetchEntry(hash: UInt64) {
        let slot = header.pointee.slots[Int(truncatingIfNeeded: hash) & header.pointee.slotMask]
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
