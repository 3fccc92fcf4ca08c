import Dispatch
import Synchronization
import Testing

@testable import Cache

#if canImport(Glibc)
    import Glibc
#endif

/// The glyph-advance cache: entries round-trip, misses are computed once (locked) or stored once (lock-free), and many
/// threads filling and reading the same cache at once always see complete, correct entries.
@Suite struct GlyphAdvanceCacheTests {
    /// The entry the tests' compute closure gives each scalar: a value that can be checked without a font.
    static func expected(_ scalar: UInt32) -> GlyphAdvance {
        GlyphAdvance(
            glyph: scalar % 7 == 0 ? 0 : scalar &* 2_654_435_761 >> 1 & 0x7FFF_FFFF,
            advance: Float(scalar % 4096) / 2)
    }

    @Test func missesComputeOnceAndHitsReturnTheSameEntry() {
        let cache = GlyphAdvanceCache()
        var calls = 0
        #expect(cache.cachedEntry(for: 0x41) == nil)
        let first = cache.entry(for: 0x41) {
            calls += 1; return Self.expected(0x41)
        }
        let second = cache.entry(for: 0x41) {
            calls += 1; return GlyphAdvance(glyph: 9, advance: 9)
        }
        #expect(first == Self.expected(0x41))
        #expect(second == first)
        #expect(calls == 1)
        #expect(cache.cachedEntry(for: 0x41) == first)
    }

    @Test func unmappedEntriesAndExtremesRoundTrip() {
        let cache = GlyphAdvanceCache()
        let cases: [(UInt32, GlyphAdvance)] = [
            (0, GlyphAdvance(glyph: 0, advance: 0)), (0x10_FFFF, GlyphAdvance(glyph: 0x7FFF_FFFF, advance: 2550)),
            (0x4E2D, GlyphAdvance(glyph: 18520, advance: -1.5)), (0x1F600, GlyphAdvance(glyph: 1, advance: 135.71875)),
        ]
        for (scalar, entry) in cases {
            #expect(cache.entry(for: scalar) { entry } == entry)
            #expect(cache.cachedEntry(for: scalar) == entry)
        }
        #expect(!GlyphAdvance(glyph: 0, advance: 3).isMapped)
    }

    @Test func statisticsCountPagesEntriesAndBytes() {
        let cache = GlyphAdvanceCache()
        let empty = cache.statistics
        #expect(empty == GlyphAdvanceCacheStatistics(pages: 0, entries: 0, bytes: 4352 * 8))
        for scalar: UInt32 in [0x41, 0x42, 0x4E00, 0x4E01, 0x4E00] {
            _ = cache.entry(for: scalar) { Self.expected(scalar) }
        }
        // Two pages (U+0000–00FF and U+4E00–4EFF) of 256 eight-byte entries, four distinct scalars.
        #expect(cache.statistics == GlyphAdvanceCacheStatistics(pages: 2, entries: 4, bytes: 4352 * 8 + 2 * 2048))
    }

    /// Eight threads look up the same 40,000 scalars in different orders while the cache is cold: every lookup must
    /// return the right entry, and each scalar must be computed exactly once.
    @Test func concurrentFillsAndReadsAreConsistent() {
        let cache = GlyphAdvanceCache()
        let scalars: [UInt32] = (0..<40_000).map { UInt32($0 * 17 % 0x11_0000) }
        let (wrong, computations) = Self.lookUpFromEightThreads(scalars) { scalar, compute in
            cache.entry(for: scalar, compute: compute)
        }
        #expect(wrong == 0)
        #expect(computations == Set(scalars).count)
        #expect(cache.statistics.entries == Set(scalars).count)
    }

    /// Eight threads each look every scalar of `scalars` up three times, in orders of their own, through `lookUp`
    /// (given the scalar and a compute closure that counts its calls): the lookups that returned a wrong entry, and
    /// the compute calls.
    static func lookUpFromEightThreads(
        _ scalars: [UInt32], lookUp: @Sendable (UInt32, () -> GlyphAdvance) -> GlyphAdvance
    ) -> (wrong: Int, computations: Int) {
        let computations = Atomic<Int>(0)
        let wrong = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<3 {
                for step in 0..<scalars.count {
                    let scalar = scalars[(step * (thread + 1) + round * 7919) % scalars.count]
                    let entry = lookUp(scalar) {
                        computations.wrappingAdd(1, ordering: .relaxed)
                        return Self.expected(scalar)
                    }
                    if entry != Self.expected(scalar) { wrong.wrappingAdd(1, ordering: .relaxed) }
                }
            }
        }
        return (wrong.load(ordering: .relaxed), computations.load(ordering: .relaxed))
    }

    /// The lock-free fill: eight threads meet the same 40,000 scalars in different orders, many of them on the same
    /// pages at the same moment, with no lock around the (pure) compute. Every lookup returns the right entry, every
    /// page and entry is published once (the counters say exactly how many distinct ones there are), and a compute may
    /// run more than once for a scalar only because two threads missed it at once.
    @Test func lockFreeFillsAgreeAndCountEachEntryOnce() {
        let cache = GlyphAdvanceCache()
        // Dense runs of neighbours (one page shared by many threads at once) and a spread over the code space.
        let scalars: [UInt32] =
            (0..<20_000).map { UInt32(0x4E00 + $0) } + (0..<20_000).map { UInt32($0 * 53 % 0x11_0000) }
        let (wrong, computations) = Self.lookUpFromEightThreads(scalars) { scalar, compute in
            cache.lockFreeEntry(for: scalar, compute: compute)
        }
        let distinct = Set(scalars)
        #expect(wrong == 0)
        #expect(cache.statistics.entries == distinct.count)
        #expect(cache.statistics.pages == Set(distinct.map { $0 >> 8 }).count)
        #expect(computations >= distinct.count)
        for scalar in distinct.prefix(2000) { #expect(cache.cachedEntry(for: scalar) == Self.expected(scalar)) }
    }

    /// Eight dense pages, where entries collide.
    static let densePages: [UInt32] = (0..<2048).map { UInt32(0x4E00 + $0) }
    /// One scalar on each of 4,000 pages, where new pages collide.
    static let onePerPage: [UInt32] = (0..<4000).map { UInt32(0x1000 + 256 * $0) }

    /// Misses made to collide: eight threads take the same scalars in the same order, and the compute yields the
    /// processor before it answers, so that other threads miss the same scalar — and the same new page — while it
    /// has not been stored. Each page and each entry must still be published once: the counters are
    /// exact, and every thread got the right entry.
    @Test(arguments: [Self.densePages, Self.onePerPage])
    func collidingLockFreeFillsPublishEachPageAndEntryOnce(scalars: [UInt32]) {
        let cache = GlyphAdvanceCache()
        let computations = Atomic<Int>(0)
        let wrong = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for scalar in scalars {
                let entry = cache.lockFreeEntry(for: scalar) {
                    computations.wrappingAdd(1, ordering: .relaxed)
                    sched_yield()
                    return Self.expected(scalar)
                }
                if entry != Self.expected(scalar) { wrong.wrappingAdd(1, ordering: .relaxed) }
            }
        }
        #expect(wrong.load(ordering: .relaxed) == 0)
        #expect(cache.statistics.entries == scalars.count)
        #expect(cache.statistics.pages == Set(scalars.map { $0 >> 8 }).count)
        #expect(computations.load(ordering: .relaxed) >= scalars.count)
    }

    /// A cache filled both ways (a font's misses are one or the other, but the cache allows both): the locked fill
    /// finds what the lock-free one stored and computes nothing, and the other way round.
    @Test func lockedAndLockFreeFillsShareEntries() {
        let cache = GlyphAdvanceCache()
        #expect(cache.lockFreeEntry(for: 0x4E2D) { Self.expected(0x4E2D) } == Self.expected(0x4E2D))
        #expect(cache.entry(for: 0x4E2D) { GlyphAdvance(glyph: 1, advance: 1) } == Self.expected(0x4E2D))
        #expect(cache.entry(for: 0x41) { Self.expected(0x41) } == Self.expected(0x41))
        #expect(cache.lockFreeEntry(for: 0x41) { GlyphAdvance(glyph: 1, advance: 1) } == Self.expected(0x41))
        #expect(cache.statistics == GlyphAdvanceCacheStatistics(pages: 2, entries: 2, bytes: 4352 * 8 + 2 * 2048))
    }
}
