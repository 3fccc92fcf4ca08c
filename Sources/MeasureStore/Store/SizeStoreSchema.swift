/// The size database's schema: its versions, the migrations between them, and the checks made when a file is opened.
///
/// The version lives in `PRAGMA user_version`; `PRAGMA application_id` marks the file as a size database. Version 0
/// is an empty file. `migrations[n]` takes a file from version `n` to `n + 1`, and a file is always upgraded through
/// every step in one transaction, so it is never left between versions. The README's "Size database" section is the
/// written contract of the current version; change both together, and add a migration (never edit a published one).
enum SizeStoreSchema {
    /// `PRAGMA application_id`: "TSZD" (TextSize database) as a big-endian 32-bit number.
    static let applicationID: Int32 = 0x5453_5A44

    /// The schema version this code reads and writes.
    static var currentVersion: Int { migrations.count }

    /// `migrations[n]` upgrades version `n` to `n + 1`.
    static let migrations: [String] = [version1, version2]

    /// Version 1: fonts, settings (with their font cascade and labels), results, and a cache of file digests.
    static let version1 = """
        CREATE TABLE fonts (
            id INTEGER PRIMARY KEY,
            sha256 BLOB NOT NULL CHECK (length(sha256) = 32),
            face_index INTEGER NOT NULL,
            family TEXT NOT NULL,
            style TEXT NOT NULL,
            units_per_em REAL NOT NULL,
            ascender REAL NOT NULL,
            descender REAL NOT NULL,
            line_gap REAL NOT NULL,
            path TEXT NOT NULL,
            UNIQUE (sha256, face_index)
        );
        CREATE TABLE settings (
            id INTEGER PRIMARY KEY,
            sha256 BLOB NOT NULL UNIQUE CHECK (length(sha256) = 32),
            key TEXT NOT NULL,
            point_size REAL NOT NULL,
            max_width REAL NOT NULL,
            parameters TEXT NOT NULL,
            engine TEXT NOT NULL
        );
        CREATE TABLE settings_fonts (
            settings_id INTEGER NOT NULL REFERENCES settings (id),
            position INTEGER NOT NULL,
            font_id INTEGER NOT NULL REFERENCES fonts (id),
            PRIMARY KEY (settings_id, position)
        ) WITHOUT ROWID;
        CREATE TABLE labels (
            device_class TEXT NOT NULL,
            text_style TEXT NOT NULL,
            content_size TEXT NOT NULL,
            settings_id INTEGER NOT NULL REFERENCES settings (id),
            PRIMARY KEY (device_class, text_style, content_size, settings_id)
        ) WITHOUT ROWID;
        CREATE TABLE results (
            settings_id INTEGER NOT NULL REFERENCES settings (id),
            text_sha256 BLOB NOT NULL,
            text TEXT NOT NULL,
            width REAL NOT NULL,
            height REAL NOT NULL,
            line_count INTEGER NOT NULL,
            measured_at INTEGER NOT NULL,
            PRIMARY KEY (settings_id, text_sha256)
        ) WITHOUT ROWID;
        CREATE TABLE file_digests (
            path TEXT NOT NULL PRIMARY KEY,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            modified_ns INTEGER NOT NULL,
            changed_ns INTEGER NOT NULL,
            sha256 BLOB NOT NULL CHECK (length(sha256) = 32)
        ) WITHOUT ROWID;
        """

    /// Version 2: catalog entries (`measure catalog --db`): which text and settings each catalog file's key, locale,
    /// variant and content size was last measured with, so sizes can be looked up by key. The size itself stays in
    /// `results` (one row per settings and text), so an unchanged entry is never measured twice.
    static let version2 = """
        CREATE TABLE catalog_entries (
            catalog_key TEXT NOT NULL,
            locale TEXT NOT NULL,
            file TEXT NOT NULL,
            variant TEXT NOT NULL,
            content_size TEXT NOT NULL,
            settings_id INTEGER NOT NULL REFERENCES settings (id),
            text_sha256 BLOB NOT NULL CHECK (length(text_sha256) = 32),
            allowed_lines INTEGER,
            recorded_at INTEGER NOT NULL,
            PRIMARY KEY (catalog_key, locale, file, variant, content_size)
        ) WITHOUT ROWID;
        """

    /// What a file holds before anything is changed.
    struct Header {
        var version: Int
        var applicationID: Int32
        var tableCount: Int
    }

    /// Reads the header with one read-only statement, so that its three values are of one snapshot: read one by one,
    /// another connection's migration could commit in between (version 0, yet 9 tables). A file that is not SQLite
    /// fails here, before anything could write to it.
    static func header(of connection: SQLiteConnection) throws(SQLiteError) -> Header {
        let statement = try connection.prepare(
            """
            SELECT (SELECT user_version FROM pragma_user_version), (SELECT application_id FROM pragma_application_id),
                   (SELECT count(*) FROM sqlite_schema)
            """)
        return try statement.withReset { statement throws(SQLiteError) in
            guard try statement.step() else { return Header(version: 0, applicationID: 0, tableCount: 0) }
            return Header(
                version: Int(truncatingIfNeeded: statement.int64(at: 0)),
                applicationID: Int32(truncatingIfNeeded: statement.int64(at: 1)),
                tableCount: Int(truncatingIfNeeded: statement.int64(at: 2)))
        }
    }

    /// Refuses files this code must not touch: another application's database, or a newer schema.
    static func check(_ header: Header, path: String) throws(SizeStoreError) {
        // user_version is any signed 32-bit number; a negative one is no version of ours (and no migration index).
        if header.version < 0 {
            throw .notASizeStore(path: path, reason: "its schema version (user_version) is \(header.version)")
        }
        if header.applicationID != 0 && header.applicationID != applicationID {
            throw .notASizeStore(
                path: path,
                reason: "its application_id is \(header.applicationID), not "
                    + "\(applicationID)")
        }
        if header.version == 0 && header.tableCount > 0 {
            throw .notASizeStore(
                path: path,
                reason: "it already has \(header.tableCount) tables and no schema "
                    + "version")
        }
        if header.version > currentVersion {
            throw .newerSchema(path: path, version: header.version, supported: currentVersion)
        }
        if header.version > 0 && header.applicationID != applicationID {
            throw .notASizeStore(
                path: path,
                reason: "it has user_version \(header.version) but no TextSize "
                    + "application_id")
        }
    }

    /// Each table of the current schema with its columns, read from an in-memory database the migrations made: the
    /// migrations stay the one statement of the schema. (SQLite failing to run them in memory is a bug.)
    static let tables: [(name: String, columns: [String])] = {
        do {
            let memory = try SQLiteConnection(path: ":memory:", mode: .readWriteCreate)
            defer { memory.close() }
            for migration in migrations { try memory.execute(migration) }
            let names = try memory.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
            let tables = try names.withReset { statement throws(SQLiteError) in
                var tables: [String] = []
                while try statement.step() { tables.append(statement.text(at: 0)) }
                return tables
            }
            return try tables.map { ($0, try columns(of: $0, in: memory)) }
        } catch {
            preconditionFailure("the size database's migrations do not run in memory: \(error)")
        }
    }()

    /// The columns of `table` in `connection`'s main database, in order; none when there is no such table.
    static func columns(of table: String, in connection: SQLiteConnection) throws(SQLiteError) -> [String] {
        let statement = try connection.prepare("SELECT name FROM pragma_table_info(?1)")
        return try statement.withReset { statement throws(SQLiteError) in
            try statement.bind(table, at: 1)
            var columns: [String] = []
            while try statement.step() { columns.append(statement.text(at: 0)) }
            return columns
        }
    }

    /// Refuses a file of the current version whose tables are not the schema's — a table dropped or a column
    /// renamed by hand or by another program — in words ("its table results is missing"), where every command
    /// failed later with SQLite's "no such table" and the SQL it was running, or wrote into what was left. Only the
    /// schema's own tables are read (a table another program added, even a virtual one whose module is not loaded
    /// here, is left alone), and names compare as SQLite compares them, without case. A file with a trigger is
    /// refused too.
    static func checkTables(_ connection: SQLiteConnection, path: String) throws {
        for table in tables {
            let present = Set(try columns(of: table.name, in: connection).map { $0.lowercased() })
            guard !present.isEmpty else {
                throw SizeStoreError.notASizeStore(path: path, reason: "its table \(table.name) is missing")
            }
            if let missing = table.columns.first(where: { !present.contains($0.lowercased()) }) {
                throw SizeStoreError.notASizeStore(
                    path: path, reason: "its table \(table.name) has no column \(missing)")
            }
        }
        // The schema has no triggers: one in the file runs its own SQL on every write (a trigger deleting each
        // result as it was stored made `batch --db` succeed and keep nothing), so a file with one is not used.
        let triggers = try connection.prepare("SELECT name FROM sqlite_schema WHERE type = 'trigger' LIMIT 1")
        let trigger = try triggers.withReset { statement throws(SQLiteError) -> String? in
            try statement.step() ? statement.text(at: 0) : nil
        }
        if let trigger {
            throw SizeStoreError.notASizeStore(
                path: path,
                reason: "it has a trigger (\(trigger)), which runs its own statements on every write; a size "
                    + "database has none")
        }
    }

    /// Brings a writable file to `currentVersion`, in one immediate transaction (re-reading the version inside it,
    /// in case another process migrated first).
    static func migrate(_ connection: SQLiteConnection, path: String) throws {
        try connection.inTransaction(.immediate) {
            let header = try header(of: connection)
            try check(header, path: path)
            for version in header.version..<currentVersion {
                do {
                    try connection.execute(migrations[version])
                } catch let error as SQLiteError where error.primaryCode == .error {
                    // SQLITE_ERROR from a migration's own statements (a table it creates is there already, one it
                    // alters is not): the file's tables are not those of the version it claims, e.g. a hand-set
                    // `PRAGMA user_version`. Said so, not as the bare SQL failure.
                    throw SizeStoreError.notASizeStore(
                        path: path,
                        reason: "its schema version (user_version) is \(header.version), but its tables are not "
                            + "that version's: upgrading it to version \(version + 1) failed (\(error.message))")
                }
            }
            if header.version < currentVersion {
                try connection.execute("PRAGMA application_id = \(applicationID)")
                try connection.execute("PRAGMA user_version = \(currentVersion)")
            }
        }
    }
}
