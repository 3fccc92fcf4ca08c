import Foundation
import Testing

@testable import MeasureStore

/// A size database on a file system mounted read-only (an image, a read-only bind mount, a CI cache restored
/// read-only): read as it is, and refused for writing in the system's words. SQLite alone said "No such file or
/// directory" of a file that was there, for reading and writing both (a WAL database needs its -shm file even to be
/// read). The mount is a tmpfs made for the test and remounted read-only, which needs root and CAP_SYS_ADMIN: where
/// `mount` is refused (an unprivileged container) the test says so and checks the names alone.
@Suite struct ReadOnlyFileSystemTests {
    @Test func namesOffAReadOnlyFileSystemAreKept() {
        // Off a read-only file system, and for SQLite's own names, the path is used as given.
        #expect(DatabaseFileCheck.readOnlyOpenName("/tmp/x.db") == "/tmp/x.db")
        #expect(DatabaseFileCheck.readOnlyOpenName("file:/proc/x.db?mode=ro") == "file:/proc/x.db?mode=ro")
        #expect(DatabaseFileCheck.readOnlyOpenName(":memory:") == ":memory:")
        #expect(DatabaseFileCheck.readOnlyOpenName("") == "")
        #expect(DatabaseFileCheck.isOnReadOnlyFileSystem("/tmp") == false)
        // The suggestion for a URI adds the parameter to the URI's own.
        let uri = SizeStoreError.folderNotWritable(
            path: "file:/a/b.db?mode=ro", SQLiteError(code: .readOnlyCannotInit, message: "m", systemErrno: 0))
        #expect("\(uri)".contains("open file:/a/b.db?mode=ro&immutable=1 when"), "\(uri)")
    }

    @Test func aDatabaseOnAReadOnlyMountIsReadAndRefusedForWriting() throws {
        let mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("ro-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: mountPoint) }
        guard Self.run("/bin/mount", ["-t", "tmpfs", "tmpfs", mountPoint]) else {
            // Not a failure of the code under test: the machine does not let the test mount a file system.
            print("ReadOnlyFileSystemTests: mount refused (not root, or no CAP_SYS_ADMIN); checked the names only")
            return
        }
        defer { _ = Self.run("/bin/umount", [mountPoint]) }
        // A file name that needs escaping in a URI (`readOnlyOpenName`: `#`, `%` and `?`).
        let path = mountPoint + "/sizes #1 100%?.db"
        let settings: SettingsID
        do {
            let store = try SizeStore(path: path)
            settings = try store.register(StoreFixtures.key(), fonts: [StoreFixtures.font("A")])
            try store.put(["kept"], sizes: [StoreFixtures.size("kept")], in: settings)
            store.close()
        }
        #expect(Self.run("/bin/mount", ["-o", "remount,ro", mountPoint]))
        #expect(DatabaseFileCheck.isOnReadOnlyFileSystem(path))
        let readOnly = try SizeStore(path: path, access: .readOnly)
        defer { readOnly.close() }
        #expect(try readOnly.get("kept", in: settings) == StoreFixtures.size("kept"))
        #expect(try readOnly.statistics().results == 1)
        let reader = try readOnly.makeReader()
        #expect(try reader.get("kept", in: settings) == StoreFixtures.size("kept"))
        // A path written with a leading `//` (the same file to the system) is not read as a URI's host.
        let doubled = try SizeStore(path: "/" + path, access: .readOnly)
        defer { doubled.close() }
        #expect(try doubled.get("kept", in: settings) == StoreFixtures.size("kept"))
        do {
            _ = try SizeStore(path: path)
            Issue.record("opened for writing on a read-only file system")
        } catch {
            #expect("\(error)" == "cannot open database \(path): Read-only file system")
        }
    }

    /// Runs a program and says whether it exited 0.
    static func run(_ program: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
