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
        // An empty name is SQLite's private temporary file, which cannot be in WAL mode nor be found again: no store.
        if path.isEmpty { throw refuse("an empty path names no file") }
        // SQLite's own names (an in-memory database, `file:` URIs) are SQLite's to interpret.
        if path == ":memory:" || path.hasPrefix("file:") { return }
        var status = stat()
        if stat(path, &status) == 0 {
            let type = status.st_mode & S_IFMT
            if type == S_IFDIR { throw refuse("it is a directory", EISDIR) }
            if type != S_IFREG { throw refuse("not a regular file (a FIFO, a device or a socket)") }
            // SQLite takes a file shorter than its header for an empty database and writes one over it (a probe's
            // one-byte file became a size database); an empty file is a new database, as SQLite makes it.
            if status.st_size > 0 && !startsWithSQLiteHeader(path) { throw .notADatabase(path: path) }
            // SQLite's read-write open falls back to read-only and then fails for want of the -shm file, saying
            // "No such file or directory" of a file that is there.
            if creating && isOnReadOnlyFileSystem(path) { throw refuse(String(cString: strerror(EROFS)), EROFS) }
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

    /// Whether the file at `path` begins with the 16 bytes every SQLite database file begins with,
    /// "SQLite format 3" and a NUL (sqlite.org/fileformat2.html §1.3.1); true when it cannot be opened (SQLite's own
    /// open then says why).
    static func startsWithSQLiteHeader(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return true }  // SQLite's own open says why it cannot be read
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 16)
        var read = 0
        while read < header.count {
            let count = header.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + read, 16 - read, off_t(read))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            read += count
        }
        return read == header.count && header == Array("SQLite format 3\0".utf8)
    }

    /// Whether `path` lies on a file system mounted read-only (an image, a read-only bind mount, a CI cache).
    static func isOnReadOnlyFileSystem(_ path: String) -> Bool {
        var status = statvfs()
        return statvfs(path, &status) == 0 && status.f_flag & UInt(ST_RDONLY) != 0
    }

    /// The name to open `path` read-only by: a `file:` URI with `immutable=1` when the file lies on a read-only file
    /// system, else `path` itself. (`immutable` assumes no one writes the file, which holds for a read-only file system
    /// but not for a read-only bind mount of a folder another mount writes: there, close the writer first.) A database
    /// in WAL mode needs its -shm file beside it even to be read, and none can be made there, so SQLite fails to open
    /// it ("No such file or directory"); on a read-only file system nothing can change the file either, which is what
    /// `immutable` tells SQLite, so it reads without the -shm. SQLite's own names (`:memory:`, a `file:` URI the caller
    /// wrote) are left as they are, and so is a file whose `-wal` log holds pages (a writer did not close it):
    /// `immutable` would read past them, so SQLite opens it as it can.
    static func readOnlyOpenName(_ path: String) -> String {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:"), isOnReadOnlyFileSystem(path) else {
            return path
        }
        var log = stat()
        if stat(path + "-wal", &log) == 0 && log.st_size > 0 { return path }
        // RFC 3986 as SQLite reads a URI's path: `%`, `?` and `#` escaped, the rest as written.
        var escaped = ""
        for character in path.unicodeScalars {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3f"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(character)
            }
        }
        // An absolute path after `file://` (an empty authority), so that one starting `//` is not read as a host.
        return (path.hasPrefix("/") ? "file://" : "file:") + escaped + "?immutable=1"
    }
}
