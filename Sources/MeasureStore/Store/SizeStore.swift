import Locking

/// The precomputed-size database: an SQLite file of measured sizes keyed by settings and text, which a memoizing
/// measurer consults before measuring, and which apps and tools can read directly (its schema is a versioned contract,
/// README "Size database").
///
/// ```swift
/// let store = try SizeStore(path: "sizes.db")
/// let settings = try store.register(key, fonts: fontRecords)          // a settings row for this cascade, size, …
/// try store.put(["OK", "Cancel"], sizes: measured, in: settings)      // one transaction
/// let size = try store.get("OK", in: settings)                        // StoredSize?
/// let todo = try store.missing(from: catalogTexts, in: settings)      // indices not stored yet
/// store.close()
/// ```
///
/// Threading model. WAL mode lets readers read while one writer writes, each seeing the last committed state, so the
/// store keeps two SQLite connections, each confined by its own `Locked`:
/// - the *writer* runs every write (`register`, `put`, `merge`, `vacuum`), each in one `BEGIN IMMEDIATE` transaction;
/// - the *reader* runs `get`, `missing`, `stats` and the listings, so lookups never wait for a long write.
/// A `SizeStore` can therefore be shared by any number of threads (it is `Sendable` without `@unchecked`: its only
/// mutable state is inside the two mutexes). Threads that look up in parallel should each take a `makeReader()`:
/// a reader has its own connection and no lock. Several processes may open the same file; SQLite's file locks keep one
/// writer at a time, and a writer that waits longer than `busyTimeout` fails with `SizeStoreError.busy`.
///
/// Reading a damaged file: every row is validated when read (`StoredSize.problem`, `CorruptRow`). A corrupt size
/// is a miss for lookups and is never returned, formatted or copied; `corruptResults()` counts such rows. Opening
/// waits for a busy file (another process creating or migrating it) up to `busyTimeout`, like every statement.
///
/// Durability: WAL with `synchronous=NORMAL` — a committed batch survives the process being killed at any moment; a
/// power loss may lose the last batches, never the file's integrity. A batch is all or nothing.
///
/// Performance notes: statements are prepared once per connection and cached by SQL text; a lookup is one SHA-256 of
/// the text and one primary-key probe; a batch of writes is one transaction of upserts, so its cost is dominated by
/// the B-tree inserts, not by syncing.
public final class SizeStore: Sendable {
    /// How a store opens its file.
    public enum Access: Sendable {
        /// Read only (`SQLITE_OPEN_READONLY`): the file must exist and have this code's schema version; every write
        /// fails with `SizeStoreError.readOnly`. Query tools open stores this way.
        case readOnly
        /// Read and write, creating the file (and upgrading its schema) when needed.
        case readWrite
    }

    /// The file name as given (a path or a `file:` URI).
    public let path: String
    /// How the store was opened.
    public let access: Access
    /// Runs every write.
    private let writer: Locked<SQLiteConnection>
    /// Runs the store's own reads.
    private let reader: Locked<SQLiteConnection>
    /// How long a connection waits for another's lock before `SizeStoreError.busy`.
    public let busyTimeout: Duration

    /// Opens (and, for `.readWrite`, creates or upgrades) the size database at `path`.
    ///
    /// Before anything is written, the file is checked: one that is not SQLite, that belongs to another application,
    /// or whose schema is newer than this code's is refused and left unchanged.
    /// - Parameters:
    ///   - path: A file path, or a `file:` URI (`file:sizes.db?mode=ro`).
    ///   - access: `.readWrite` (default) or `.readOnly`.
    ///   - busyTimeout: How long to wait for another process's lock.
    /// - Throws: `SizeStoreError`.
    public init(path: String, access: Access = .readWrite, busyTimeout: Duration = .seconds(5)) throws(SizeStoreError) {
        self.path = path
        self.access = access
        self.busyTimeout = busyTimeout
        let milliseconds = Int32(
            clamping: busyTimeout.components.seconds * 1000
                + busyTimeout.components.attoseconds / 1_000_000_000_000_000)
        try DatabaseFileCheck.check(path, creating: access == .readWrite)
        let writer = try Self.openWriter(path: path, access: access, busyMilliseconds: milliseconds)
        let reader: SQLiteConnection
        do {
            reader = try SQLiteConnection(path: DatabaseFileCheck.readOnlyOpenName(path), mode: .readOnly)
        } catch {
            writer.close()
            throw SizeStoreError(error, path: path)
        }
        do {
            reader.setBusyTimeout(milliseconds: milliseconds)
            try Self.configureReader(reader)
        } catch {
            reader.close()
            writer.close()
            throw SizeStoreError(error, path: path)
        }
        self.writer = Locked(writer)
        self.reader = Locked(reader)
    }

    deinit {
        close()
    }

    /// Closes the store's connections. Using the store afterwards is a programming error. Called by `deinit`.
    ///
    /// The reader closes first: the last connection to close checkpoints the log into the database and deletes the
    /// `-wal` and `-shm` files, which only a connection that may write can do.
    public func close() {
        reader.withLock { $0.close() }
        writer.withLock { $0.close() }
    }

    /// A reader with its own read-only connection, for one thread's lookups with no lock (see the type's threading
    /// model). Each reader sees every batch committed before each of its calls.
    /// - Throws: `SizeStoreError` if the connection cannot be opened.
    public func makeReader() throws(SizeStoreError) -> SizeStoreReader {
        try SizeStoreReader(path: path, busyTimeout: busyTimeout)
    }

    // MARK: - Opening

    private static func openWriter(
        path: String, access: Access,
        busyMilliseconds: Int32
    ) throws(SizeStoreError) -> SQLiteConnection {
        let connection: SQLiteConnection
        do {
            connection =
                access == .readOnly
                ? try SQLiteConnection(path: DatabaseFileCheck.readOnlyOpenName(path), mode: .readOnly)
                : try SQLiteConnection(path: path, mode: .readWriteCreate)
        } catch {
            throw SizeStoreError(error, path: path)
        }
        do {
            connection.setBusyTimeout(milliseconds: busyMilliseconds)
            // Every step is safe to repeat (the migration re-reads the version inside its transaction), so a step
            // that SQLite fails with SQLITE_BUSY without waiting is retried until the busy timeout.
            try connection.retryingWhileBusy { try setUp(connection, path: path) }
            return connection
        } catch {
            connection.close()
            throw SizeStoreError(any: error, path: path)
        }
    }

    /// Checks the file, then (for a writable one) sets the page size of a new file, switches to WAL and migrates,
    /// and sets the connection's pragmas.
    private static func setUp(_ connection: SQLiteConnection, path: String) throws {
        // Read-only checks first: a file that is not ours is refused before anything writes to it.
        let header = try SizeStoreSchema.header(of: connection)
        try SizeStoreSchema.check(header, path: path)
        if connection.isReadOnly {
            if header.version == 0 {
                throw SizeStoreError.notASizeStore(path: path, reason: "it is empty")
            }
            if header.version < SizeStoreSchema.currentVersion {
                throw SizeStoreError.olderSchema(
                    path: path, version: header.version,
                    supported: SizeStoreSchema.currentVersion)
            }
        } else {
            if header.version == 0 {
                // Before the first table and before WAL: the page size of a new file. 8 KiB pages measured
                // 5–15 % faster than 4 KiB for batched writes and as fast for lookups (16 KiB: faster writes,
                // 20 % slower random lookups in a store of a million rows).
                try connection.execute("PRAGMA page_size = 8192")
            }
            try connection.enableWriteAheadLog()
            // Only an older file takes the write lock: a current one opens while another process writes, so a run
            // that finds every size stored never waits for one.
            if header.version < SizeStoreSchema.currentVersion {
                try SizeStoreSchema.migrate(connection, path: path)
            }
        }
        try SizeStoreSchema.checkTables(connection, path: path)
        try connection.execute("PRAGMA foreign_keys = ON")
        // Checkpoint when the log passes 128 MiB rather than SQLite's 4 MiB: a batch of random-key inserts
        // dirties thousands of pages, and each checkpoint copies them and syncs the file once for many batches.
        // After a checkpoint the log file is cut back to 64 MiB.
        try connection.execute("PRAGMA wal_autocheckpoint = 16384")
        try connection.execute("PRAGMA journal_size_limit = 67108864")
        try configureCache(connection)
    }

    private static func configureReader(_ connection: SQLiteConnection) throws(SQLiteError) {
        try configureCache(connection)
    }

    /// Memory for speed, set on every connection: 64 MiB of page cache (batches insert at random places in the
    /// results B-tree, whose keys are digests) and reads through a memory map of up to 1 GiB instead of one `pread`
    /// per page (https://www.sqlite.org/mmap.html).
    static func configureCache(_ connection: SQLiteConnection) throws(SQLiteError) {
        try connection.execute("PRAGMA cache_size = -65536")
        try connection.execute("PRAGMA mmap_size = 1073741824")
    }

    // MARK: - Running on the connections

    /// Runs `body` on the writer connection, under its lock, mapping failures to `SizeStoreError`.
    func withWriter<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws(SizeStoreError) -> T {
        do {
            return try writer.withLock { connection throws -> T in try body(connection) }
        } catch {
            throw SizeStoreError(any: error, path: path)
        }
    }

    /// Runs `body` on the reader connection, under its lock, mapping failures to `SizeStoreError`.
    func withReader<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws(SizeStoreError) -> T {
        do {
            return try reader.withLock { connection throws -> T in try body(connection) }
        } catch {
            throw SizeStoreError(any: error, path: path)
        }
    }
}
