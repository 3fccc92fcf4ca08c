/// One thread's read-only view of a size database: lookups on a connection of its own, without locks.
///
/// Make one per thread with `SizeStore.makeReader()`. A reader is not `Sendable` (its connection must not be used by
/// two threads at once); it may run while the store's writer writes, and each call sees every batch committed before
/// it started. It closes its connection when released.
public final class SizeStoreReader {
    private let connection: SQLiteConnection
    /// The database file.
    public let path: String

    init(path: String, busyTimeout: Duration) throws(SizeStoreError) {
        self.path = path
        do {
            connection = try SQLiteConnection(path: DatabaseFileCheck.readOnlyOpenName(path), mode: .readOnly)
        } catch {
            throw SizeStoreError(error, path: path)
        }
        let milliseconds = Int32(
            clamping: busyTimeout.components.seconds * 1000
                + busyTimeout.components.attoseconds / 1_000_000_000_000_000)
        connection.setBusyTimeout(milliseconds: milliseconds)
        do {
            try SizeStore.configureCache(connection)
        } catch {
            connection.close()
            throw SizeStoreError(error, path: path)
        }
    }

    deinit {
        connection.close()
    }

    /// The stored size of `text` with `settings`, or nil.
    /// - Complexity: One SHA-256 of the text and one B-tree probe.
    public func get(_ text: String, in settings: SettingsID) throws(SizeStoreError) -> StoredSize? {
        try lookUp(text, in: settings)
    }

    /// The stored size of the text with UTF-8 bytes `text`, or nil.
    public func get(utf8 text: ArraySlice<UInt8>, in settings: SettingsID) throws(SizeStoreError) -> StoredSize? {
        try lookUp(text, in: settings)
    }

    /// The stored sizes of `texts` with `settings`, nil for each one not stored; read in one transaction.
    public func get(_ texts: [String], in settings: SettingsID) throws(SizeStoreError) -> [StoredSize?] {
        do {
            return try SizeQueries.sizes(of: texts, in: settings, on: connection)
        } catch {
            throw SizeStoreError(any: error, path: path)
        }
    }

    private func lookUp(_ text: some StoreText, in settings: SettingsID) throws(SizeStoreError) -> StoredSize? {
        do {
            return try text.withUTF8Bytes { bytes in try SizeQueries.size(of: bytes, in: settings, on: connection) }
        } catch {
            throw SizeStoreError(any: error, path: path)
        }
    }

    /// Runs `body` — lookups on this reader — in one read transaction: every lookup inside sees the same snapshot
    /// of the database, and the per-lookup cost of starting and ending a transaction (two file-lock system calls in
    /// WAL mode, about half of a lookup's time) is paid once. Keep snapshots short: while one is open, the writer's
    /// log cannot be checkpointed past it.
    /// - Throws: whatever `body` throws, or `SizeStoreError`.
    public func withSnapshot<T>(_ body: () throws -> T) throws -> T {
        precondition(!connection.isInTransaction, "snapshots do not nest")
        do {
            try connection.execute("BEGIN DEFERRED")
        } catch {
            throw SizeStoreError(error, path: path)
        }
        defer { try? connection.execute("COMMIT") }
        return try body()
    }

    /// How many results are stored, over all settings (one consistent snapshot).
    public func resultCount() throws(SizeStoreError) -> Int {
        do {
            return Int(try connection.scalarInt("SELECT count(*) FROM results") ?? 0)
        } catch {
            throw SizeStoreError(error, path: path)
        }
    }
}

@available(*, unavailable, message: "a reader's connection is confined to one thread; make one reader per thread")
extension SizeStoreReader: Sendable {}
