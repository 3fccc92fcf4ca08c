internal import CSQLite
import Cache

/// `SQLITE_TRANSIENT`, which Swift cannot import (a cast of -1 to a function pointer): SQLite copies bound values.
private let sqliteTransient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

/// The one owner of a prepared statement (`sqlite3_stmt *`): binds parameters (1-based, as in SQL), steps, reads
/// columns (0-based), and finalizes in `deinit`.
///
/// A statement belongs to its connection's thread confinement, so it is not `Sendable`. Reset it after use — a
/// statement left mid-result holds a read transaction open, which keeps the WAL from being checkpointed;
/// `withReset(_:)` does this on every path.
package final class SQLiteStatement {
    private let handle: OpaquePointer
    /// The connection, which outlives its cached statements (it finalizes them before closing).
    package unowned let connection: SQLiteConnection
    /// The SQL text, for error messages.
    package let sql: String

    init(connection: SQLiteConnection, sql: String, persistent: Bool) throws(SQLiteError) {
        var prepared: OpaquePointer?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let code = sqlite3_prepare_v3(connection.rawHandle, sql, -1, flags, &prepared, nil)
        guard code == SQLITE_OK, let prepared else {
            sqlite3_finalize(prepared)
            throw connection.lastError(code: code, sql: sql)
        }
        self.handle = prepared
        self.connection = connection
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: - Running

    /// Advances to the next row: true when a row is ready to read, false when the statement has finished.
    /// - Throws: `SQLiteError` (busy, full, constraint, …) with this statement's SQL.
    package func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = connection.lastError(code: code, sql: sql)
            precondition(error.primaryCode != .misuse, "SQLite misuse: \(error)")
            throw error
        }
    }

    /// Steps until the statement finishes (for statements that return no rows).
    package func run() throws(SQLiteError) {
        while try step() {}
    }

    /// Makes the statement ready to run again and clears its bindings.
    package func reset() {
        // sqlite3_reset repeats the last step's error, which step() has already thrown.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Runs `body` with the statement, then resets it whether `body` returned or threw.
    package func withReset<T, E: Error>(_ body: (SQLiteStatement) throws(E) -> T) throws(E) -> T {
        defer { reset() }
        return try body(self)
    }

    // MARK: - Binding (indices from 1)

    package func bind(_ value: Int64, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    package func bind(_ value: Int, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, Int64(value)))
    }

    package func bind(_ value: Double, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_double(handle, index, value))
    }

    /// Binds text (copied by SQLite).
    package func bind(_ value: String, at index: Int32) throws(SQLiteError) {
        var value = value
        try check(value.withUTF8 { bindText(UnsafeRawBufferPointer($0), at: index) })
    }

    /// Binds UTF-8 bytes as text, as they are (copied by SQLite). Empty text binds '' (never NULL).
    package func bind(utf8 bytes: UnsafeRawBufferPointer, at index: Int32) throws(SQLiteError) {
        try check(bindText(bytes, at: index))
    }

    private func bindText(_ bytes: UnsafeRawBufferPointer, at index: Int32) -> Int32 {
        guard let start = bytes.baseAddress, bytes.count > 0 else {
            return sqlite3_bind_text64(handle, index, "", 0, sqliteTransient, UInt8(SQLITE_UTF8))
        }
        return sqlite3_bind_text64(
            handle, index, start.assumingMemoryBound(to: CChar.self), UInt64(bytes.count),
            sqliteTransient, UInt8(SQLITE_UTF8))
    }

    /// Binds bytes as a BLOB (copied by SQLite).
    package func bind(blob bytes: UnsafeRawBufferPointer, at index: Int32) throws(SQLiteError) {
        // A zero-length blob needs a non-null pointer, or SQLite binds NULL.
        let code = sqlite3_bind_blob64(
            handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
            UInt64(bytes.count), sqliteTransient)
        try check(code)
    }

    /// Binds UTF-8 bytes as text without copying them (`SQLITE_STATIC`): the caller keeps `bytes` valid and unchanged
    /// until the statement has been stepped and reset — the fast path for batched writes.
    package func bindUnsafeNoCopy(utf8 bytes: UnsafeRawBufferPointer, at index: Int32) throws(SQLiteError) {
        guard let start = bytes.baseAddress, bytes.count > 0 else { return try bind(utf8: bytes, at: index) }
        try check(
            sqlite3_bind_text64(
                handle, index, start.assumingMemoryBound(to: CChar.self), UInt64(bytes.count),
                nil, UInt8(SQLITE_UTF8)))
    }

    /// Binds bytes as a BLOB without copying them (`SQLITE_STATIC`); the same contract as
    /// `bindUnsafeNoCopy(utf8:at:)`.
    package func bindUnsafeNoCopy(blob bytes: UnsafeRawBufferPointer, at index: Int32) throws(SQLiteError) {
        guard let start = bytes.baseAddress, bytes.count > 0 else { return try bind(blob: bytes, at: index) }
        try check(sqlite3_bind_blob64(handle, index, start, UInt64(bytes.count), nil))
    }

    /// Binds a digest as a 32-byte BLOB.
    package func bind(_ digest: SHA256Digest, at index: Int32) throws(SQLiteError) {
        let code = digest.withUnsafeBytes { bytes in
            sqlite3_bind_blob64(handle, index, bytes.baseAddress, UInt64(bytes.count), sqliteTransient)
        }
        try check(code)
    }

    package func bindNull(at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_null(handle, index))
    }

    /// Binding fails only for a misuse (wrong index: a bug, so a trap), a value too big or no memory (thrown).
    private func check(_ code: Int32) throws(SQLiteError) {
        guard code != SQLITE_OK else { return }
        let error = connection.lastError(code: code, sql: sql)
        precondition(error.primaryCode != .range && error.primaryCode != .misuse, "SQLite bind misuse: \(error)")
        throw error
    }

    // MARK: - Reading columns (indices from 0)

    package func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    /// `sqlite3_column_type` of `column` (`storageClass(at:)` names it).
    func columnType(at column: Int32) -> Int32 {
        sqlite3_column_type(handle, column)
    }

    package func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    /// The column as an `Int` (its low bits where `Int` is narrower than 64 bits: never a trap on a file's values).
    package func int(at column: Int32) -> Int {
        Int(truncatingIfNeeded: sqlite3_column_int64(handle, column))
    }

    package func double(at column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    /// The column as text (its bytes decoded as UTF-8, invalid sequences repaired); "" for NULL.
    package func text(at column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column's bytes (text or blob) exactly as stored.
    package func bytes(at column: Int32) -> [UInt8] {
        guard let start = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// The column as a digest, or nil unless it is a 32-byte value.
    package func digest(at column: Int32) -> SHA256Digest? {
        guard let start = sqlite3_column_blob(handle, column), sqlite3_column_bytes(handle, column) == 32 else {
            return nil
        }
        return SHA256Digest(bytes: UnsafeRawBufferPointer(start: start, count: 32))
    }
}

@available(*, unavailable, message: "a statement belongs to its connection's thread; keep it inside the owner's lock")
extension SQLiteStatement: Sendable {}
