import Foundation

@testable import ArgumentParsing
@testable import MeasureCLI

/// A temporary directory per test, with helpers to run the real command tree in-process.
struct Workspace {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("measure-db-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// Writes `text` to a file in the workspace and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    static func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let sink = CapturingOutputSink()
        let status = CommandRunner.run(MeasureCommand.self, arguments: arguments, output: sink)
        return (status, sink.standardOutput, sink.standardError)
    }

    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// `measure batch` arguments over DejaVu Sans 14 pt at `width`.
    static func batch(input: String, width: String = "200", _ extra: [String] = []) -> [String] {
        ["batch", "--font", dejaVu, "--size", "14", "--width", width, "--input", input, "--threads", "2"] + extra
    }

    /// Distinct strings, some with escapes (a line break, a tab), one per line.
    static func corpus(_ count: Int, prefix: String = "s") -> String {
        (0..<count).map { index in
            "\(prefix)\(index) hello world\(index % 7 == 0 ? "\\nsecond line" : "")\(index % 11 == 0 ? "\\tTab" : "")"
                + String(repeating: " wrap", count: index % 9)
        }.joined(separator: "\n") + "\n"
    }
}
