#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a path must be before FreeType or HarfBuzz opens it as a font: an existing, readable regular file.
///
/// FreeType opens whatever it is given, so a FIFO would block the process forever waiting for a writer, a directory
/// or a device would come back as a misleading "cannot open resource", and a file without read permission as "not
/// found". Checked first, each case gets its own error in the system's words.
enum FontFileCheck {
    /// Throws unless `path` names a readable regular file (symbolic links are followed).
    static func check(_ path: String) throws(FontError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR || path.isEmpty { throw .fileNotFound(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG else { throw .notARegularFile(path: path, kind: kind(of: type)) }
        guard access(path, R_OK) == 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// The file type of mode bits `type`, in words.
    private static func kind(of type: mode_t) -> String {
        switch type {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }
}
