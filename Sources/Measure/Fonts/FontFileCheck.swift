import Cache

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
        // The file type in the words hashing uses too (`FileDigestError.irregularKind`).
        if let kind = FileDigestError.irregularKind(status.st_mode) { throw .notARegularFile(path: path, kind: kind) }
        guard access(path, R_OK) == 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
