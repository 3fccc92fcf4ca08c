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
        let measurers = StreamMeasurers(commandLineFonts: [], segmentCacheBytes: 0, capacity: 8)
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
}
