import Foundation
import Testing

@testable import Cache
@testable import MeasureStore

/// Writes that fail — read-only, full, busy — fail whole, with a readable typed error, and leave every earlier batch
/// intact and the file sound.
@Suite struct SizeStoreFailureTests {
    @Test func aReadOnlyStoreRefusesWritesWithAClearError() throws {
        try StoreFixtures.withStore { store, path in
            let key = StoreFixtures.key()
            let settings = try store.register(key, fonts: [StoreFixtures.font("A")])
            try store.put(["kept"], sizes: [StoreFixtures.size("kept")], in: settings)
            let readOnly = try SizeStore(path: path, access: .readOnly)
            defer { readOnly.close() }
            // Known settings register without writing; reads work.
            #expect(try readOnly.register(key, fonts: [StoreFixtures.font("A")]) == settings)
            #expect(try readOnly.get("kept", in: settings) == StoreFixtures.size("kept"))
            let put = thrownError { try readOnly.put(["new"], sizes: [StoreFixtures.size("new")], in: settings) }
            #expect(put as? SizeStoreError == .readOnly(path: path))
            #expect("\(put!)" == "cannot write to \(path): the database is open read-only (SQLITE_READONLY)")
            let register = thrownError {
                _ = try readOnly.register(StoreFixtures.key(pointSize: 9), fonts: [StoreFixtures.font("A")])
            }
            #expect(register as? SizeStoreError == .readOnly(path: path))
            #expect(try store.statistics().results == 1)
            #expect(try store.statistics().settings == 1)
        }
    }

    /// A file: URI with mode=ro gives a read-only connection even when opened for writing.
    @Test func aReadOnlyURIIsHonoured() throws {
        try StoreFixtures.withStore { store, path in
            let settings = try store.register(StoreFixtures.key(), fonts: [StoreFixtures.font("A")])
            let uri = "file:\(path)?mode=ro"
            let viaURI = try SizeStore(path: uri)
            defer { viaURI.close() }
            let error = thrownError { try viaURI.put(["x"], sizes: [StoreFixtures.size("x")], in: settings) }
            #expect(error as? SizeStoreError == .readOnly(path: uri))
        }
    }

    /// The disk fills up mid-way (simulated with `PRAGMA max_page_count`): the failing batch is rolled back whole,
    /// earlier batches stay, the file passes the integrity check, and writing works again once there is room.
    @Test func aFullDiskRollsTheBatchBackAndKeepsEarlierOnes() throws {
        try StoreFixtures.withStore { store, path in
            let settings = try store.register(StoreFixtures.key(), fonts: [StoreFixtures.font("A")])
            let first = StoreFixtures.texts(500, prefix: "first")
            try store.put(first, sizes: first.map { StoreFixtures.size($0) }, in: settings)
            let pages = try store.withWriter { try $0.scalarInt("PRAGMA page_count") ?? 0 }
            try store.withWriter { try $0.execute("PRAGMA max_page_count = \(pages + 2)") }
            let big = StoreFixtures.texts(20_000, prefix: String(repeating: "long text ", count: 5))
            let error = thrownError { try store.put(big, sizes: big.map { StoreFixtures.size($0) }, in: settings) }
            guard case .diskFull(path, let cause)? = error as? SizeStoreError else {
                Issue.record("expected diskFull, got \(String(describing: error))")
                return
            }
            #expect(cause.primaryCode == .full)
            #expect("\(error!)".contains("disk or database full"))
            #expect(
                "\(error!)".contains("the unfinished change was rolled back, everything committed before it is kept"))
            #expect(try store.statistics().results == 500)
            #expect(try store.missing(from: first, in: settings).isEmpty)
            #expect(try store.missing(from: Array(big.prefix(3)), in: settings) == [0, 1, 2])
            #expect(try store.integrityProblems().isEmpty)
            try store.withWriter { try $0.execute("PRAGMA max_page_count = 1073741823") }
            try store.put(Array(big.prefix(100)), sizes: big.prefix(100).map { StoreFixtures.size($0) }, in: settings)
            #expect(try store.statistics().results == 600)
        }
    }

    @Test func aLockHeldTooLongIsReportedAsBusy() throws {
        let path = TemporaryFiles.path("busy")
        defer { TemporaryFiles.remove(path) }
        let store = try SizeStore(path: path, busyTimeout: .milliseconds(50))
        defer { store.close() }
        let settings = try store.register(StoreFixtures.key(), fonts: [StoreFixtures.font("A")])
        let other = try SQLiteConnection(path: path, mode: .readWrite)
        defer { other.close() }
        try other.execute("BEGIN IMMEDIATE")
        let error = thrownError { try store.put(["x"], sizes: [StoreFixtures.size("x")], in: settings) }
        guard case .busy(path, let cause)? = error as? SizeStoreError else {
            Issue.record("expected busy, got \(String(describing: error))")
            return
        }
        #expect(cause.primaryCode == .busy)
        #expect("\(error!)".contains("is locked by another connection"))
        // Readers are not blocked by the writer's lock (WAL).
        #expect(try store.get("x", in: settings) == nil)
        try other.execute("ROLLBACK")
        try store.put(["x"], sizes: [StoreFixtures.size("x")], in: settings)
        #expect(try store.get("x", in: settings) == StoreFixtures.size("x"))
    }

    /// A current file opens, and its sizes are read, while another process holds the write lock: only a file that
    /// needs migrating takes the lock when opened, so a run that finds everything stored never waits for a writer.
    @Test func aCurrentStoreOpensAndReadsWhileAnotherHoldsTheWriteLock() throws {
        let path = TemporaryFiles.path("locked-open")
        defer { TemporaryFiles.remove(path) }
        let settings: SettingsID
        do {
            let store = try SizeStore(path: path)
            settings = try store.register(StoreFixtures.key(), fonts: [StoreFixtures.font("A")])
            try store.put(["x"], sizes: [StoreFixtures.size("x")], in: settings)
            store.close()
        }
        let other = try SQLiteConnection(path: path, mode: .readWrite)
        defer { other.close() }
        try other.execute("BEGIN IMMEDIATE")
        let store = try SizeStore(path: path, busyTimeout: .milliseconds(50))
        defer { store.close() }
        #expect(try store.register(StoreFixtures.key(), fonts: [StoreFixtures.font("A")]) == settings)
        #expect(try store.get("x", in: settings) == StoreFixtures.size("x"))
        // Writing still waits for the lock, and says so.
        let error = thrownError { try store.put(["y"], sizes: [StoreFixtures.size("y")], in: settings) }
        guard case .busy? = error as? SizeStoreError else {
            Issue.record("expected busy, got \(String(describing: error))")
            return
        }
        try other.execute("ROLLBACK")
    }

    @Test func storeErrorsMapFromSQLiteCodes() {
        func mapped(_ code: Int32, errno: Int32 = 0) -> SizeStoreError {
            SizeStoreError(
                SQLiteError(code: SQLiteResultCode(rawValue: code), message: "m", systemErrno: errno),
                path: "p")
        }
        #expect(mapped(26) == .notADatabase(path: "p"))
        #expect(mapped(8 | 4 << 8) == .readOnly(path: "p"))  // SQLITE_READONLY_DBMOVED
        #expect(mapped(8) == .readOnly(path: "p"))
        // /usr/include/sqlite3.h: SQLITE_READONLY_CANTINIT is 8 | 5 << 8, SQLITE_READONLY_DIRECTORY 8 | 6 << 8 — a
        // reader of a WAL file in a folder it cannot write (an app bundle, a read-only mount) gets the first.
        for code: Int32 in [8 | 5 << 8, 8 | 6 << 8] {
            let error = mapped(code)
            guard case .folderNotWritable("p", let cause) = error else {
                Issue.record("\(code) is a folder not writable, got \(error)")
                continue
            }
            #expect(cause.code.rawValue == code)
            #expect("\(error)".hasPrefix("cannot open p: its folder is not writable"))
            #expect("\(error)".contains("file:p?immutable=1"))
        }
        guard case .diskFull = mapped(10 | 3 << 8, errno: EFBIG) else { Issue.record("EFBIG is a full disk"); return }
        guard case .diskFull = mapped(13) else { Issue.record("SQLITE_FULL is a full disk"); return }
        guard case .diskFull = mapped(10 | 3 << 8) else { Issue.record("a refused write is a full disk"); return }
        guard case .sqlite = mapped(10 | 2 << 8, errno: EIO) else { Issue.record("a failed read is not"); return }
        guard case .busy = mapped(6) else { Issue.record("SQLITE_LOCKED is busy"); return }
    }
}

/// Paths that cannot hold a database are refused in their own words before SQLite's read-only retry hides the cause.
@Suite struct DatabaseFileCheckTests {
    /// The error opening `path` says, or nil when it opened.
    func failure(_ path: String) -> String? {
        do {
            let store = try SizeStore(path: path)
            store.close()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aDirectoryAFIFOAndAMissingFolderAreSaidAsSuch() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dbcheck-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(failure(directory.path) == "cannot open database \(directory.path): Is a directory")
        let fifo = directory.appendingPathComponent("pipe.db").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(failure(fifo) == "cannot open database \(fifo): not a regular file (a FIFO, a device or a socket)")
        let nowhere = directory.appendingPathComponent("no/such/sizes.db").path
        #expect(failure(nowhere) == "cannot open database \(nowhere): No such file or directory")
        // A new file in a folder that takes it opens.
        #expect(failure(directory.appendingPathComponent("new.db").path) == nil)
        // An empty path is SQLite's private temporary file, which cannot be in WAL mode: refused in words (it was
        // "SQLite error 1 … could not enable WAL mode").
        #expect(failure("") == "cannot open database : an empty path names no file")
    }

    /// A `file:` URI names a file like a path does: a one-byte file that is no database is refused (SQLite wrote a
    /// database over it), a FIFO is said to be one (it was a bare "disk I/O error"), `%XX` is decoded, and
    /// `mode=rw` / `mode=rwc` open for writing (the read connection refused them: "access mode not allowed").
    @Test func aFileURIIsCheckedAsItsPathAndItsReadWriteModesOpen() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dburi-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = directory.appendingPathComponent("one byte.txt").path
        try Data("A".utf8).write(to: URL(fileURLWithPath: text))
        #expect(
            failure("file:" + text.replacingOccurrences(of: " ", with: "%20")) == "\(text) is not an SQLite "
                + "database (SQLITE_NOTADB); it was left unchanged")
        #expect(try Data(contentsOf: URL(fileURLWithPath: text)) == Data("A".utf8))
        let fifo = directory.appendingPathComponent("pipe.db").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(
            failure("file://" + fifo)
                == "cannot open database \(fifo): not a regular file (a FIFO, a device or a socket)")
        let created = directory.appendingPathComponent("new.db").path
        #expect(failure("file:\(created)?mode=rwc") == nil)
        #expect(failure("file:\(created)?mode=rw") == nil)
        #expect(
            DatabaseFileCheck.readOnlyURI("file:a.db?cache=shared&mode=rwc#x") == "file:a.db?cache=shared&mode=ro#x")
        // `%` and two hex digits is a byte; any other `%` is itself, as SQLite reads it; a NUL is SQLite's to refuse.
        #expect(DatabaseFileCheck.fileURIPath("file:%41b%2fc.db")?.path == "Ab/c.db")
        #expect(DatabaseFileCheck.fileURIPath("file:notes%zz%+f.db")?.path == "notes%zz%+f.db")
        #expect(DatabaseFileCheck.fileURIPath("file:a%00b") == nil)
        // The path of `file:file:x` is the file `file:x`, never read as a URI again.
        let nested = directory.appendingPathComponent("file:inner.db").path
        try Data("B".utf8).write(to: URL(fileURLWithPath: nested))
        #expect(
            failure("file://" + nested)?.hasSuffix("is not an SQLite database (SQLITE_NOTADB); it was left unchanged")
                == true)
        // An in-memory URI is SQLite's own.
        #expect(DatabaseFileCheck.fileURIPath("file:x?mode=memory") == nil)
        #expect(DatabaseFileCheck.fileURIPath("file://elsewhere/x.db") == nil)
    }

    /// SQLite's Unix layer opens paths of at most 511 bytes from the root; a longer one is said so (it was "No such
    /// file or directory" of a folder that exists).
    @Test func aPathTooLongForSQLiteIsSaidSo() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("dblong-\(UUID())")
        defer { try? FileManager.default.removeItem(at: base) }
        let folder = base.appendingPathComponent(String(repeating: "d", count: 250))
            .appendingPathComponent(String(repeating: "e", count: 250))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("sizes.db").path
        #expect(path.utf8.count > 511)
        let said = try #require(failure(path))
        #expect(
            said.hasSuffix(
                "SQLite opens paths of at most 511 bytes (use a shorter path, or a symbolic link to the folder)"))
    }

    /// A file with a trigger is not used: its SQL would run on every write (one deleting each stored result made a
    /// run succeed and keep nothing).
    @Test func aFileWithATriggerIsRefused() throws {
        let path = TemporaryFiles.path("trigger")
        defer { TemporaryFiles.remove(path) }
        try SizeStore(path: path).close()
        let other = try SQLiteConnection(path: path, mode: .readWrite)
        try other.execute("CREATE TRIGGER eat AFTER INSERT ON results BEGIN DELETE FROM results; END")
        other.close()
        #expect(
            failure(path)?.hasSuffix(
                "it has a trigger (eat), which runs its own statements on every write; a "
                    + "size database has none; it was left unchanged") == true)
    }

    /// Where a database opened for writing came up read-only, the message says which of its files this user cannot
    /// write (the check is `access(2)`, which passes everything for root, who runs the tests: a stand-in says which
    /// paths are not writable).
    @Test func aReadOnlyOpenNamesTheFileThatCannotBeWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readonly-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("sizes.db").path
        try Data([1]).write(to: URL(fileURLWithPath: database))
        try Data([1]).write(to: URL(fileURLWithPath: database + "-shm"))
        #expect(SizeStoreError.readOnlyCause(path: database, isWritable: { _ in true }) == nil)
        #expect(
            SizeStoreError.readOnlyCause(path: database, isWritable: { $0 != database })
                == "the file is not writable by this user")
        #expect(
            SizeStoreError.readOnlyCause(path: database, isWritable: { !$0.hasSuffix("-shm") })
                == "its -shm file \(database)-shm is not writable by this user (a process that could only read made "
                + "it); remove it while nothing has the database open, or run as its owner")
        // A -wal file that does not exist is not blamed; a URI and a missing file say nothing more.
        #expect(SizeStoreError.readOnlyCause(path: database, isWritable: { !$0.hasSuffix("-wal") }) == nil)
        #expect(SizeStoreError.readOnlyCause(path: "file:\(database)?mode=ro", isWritable: { _ in false }) == nil)
        #expect(SizeStoreError.readOnlyCause(path: database + ".none", isWritable: { _ in false }) == nil)
    }
}
