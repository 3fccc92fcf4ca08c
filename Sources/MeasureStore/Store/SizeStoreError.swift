import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the size store could not do what was asked, in the terms a user can act on. Every case names the database
/// file; those caused by SQLite keep its error (extended result code, message and SQL) for the details.
public enum SizeStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file (or its directory) cannot be opened: missing, a directory, or not permitted.
    case cannotOpen(path: String, SQLiteError)
    /// The file exists but is not an SQLite database (`SQLITE_NOTADB`). It was not changed.
    case notADatabase(path: String)
    /// The file is an SQLite database, but not a size database (another application's, or empty where one was
    /// expected). It was not changed.
    case notASizeStore(path: String, reason: String)
    /// The file's schema is newer than this code knows: written by a newer version. It was not changed.
    case newerSchema(path: String, version: Int, supported: Int)
    /// The file's schema is older than this code's and the store was opened read-only, so it cannot be upgraded.
    case olderSchema(path: String, version: Int, supported: Int)
    /// A write was attempted through a read-only connection (`SQLITE_READONLY`).
    case readOnly(path: String)
    /// The database is in WAL mode and its folder is not writable by this user, so its shared-memory (`-shm`) file or
    /// journal, which every connection needs — a reader too — neither exists nor can be made
    /// (`SQLITE_READONLY_CANTINIT`, `SQLITE_READONLY_DIRECTORY`). Nothing was changed.
    case folderNotWritable(path: String, SQLiteError)
    /// The disk, a file-size limit or the database's page limit is full: `SQLITE_FULL`, or a write the system refused
    /// (`SQLITE_IOERR_WRITE`; SQLite reports `ENOSPC` as `SQLITE_FULL` but `EFBIG` and `EDQUOT` as write errors, and
    /// does not reliably keep the `errno`). The unfinished change (a batch, the file's creation) was rolled back; what
    /// was committed is kept.
    case diskFull(path: String, SQLiteError)
    /// Another connection held a lock for longer than the busy timeout (`SQLITE_BUSY`, `SQLITE_LOCKED`).
    case busy(path: String, SQLiteError)
    /// SQLite found the file damaged (`SQLITE_CORRUPT`).
    case corrupt(path: String, SQLiteError)
    /// Any other SQLite failure.
    case sqlite(path: String, SQLiteError)

    /// The store error for an SQLite failure on `path`.
    public init(_ error: SQLiteError, path: String) {
        switch error.code {
        case .notADatabase: self = .notADatabase(path: path)
        case .readOnlyCannotInit, .readOnlyDirectory: self = .folderNotWritable(path: path, error)
        case .readOnly: self = .readOnly(path: path)
        case .full: self = .diskFull(path: path, error)
        case .ioErrorWrite: self = .diskFull(path: path, error)
        case .ioError where [ENOSPC, EFBIG, EDQUOT].contains(error.systemErrno): self = .diskFull(path: path, error)
        case .busy, .locked: self = .busy(path: path, error)
        case .corrupt: self = .corrupt(path: path, error)
        case .cannotOpen: self = .cannotOpen(path: path, error)
        default: self = .sqlite(path: path, error)
        }
    }

    /// The store error for whatever a store operation threw.
    init(any error: any Error, path: String) {
        switch error {
        case let error as SizeStoreError: self = error
        case let error as SQLiteError: self.init(error, path: path)
        default: self = .sqlite(path: path, SQLiteError(code: .error, message: "\(error)"))
        }
    }

    /// Why SQLite opened a database read-only that was opened for writing, where the files show it: the database
    /// file itself not writable by this user, or its `-shm` or `-wal` file not — left by a process that could only
    /// read (a reader without write access to a WAL database's folder makes the `-shm` file with its own owner, and
    /// every writer after it opens read-only). Nil when nothing shows (a store opened read-only on purpose, a `file:`
    /// URI, which names its mode itself). `isWritable` is `access(2)` with `W_OK`, a parameter for the tests, which
    /// run as root.
    static func readOnlyCause(path: String, isWritable: (String) -> Bool) -> String? {
        guard !path.hasPrefix("file:"), FileManager.default.fileExists(atPath: path) else { return nil }
        guard isWritable(path) else { return "the file is not writable by this user" }
        for suffix in ["-shm", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
            guard !isWritable(path + suffix) else { continue }
            return "its \(suffix) file \(path + suffix) is not writable by this user (a process that could only "
                + "read made it); remove it while nothing has the database open, or run as its owner"
        }
        return nil
    }

    /// The database file concerned.
    public var path: String {
        switch self {
        case .cannotOpen(let path, _), .notADatabase(let path), .notASizeStore(let path, _),
            .newerSchema(let path, _, _), .olderSchema(let path, _, _), .readOnly(let path),
            .folderNotWritable(let path, _), .diskFull(let path, _),
            .busy(let path, _), .corrupt(let path, _), .sqlite(let path, _):
            return path
        }
    }

    public var description: String {
        switch self {
        case .cannotOpen(let path, let error):
            let reason = error.systemErrno != 0 ? String(cString: strerror(error.systemErrno)) : error.message
            return "cannot open database \(path): \(reason)"
        case .notADatabase(let path):
            return "\(path) is not an SQLite database (SQLITE_NOTADB); it was left unchanged"
        case .notASizeStore(let path, let reason):
            return "\(path) is not a TextSize size database: \(reason); it was left unchanged"
        case .newerSchema(let path, let version, let supported):
            return "\(path) has schema version \(version), newer than this version of TextSize understands "
                + "(\(supported)); use a newer TextSize (measure or the library)"
        case .olderSchema(let path, let version, let supported):
            return "\(path) has schema version \(version), older than this TextSize's (\(supported)), and was opened "
                + "read-only; open it for writing once (measure batch --db, or SizeStore(path:)) to upgrade it"
        case .readOnly(let path):
            return "cannot write to \(path): the database is open read-only (SQLITE_READONLY)"
                + (Self.readOnlyCause(path: path, isWritable: { access($0, W_OK) == 0 }).map { ": \($0)" } ?? "")
        case .folderNotWritable(let path, let error):
            let code = error.code == .readOnlyDirectory ? "SQLITE_READONLY_DIRECTORY" : "SQLITE_READONLY_CANTINIT"
            // A `file:` URI takes the parameter after its own (`file:x.db?mode=ro&immutable=1`).
            let immutable =
                path.hasPrefix("file:")
                ? path + (path.contains("?") ? "&" : "?") + "immutable=1" : "file:\(path)?immutable=1"
            return "cannot open \(path): its folder is not writable, and a database in WAL mode needs its -shm file "
                + "there even to be read (\(code)); nothing was changed. Copy the file to a writable folder, or open "
                + "\(immutable) when nothing writes it"
        case .diskFull(let path, let error):
            let refused = "a write was refused: no space, a file-size limit or an I/O error"
            let cause =
                error.systemErrno != 0
                ? String(cString: strerror(error.systemErrno))
                : error.code == .full ? error.message : refused
            // Said of any write — a batch of sizes, creating the file, a reader's -shm or temporary file — so
            // the words name no batch: what the write belonged to was undone, what was committed stays.
            return "cannot write to \(path): disk or database full (\(cause)); the unfinished change was rolled "
                + "back, everything committed before it is kept"
        case .busy(let path, _):
            return "\(path) is locked by another connection (SQLITE_BUSY): gave up waiting"
        case .corrupt(let path, let error):
            return "\(path) is corrupt: \(error.message)"
        case .sqlite(let path, let error):
            return "\(path): \(error)"
        }
    }
}

/// `localizedDescription` is `description` (Foundation's default for a Swift error names its type and case number).
extension SizeStoreError: LocalizedError {
    /// `description`, which `localizedDescription` returns.
    public var errorDescription: String? { description }
}
