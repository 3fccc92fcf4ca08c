import Foundation
import Testing

/// Results that cannot be written are a failure: the real `measure` binary with standard output on `/dev/full`
/// (every write fails with ENOSPC) exits 1 and says why, for `text`, `batch` and `db export` alike — before, all
/// three exited 0 having printed nothing.
@Suite struct OutputFailureTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// Runs the binary with standard output on `/dev/full` and standard input from `input` (or nothing).
    static func runIntoFullDevice(_ arguments: [String]) throws -> (status: Int32, error: String) {
        let binary = try #require(DurabilityTests.binary, "build the measure binary first: swift build")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        // Opened for writing, never created: /dev/full must stay the device.
        // (A `guard`, not `#require`: the macro wrongly calls this optional never nil and warns.)
        guard let full = FileHandle(forWritingAtPath: "/dev/full") else {
            Issue.record("cannot open /dev/full for writing")
            return (-1, "")
        }
        process.standardOutput = full
        let errors = Pipe()
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func textBatchAndExportFailOnAFullDevice() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("full-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.txt").path
        try Data("hello world\nhi\n".utf8).write(to: URL(fileURLWithPath: input))
        let database = directory.appendingPathComponent("sizes.db").path
        let measuring = ["--font", Self.dejaVu, "--size", "14", "--width", "200"]

        let text = try Self.runIntoFullDevice(["text", "hello"] + measuring)
        #expect(text.status == 1)
        #expect(text.error.contains("cannot write standard output: No space left on device"), "\(text.error)")

        let batch = try Self.runIntoFullDevice(["batch", "--input", input, "--db", database] + measuring)
        #expect(batch.status == 1)
        #expect(batch.error.contains("No space left on device"), "\(batch.error)")

        // The batch stored its sizes before its output failed; exporting them fails the same way.
        let export = try Self.runIntoFullDevice(["db", "export", "--format", "csv", database])
        #expect(export.status == 1)
        #expect(export.error.contains("No space left on device"), "\(export.error)")
    }

    /// `measure catalog`'s report that cannot be written is an environment problem, 2 there (1 means overflow
    /// only): it exited 1, as if the catalog overflowed.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aCatalogReportThatCannotBeWrittenIsAnEnvironmentProblem() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("full-\(UUID())")
        let folder = directory.appendingPathComponent("App/de.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("\"a\" = \"Rückerstattung\";\n".utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        let app = directory.appendingPathComponent("App").path
        for format in [[], ["--format", "json"]] {
            // 20 pt overflows (status 1 when written); unwritten, 2.
            let run = try Self.runIntoFullDevice(["catalog", app, "--width", "20"] + format)
            #expect(run.status == 2, "\(format)")
            #expect(run.error.contains("cannot write standard output: No space left on device"), "\(run.error)")
        }
    }

    /// Help and version text that cannot be written fail as results do (they exited 0, saying nothing).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func helpAndVersionFailOnAFullDevice() throws {
        for arguments in [["--version"], ["help", "text"], ["text", "--help"], ["--help"]] {
            let run = try Self.runIntoFullDevice(arguments)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.error.contains("cannot write standard output: No space left on device"), "\(run.error)")
        }
    }

    /// A reader that goes away (`measure batch … | head -1`) is a write failure like a full disk: the binary exits 1
    /// with "Broken pipe" instead of dying of SIGPIPE (status 141 in a shell, no message).
    @Test func aClosedPipeIsAFailureNotASignal() throws {
        let binary = try #require(DurabilityTests.binary, "build the measure binary first: swift build")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.txt").path
        try Data(String(repeating: "hello world\n", count: 2_000).utf8).write(to: URL(fileURLWithPath: input))
        let measuring = ["--font", Self.dejaVu, "--size", "14", "--width", "200"]
        for arguments in [["batch", "--input", input] + measuring, ["text", "hello"] + measuring] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
            // The reading end is closed before the binary starts, so its first write has no reader.
            let output = Pipe()
            try output.fileHandleForReading.close()
            process.standardOutput = output
            let errors = Pipe()
            process.standardError = errors
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let error = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(
                process.terminationReason == .exit, "\(arguments[0]): killed by signal \(process.terminationStatus)")
            #expect(process.terminationStatus == 1, "\(arguments[0]): \(error)")
            #expect(error.contains("cannot write standard output: Broken pipe"), "\(arguments[0]): \(error)")
        }
    }
}
