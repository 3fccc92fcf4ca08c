import Dispatch
import Synchronization
import Testing

@testable import Cache

/// The glyph-advance cache: entries round-trip, misses are computed once, and many threads filling and reading the
/// same cache at once always see complete, correct entries.
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
        let computations = Atomic<Int>(0)
        let wrong = Atomic<Int>(0)
        let scalars: [UInt32] = (0..<40_000).map { UInt32($0 * 17 % 0x11_0000) }
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<3 {
                for step in 0..<scalars.count {
                    let scalar = scalars[(step * (thread + 1) + round * 7919) % scalars.count]
                    let entry = cache.entry(for: scalar) {
                        computations.wrappingAdd(1, ordering: .relaxed)
                        return Self.expected(scalar)
                    }
                    if entry != Self.expected(scalar) { wrong.wrappingAdd(1, ordering: .relaxed) }
                }
            }
        }
        #expect(wrong.load(ordering: .relaxed) == 0)
        #expect(computations.load(ordering: .relaxed) == Set(scalars).count)
        #expect(cache.statistics.entries == Set(scalars).count)
    }
}
