import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SHA256 {
    /// Bytes read from a file at a time.
    static let fileBlockBytes = 1 << 20

    /// The digest of the whole file at `path`, read in 1 MiB blocks.
    /// - Throws: `FileDigestError` if the file cannot be opened or read, or is no regular file: a FIFO would block
    ///   the open until a writer came (a database naming one as its font made `db verify` wait forever), a device
    ///   such as `/dev/zero` would be read without end.
    public static func hash(fileAt path: String) throws(FileDigestError) -> SHA256Digest {
        // Without blocking, so that a FIFO is found out by `fstat` rather than waited on (no effect on a file).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw FileDigestError(path: path, errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileDigestError(path: path, errno: errno) }
        if let kind = FileDigestError.irregularKind(info.st_mode) { throw FileDigestError(path: path, kind: kind) }
        var hasher = SHA256()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: fileBlockBytes, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileDigestError(path: path, errno: errno)
            }
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
        return hasher.finalize()
    }
}

/// A file could not be read for hashing.
public struct FileDigestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// The C library's error number (`ENOENT`, `EACCES`, …).
    public var errno: Int32

    /// What the file is when it is no regular file ("a FIFO (named pipe)", "a directory"…); nil otherwise.
    public var kind: String?

    /// An error for the file at `path` that failed with the C library's error number `errno`.
    public init(path: String, errno: Int32) {
        self.path = path
        self.errno = errno
    }

    /// An error for the file at `path`, which is no regular file but `kind` (`errno` is `EINVAL`).
    public init(path: String, kind: String) {
        self.path = path
        self.errno = EINVAL
        self.kind = kind
    }

    /// An error for the file at `path`, which kept changing while it was read (`errno` is `EAGAIN`): its digest
    /// would describe no version of it.
    public init(changingFileAt path: String) {
        self.path = path
        self.errno = EAGAIN
        self.changedWhileRead = true
    }

    /// Whether the file kept changing while it was read (replaced or written by another program).
    public var changedWhileRead = false

    public var description: String {
        if changedWhileRead {
            return "cannot hash \(path): it changed each time it was read (being written?); try again"
        }
        if let kind { return "cannot read \(path): it is \(kind), not a regular file" }
        return "cannot read \(path): \(String(cString: strerror(errno)))"
    }

    /// The file type of `mode` in words when it is no regular file; nil for a regular file. Fonts are refused in the
    /// same words (`FontFileCheck`).
    package static func irregularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "a file of another type"
        }
    }
}

/// `localizedDescription` is `description` (Foundation's default for a Swift error names its type and case number).
extension FileDigestError: LocalizedError {
    /// `description`, which `localizedDescription` returns.
    public var errorDescription: String? { description }
}
