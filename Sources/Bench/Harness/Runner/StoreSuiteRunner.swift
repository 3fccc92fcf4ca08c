import Cache
import Foundation
import Measure
import MeasureStore

/// The size database's suites (issue 4's targets): rows written per second in batches, single lookups per second from
/// one thread — to set beside the "measure" suites' measurements per second for the same strings — and a memoized
/// `measure batch --db` run, cold (empty database) against warm (every size stored).
///
/// Each repetition uses a new database file in the temporary directory, removed afterwards. Suites run on one
/// thread: SQLite has one writer, and a lookup suite measures one reader.
public struct StoreSuiteRunner: Sendable {
    /// What a store suite times.
    public enum Kind: String, Sendable, CaseIterable {
        /// `SizeStore.put` of the corpus's sizes in batches of `batchSize` into an empty database.
        case write = "store-write"
        /// One `SizeStoreReader.get` per string, inside one read snapshot, from a full database.
        case lookup = "store-lookup"
        /// `MemoizingMeasurer.measureBatch`: cold measures and stores everything, warm finds everything.
        case memoized
    }

    public var makeCascade: @Sendable () throws -> FontCascade
    public var pointSize: Double
    public var width: Double
    public var repetitions: Int
    /// Rows per write transaction.
    public var batchSize: Int

    public init(
        makeCascade: @escaping @Sendable () throws -> FontCascade, pointSize: Double = 17,
        width: Double = 200, repetitions: Int = 5, batchSize: Int = 10_000
    ) {
        self.makeCascade = makeCascade
        self.pointSize = pointSize
        self.width = width
        self.repetitions = repetitions
        self.batchSize = batchSize
    }

    /// Runs one store suite over `corpus`.
    public func run(_ kind: Kind, cache: SuiteConfiguration.CacheState, corpus: BenchCorpus) throws -> SuiteResult {
        ProcessMemory.resetPeak()
        let measurer = TextMeasurer(
            cascade: try makeCascade(), pointSize: pointSize,
            options: MeasureOptions(maxWidth: width))
        let sizes = measurer.measureBatch(utf8: corpus.lines, threads: 1).map(StoredSize.init)
        let clock = ContinuousClock()
        var seconds: [Double] = []
        var latencies: [Double] = []
        for repetition in 0..<repetitions {
            let path = Self.temporaryDatabase()
            defer { Self.remove(path) }
            let store = try SizeStore(path: path)
            defer { store.close() }
            let memo = try MemoizingMeasurer(measurer: measurer, store: store)
            switch kind {
            case .write:
                let start = clock.now
                for first in stride(from: 0, to: corpus.lines.count, by: batchSize) {
                    let range = first..<min(corpus.lines.count, first + batchSize)
                    try store.put(utf8: Array(corpus.lines[range]), sizes: Array(sizes[range]), in: memo.settings)
                }
                seconds.append(Self.seconds(clock.now - start))
            case .lookup:
                try store.put(utf8: corpus.lines, sizes: sizes, in: memo.settings)
                let reader = try store.makeReader()
                let start = clock.now
                try reader.withSnapshot {
                    for line in corpus.lines where try reader.get(utf8: line, in: memo.settings) == nil {
                        throw BenchError.storeLostRow
                    }
                }
                seconds.append(Self.seconds(clock.now - start))
                if repetition == repetitions - 1 {
                    // The latency pass: the same lookups, each timed.
                    try reader.withSnapshot {
                        for line in corpus.lines {
                            let before = clock.now
                            _ = try reader.get(utf8: line, in: memo.settings)
                            latencies.append(Self.seconds(clock.now - before))
                        }
                    }
                }
            case .memoized:
                if cache == .warm { _ = try memo.measureBatch(utf8: corpus.lines, threads: 1) }
                let start = clock.now
                let result = try memo.measureBatch(utf8: corpus.lines, threads: 1)
                seconds.append(Self.seconds(clock.now - start))
                // Every line not in the store (a repeated line is measured once, but each stands here).
                let expected = cache == .warm ? 0 : corpus.lines.count
                guard result.measuredIndices.count == expected else { throw BenchError.storeLostRow }
            }
        }
        return SuiteTiming(
            kind: kind.rawValue, corpus: corpus, width: width, cache: cache.rawValue, threads: 1,
            seconds: seconds, latencies: latencies
        ).result
    }

    private static func temporaryDatabase() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).sqlite").path
    }

    private static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
