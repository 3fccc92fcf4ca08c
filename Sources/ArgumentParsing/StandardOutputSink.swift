import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real sink: writes straight to file descriptors 1 and 2 (unbuffered), so output
/// from the two streams appears in the order it was written.
///
/// Every byte is written or the failure kept: `write(2)` is retried on interrupts and after partial writes, and the
/// first error on standard output (`ENOSPC` on `/dev/full`, `EPIPE`, `EIO`) becomes `outputFailure`, so that the
/// command exits non-zero instead of reporting success for results that were lost. Failures on standard error have
/// nowhere to be reported and are dropped.
package final class StandardOutputSink: OutputSink, Sendable {
    private let failure = Locked<OutputWriteError?>(nil)

    package init() {}

    package func writeOutput(_ text: String) {
        var text = text
        text.withUTF8 { writeOutput($0) }
    }

    package func writeOutput(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { writeOutput($0) }
    }

    package func writeError(_ text: String) {
        var text = text
        text.withUTF8 { _ = Self.writeAll($0, to: 2) }
    }

    package var outputFailure: OutputWriteError? { failure.withLock { $0 } }

    private func writeOutput(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard outputFailure == nil else { return }
        if let code = Self.writeAll(bytes, to: 1) {
            failure.withLock { if $0 == nil { $0 = OutputWriteError(destination: "standard output", code: code) } }
        }
    }

    /// Writes all of `bytes` to `descriptor`; the `errno` of the write that failed, or nil.
    package static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
        guard var next = bytes.baseAddress else { return nil }
        var left = bytes.count
        while left > 0 {
            let written = write(descriptor, next, left)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if written == 0 { return EIO }
            next += written
            left -= written
        }
        return nil
    }
}
