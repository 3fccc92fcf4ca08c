import Foundation
import Testing

@testable import Cache
@testable import MeasureStore

/// Opening files: creating and migrating (from every earlier version — so far only version 0, the empty file),
/// and refusing, unchanged, files that are not ours or are newer than this code.
@Suite struct SizeStoreSchemaTests {
    @Test func aNewFileGetsTheCurrentSchemaInWALMode() throws {
        try StoreFixtures.withStore { store, path in
            let header = try store.withReader { try SizeStoreSchema.header(of: $0) }
            #expect(header.version == SizeStoreSchema.currentVersion)
            #expect(header.applicationID == 0x5453_5A44)
            #expect(try store.withWriter { try $0.scalarText("PRAGMA journal_mode") } == "wal")
            // An SQLite file, as `file(1)` and apps opening it see.
            let bytes = try #require(StoreFixtures.bytes(path))
            #expect(Array(bytes[0..<16]) == Array("SQLite format 3\u{0}".utf8))
        }
    }

    /// Every earlier version must migrate to the current one. Version 0 is the empty file (zero bytes, or a new
    /// SQLite database with no tables).
    @Test(arguments: 0..<SizeStoreSchema.currentVersion)
    func migratesFromEveryEarlierVersion(version: Int) throws {
        let path = TemporaryFiles.path("old")
        defer { TemporaryFiles.remove(path) }
        // Build a file at `version` by applying the published migrations up to it.
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        if version > 0 {
            let connection = try SQLiteConnection(path: path, mode: .readWrite)
            for step in 0..<version { try connection.execute(SizeStoreSchema.migrations[step]) }
            try connection.execute("PRAGMA application_id = \(SizeStoreSchema.applicationID)")
            try connection.execute("PRAGMA user_version = \(version)")
            connection.close()
        }
        let store = try SizeStore(path: path)
        defer { store.close() }
        #expect(try store.statistics().schemaVersion == SizeStoreSchema.currentVersion)
        let settings = try store.register(StoreFixtures.key(), fonts: [StoreFixtures.font("A")])
        try store.put(["x"], sizes: [StoreFixtures.size("x")], in: settings)
        #expect(try store.get("x", in: settings) == StoreFixtures.size("x"))
    }

    @Test func aNewerSchemaIsRefusedAndLeftUnchanged() throws {
        let path = TemporaryFiles.path("newer")
        defer { TemporaryFiles.remove(path) }
        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
        try connection.execute("PRAGMA application_id = \(SizeStoreSchema.applicationID)")
        try connection.execute("PRAGMA user_version = \(SizeStoreSchema.currentVersion + 1)")
        try connection.execute("CREATE TABLE future (x)")
        connection.close()
        let before = StoreFixtures.bytes(path)
        for access in [SizeStore.Access.readWrite, .readOnly] {
            let error = thrownError { _ = try SizeStore(path: path, access: access) }
            #expect(
                error as? SizeStoreError
                    == .newerSchema(
                        path: path, version: SizeStoreSchema.currentVersion + 1,
                        supported: SizeStoreSchema.currentVersion))
            #expect("\(error!)".contains("newer than this version of TextSize understands"))
        }
        #expect(StoreFixtures.bytes(path) == before)
    }

    /// A current file whose version was set back by hand (`PRAGMA user_version = 1` on version-2 tables): the
    /// migration's own statements fail, which is said as a file that is not what it claims, not as bare SQL, and the
    /// file is left as it was (the migration's transaction rolled back).
    @Test func tablesThatAreNotTheClaimedVersionsAreNamed() throws {
        let path = TemporaryFiles.path("claims-v1")
        defer { TemporaryFiles.remove(path) }
        try SizeStore(path: path).close()
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        try connection.execute("PRAGMA user_version = 1")
        connection.close()
        let error = thrownError { _ = try SizeStore(path: path) }
        guard case .notASizeStore(path, let reason)? = error as? SizeStoreError else {
            Issue.record("expected notASizeStore, got \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("its schema version (user_version) is 1, but its tables are not that version's"))
        let check = try SQLiteConnection(path: path, mode: .readOnly)
        defer { check.close() }
        #expect(try check.scalarInt("PRAGMA user_version") == 1)
    }

    /// A current file with a table dropped or a column renamed (by hand, by another program) is refused when opened,
    /// for reading and for writing, with the table or column named: every command failed later with SQLite's "no
    /// such table: results" and its SQL, and `batch --db` wrote into a file without `labels`.
    @Test(arguments: [
        ("DROP TABLE results", "its table results is missing"),
        ("DROP TABLE labels", "its table labels is missing"),
        ("DROP TABLE catalog_entries", "its table catalog_entries is missing"),
        ("ALTER TABLE results RENAME COLUMN width TO w", "its table results has no column width"),
        ("ALTER TABLE fonts DROP COLUMN path", "its table fonts has no column path"),
    ])
    func aDamagedSchemaIsRefusedWithTheTableNamed(damage: String, reason expected: String) throws {
        let path = TemporaryFiles.path("damaged")
        defer { TemporaryFiles.remove(path) }
        try SizeStore(path: path).close()
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        try connection.execute(damage)
        connection.close()
        for access in [SizeStore.Access.readWrite, .readOnly] {
            let error = thrownError { _ = try SizeStore(path: path, access: access) }
            guard case .notASizeStore(path, let reason)? = error as? SizeStoreError else {
                Issue.record("expected notASizeStore, got \(String(describing: error))")
                continue
            }
            #expect(reason == expected)
        }
    }

    /// Only the schema's tables are checked, by SQLite's rules: a column renamed to another case is the same
    /// column, and a table another program added — even a virtual one whose module is not loaded here — is left
    /// alone (reading every table's columns failed on it, and every command with it).
    @Test func otherTablesAndTheCaseOfNamesAreLeftAlone() throws {
        let path = TemporaryFiles.path("extra-tables")
        defer { TemporaryFiles.remove(path) }
        try SizeStore(path: path).close()
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        try connection.execute(
            """
            ALTER TABLE results RENAME COLUMN text TO Text;
            CREATE TABLE notes (body TEXT);
            PRAGMA writable_schema = ON;
            INSERT INTO sqlite_schema VALUES ('table', 'vt', 'vt', 0, 'CREATE VIRTUAL TABLE vt USING nosuchmodule(a)');
            PRAGMA writable_schema = OFF;
            """)
        connection.close()
        for access in [SizeStore.Access.readWrite, .readOnly] {
            let store = try SizeStore(path: path, access: access)
            #expect(try store.statistics().results == 0)
            store.close()
        }
    }

    /// The schema the check compares with is the migrations' own: seven tables, `results` with its seven columns.
    @Test func theCheckedSchemaIsTheMigrations() {
        #expect(
            SizeStoreSchema.tables.map(\.name) == [
                "catalog_entries", "file_digests", "fonts", "labels", "results", "settings", "settings_fonts",
            ])
        #expect(
            SizeStoreSchema.tables.first { $0.name == "results" }?.columns == [
                "settings_id", "text_sha256", "text", "width", "height", "line_count", "measured_at",
            ])
    }

    @Test func anotherApplicationsDatabaseIsRefusedAndLeftUnchanged() throws {
        let path = TemporaryFiles.path("foreign")
        defer { TemporaryFiles.remove(path) }
        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
        try connection.execute("CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ada')")
        connection.close()
        let before = StoreFixtures.bytes(path)
        let error = thrownError { _ = try SizeStore(path: path) }
        guard case .notASizeStore(path, let reason)? = error as? SizeStoreError else {
            Issue.record("expected notASizeStore, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("1 tables"))
        #expect(StoreFixtures.bytes(path) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aFileThatIsNotSQLiteIsRefusedAndLeftUnchanged() throws {
        let path = TemporaryFiles.path("text", extension: "txt")
        defer { TemporaryFiles.remove(path) }
        let contents = Data(String(repeating: "width\theight\tlines\n", count: 300).utf8)
        _ = FileManager.default.createFile(atPath: path, contents: contents)
        for access in [SizeStore.Access.readWrite, .readOnly] {
            let error = thrownError { _ = try SizeStore(path: path, access: access) }
            #expect(error as? SizeStoreError == .notADatabase(path: path))
            #expect("\(error!)" == "\(path) is not an SQLite database (SQLITE_NOTADB); it was left unchanged")
        }
        #expect(StoreFixtures.bytes(path) == contents)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
                == ["text.txt"])
    }

    /// Files that do not begin with the 16 bytes every SQLite file begins with: SQLite itself takes one shorter than
    /// its 100-byte header for an empty database and writes one over it (one byte and 24 bytes were, before); an
    /// empty file is a new database.
    @Test func aShortFileThatIsNotSQLiteIsRefusedAndLeftUnchanged() throws {
        for contents in [Data("x".utf8), Data("a short note, not a db\n".utf8), Data("SQLite format 3".utf8)] {
            let path = TemporaryFiles.path("short", extension: "db")
            defer { TemporaryFiles.remove(path) }
            _ = FileManager.default.createFile(atPath: path, contents: contents)
            for access in [SizeStore.Access.readWrite, .readOnly] {
                let error = thrownError { _ = try SizeStore(path: path, access: access) }
                #expect(error as? SizeStoreError == .notADatabase(path: path))
            }
            #expect(StoreFixtures.bytes(path) == contents)
        }
        let empty = TemporaryFiles.path("empty", extension: "db")
        defer { TemporaryFiles.remove(empty) }
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        _ = try SizeStore(path: empty)
        #expect(StoreFixtures.bytes(empty)?.prefix(16) == Data("SQLite format 3\0".utf8))
    }

    @Test func readOnlyOpeningsNeedAnExistingCurrentFile() throws {
        let missing = TemporaryFiles.path("missing")
        defer { TemporaryFiles.remove(missing) }
        let error = thrownError { _ = try SizeStore(path: missing, access: .readOnly) }
        guard case .cannotOpen? = error as? SizeStoreError else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect("\(error!)".hasPrefix("cannot open database \(missing)"))
        #expect(!FileManager.default.fileExists(atPath: missing))
        _ = FileManager.default.createFile(atPath: missing, contents: Data())
        let empty = thrownError { _ = try SizeStore(path: missing, access: .readOnly) }
        #expect(empty as? SizeStoreError == .notASizeStore(path: missing, reason: "it is empty"))
    }
}
