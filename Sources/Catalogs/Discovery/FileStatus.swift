#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What discovery needs to know about a path without opening it: its kind and identity, from `lstat` (the path
/// itself, a symbolic link as a link) or `stat` (what a link leads to).
///
/// Opening is what can hang (a FIFO) or never end (a device), so discovery decides by the kind first; the reader
/// checks again on the open file (`CatalogFileReader`).
struct FileStatus: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case regular, directory, symbolicLink
        /// A FIFO, socket, or device: never read as a catalog.
        case special(String)
    }

    /// A file's identity on its machine: the same directory reached by two paths has one.
    struct Identity: Sendable, Hashable {
        var device: UInt64
        var inode: UInt64
    }

    var kind: Kind
    var identity: Identity
    /// The size in bytes, and the last modification time (seconds and nanoseconds since the epoch): with `identity`,
    /// what tells a file that changed from one that did not (`AndroidFolderCache`).
    var size: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int

    /// The status of `path` itself (`lstat`: a symbolic link is reported as one), or nil when it does not exist.
    static func of(_ path: String) -> FileStatus? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return FileStatus(status)
    }

    /// The status of what `path` leads to (`stat`, following symbolic links), or nil when that does not exist (a
    /// dangling link, a loop of links).
    static func following(_ path: String) -> FileStatus? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileStatus(status)
    }

    /// The absolute path with every symbolic link, `.` and `..` resolved (`realpath`), or nil when it cannot be.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private init(_ status: stat) {
        identity = Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        size = Int64(status.st_size)
        modifiedSeconds = Int(status.st_mtim.tv_sec)
        modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
        switch status.st_mode & mode_t(S_IFMT) {
        case mode_t(S_IFREG): kind = .regular
        case mode_t(S_IFDIR): kind = .directory
        case mode_t(S_IFLNK): kind = .symbolicLink
        default: kind = .special(CatalogFileReader.kind(of: status.st_mode))
        }
    }
}
