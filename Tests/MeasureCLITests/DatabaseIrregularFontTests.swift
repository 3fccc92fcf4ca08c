import Cache
import Foundation
import MeasureStore
import Testing

@testable import ArgumentParsing
@testable import MeasureCLI

/// A size database whose font path names a FIFO, a device or a folder (a hand edit, or a path reused since): `db
/// verify` says it cannot re-measure and why, at once, where it waited forever in `open` on a FIFO and read
/// `/dev/zero` without end. Hashing refuses what is no regular file before reading it.
@Suite struct DatabaseIrregularFontTests {
    @Test(.timeLimit(.minutes(1)), arguments: ["fifo", "/dev/zero", "folder"])
    func verifySaysTheFontIsNoRegularFile(kind: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let input = try workspace.write("in.txt", "hello\nworld\n")
        let database = workspace.path("sizes.db")
        #expect(Workspace.run(Workspace.batch(input: input, ["--db", database])).status == 0)
        let path: String
        let words: String
        switch kind {
        case "fifo":
            path = workspace.path("pipe")
            #expect(mkfifo(path, 0o600) == 0)
            words = "it is a FIFO (named pipe), not a regular file"
        case "folder":
            path = workspace.path("folder")
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            words = "it is a directory, not a regular file"
        default:
            path = kind
            words = "it is a character device, not a regular file"
        }
        let connection = try SQLiteConnection(path: database, mode: .readWrite)
        let statement = try connection.prepare("UPDATE fonts SET path = ?1")
        try statement.withReset { statement throws(SQLiteError) in
            try statement.bind(path, at: 1)
            try statement.run()
        }
        connection.close()
        let verify = Workspace.run(["db", "verify", database])
        #expect(verify.status == 1)
        #expect(
            verify.output.contains(
                "cannot re-measure: settings #1: cannot load font \(path): cannot read \(path): \(words)"),
            "\(verify.output)")
        #expect(verify.output.contains("0 equal, 0 different, 2 could not be re-measured"))
    }

    @Test(.timeLimit(.minutes(1))) func hashingAFIFORefusesWithoutBlocking() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID())").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        #expect(throws: FileDigestError(path: path, kind: "a FIFO (named pipe)")) { try SHA256.hash(fileAt: path) }
        #expect(throws: FileDigestError(path: path, kind: "a FIFO (named pipe)")) { try FileStamp(path: path) }
        #expect(throws: FileDigestError(path: "/dev/null", kind: "a character device")) {
            try SHA256.hash(fileAt: "/dev/null")
        }
    }
}
