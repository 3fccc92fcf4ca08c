import Foundation
import Testing

/// Runs the real `measure` binary for the shard tests, with standard output to a file (a batch's output is larger
/// than a pipe holds) and standard error captured; and reads `measure db export` the way the equality test compares
/// it.
enum ShardRunner {
    /// The repository's root (for `corpora/`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A finished run: exit status, standard output and standard error.
    struct Finished {
        var status: Int32
        var output: String
        var error: String
    }

    /// Runs `measure arguments` in `workspace`, standard input empty.
    static func run(
        _ arguments: [String], in workspace: Workspace,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Finished {
        let binary = try #require(
            DurabilityTests.binary, "build the measure binary first: swift build",
            sourceLocation: sourceLocation)
        let outputPath = workspace.path("stdout-\(UUID().uuidString)")
        #expect(FileManager.default.createFile(atPath: outputPath, contents: nil), sourceLocation: sourceLocation)
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let output = try #require(FileHandle(forWritingAtPath: outputPath), sourceLocation: sourceLocation)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Read standard error to its end before waiting, so a chatty run cannot block on a full pipe.
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try output.close()
        let outputText = try String(contentsOfFile: outputPath, encoding: .utf8)
        return Finished(status: process.terminationStatus, output: outputText, error: errorText)
    }

    /// `measure db export --format ndjson` of `database` with every record's `measured_at` left out, the records
    /// sorted: what two databases holding the same sizes share byte for byte, whenever each was measured.
    static func exportWithoutTimes(
        _ database: String, in workspace: Workspace,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let export = try run(
            ["db", "export", database, "--format", "ndjson"], in: workspace,
            sourceLocation: sourceLocation)
        #expect(export.status == 0, "\(export.error)", sourceLocation: sourceLocation)
        return try export.output.split(separator: "\n").map { record in
            // measured_at is the last field (DatabaseExportCommand.columns); no text can hold the unescaped quote
            // before it, so the last occurrence is the field.
            let field = try #require(
                record.range(of: ", \"measured_at\": ", options: .backwards),
                "no measured_at in \(record)", sourceLocation: sourceLocation)
            return String(record[..<field.lowerBound]) + "}"
        }.sorted()
    }
}
