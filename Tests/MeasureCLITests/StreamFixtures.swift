import Foundation

@testable import MeasureCLI

/// Helpers for the `measure stream` suites: run the command in-process on jobs written to a file.
enum StreamFixtures {
    static let dejaVu = Workspace.dejaVu
    /// DejaVu Sans 14 pt, hand computed from its advances (fontTools hmtx, `TestFonts.DejaVu`): "hello world" =
    /// 4949 + 651 + 5639 = 11239 units × 14 / 2048; a line (1901 + 483) × 14 / 2048.
    static let helloWorld = 11239.0 * 14 / 2048
    static let line14 = 2384.0 * 14 / 2048

    /// Runs `measure stream arguments --input <jobs>` and returns its status, output lines and standard error.
    static func run(_ jobs: [String], _ arguments: [String], in workspace: Workspace, name: String = "jobs.ndjson")
        throws -> (status: Int32, lines: [String], error: String)
    {
        let input = try workspace.write(name, jobs.map { $0 + "\n" }.joined())
        let result = Workspace.run(["stream", "--input", input] + arguments)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        return (result.status, lines, result.error)
    }

    /// The one output line of `measure text <text> arguments --json`.
    static func text(_ text: String, _ arguments: [String]) -> String {
        let result = Workspace.run(["text", text] + arguments + ["--json"])
        return String(result.output.dropLast())
    }

    /// `{"id": <id>, …}` from `measure text --json`'s `{…}`: what the stream prints for the same job.
    static func withID(_ id: String, _ textJSON: String) -> String {
        "{\"id\": \(id), " + textJSON.dropFirst()
    }

    /// An output line as a dictionary.
    static func object(_ line: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }
}
