#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A write of a command's results that failed: standard output on a full device or a closed pipe, or an `--output`
/// file that cannot be made. Carries the system's words for the cause ("No space left on device").
package struct OutputWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being written: "standard output", or the file's name as typed.
    package let destination: String
    /// The `errno` value.
    package let code: Int32

    package init(destination: String, code: Int32) {
        self.destination = destination
        self.code = code
    }

    package var description: String {
        "cannot write \(destination): \(String(cString: strerror(code)))"
    }
}
