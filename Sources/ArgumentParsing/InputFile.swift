#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a small input file a command is given by name (`--attributes @FILE`, a reference table): a regular file of
/// bounded size only, so that a FIFO cannot block the run and `/dev/zero` cannot fill memory, with the system's
/// words when it cannot be read.
package enum InputFile {
    /// What went wrong, said in words by `description`.
    package struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        package let path: String
        package let reason: String
        package var description: String { "cannot read \(PrintableText.path(path)): \(reason)" }
    }

    /// The bytes of the regular file at `path` (symbolic links followed), at most `maximumBytes` of them.
    package static func read(_ path: String, maximumBytes: Int = 64 << 20) throws(Failure) -> [UInt8] {
        var status = stat()
        guard stat(path, &status) == 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Failure(
                path: path,
                reason: status.st_mode & S_IFMT == S_IFDIR
                    ? "it is a directory"
                    : "not a regular file (a FIFO, a device or a socket)")
        }
        guard Int(status.st_size) <= maximumBytes else {
            throw Failure(path: path, reason: "larger than \(maximumBytes >> 20) MiB")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            if bytes.count > maximumBytes { throw Failure(path: path, reason: "larger than \(maximumBytes >> 20) MiB") }
        }
    }
}
