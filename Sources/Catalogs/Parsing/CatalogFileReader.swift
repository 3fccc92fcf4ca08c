#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a catalog or config file into memory, refusing what is not a regular file of a sensible size.
///
/// Catalog paths come from folder walks and command lines that may hold anything: a FIFO (opening one for reading
/// blocks until a writer comes, which may be never), a device (`/dev/zero` never ends, `/dev/tty` waits for the
/// keyboard), a socket. So the file is opened with `O_NONBLOCK` (which never blocks the open, and is ignored for
/// regular files), examined with `fstat` on the open descriptor (the very file that will be read, not whatever the
/// path names a moment later), and read only when it is a regular file of at most `maximumSize` bytes — exactly
/// its size at that moment, so a file that grows while it is read cannot make the read go on without end.
///
/// ```swift
/// let bytes = try CatalogFileReader.read("App/de.lproj/Localizable.strings")
/// ```
public enum CatalogFileReader {
    /// The largest file read: far above any real catalog (the largest String Catalogs are tens of megabytes), low
    /// enough that one file cannot take the machine's memory.
    public static let maximumSize = 256 << 20

    /// The bytes of the regular file at `path`.
    /// - Parameters:
    ///   - path: The file to read.
    ///   - what: What the file is, for messages (`file`, `config file`).
    ///   - limit: The largest size accepted (`maximumSize` unless a smaller one suits the file).
    /// - Throws: `CatalogError` (without a position) when the file cannot be opened, is not a regular file, is
    ///   larger than `limit`, or a read fails.
    public static func read(_ path: String, what: String = "file", limit: Int = maximumSize) throws(CatalogError)
        -> [UInt8]
    {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw CatalogError(file: path, position: nil, message: "cannot read the \(what): \(describe(errno))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw CatalogError(file: path, position: nil, message: "cannot read the \(what): \(describe(errno))")
        }
        guard status.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else {
            throw CatalogError(
                file: path, position: nil,
                message: "not a regular file (\(kind(of: status.st_mode))); "
                    + "only regular files are read as catalogs and configs")
        }
        let size = Int(status.st_size)
        guard size <= limit else {
            throw CatalogError(
                file: path, position: nil,
                message: limit == maximumSize
                    ? "the \(what) is \(megabytes(size)) MB, larger than the \(maximumSize >> 20) MB a catalog may have"
                    : "the \(what) is \(size) bytes, larger than the \(limit) it may have")
        }
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let got = systemRead(descriptor, buffer.baseAddress! + count, size - count)
                if got > 0 {
                    count += got
                } else if got == 0 {
                    break  // The file shrank while it was read: what is there is all there is.
                } else if errno != EINTR {
                    failure = errno
                    break
                }
            }
        }
        guard failure == 0 else {
            throw CatalogError(file: path, position: nil, message: "cannot read the \(what): \(describe(failure))")
        }
        return bytes
    }

    /// What a file of mode `mode` is, for the message that refuses it.
    static func kind(of mode: mode_t) -> String {
        switch mode & mode_t(S_IFMT) {
        case mode_t(S_IFDIR): "a folder"
        case mode_t(S_IFIFO): "a FIFO"
        case mode_t(S_IFCHR): "a character device"
        case mode_t(S_IFBLK): "a block device"
        case mode_t(S_IFSOCK): "a socket"
        case mode_t(S_IFLNK): "a symbolic link"
        default: "an unknown kind of file"
        }
    }

    /// The system's description of `code` (`No such file or directory`).
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    private static func megabytes(_ size: Int) -> String {
        String(size >> 20)
    }
}

/// `read(2)`, named apart from `CatalogFileReader.read` (inside the type the plain name means the method).
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
