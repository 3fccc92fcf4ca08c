import Cache

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
        // An in-memory database is SQLite's own name; a `file:` URI names a file like any path (checked as its
        // path, unless it is in memory), which SQLite would otherwise write over or fail on in its own words.
        if path == ":memory:" { return }
        if path.hasPrefix("file:") {
            guard let file = fileURIPath(path) else { return }
            return try checkFile(file.path, creating: creating && file.mayCreate)
        }
        try checkFile(path, creating: creating)
    }

    /// `check` of a file's path (never read as a URI: `file:file:x` names the file `file:x`).
    private static func checkFile(_ path: String, creating: Bool) throws(SizeStoreError) {
        func refuse(_ message: String, _ code: Int32 = 0) -> SizeStoreError {
            .cannotOpen(path: path, SQLiteError(code: .cannotOpen, message: message, systemErrno: code))
        }
        // An empty name is SQLite's private temporary file, which cannot be in WAL mode nor be found again: no store.
        if path.isEmpty { throw refuse("an empty path names no file") }
        // SQLite's Unix layer opens paths of at most 511 bytes from the root (its MAX_PATHNAME, 512 with the NUL);
        // a longer one failed as "No such file or directory".
        let full = path.hasPrefix("/") ? path.utf8.count : (currentDirectoryLength() ?? 0) + 1 + path.utf8.count
        if full > 511 {
            throw refuse(
                "the path is \(full) bytes long from the root, and SQLite opens paths of at most 511 bytes "
                    + "(use a shorter path, or a symbolic link to the folder)")
        }
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
    /// `immutable` tells SQLite, so it reads without the -shm. SQLite's own names (`:memory:`, a `file:` URI the
    /// caller wrote, but for a read-write mode made read-only: `readOnlyURI`) are left as they are, and so is a file
    /// whose `-wal` log holds pages (a writer did not close it): `immutable` would read past them, so SQLite opens it
    /// as it can.
    static func readOnlyOpenName(_ path: String) -> String {
        if path.hasPrefix("file:") { return readOnlyURI(path) }
        guard !path.isEmpty, path != ":memory:", isOnReadOnlyFileSystem(path) else {
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

    /// A `file:` URI as a read-only connection may open it: its `mode=rw` or `mode=rwc` made `mode=ro`. SQLite refuses
    /// a URI whose mode asks for more than the connection's flags allow ("access mode not allowed"), so a store opened
    /// for writing from `file:sizes.db?mode=rw` failed on its read connection (after `rwc` had created the file).
    static func readOnlyURI(_ uri: String) -> String {
        guard let query = uri.firstIndex(of: "?") else { return uri }
        let fragment = uri[query...].firstIndex(of: "#") ?? uri.endIndex
        let parameters = uri[uri.index(after: query)..<fragment].split(separator: "&", omittingEmptySubsequences: false)
            .map { parameter in parameter == "mode=rw" || parameter == "mode=rwc" ? "mode=ro" : String(parameter) }
        return String(uri[...query]) + parameters.joined(separator: "&") + String(uri[fragment...])
    }

    /// The length in bytes of the working directory's path, or nil when it cannot be read.
    static func currentDirectoryLength() -> Int? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return buffer.firstIndex(of: 0) ?? buffer.count
    }

    /// The file a `file:` URI names, as SQLite reads it (sqlite.org/uri.html): the path after `file:` and an empty
    /// or `localhost` authority, up to `?` or `#`, `%XX` decoded; whether the URI lets SQLite create it (no `mode`,
    /// or `mode=rwc`). Nil for an in-memory database (`mode=memory`, or no path), an authority naming another host
    /// or a path SQLite would not decode (SQLite refuses those itself).
    static func fileURIPath(_ uri: String) -> (path: String, mayCreate: Bool)? {
        var rest = Substring(uri.dropFirst("file:".count))
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            guard rest[..<slash].isEmpty || rest[..<slash] == "localhost" else { return nil }
            rest = rest[slash...]
        }
        let end = rest.firstIndex { $0 == "?" || $0 == "#" } ?? rest.endIndex
        var query: [Substring] = []
        if end < rest.endIndex, rest[end] == "?" {
            let fragment = rest[end...].firstIndex(of: "#") ?? rest.endIndex
            query = rest[rest.index(after: end)..<fragment].split(separator: "&")
        }
        if query.contains("mode=memory") { return nil }
        // `%` and two hexadecimal digits is that byte; any other `%` is itself, as SQLite reads it. A NUL is left to
        // SQLite.
        var bytes: [UInt8] = []
        var utf8 = Array(rest[..<end].utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%"), utf8.count >= 2, let high = HexDigit.value(utf8[utf8.startIndex]),
                let low = HexDigit.value(utf8[utf8.startIndex + 1])
            else {
                bytes.append(byte)
                continue
            }
            let value = high << 4 | low
            if value == 0 { return nil }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        guard !bytes.isEmpty, let path = String(validating: bytes, as: UTF8.self) else { return nil }
        let mode = query.last { $0.hasPrefix("mode=") }
        return (path, mode == nil || mode == "mode=rwc")
    }
}
