import Dispatch
import Locking
import Synchronization

/// `measure stream`'s worker threads: runs one phase of a group (parsing its lines, measuring its jobs) on all of
/// them and gives the results back in input order.
///
/// The work is cut into chunks that the workers take as they finish the last (as `BatchMeasurer` does), so uneven
/// jobs balance out; a group too small to share runs on the calling thread, which for a coprocess writing one job
/// at a time saves the hand-off.
struct StreamWorkers: Sendable {
    let workers: [StreamWorker]

    /// `count` workers, each keeping at most `sessions` sessions.
    init(count: Int, sessions: Int) {
        precondition(count >= 1, "at least one worker")
        workers = (0..<count).map { _ in StreamWorker(sessions: sessions) }
    }

    /// `body` over chunks of `0..<count`, one result per chunk, in chunk order.
    func map<Result: Sendable>(count: Int, _ body: @Sendable (StreamWorker, Range<Int>) -> Result) -> [Result] {
        guard count > 0 else { return [] }
        // A few chunks per worker, so the last ones spread; at most 64 items, so a chunk of slow jobs is not one
        // worker's alone.
        let chunkSize = max(1, min(64, count / (workers.count * 4)))
        let chunkCount = (count + chunkSize - 1) / chunkSize
        let threads = min(workers.count, chunkCount)
        guard threads > 1 else { return [body(workers[0], 0..<count)] }
        let nextChunk = Atomic<Int>(0)
        let finished = Locked<[(chunk: Int, result: Result)]>([])
        let workers = self.workers
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var done: [(chunk: Int, result: Result)] = []
            while true {
                let chunk = nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue
                guard chunk < chunkCount else { break }
                done.append((chunk, body(workers[thread], chunk * chunkSize..<min(count, (chunk + 1) * chunkSize))))
            }
            finished.withLock { $0.append(contentsOf: done) }
        }
        var results = finished.withLock { $0 }
        results.sort { $0.chunk < $1.chunk }
        precondition(results.count == chunkCount, "every chunk of a group is done exactly once")
        return results.map(\.result)
    }
}
