import Cache
import Foundation
import Measure
import Testing

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

    /// A file hashed before a store was opened (for a report's font list, say) is still recorded in the store when a
    /// measurer asks through it, so the store's next process finds it there; and asked again for the same store, it is
    /// answered from memory. (`measure catalog --db` named its fonts first, and its database stayed without digests:
    /// every rerun read the 50 MB of the default cascade again.)
    @Test func aDigestKnownBeforeTheStoreIsRecordedInIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("font.ttf").path
        try Data("font bytes".utf8).write(to: URL(fileURLWithPath: path))
        let digests = FontDigests()
        let digest = try digests.digest(ofFileAt: path)
        let store = try SizeStore(path: directory.appendingPathComponent("sizes.db").path)
        defer { store.close() }
        #expect(try store.fileDigest(for: FileStamp(path: path)) == nil)
        #expect(try digests.digest(ofFileAt: path, rememberedIn: store) == digest)
        #expect(try store.fileDigest(for: FileStamp(path: path)) == SHA256.hash("font bytes"))
        #expect(try digests.digest(ofFileAt: path, rememberedIn: store) == digest)
    }

    /// A font loaded from memory has the identity of the same bytes read from a file, so sizes measured with a
    /// bundled copy and with the installed file share their rows; memoizing works without any file.
    @Test func aMemoryFontHasItsFilesIdentity() throws {
        let path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let memory = try Font(data: Data(contentsOf: URL(fileURLWithPath: path)), name: "bundled")
        let file = try Font(path: path)
        let digests = FontDigests()
        #expect(try digests.identity(of: memory) == digests.identity(of: file))

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("memory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SizeStore(path: directory.appendingPathComponent("sizes.db").path)
        let fromMemory = try MemoizingMeasurer(
            measurer: TextMeasurer(cascade: FontCascade([memory]), pointSize: 17), store: store, fontDigests: digests)
        let fromFile = try MemoizingMeasurer(
            measurer: TextMeasurer(cascade: FontCascade([file]), pointSize: 17), store: store, fontDigests: digests)
        #expect(fromMemory.settings == fromFile.settings)
        let size = try fromMemory.measure("Hello")
        // hb-shape DejaVuSans.ttf "Hello": 5191 units of 2048.
        let expected: Double = 5191 * 17 / 2048
        #expect(abs(size.width - expected) < 0.001)
        #expect(try store.get("Hello", in: fromFile.settings) != nil)
    }

    /// Fonts are recorded by absolute path, so that `measure db verify` from another folder finds them (a relative
    /// path named the file only from the folder the sizes were measured in).
    @Test func fontPathsAreRecordedFromTheRoot() throws {
        let folder = FileManager.default.currentDirectoryPath
        #expect(FontDigests.absolute("fonts/../f.ttf") == folder + "/f.ttf")
        #expect(FontDigests.absolute("/usr/share/x.ttf") == "/usr/share/x.ttf")
        let font = try Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        let digest = try FontDigests().digest(ofFileAt: font.path)
        #expect(FontDigests().record(for: font, digest: digest).path == font.path)
    }
}
