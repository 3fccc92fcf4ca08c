import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Cache
@testable import MeasureStore

/// One writer and several readers at once (WAL): readers never see part of a batch, never wait for the writer, and
/// the shared store's own locks keep every connection on one thread at a time.
@Suite struct SizeStoreConcurrencyTests {
    @Test func readersSeeWholeBatchesWhileOneWriterWrites() throws {
        try StoreFixtures.withStore { store, _ in
            let settings = try store.register(StoreFixtures.key(), fonts: [StoreFixtures.font("A")])
            let batches = 60, batchSize = 200
            let done = Atomic<Bool>(false)
            let problems = Mutex<[String]>([])
            let observations = Atomic<Int>(0)
            @Sendable func record(_ problem: String) { problems.withLock { $0.append(problem) } }
            // Real threads, not Dispatch's pool: on a busy two-core machine the pool may run the writer to the end
            // before any reader starts.
            let finished = DispatchGroup()
            for worker in 1...4 {
                finished.enter()
                let thread = Thread {
                    defer { finished.leave() }
                    do {
                        if worker <= 2 {
                            // Readers with their own connections: a count is always a whole number of batches, and a
                            // batch's last row implies its first.
                            let reader = try store.makeReader()
                            repeat {
                                let count = try reader.resultCount()
                                if count % batchSize != 0 { record("reader saw \(count) rows") }
                                let batch = Int.random(in: 0..<batches)
                                if let last = try reader.get("\(batch)/\(batchSize - 1)", in: settings) {
                                    if last != StoreFixtures.size("\(batch)/\(batchSize - 1)") { record("wrong size") }
                                    if try reader.get("\(batch)/0", in: settings) == nil {
                                        record("half batch \(batch)")
                                    }
                                }
                                if !done.load(ordering: .relaxed) { observations.wrappingAdd(1, ordering: .relaxed) }
                            } while !done.load(ordering: .acquiring)
                        } else {
                            // Threads sharing the store's own reader connection.
                            repeat {
                                let texts = (0..<batchSize).map { "\(Int.random(in: 0..<batches))/\($0)" }
                                for (text, size) in zip(texts, try store.get(texts, in: settings)) {
                                    if let size, size != StoreFixtures.size(text) { record("wrong size for \(text)") }
                                }
                                if !done.load(ordering: .relaxed) { observations.wrappingAdd(1, ordering: .relaxed) }
                            } while !done.load(ordering: .acquiring)
                        }
                    } catch {
                        record("reader \(worker): \(error)")
                    }
                }
                thread.start()
            }
            // The writer: batch b holds texts "b/i"; each batch is one transaction.
            do {
                for batch in 0..<batches {
                    let texts = (0..<batchSize).map { "\(batch)/\($0)" }
                    try store.put(texts, sizes: texts.map { StoreFixtures.size($0) }, in: settings)
                }
            } catch {
                record("writer: \(error)")
            }
            done.store(true, ordering: .releasing)
            finished.wait()
            #expect(problems.withLock { $0 } == [])
            #expect(observations.load(ordering: .relaxed) > 0)
            #expect(try store.statistics().results == batches * batchSize)
            #expect(try store.integrityProblems().isEmpty)
        }
    }

    /// A snapshot sees one state of the file for all its lookups; the next lookup after it sees new batches.
    @Test func aSnapshotIsOneConsistentView() throws {
        try StoreFixtures.withStore { store, _ in
            let settings = try store.register(StoreFixtures.key(), fonts: [StoreFixtures.font("A")])
            try store.put(["before"], sizes: [StoreFixtures.size("before")], in: settings)
            let reader = try store.makeReader()
            let seen = try reader.withSnapshot {
                let first = try reader.get("before", in: settings)
                try store.put(["during"], sizes: [StoreFixtures.size("during")], in: settings)
                return (first, try reader.get("during", in: settings), try reader.resultCount())
            }
            #expect(seen.0 == StoreFixtures.size("before"))
            #expect(seen.1 == nil)
            #expect(seen.2 == 1)
            #expect(try reader.get("during", in: settings) == StoreFixtures.size("during"))
        }
    }

    /// Two stores (two processes' worth of connections) writing the same file take turns through SQLite's lock.
    @Test func twoWritersOnOneFileTakeTurns() throws {
        try StoreFixtures.withStore { first, path in
            let second = try SizeStore(path: path)
            defer { second.close() }
            let settings = try first.register(StoreFixtures.key(), fonts: [StoreFixtures.font("A")])
            let failures = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: 2) { worker in
                let store = worker == 0 ? first : second
                for batch in 0..<30 {
                    let texts = (0..<100).map { "w\(worker)-\(batch)-\($0)" }
                    do {
                        try store.put(texts, sizes: texts.map { StoreFixtures.size($0) }, in: settings)
                    } catch {
                        failures.wrappingAdd(1, ordering: .relaxed)
                    }
                }
            }
            #expect(failures.load(ordering: .relaxed) == 0)
            #expect(try second.statistics().results == 6000)
        }
    }
}
