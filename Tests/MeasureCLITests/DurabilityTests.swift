import Cache
import Foundation
import Measure
import MeasureStore
import Testing

@testable import ArgumentParsing
@testable import MeasureCLI

/// The real `measure` binary against failures around its size database: killed mid-batch, a file that is not
/// SQLite, a read-only connection, a full disk. Each must leave a sound file holding exactly the batches committed
/// before the failure, and say what happened in one line.
///
/// The binary is the one `swift build` / `swift test` put next to the test bundle (`.build/debug/measure`).
@Suite struct DurabilityTests {
    /// The `measure` executable built with the tests.
    static let binary: String? = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
                "measure"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug/measure"),
        ]
        return candidates.map(\.path).first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    struct Finished {
        var status: Int32
        var killed: Bool
        var error: String
    }

    /// Starts `measure arguments` (through `/bin/sh -c` when `shell` is given, to set limits first) with standard
    /// output going to `stdout`.
    static func start(_ arguments: [String], stdout: String, shell: String? = nil) throws -> (Process, Pipe) {
        let binary = try #require(Self.binary, "build the measure binary first: swift build")
        let process = Process()
        if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", shell + " exec \"$0\" \"$@\"", binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
        }
        _ = FileManager.default.createFile(atPath: stdout, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdout))
        let errors = Pipe()
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, errors)
    }

    static func finish(_ process: Process, _ errors: Pipe) -> Finished {
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Finished(
            status: process.terminationStatus, killed: process.terminationReason == .uncaughtSignal,
            error: text)
    }

    static func run(_ arguments: [String], stdout: String, shell: String? = nil) throws -> Finished {
        let (process, errors) = try start(arguments, stdout: stdout, shell: shell)
        return finish(process, errors)
    }

    /// The texts the store holds, over all settings.
    static func storedTexts(_ path: String) throws -> [String] {
        let store = try SizeStore(path: path, access: .readOnly)
        defer { store.close() }
        var texts: [String] = []
        var cursor: ResultCursor?
        while true {
            let page = try store.results(after: cursor, limit: 5000)
            guard let last = page.last else { return texts }
            texts += page.map(\.text)
            cursor = ResultCursor(after: last)
        }
    }

    /// The input's strings as `measure batch` reads them (escapes undone).
    static func strings(_ corpus: String) -> [String] {
        corpus.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
            String(decoding: EscapedLines.unescape(Array($0.utf8)[...]) ?? Array($0.utf8), as: UTF8.self)
        }
    }

    static func integrityProblems(_ path: String) throws -> [String] {
        let store = try SizeStore(path: path, access: .readOnly)
        defer { store.close() }
        return try store.integrityProblems()
    }

    @Test(.enabled(if: binary != nil, "build the measure binary first: swift build"))
    func killedMidBatchKeepsEveryCommittedBatchAndARerunFinishes() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // 20,000 strings take the debug binary about a second; a faster build may finish before the kill, so the
        // input grows until the kill lands mid-batch.
        for count in [20_000, 80_000, 320_000] {
            let corpus = Workspace.corpus(count)
            let input = try workspace.write("in.txt", corpus)
            let database = workspace.path("sizes-\(count).db")
            let arguments = Workspace.batch(input: input, ["--threads", "1", "--db", database, "--db-batch", "250"])
            let (process, errors) = try Self.start(arguments, stdout: workspace.path("killed.tsv"))
            // Wait until a few batches are committed, then kill the process while it measures and writes the next.
            var committed: Int64 = 0
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning && committed < 1000 && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.001)
                if let connection = try? SQLiteConnection(path: database, mode: .readOnly) {
                    committed = (try? connection.scalarInt("SELECT count(*) FROM results")) ?? 0
                    connection.close()
                }
            }
            kill(process.processIdentifier, SIGKILL)
            guard Self.finish(process, errors).killed else { continue }

            #expect(try Self.integrityProblems(database) == [])
            // Whole batches of 250, in input order: the stored texts are exactly the first R strings.
            let strings = Self.strings(corpus)
            let stored = try Self.storedTexts(database)
            #expect(stored.count > 0 && stored.count < strings.count)
            #expect(stored.count % 250 == 0)
            #expect(Set(stored) == Set(strings.prefix(stored.count)))

            let reference = try Self.run(Workspace.batch(input: input), stdout: workspace.path("reference.tsv"))
            #expect(reference.status == 0)
            let rerun = try Self.run(arguments, stdout: workspace.path("rerun.tsv"))
            #expect(rerun.status == 0)
            #expect(rerun.error == "measured=\(strings.count - stored.count) cached=\(stored.count)\n")
            #expect(
                FileManager.default.contents(atPath: workspace.path("rerun.tsv"))
                    == FileManager.default.contents(atPath: workspace.path("reference.tsv")))
            #expect(try Self.storedTexts(database).count == strings.count)
            return
        }
        Issue.record("every batch finished before it could be killed")
    }

    @Test(.enabled(if: binary != nil, "build the measure binary first: swift build"))
    func aFileThatIsNotSQLiteIsRefusedUnchanged() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let notes = try workspace.write("notes.db", String(repeating: "width\theight\tlines\n", count: 500))
        let before = FileManager.default.contents(atPath: notes)
        let input = try workspace.write("in.txt", "hello\n")
        let result = try Self.run(Workspace.batch(input: input, ["--db", notes]), stdout: workspace.path("out.tsv"))
        #expect(result.status == 1)
        #expect(result.error == "measure: \(notes) is not an SQLite database (SQLITE_NOTADB); it was left unchanged\n")
        #expect(FileManager.default.contents(atPath: notes) == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: workspace.directory.path).sorted()
                == ["in.txt", "notes.db", "out.tsv"])
    }

    /// `file:…?mode=ro` opens the connection with SQLITE_OPEN_READONLY (root ignores file modes, so a chmod would
    /// prove nothing): stored sizes are still served, and the first write fails with a clear error.
    @Test(.enabled(if: binary != nil, "build the measure binary first: swift build"))
    func aReadOnlyDatabaseServesSizesAndRefusesWrites() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let known = try workspace.write("known.txt", Workspace.corpus(100))
        let database = workspace.path("sizes.db")
        #expect(
            try Self.run(Workspace.batch(input: known, ["--db", database]), stdout: workspace.path("a.tsv"))
                .status == 0)
        let readOnly = "file:\(database)?mode=ro"
        let served = try Self.run(Workspace.batch(input: known, ["--db", readOnly]), stdout: workspace.path("b.tsv"))
        #expect(served.status == 0)
        #expect(served.error == "measured=0 cached=100\n")
        let more = try workspace.write("more.txt", Workspace.corpus(100) + Workspace.corpus(50, prefix: "new"))
        let refused = try Self.run(Workspace.batch(input: more, ["--db", readOnly]), stdout: workspace.path("c.tsv"))
        #expect(refused.status == 1)
        #expect(
            refused.error
                == "measure: cannot write to \(readOnly): the database is open read-only (SQLITE_READONLY)\n")
        #expect(try Self.storedTexts(database).count == 100)
        #expect(try Self.integrityProblems(database) == [])
        // The query commands open read-only: on a missing file they fail without creating it.
        for command in [["stats"], ["query", "--text", "x"], ["export", "--format", "csv"], ["verify"]] {
            let missing = workspace.path("missing-\(command[0]).db")
            let result = try Self.run(
                ["db", command[0], missing] + command.dropFirst(),
                stdout: workspace.path("q.txt"))
            #expect(result.status == 1)
            #expect(result.error.hasPrefix("measure: cannot open database \(missing): "))
            #expect(!FileManager.default.fileExists(atPath: missing))
        }
    }

    /// A full disk, simulated with a file-size limit (`ulimit -f`): the failing batch is rolled back, the earlier ones
    /// stay, the file is sound, and a rerun with room finishes. `measure` ignores SIGXFSZ itself, so that a write past
    /// the limit fails with EFBIG and is said: under the signal's default it was killed without a word (status 153).
    @Test(.enabled(if: binary != nil, "build the measure binary first: swift build"))
    func aFullDiskKeepsEarlierBatchesAndSaysSo() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let corpus = Workspace.corpus(6000)
        let input = try workspace.write("in.txt", corpus)
        let database = workspace.path("sizes.db")
        let arguments = Workspace.batch(input: input, ["--db", database, "--db-batch", "500"])
        // 400 blocks of 512 bytes: room for the schema and a few batches, not for 6,000 sizes.
        let full = try Self.run(arguments, stdout: workspace.path("full.tsv"), shell: "ulimit -f 400;")
        #expect(!full.killed)
        #expect(full.status == 1)
        #expect(
            full.error == "measure: cannot write to \(database): disk or database full (a write was refused: no "
                + "space, a file-size limit or an I/O error); the unfinished change was rolled back, everything committed "
                + "before it is kept\n")
        #expect(try Self.integrityProblems(database) == [])
        let strings = Self.strings(corpus)
        let stored = try Self.storedTexts(database)
        #expect(stored.count % 500 == 0 && stored.count < strings.count)
        #expect(Set(stored) == Set(strings.prefix(stored.count)))
        let rerun = try Self.run(arguments, stdout: workspace.path("rerun.tsv"))
        #expect(rerun.status == 0)
        #expect(rerun.error == "measured=\(strings.count - stored.count) cached=\(stored.count)\n")
        #expect(try Self.integrityProblems(database) == [])
    }
}
