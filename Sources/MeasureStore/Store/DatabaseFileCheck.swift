#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a database path must be before SQLite opens it, so that the failure is said in the right words.
///
/// SQLite retries a failed read-write open read-only, so the `errno` it reports is that of its last attempt: a new
/// database in a read-only folder comes back as "No such file or directory" (the read-only retry found no file) and
/// a FIFO as a permission problem. Checked first, each case keeps its own cause.
enum DatabaseFileCheck {
    /// Throws `.cannotOpen` unless `path` is an existing regular file, or (when `creating`) a new file in a folder
    /// that takes new files.
    static func check(_ path: String, creating: Bool) throws(SizeStoreError) {
        func refuse(_ message: String, _ code: Int32 = 0) -> SizeStoreError {
            .cannotOpen(path: path, SQLiteError(code: .cannotOpen, message: message, systemErrno: code))
        }
        // SQLite's own names (an in-memory or temporary database, `file:` URIs) are SQLite's to interpret.
        if path.isEmpty || path == ":memory:" || path.hasPrefix("file:") { return }
        var status = stat()
        if stat(path, &status) == 0 {
            let type = status.st_mode & S_IFMT
            if type == S_IFDIR { throw refuse("it is a directory", EISDIR) }
            if type != S_IFREG { throw refuse("not a regular file (a FIFO, a device or a socket)") }
            return
        }
        let missing = errno
        guard missing == ENOENT, creating else { throw refuse(String(cString: strerror(missing)), missing) }
        // A new file: the folder must exist and take a new file (and SQLite's -wal and -shm files beside it).
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let directory = folder.isEmpty ? "/" : folder
        if access(directory, W_OK) != 0 {
            let code = errno
            throw refuse(String(cString: strerror(code)), code)
        }
    }
}
