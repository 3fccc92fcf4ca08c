import Foundation

/// The real sink: writes straight to file descriptors 1 and 2 (unbuffered), so output
/// from the two streams appears in the order it was written.
package struct StandardOutputSink: OutputSink {
    package func writeOutput(_ text: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    }

    package func writeOutput(bytes: [UInt8]) {
        try? FileHandle.standardOutput.write(contentsOf: bytes)
    }

    package func writeError(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
}
