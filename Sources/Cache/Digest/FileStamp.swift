#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What says a file is unchanged since it was hashed: its path, device and inode, size, and modification and
/// status-change times in nanoseconds.
///
/// The status-change time (`ctime`) is set by the kernel on every write or metadata change and cannot be set back by
/// a program, so a file rewritten in place — even with its old modification time restored (`touch -r`, `cp -p`) —
/// gets a new stamp. (Two writes within one tick of the file system's clock, a few milliseconds, could share one.)
public struct FileStamp: Sendable, Hashable {
    /// The path the stamp was taken of, as given.
    public var path: String
    /// `st_dev`: the file system the file is on.
    public var device: UInt64
    /// `st_ino`: the file's number on that file system, which a replacement file (a new inode) does not share.
    public var inode: UInt64
    /// `st_size` in bytes.
    public var size: Int64
    /// `st_mtim` in nanoseconds since 1970.
    public var modified: Int64
    /// `st_ctim` in nanoseconds since 1970.
    public var changed: Int64

    /// A stamp from known values (`stat` gives them; tests and stores build them by hand); each parameter sets the
    /// property of the same name.
    public init(path: String, device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.path = path
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The stamp of the file at `path` now (`stat`, following symbolic links).
    /// - Throws: `FileDigestError` when the file cannot be examined, or is no regular file (which has no stable
    ///   contents to stamp, and which hashing would wait on or read without end).
    public init(path: String) throws(FileDigestError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileDigestError(path: path, errno: errno) }
        if let kind = FileDigestError.irregularKind(info.st_mode) { throw FileDigestError(path: path, kind: kind) }
        self.init(
            path: path, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            changed: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))
    }
}
