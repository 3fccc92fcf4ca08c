import Testing

@testable import Measure

/// Measure once, fit at many widths; and the segment cache never changes a result.
@Suite struct PreparedTextTests {
    static let widths: [Double] = [0, 30, 50, 120, 200, 320]

    func measurer(width: Double, segmentCacheBytes: Int) throws -> TextMeasurer {
        TextMeasurer(
            cascade: try FontCascade.loadDefault(), pointSize: 17, options: MeasureOptions(maxWidth: width),
            segmentCacheBytes: segmentCacheBytes)
    }

    @Test func aPreparedTextFitsLikeAFreshMeasurementAtEveryWidth() throws {
        let strings = BatchTests.mixedStrings(count: 400)
        let preparer = try measurer(width: 0, segmentCacheBytes: 0)
        let prepared = strings.map { preparer.prepare($0) }
        for width in Self.widths {
            // The reference: a measurer made for this width, without any cache.
            let reference = try measurer(width: width, segmentCacheBytes: 0).makeSession()
            for (text, item) in zip(strings, prepared) {
                #expect(item.fit(maxWidth: width) == reference.measure(text), "\(width): \(text)")
            }
        }
    }

    @Test func plainUAX14BreaksInsideClustersMeasureClustersWhole() throws {
        // With `.uax14`, breaks may fall inside a cluster (a space and its combining mark, an Arabic number sign and
        // what it prepends). Measuring and preparing must agree: each cluster is measured whole either way.
        var options = MeasureOptions(maxWidth: 20)
        options.lineBreaking = .uax14
        let measurer = TextMeasurer(cascade: try FontCascade.loadDefault(), pointSize: 17, options: options)
        let session = measurer.makeSession()
        for text in ["a \u{308}b", "\u{600}中", "x \u{301}\u{301}y z", "a b"] {
            #expect(session.measure(text) == measurer.prepare(text).fit(maxWidth: 20), "\(text)")
        }
        // The space + U+0308 cluster is one visible cluster with the space's advance (the mark adds none, and a space
        // with a mark does not hang); it stays with "a" on line 1, and "b" wraps: DejaVu Sans "a" 1255 + space 651
        // units at 17 pt, 15.82 pt ("b" would make 26.6 > 20).
        #expect(session.measure("a \u{308}b").width == (1255.0 + 651) * 17 / 2048)
    }

    @Test func preparedLinesMatchTheMeasurersLines() throws {
        let text = "Einstellungen für Benachrichtigungen und Datenschutz\nzweite Zeile"
        let prepared = try measurer(width: 0, segmentCacheBytes: 0).prepare(text)
        for width in [80.0, 150] {
            #expect(prepared.layout(maxWidth: width) == (try measurer(width: width, segmentCacheBytes: 0).layout(text)))
        }
        #expect(prepared.utf8Count == text.utf8.count)
    }

    @Test func theSegmentCacheNeverChangesAResult() throws {
        let strings = BatchTests.mixedStrings(count: 1500)
        for width in [50.0, 200] {
            let cached = try measurer(width: width, segmentCacheBytes: 4 << 20).makeSession()
            let uncached = try measurer(width: width, segmentCacheBytes: 0).makeSession()
            // Twice through the cached session: the second pass is nearly all hits.
            for _ in 0..<2 {
                for text in strings { #expect(cached.measure(text) == uncached.measure(text)) }
            }
            let statistics = cached.statistics
            #expect(statistics.segmentCache.hits > statistics.segmentCache.misses)
            #expect(statistics.strings == 3000)
        }
    }

    @Test func aTinySegmentCacheStartsOverAndStaysRight() throws {
        let strings = BatchTests.mixedStrings(count: 3000)
        let tiny = try measurer(width: 120, segmentCacheBytes: 64 << 10).makeSession()
        let reference = try measurer(width: 120, segmentCacheBytes: 0).makeSession()
        // Through the general path, which uses the cache for every segment (the one-pass fits take most of these
        // strings without it).
        for text in strings { #expect(tiny.layout(text, onePass: false).size == reference.measure(text)) }
        #expect(tiny.statistics.segmentCache.evictions > 0)
    }

    @Test func aSessionMeasuresAtAnotherWidthLikeAMeasurerMadeForIt() throws {
        let session = try measurer(width: 200, segmentCacheBytes: 4 << 20).makeSession()
        for width in [0.0, 120, 320] {
            let reference = try measurer(width: width, segmentCacheBytes: 0).makeSession()
            for text in BatchTests.mixedStrings(count: 200) {
                #expect(session.measure(text, maxWidth: width) == reference.measure(text))
            }
        }
    }

    @Test func aBatchMeasurerKeepsItsSessionsForTheNextBatch() throws {
        // Segments holding a tab are never cached (their width depends on where they stand), so leave those out.
        let strings = BatchTests.mixedStrings(count: 2000).filter { !$0.contains("\t") }
        // One worker: the second batch finds every segment in the cache the first batch filled.
        let single = BatchMeasurer(measurer: try measurer(width: 200, segmentCacheBytes: 4 << 20), threads: 1)
        let first = single.measure(strings)
        let afterFirst = single.statistics
        #expect(single.measure(strings) == first)
        #expect(single.statistics.strings == 2 * strings.count)
        #expect(single.statistics.segmentCache.misses == afterFirst.segmentCache.misses)
        #expect(single.statistics.segmentCache.hits > afterFirst.segmentCache.hits)
        // Two workers take chunks in any order, but the sizes are the same.
        let double = BatchMeasurer(measurer: try measurer(width: 200, segmentCacheBytes: 4 << 20), threads: 2)
        #expect(double.measure(strings) == first)
        #expect(double.measure(strings) == first)
    }
}
