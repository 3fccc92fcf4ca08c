/// Where a command's text goes. Injected into the runner and into `run(output:)` so
/// tests can capture output instead of writing to the process's streams.
///
/// Commands should write through the sink, never with `print`, so ordering and capture
/// are consistent.
package protocol OutputSink {
    /// Normal results and requested help.
    func writeOutput(_ text: String)
    /// Normal results already encoded as UTF-8 (bulk output, written without a `String` in between).
    func writeOutput(bytes: [UInt8])
    /// Diagnostics: usage errors, failures, help shown because of a usage error.
    func writeError(_ text: String)
    /// Why writing normal results failed (a full disk, a closed pipe), or nil while every write has succeeded. Once
    /// set, later results are dropped; the runner turns it into a failure exit, and long commands check it to stop
    /// early instead of measuring into a stream nobody reads.
    var outputFailure: OutputWriteError? { get }
}

extension OutputSink {
    package func writeOutput(bytes: [UInt8]) {
        writeOutput(String(decoding: bytes, as: UTF8.self))
    }

    package var outputFailure: OutputWriteError? { nil }

    /// Throws the output failure, if any: for loops that write as they go.
    package func checkOutput() throws(OutputWriteError) {
        if let outputFailure { throw outputFailure }
    }
}
