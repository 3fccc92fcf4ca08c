import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Cache
@testable import MeasureStore

/// Several connections creating the same new database at once: creating the file, switching it to WAL and writing
/// the schema wait for each other (up to the busy timeout) like every other statement, so every opener succeeds.
@Suite struct SizeStoreCreationConcurrencyTests {
    /// Opens `path` on `count` threads released together; returns each opener's error, nil for success.
    private static func openTogether(
        _ path: String, count: Int, busyTimeout: Duration = .seconds(20),
        body: @escaping @Sendable (SizeStore, Int) throws -> Void = { _, _ in }
    )
        -> [String?]
    {
        let outcomes = Mutex<[String?]>(Array(repeating: "did not run", count: count))
        let start = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for index in 0..<count {
            finished.enter()
            // Real threads, so that every opener is really running when the gate opens.
            let thread = Thread {
                defer { finished.leave() }
                start.wait()
                do {
                    let store = try SizeStore(path: path, busyTimeout: busyTimeout)
                    defer { store.close() }
                    try body(store, index)
                    outcomes.withLock { $0[index] = nil }
                } catch {
                    outcomes.withLock { $0[index] = "opener \(index): \(error)" }
                }
            }
            thread.start()
        }
        for _ in 0..<count { start.signal() }
        finished.wait()
        return outcomes.withLock { $0 }
    }

    @Test("8 openers of one fresh file all succeed", arguments: 1...10)
    func eightOpenersOfAFreshFileAllSucceed(round: Int) throws {
        let path = TemporaryFiles.path("fresh-\(round)")
        defer { TemporaryFiles.remove(path) }
        let outcomes = Self.openTogether(path, count: 8)
        #expect(outcomes.compactMap { $0 } == [])
        let store = try SizeStore(path: path, access: .readOnly)
        defer { store.close() }
        #expect(try store.statistics().schemaVersion == SizeStoreSchema.currentVersion)
        #expect(try store.integrityProblems().isEmpty)
    }

    /// Openers that write at once (register, put) right after creating: every write is kept.
    @Test func openersThatWriteAtOnceAllSucceedAndAllRowsAreKept() throws {
        let path = TemporaryFiles.path("fresh-writers")
        defer { TemporaryFiles.remove(path) }
        let outcomes = Self.openTogether(path, count: 8) { store, index in
            let settings = try store.register(StoreFixtures.key(), fonts: [StoreFixtures.font("A")])
            let texts = StoreFixtures.texts(50, prefix: "w\(index)-")
            try store.put(texts, sizes: texts.map(StoreFixtures.size), in: settings)
        }
        #expect(outcomes.compactMap { $0 } == [])
        let store = try SizeStore(path: path, access: .readOnly)
        defer { store.close() }
        #expect(try store.statistics().results == 8 * 50)
        #expect(try store.statistics().settings == 1)
    }

    /// An opener waits while another connection holds the write lock of a new, empty file (still in rollback-journal
    /// mode) for 300 ms: SQLite fails the switch to WAL with SQLITE_BUSY at once, without calling the busy handler,
    /// and the store retries it until its busy timeout, so the opener succeeds once the lock is released.
    @Test func anOpenerWaitsForAWriterOfTheFile() throws {
        let path = TemporaryFiles.path("held")
        defer { TemporaryFiles.remove(path) }
        let locked = DispatchSemaphore(value: 0)
        let holderError = Mutex<String?>(nil)
        let holder = Thread {
            do {
                let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
                defer { connection.close() }
                try connection.execute("BEGIN IMMEDIATE")
                locked.signal()
                Thread.sleep(forTimeInterval: 0.3)
                try connection.execute("COMMIT")
            } catch {
                holderError.withLock { $0 = "\(error)" }
                locked.signal()
            }
        }
        holder.start()
        locked.wait()
        let started = ContinuousClock.now
        let store = try SizeStore(path: path, busyTimeout: .seconds(20))
        store.close()
        #expect(holderError.withLock { $0 } == nil)
        #expect(ContinuousClock.now - started >= .milliseconds(250))
    }
}
