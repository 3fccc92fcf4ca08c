#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a command's `--output` file with the system's own words when it cannot: "Is a directory", "Read-only file
/// system", "No space left on device" — where Foundation's `Data.write(to:)` says "NSCocoaErrorDomain error 512" or
/// "The volume is read only" for a folder, and nothing at all for a failed close.
///
/// A new or regular destination gets the bytes through a temporary file beside it, renamed over it only once every
/// byte is written and flushed: a run that fails half-way leaves the previous report in place, never a truncated
/// one. Anything else that exists — a symbolic link, `/dev/stdout`, a FIFO — is written in place, so that it stays
/// what it is.
package enum OutputFile {
    /// Writes `bytes` to `path` (created or replaced, mode 0644 before the umask).
    package static func write(_ bytes: [UInt8], to path: String) throws(OutputWriteError) {
        let shown = PrintableText.path(path)
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw OutputWriteError(destination: shown, code: EISDIR)
        }
        var link = stat()
        let exists = lstat(path, &link) == 0
        let replaces = !exists || link.st_mode & S_IFMT == S_IFREG
        let target = replaces ? path + ".tmp-\(getpid())" : path
        let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputWriteError(destination: shown, code: errno) }
        var failure = bytes.withUnsafeBufferPointer { StandardOutputSink.writeAll($0, to: descriptor) }
        // fsync is refused (EINVAL) by pipes and terminals, which have nothing to flush.
        if failure == nil && fsync(descriptor) != 0 && errno != EINVAL && errno != EROFS { failure = errno }
        if close(descriptor) != 0 && failure == nil { failure = errno }
        if replaces && failure == nil && rename(target, path) != 0 { failure = errno }
        if let failure {
            if replaces { unlink(target) }
            throw OutputWriteError(destination: shown, code: failure)
        }
    }
}
