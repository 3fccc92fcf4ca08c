import Dispatch
import Synchronization

extension TextMeasurer {
    /// How many strings a worker takes at a time: large enough that taking one costs nothing next to measuring it,
    /// small enough that the last chunks spread over the threads.
    static let batchChunkSize = 256

    /// Measures `texts` on up to `threads` threads and returns their sizes in input order.
    ///
    /// Each worker has its own `MeasureSession` and takes chunks of strings as it finishes the last, so uneven
    /// strings balance out; the fonts' glyph caches are shared by all of them. The results equal
    /// `measure(_:)`'s for each string, whatever the thread count.
    public func measureBatch(_ texts: [String], threads: Int) -> [TextSize] {
        runBatch(count: texts.count, threads: threads) { session, index in session.measure(texts[index]) }
    }

    /// Measures UTF-8 strings (slices of one large input, typically) on up to `threads` threads, in input order.
    public func measureBatch(utf8 texts: [ArraySlice<UInt8>], threads: Int) -> [TextSize] {
        runBatch(count: texts.count, threads: threads) { session, index in session.measure(utf8: texts[index]) }
    }

    /// Runs `measure` for indices `0..<count` on Dispatch's worker pool, one session per worker.
    private func runBatch(count: Int, threads: Int,
                          measure: @Sendable (MeasureSession, Int) -> TextSize) -> [TextSize] {
        precondition(threads >= 1, "a batch needs at least one thread")
        let chunkSize = Self.batchChunkSize
        let chunkCount = (count + chunkSize - 1) / chunkSize
        let workers = min(threads, chunkCount)
        guard workers > 1 else {
            let session = makeSession()
            return (0..<count).map { measure(session, $0) }
        }
        let nextChunk = Atomic<Int>(0)
        let finished = Mutex<[(chunk: Int, sizes: [TextSize])]>([])
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let session = makeSession()
            var done: [(chunk: Int, sizes: [TextSize])] = []
            while true {
                let chunk = nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue
                guard chunk < chunkCount else { break }
                let range = chunk * chunkSize..<min(count, (chunk + 1) * chunkSize)
                done.append((chunk, range.map { measure(session, $0) }))
            }
            finished.withLock { $0.append(contentsOf: done) }
        }
        var chunks = finished.withLock { $0 }
        chunks.sort { $0.chunk < $1.chunk }
        var sizes: [TextSize] = []
        sizes.reserveCapacity(count)
        for chunk in chunks { sizes.append(contentsOf: chunk.sizes) }
        precondition(sizes.count == count, "every chunk of the batch is measured exactly once")
        return sizes
    }
}
