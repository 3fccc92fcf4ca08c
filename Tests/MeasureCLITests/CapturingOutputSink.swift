@testable import ArgumentParsing
@testable import MeasureCLI

/// A sink that keeps everything in memory, so tests can compare exact output.
final class CapturingOutputSink: OutputSink {
    private(set) var standardOutput = ""
    private(set) var standardError = ""

    func writeOutput(_ text: String) { standardOutput += text }
    func writeError(_ text: String) { standardError += text }
}
