internal import CSQLite

/// The one owner of an SQLite database connection (`sqlite3 *`): opens it, prepares and caches its statements, runs
/// transactions, and closes it.
///
/// Threading: SQLite is opened in multi-thread mode (`SQLITE_OPEN_NOMUTEX`): a connection may move between threads
/// but must never be used by two at once, and SQLite itself does not check. So a connection is not `Sendable`; its
/// owner confines it, either inside a `Locked` (`SizeStore`) or to one thread (`SizeStoreReader`). One process may hold
/// several connections to one file — one writer and any number of readers is what WAL mode is for.
///
/// Lifetime: call `close()`; `deinit` asserts that the owner did (GRDB's rule), and closes the handle anyway in
/// release builds so that it never leaks.
package final class SQLiteConnection {
    /// How a connection opens its file.
    package enum OpenMode: Sendable {
        /// Read only (`SQLITE_OPEN_READONLY`): every write fails with `SQLITE_READONLY`, whatever the file's mode.
        case readOnly
        /// Read and write an existing file (`SQLITE_OPEN_READWRITE`).
        case readWrite
        /// Read and write, creating the file if it does not exist (`SQLITE_OPEN_CREATE`).
        case readWriteCreate
    }

    /// The file name as given (a path, `:memory:`, or a `file:` URI).
    package let path: String
    /// The handle; nil once closed.
    private var handle: OpaquePointer?
    /// Prepared statements by SQL text (`cachedStatement(_:)`).
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens `path`. `file:` URIs are understood (`file:x.db?mode=ro`).
    /// - Throws: `SQLiteError` (`SQLITE_CANTOPEN` for a missing file or directory). A file that is not a database
    ///   opens; the first statement then fails with `SQLITE_NOTADB`.
    package init(path: String, mode: OpenMode) throws(SQLiteError) {
        self.path = path
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI | SQLITE_OPEN_EXRESCODE
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        // "Whether or not an error occurs when it is opened, resources associated with the database connection handle
        // should be released by passing it to sqlite3_close() when it is no longer required."
        // (https://www.sqlite.org/c3ref/open.html)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot allocate a connection"
            let errno = opened.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close_v2(opened)
            throw SQLiteError(code: SQLiteResultCode(rawValue: code), message: message, systemErrno: errno)
        }
        handle = opened
        sqlite3_extended_result_codes(opened, 1)
    }

    deinit {
        assert(handle == nil, "close() an SQLiteConnection before releasing it (\(path))")
        if handle != nil { closeHandle() }
    }

    /// Whether `close()` has been called.
    package var isClosed: Bool { handle == nil }

    /// Finalizes the cached statements and closes the connection. Safe to call twice.
    package func close() {
        guard handle != nil else { return }
        closeHandle()
    }

    private func closeHandle() {
        statements.removeAll()
        // sqlite3_close_v2 makes the handle a "zombie" that closes once its last statement is finalized, so a
        // statement that outlives its connection (held elsewhere) cannot make the close fail.
        sqlite3_close_v2(handle)
        handle = nil
    }

    /// The open handle; closing and then using a connection is a bug.
    var rawHandle: OpaquePointer {
        guard let handle else { preconditionFailure("the SQLite connection to \(path) is closed") }
        return handle
    }

    /// Sets how long a statement waits for another connection's lock before failing with `SQLITE_BUSY` (and how long
    /// `retryingWhileBusy` retries where SQLite does not wait by itself).
    package func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(rawHandle, milliseconds)
        busyTimeoutMilliseconds = max(0, milliseconds)
    }

    /// The busy timeout last set (`setBusyTimeout`), 0 before.
    package private(set) var busyTimeoutMilliseconds: Int32 = 0

    /// Whether the connection cannot write: opened read-only, or a `mode=ro` URI, or a read-only file.
    package var isReadOnly: Bool { sqlite3_db_readonly(rawHandle, "main") == 1 }

    /// The file SQLite actually opened for the main database ("" for a memory or temporary database).
    package var fileName: String {
        sqlite3_db_filename(rawHandle, "main").map { String(cString: $0) } ?? ""
    }

    /// Whether a transaction is open (`sqlite3_get_autocommit` is 0).
    package var isInTransaction: Bool { sqlite3_get_autocommit(rawHandle) == 0 }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    package var changes: Int { Int(sqlite3_changes64(rawHandle)) }

    /// Runs one or more SQL statements that return no rows of interest (`sqlite3_exec`).
    package func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(rawHandle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            throw lastError(code: code, sql: sql, message: message.map { String(cString: $0) })
        }
    }

    /// The statement for `sql` from this connection's cache, prepared (with `SQLITE_PREPARE_PERSISTENT`) on first use.
    /// Reset it after use (`SQLiteStatement.withReset` does); the cache owns it.
    package func cachedStatement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let statement = statements[sql] { return statement }
        let statement = try SQLiteStatement(connection: self, sql: sql, persistent: true)
        statements[sql] = statement
        return statement
    }

    /// A new statement for `sql`, not cached: for statements run once.
    package func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        try SQLiteStatement(connection: self, sql: sql, persistent: false)
    }

    /// The first column of the first row `sql` returns, as text; nil when there is no row or it is NULL.
    package func scalarText(_ sql: String) throws(SQLiteError) -> String? {
        let statement = try prepare(sql)
        return try statement.withReset { statement throws(SQLiteError) in
            try statement.step() ? statement.text(at: 0) : nil
        }
    }

    /// The first column of the first row `sql` returns, as an integer; nil when there is no row or it is NULL.
    package func scalarInt(_ sql: String) throws(SQLiteError) -> Int64? {
        let statement = try prepare(sql)
        return try statement.withReset { statement throws(SQLiteError) in
            try statement.step() && !statement.isNull(at: 0) ? statement.int64(at: 0) : nil
        }
    }

    /// Switches the file to write-ahead logging and checks that SQLite did: `PRAGMA journal_mode=WAL` answers the mode
    /// now in force, which stays "delete" or "memory" where WAL is impossible (https://www.sqlite.org/wal.html), then
    /// sets `synchronous=NORMAL` — durable across application crashes; a power loss may lose the last commits but
    /// never corrupts (https://www.sqlite.org/pragma.html#pragma_synchronous, GRDB does the same).
    /// - Throws: `SQLiteError` with `SQLITE_ERROR` when WAL could not be enabled.
    package func enableWriteAheadLog() throws(SQLiteError) {
        let mode = try scalarText("PRAGMA journal_mode = WAL")
        guard mode?.lowercased() == "wal" else {
            throw SQLiteError(
                code: .error, message: "could not enable WAL mode: journal_mode is \(mode ?? "unknown")",
                sql: "PRAGMA journal_mode = WAL")
        }
        try execute("PRAGMA synchronous = NORMAL")
    }

    /// The error SQLite reports for the last failed call, captured now.
    func lastError(code: Int32, sql: String?, message: String? = nil) -> SQLiteError {
        let handle = rawHandle
        let extended = sqlite3_extended_errcode(handle)
        // sqlite3_exec's error message is the authority for exec; otherwise the connection's.
        return SQLiteError(
            code: SQLiteResultCode(rawValue: extended & 0xFF == code & 0xFF ? extended : code),
            message: message ?? String(cString: sqlite3_errmsg(handle)),
            sql: sql,
            systemErrno: sqlite3_system_errno(handle))
    }
}

@available(*, unavailable, message: "an SQLite connection is confined to one thread at a time; use it inside a Locked")
extension SQLiteConnection: Sendable {}
