import Dispatch
import Locking
import Synchronization

/// Measures batches of strings on several threads, keeping one `MeasureSession` per worker from batch to batch, so
/// that the sessions' buffers and segment caches serve the next batch too: a stream of many batches (the CLI's
/// blocks of standard input) gets cheaper as it goes.
///
/// Each batch is cut into chunks that the workers take as they finish the last, so uneven strings balance out; the
/// fonts' glyph caches are shared by all of them. Results come back in input order and equal `measure(_:)`'s for
/// each string, whatever the thread count.
public final class BatchMeasurer: Sendable {
    /// How many strings a worker takes at a time: large enough that taking one costs nothing next to measuring it,
    /// small enough that the last chunks spread over the threads.
    public static let chunkSize = 256

    /// What is measured and how.
    public let measurer: TextMeasurer
    /// One session per worker thread.
    private let sessions: [MeasureSession]

    /// A batch measurer with `threads` workers, at least one and at most `MeasureLimits.maximumThreads` (a larger
    /// count is lowered to it: each worker holds a session's buffers, and more workers than that only cost memory; 0
    /// or a negative count, as `cores - 1` gives on one core, is raised to one).
    public init(measurer: TextMeasurer, threads: Int) {
        self.measurer = measurer
        sessions = measurer.makeSessions(min(max(threads, 1), MeasureLimits.maximumThreads))
    }

    /// The number of worker threads.
    public var threads: Int { sessions.count }

    /// The sizes of `texts`, in input order.
    public func measure(_ texts: [String]) -> [TextSize] {
        run(count: texts.count) { session, range in session.measure(texts, range: range) }
    }

    /// The sizes of UTF-8 strings (slices of one large input, typically), in input order.
    public func measure(utf8 texts: [ArraySlice<UInt8>]) -> [TextSize] {
        run(count: texts.count) { session, range in session.measure(texts, range: range) }
    }

    /// The workers' sessions' counters, summed.
    public var statistics: MeasureSessionStatistics {
        sessions.map(\.statistics).reduce(into: MeasureSessionStatistics.zero) { $0.add($1) }
    }

    /// Runs `measure` over chunks of `0..<count` on the workers and puts the chunks' results in order.
    private func run(count: Int, measure: @Sendable (MeasureSession, Range<Int>) -> [TextSize]) -> [TextSize] {
        let chunkSize = Self.chunkSize
        let chunkCount = (count + chunkSize - 1) / chunkSize
        let workers = min(sessions.count, chunkCount)
        guard workers > 1 else {
            return count == 0 ? [] : measure(sessions[0], 0..<count)
        }
        let nextChunk = Atomic<Int>(0)
        let finished = Locked<[(chunk: Int, sizes: [TextSize])]>([])
        let sessions = self.sessions
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let session = sessions[worker]
            var done: [(chunk: Int, sizes: [TextSize])] = []
            while true {
                let chunk = nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue
                guard chunk < chunkCount else { break }
                done.append((chunk, measure(session, chunk * chunkSize..<min(count, (chunk + 1) * chunkSize))))
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
