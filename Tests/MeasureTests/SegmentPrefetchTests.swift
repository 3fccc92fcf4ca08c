import Testing

@testable import Measure

/// Prefetching segment-cache lookups ahead of the fitter (`SegmentPrefetch`) changes no answer: sizes with the cache
/// (prefetched, first as misses, then as hits) are the hand-computed ones and those measured without a cache.
@Suite struct SegmentPrefetchTests {
    /// Twenty times "hello world": 40 segments, more than the prefetcher's ring of 8 and its distance of 6; ending in
    /// U+2060 WORD JOINER (no width, no kerning), so that the string is not Latin-1 alone and its segments go through
    /// the cache (`Latin1SegmentTests`) — the last one is "world\u{2060}".
    static let long = Array(repeating: "hello world", count: 20).joined(separator: " ") + "\u{2060}"

    static func session(cacheBytes: Int, width: Double) throws -> MeasureSession {
        let cascade = try FontCascade(loading: [FontSource(path: TestFonts.dejaVuSans)])
        return TextMeasurer(
            cascade: cascade, pointSize: 17,
            options: MeasureOptions(maxWidth: width, usesFontFeatures: false),
            segmentCacheBytes: cacheBytes
        ).makeSession()
    }

    @Test func prefetchedLookupsGiveTheHandComputedWidth() throws {
        typealias D = TestFonts.DejaVu
        let expected = (20 * D.hello + 20 * D.world + 39 * D.space) * 17 / D.unitsPerEm
        let session = try Self.session(cacheBytes: 8 << 20, width: 0)
        // The general path, whose lookups are prefetched (the one-pass fit would take this string whole).
        let first = session.layout(Self.long, onePass: false).size
        let second = session.layout(Self.long, onePass: false).size
        #expect(abs(first.width - expected) < 1e-9)
        #expect(first == second)
        #expect(first.lineCount == 1)
        // The second pass found its distinct segments ("hello ", "world ", the last "world\u{2060}") cached.
        #expect(session.statistics.segmentCache.misses == 3)
    }

    @Test(arguments: [60.0, 120.0, 200.0, 320.0])
    func cachedAndUncachedSessionsAgree(width: Double) throws {
        let cached = try Self.session(cacheBytes: 8 << 20, width: width)
        let uncached = try Self.session(cacheBytes: 0, width: width)
        let strings = [
            Self.long, "a b c d e f g h i j k l m n o p q r s t", "hello, world! (hello) world... hello-world",
            "x", "", "hello\nworld hello\n\nworld", "Einstellungen für Benachrichtigungen und Datenschutz",
        ]
        for text in strings + strings {
            // The cached session through the general path, whose lookups are prefetched.
            #expect(cached.layout(text, onePass: false).size == uncached.measure(text), "\(text) at \(width)")
        }
    }
}
