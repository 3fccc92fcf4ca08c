import Foundation
import Testing
import Cache
@testable import MeasureStore

/// Font digests are of the file's bytes, cached per file, and a file changed in place — even with its old
/// modification time put back — is hashed again.
@Suite struct FontDigestsTests {
    @Test func aRewrittenFileIsHashedAgain() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("font.ttf").path
        try Data("version one".utf8).write(to: URL(fileURLWithPath: path))
        let digests = FontDigests()
        let first = try digests.digest(ofFileAt: path)
        #expect(first == SHA256.hash("version one"))
        #expect(try digests.digest(ofFileAt: path) == first)
        let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date
        // Same size, new bytes, the old modification time restored (what `cp -p` or `touch -r` can do).
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.write(contentsOf: Data("version two".utf8))
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
        #expect(try digests.digest(ofFileAt: path) == SHA256.hash("version two"))
        let missing = directory.appendingPathComponent("missing.ttf").path
        var error: FileDigestError?
        do { _ = try digests.digest(ofFileAt: missing) } catch let caught { error = caught }
        #expect(error?.errno == ENOENT)
    }
}
