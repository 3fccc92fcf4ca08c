import Cache

extension DictionaryLineBreaker {
    /// The SA runs a breaker has broken and where ICU broke them, so that a run seen again costs a hash and a compare
    /// instead of ICU's dictionary lookup: UI text repeats its phrases (the same string at several widths, sizes and
    /// content sizes, the same word in many strings).
    ///
    /// The runs' scalars and their boundaries (scalar offsets from the run's start) live in two arenas, each run's
    /// place in them in parallel arrays, and an open-addressing table of entry numbers finds a run by its hash; a
    /// lookup allocates nothing. When `capacity` runs or `scalarBudget` scalars are held, the memo empties before the
    /// next run is added (keeping its storage): a session that sees ever new text keeps a bounded memo, and one that
    /// repeats itself keeps all of it.
    struct RunMemo {
        /// Runs held at most.
        static let capacity = 8192
        /// Scalars held at most, over all runs (4 bytes each).
        static let scalarBudget = 1 << 20
        /// The longest run remembered, in scalars (UI phrases are far shorter; a longer run goes to ICU each time).
        static let longestRun = 256
        /// Table size: a power of two, at least twice `capacity`, so probes stay short.
        private static let slotCount = 2 * capacity
        /// Entry number per slot, -1 where empty.
        private var slots: [Int32]
        /// Per entry: the run's hash, where its scalars start in `scalars` and where its boundaries start in
        /// `boundaries` (each ends where the next entry's starts, or at the arena's end).
        private var hashes: [UInt64] = []
        private var scalarStarts: [Int32] = []
        private var boundaryStarts: [Int32] = []
        private var scalars: [UInt32] = []
        private var boundaries: [UInt16] = []

        init() {
            slots = [Int32](repeating: -1, count: Self.slotCount)
        }

        /// The hash under which `run` is found.
        static func hash(_ run: UnsafeBufferPointer<UInt32>) -> UInt64 {
            SegmentWidthCache.hash(UnsafeRawBufferPointer(run))
        }

        /// The boundaries remembered for `run` (whose hash is `hash`), as a range of `boundary(at:)` positions, or
        /// nil when the run is not held.
        func find(_ run: UnsafeBufferPointer<UInt32>, hash: UInt64) -> Range<Int>? {
            let mask = Self.slotCount - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            return slots.withUnsafeBufferPointer { slots in
                while true {
                    let entry = Int(slots[slot])
                    if entry < 0 { return nil }
                    if hashes[entry] == hash
                        && Self.span(of: entry, starts: scalarStarts, total: scalars.count).count
                            == run.count
                        && holds(run, at: entry)
                    {
                        return Self.span(of: entry, starts: boundaryStarts, total: boundaries.count)
                    }
                    slot = (slot + 1) & mask
                }
            }
        }

        /// Where entry `entry`'s part of an arena lies, from the entries' `starts` in it and the arena's `total` size.
        private static func span(of entry: Int, starts: [Int32], total: Int) -> Range<Int> {
            Int(starts[entry])..<(entry + 1 < starts.count ? Int(starts[entry + 1]) : total)
        }

        /// The boundary at `position` of a range `find` returned: a scalar offset from the run's start.
        func boundary(at position: Int) -> Int {
            Int(boundaries[position])
        }

        /// Whether entry `entry`'s scalars are `run`'s.
        private func holds(_ run: UnsafeBufferPointer<UInt32>, at entry: Int) -> Bool {
            scalars.withUnsafeBufferPointer { held in
                let offset = Int(scalarStarts[entry])
                for index in run.indices where held[offset + index] != run[index] { return false }
                return true
            }
        }

        /// Remembers `run` (whose hash is `hash`, not held yet, at most `longestRun` scalars) with its boundaries,
        /// ascending scalar offsets strictly inside it.
        mutating func insert(
            _ run: UnsafeBufferPointer<UInt32>, hash: UInt64, boundaries runBoundaries: UnsafeBufferPointer<UInt16>
        ) {
            guard run.count <= Self.longestRun else { return }
            if hashes.count >= Self.capacity || scalars.count + run.count > Self.scalarBudget { removeAll() }
            let entry = hashes.count
            hashes.append(hash)
            scalarStarts.append(Int32(truncatingIfNeeded: scalars.count))
            boundaryStarts.append(Int32(truncatingIfNeeded: boundaries.count))
            scalars.append(contentsOf: run)
            boundaries.append(contentsOf: runBoundaries)
            let mask = Self.slotCount - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: entry)
        }

        /// Forgets every run, keeping the storage.
        private mutating func removeAll() {
            for index in slots.indices { slots[index] = -1 }
            hashes.removeAll(keepingCapacity: true)
            scalarStarts.removeAll(keepingCapacity: true)
            boundaryStarts.removeAll(keepingCapacity: true)
            scalars.removeAll(keepingCapacity: true)
            boundaries.removeAll(keepingCapacity: true)
        }
    }
}
