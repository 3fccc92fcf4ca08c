#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SHA256 {
    /// Bytes read from a file at a time.
    static let fileBlockBytes = 1 << 20

    /// The digest of the whole file at `path`, read in 1 MiB blocks.
    /// - Throws: `FileDigestError` if the file cannot be opened or read.
    public static func hash(fileAt path: String) throws(FileDigestError) -> SHA256Digest {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileDigestError(path: path, errno: errno) }
        defer { close(descriptor) }
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

    /// An error for the file at `path` that failed with the C library's error number `errno`.
    public init(path: String, errno: Int32) {
        self.path = path
        self.errno = errno
    }

    public var description: String {
        "cannot read \(path): \(String(cString: strerror(errno)))"
    }
}
