import Testing

@testable import MeasureCLI

/// The bounds on what `measure stream` keeps ready: the LRU that holds cascades, measurers and sessions forgets the
/// least recently used entry, and a worker never keeps more sessions than it is given.
@Suite struct StreamCacheTests {
    @Test func theLRUForgetsTheLeastRecentlyUsed() {
        var cache = LeastRecentlyUsed<Int, String>(capacity: 2)
        cache.insert("a", for: 1)
        cache.insert("b", for: 2)
        #expect(cache.value(for: 1) == "a")
        cache.insert("c", for: 3)
        #expect(cache.count == 2)
        #expect(cache.value(for: 2) == nil)
        #expect(cache.value(for: 1) == "a")
        #expect(cache.value(for: 3) == "c")
        var made = 0
        _ = cache.value(for: 4) {
            made += 1; return "d"
        }
        _ = cache.value(for: 4) {
            made += 1; return "d"
        }
        #expect(made == 1)
        #expect(cache.count == 2)
    }

    @Test func aWorkerKeepsAtMostItsSessions() {
        let worker = StreamWorker(sessions: 3)
        let measurers = StreamMeasurers(commandLineFonts: [], segmentCacheBytes: 0, capacity: 8, workers: 2)
        for size in 1...6 {
            let key = StreamMeasurerKey(
                fonts: .references([.file(path: StreamFixtures.dejaVu, faceIndex: 0)]),
                pointSize: Double(size), options: .init())
            guard case .success(let measurer) = measurers.measurer(for: key) else {
                Issue.record("no measurer")
                return
            }
            _ = worker.session(for: measurer)
        }
        #expect(worker.sessionCount == 3)
    }

    /// With several workers, one measurer's sessions come from its `MeasureSessionGroup`: a worker that meets Arabic
    /// words another worker shaped finds them, and measures them as a session of its own would. With one worker
    /// there is no group, and nothing to share.
    @Test(arguments: [1, 2])
    func workersShareWhatHarfBuzzShapedWhenThereAreSeveral(workers: Int) {
        let measurers = StreamMeasurers(commandLineFonts: [], segmentCacheBytes: 8 << 20, capacity: 8, workers: workers)
        let key = StreamMeasurerKey(
            fonts: .references([.file(path: StreamFixtures.dejaVu, faceIndex: 0)]), pointSize: 17,
            options: .init(maxWidth: 120))
        guard case .success(let measurer) = measurers.measurer(for: key) else {
            Issue.record("no measurer")
            return
        }
        #expect((measurer.group != nil) == (workers > 1))
        let texts = ["مرحبا بالعالم", "السلام عليكم ورحمة الله", "كتاب جديد على الطاولة"]
        let first = StreamWorker(sessions: 2).session(for: measurer)
        let second = StreamWorker(sessions: 2).session(for: measurer)
        let alone = measurer.measurer.makeSession()
        for text in texts { _ = first.measure(text) }
        for text in texts { #expect(second.measure(text) == alone.measure(text), "\(text)") }
        let hits = second.statistics.sharedShapeHits
        if workers > 1 { #expect(hits > 0) } else { #expect(hits == 0) }
    }
}
