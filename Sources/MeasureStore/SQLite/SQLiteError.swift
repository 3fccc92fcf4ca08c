internal import CSQLite
import Foundation

/// An SQLite result code: a primary code (the low 8 bits) or an extended one that refines it.
///
/// Constants have Swifty names; each says which C constant it is. A primary code matches its extended codes in a
/// pattern (`case .busy:` matches `SQLITE_BUSY_SNAPSHOT`), so `catch SQLiteResultCode.readOnly` style matching works
/// through `SQLiteError`'s `~=`.
public struct SQLiteResultCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code of this (possibly extended) code.
    public var primary: SQLiteResultCode { SQLiteResultCode(rawValue: rawValue & 0xFF) }

    /// SQLite's own English name of the code's meaning ("database is locked").
    public var description: String { String(cString: sqlite3_errstr(rawValue)) }

    /// The corresponding C constant is `SQLITE_OK`.
    public static let ok = SQLiteResultCode(rawValue: SQLITE_OK)
    /// The corresponding C constant is `SQLITE_ERROR`.
    public static let error = SQLiteResultCode(rawValue: SQLITE_ERROR)
    /// The corresponding C constant is `SQLITE_PERM`.
    public static let permission = SQLiteResultCode(rawValue: SQLITE_PERM)
    /// The corresponding C constant is `SQLITE_INTERRUPT`.
    public static let interrupt = SQLiteResultCode(rawValue: SQLITE_INTERRUPT)
    /// The corresponding C constant is `SQLITE_BUSY`.
    public static let busy = SQLiteResultCode(rawValue: SQLITE_BUSY)
    /// The corresponding C constant is `SQLITE_LOCKED`.
    public static let locked = SQLiteResultCode(rawValue: SQLITE_LOCKED)
    /// The corresponding C constant is `SQLITE_NOMEM`.
    public static let noMemory = SQLiteResultCode(rawValue: SQLITE_NOMEM)
    /// The corresponding C constant is `SQLITE_READONLY`.
    public static let readOnly = SQLiteResultCode(rawValue: SQLITE_READONLY)
    /// The corresponding C constant is `SQLITE_READONLY_CANTINIT`: a read-only connection to a WAL database found no
    /// shared-memory file (`-shm`) and could not make one.
    public static let readOnlyCannotInit = SQLiteResultCode(rawValue: SQLITE_READONLY | 5 << 8)
    /// The corresponding C constant is `SQLITE_READONLY_DIRECTORY`: the folder of the database is not writable, so
    /// its journal cannot be made.
    public static let readOnlyDirectory = SQLiteResultCode(rawValue: SQLITE_READONLY | 6 << 8)
    /// The corresponding C constant is `SQLITE_IOERR`.
    public static let ioError = SQLiteResultCode(rawValue: SQLITE_IOERR)
    /// The corresponding C constant is `SQLITE_IOERR_WRITE`.
    public static let ioErrorWrite = SQLiteResultCode(rawValue: SQLITE_IOERR | 3 << 8)
    /// The corresponding C constant is `SQLITE_CORRUPT`.
    public static let corrupt = SQLiteResultCode(rawValue: SQLITE_CORRUPT)
    /// The corresponding C constant is `SQLITE_FULL`.
    public static let full = SQLiteResultCode(rawValue: SQLITE_FULL)
    /// The corresponding C constant is `SQLITE_CANTOPEN`.
    public static let cannotOpen = SQLiteResultCode(rawValue: SQLITE_CANTOPEN)
    /// The corresponding C constant is `SQLITE_SCHEMA`.
    public static let schema = SQLiteResultCode(rawValue: SQLITE_SCHEMA)
    /// The corresponding C constant is `SQLITE_TOOBIG`.
    public static let tooBig = SQLiteResultCode(rawValue: SQLITE_TOOBIG)
    /// The corresponding C constant is `SQLITE_CONSTRAINT`.
    public static let constraint = SQLiteResultCode(rawValue: SQLITE_CONSTRAINT)
    /// The corresponding C constant is `SQLITE_MISUSE`.
    public static let misuse = SQLiteResultCode(rawValue: SQLITE_MISUSE)
    /// The corresponding C constant is `SQLITE_RANGE`.
    public static let range = SQLiteResultCode(rawValue: SQLITE_RANGE)
    /// The corresponding C constant is `SQLITE_NOTADB`.
    public static let notADatabase = SQLiteResultCode(rawValue: SQLITE_NOTADB)

    /// A primary code matches itself and each of its extended codes; an extended code matches only itself.
    public static func ~= (pattern: SQLiteResultCode, code: SQLiteResultCode) -> Bool {
        pattern == code || (pattern.primary == pattern && code.primary == pattern)
    }
}

/// An SQLite call failed: the extended result code, SQLite's message (captured right after the failure), the SQL
/// text of the statement concerned, and the operating system's error number when the failure was an I/O error.
///
/// Bound values are never part of the error: they may hold users' texts.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The extended result code (`SQLITE_IOERR_WRITE`, `SQLITE_BUSY_SNAPSHOT`, …).
    public var code: SQLiteResultCode
    /// `sqlite3_errmsg` at the time of the failure.
    public var message: String
    /// The statement's SQL, or nil when the failure was not about a statement (opening a file, for example).
    public var sql: String?
    /// `sqlite3_system_errno` at the time of the failure: the `errno` of the failed system call, or 0.
    public var systemErrno: Int32

    /// An error with SQLite's extended result code and message; each parameter sets the property of the same name.
    public init(code: SQLiteResultCode, message: String, sql: String? = nil, systemErrno: Int32 = 0) {
        self.code = code
        self.message = message
        self.sql = sql
        self.systemErrno = systemErrno
    }

    /// The primary result code.
    public var primaryCode: SQLiteResultCode { code.primary }

    public var description: String {
        var text = "SQLite error \(code.rawValue) (\(code)): \(message)"
        if systemErrno != 0 { text += " (errno \(systemErrno))" }
        if let sql { text += " — in: \(sql)" }
        return text
    }
}

extension SQLiteResultCode {
    /// `catch SQLiteResultCode.busy` style matching: the error is an `SQLiteError` whose code matches the pattern.
    public static func ~= (pattern: SQLiteResultCode, error: any Error) -> Bool {
        guard let error = error as? SQLiteError else { return false }
        return pattern ~= error.code
    }
}

/// `localizedDescription` is `description` (Foundation's default for a Swift error names its type and case number).
extension SQLiteError: LocalizedError {
    /// `description`, which `localizedDescription` returns.
    public var errorDescription: String? { description }
}
