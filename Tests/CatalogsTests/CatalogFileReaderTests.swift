import Foundation
import Testing

@testable import Catalogs

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Only regular files are read: a FIFO, a device or a folder where a catalog or config was expected is an error at
/// once, never a wait or an endless read; a file past the size limit is refused before it is read.
///
/// Each test works in a folder of its own. The time limit only guards against a hang (a FIFO opened without
/// `O_NONBLOCK` would wait for a writer forever).
@Suite(.timeLimit(.minutes(1))) struct CatalogFileReaderTests {
    /// A fresh, empty folder; the caller removes it.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The error reading `path` throws, or nil.
    static func readError(_ path: String, what: String = "file") -> CatalogError? {
        do throws(CatalogError) {
            _ = try CatalogFileReader.read(path, what: what)
            return nil
        } catch {
            return error
        }
    }

    @Test func aRegularFileIsReadWhole() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("x.strings").path
        try Data("\"a\" = \"b\";".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try CatalogFileReader.read(path) == Array("\"a\" = \"b\";".utf8))
        let empty = root.appendingPathComponent("empty.strings").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(try CatalogFileReader.read(empty).isEmpty)
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("x.strings").path
        #expect(mkfifo(path, 0o644) == 0)
        #expect(
            Self.readError(path)?.message
                == "not a regular file (a FIFO); only regular files are read as catalogs and configs")
        #expect(
            Self.error { () throws(CatalogError) in _ = try CatalogConfigParser.load(path: path) }?.message
                == "not a regular file (a FIFO); only regular files are read as catalogs and configs")
    }

    @Test func aDeviceAndAFolderAreRefused() throws {
        #expect(
            Self.readError("/dev/zero")?.message
                == "not a regular file (a character device); only regular files are read as catalogs and configs")
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(
            Self.readError(root.path)?.message
                == "not a regular file (a folder); only regular files are read as catalogs and configs")
        #expect(
            Self.readError(root.appendingPathComponent("missing").path, what: "config file")?.message
                == "cannot read the config file: No such file or directory")
    }

    @Test func aFileOverTheSizeLimitIsRefusedBeforeItIsRead() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("huge.strings").path
        // A sparse file: 300 MB long, nothing written, so the test costs no disk.
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 300 << 20) == 0)
        #expect(Self.readError(path)?.message == "the file is 300 MB, larger than the 256 MB a catalog may have")
        // A smaller limit for a small file (an `l10n.yaml`): its own message, and the file under it is read.
        #expect(truncate(path, 5) == 0)
        #expect(
            throws: CatalogError(
                file: path, position: nil, message: "the l10n.yaml is 5 bytes, larger than the 4 it may have")
        ) {
            try CatalogFileReader.read(path, what: "l10n.yaml", limit: 4)
        }
        #expect(try CatalogFileReader.read(path, what: "l10n.yaml", limit: 5) == [0, 0, 0, 0, 0])
    }

    @Test func aFIFONamedLikeACatalogIsReportedByDiscoveryAndTheOtherCatalogsAreFound() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("\"a\" = \"b\";".utf8).write(to: folder.appendingPathComponent("Good.strings"))
        #expect(mkfifo(folder.appendingPathComponent("Pipe.strings").path, 0o644) == 0)
        #expect(mkfifo(folder.appendingPathComponent("notes.txt").path, 0o644) == 0)
        let found = CatalogDiscovery.find([root.path], defaultLocale: "en", sourceLocale: "en")
        #expect(found.sources.map { ($0.path as NSString).lastPathComponent } == ["Good.strings"])
        #expect(found.errors.map { ($0.file as NSString).lastPathComponent } == ["Pipe.strings"])
        #expect(found.errors.map(\.message) == ["not a regular file (a FIFO); only regular files are read as catalogs"])
        let named = CatalogDiscovery.find(
            [folder.appendingPathComponent("Pipe.strings").path], defaultLocale: "en",
            sourceLocale: "en")
        #expect(named.sources.isEmpty)
        #expect(named.errors.map(\.message) == ["not a regular file (a FIFO); only regular files are read as catalogs"])
    }

    /// The error `body` throws, or nil.
    static func error(_ body: () throws(CatalogError) -> Void) -> CatalogError? {
        do throws(CatalogError) {
            try body()
            return nil
        } catch {
            return error
        }
    }
}
