#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SizeStore {
    /// Counts and sizes: rows per table, the schema version, bytes on disk.
    /// - Complexity: O(N): counting results walks the results table.
    public func statistics() throws(SizeStoreError) -> SizeStoreStatistics {
        try withReader { connection in
            let file = connection.fileName
            func count(_ table: String) throws -> Int {
                Int(try connection.scalarInt("SELECT count(*) FROM \(table)") ?? 0)
            }
            // One read transaction, so the counts are of one snapshot.
            try connection.execute("BEGIN DEFERRED")
            defer { try? connection.execute("COMMIT") }
            return SizeStoreStatistics(
                file: file,
                schemaVersion: Int(try connection.scalarInt("PRAGMA user_version") ?? 0),
                results: try count("results"), settings: try count("settings"), fonts: try count("fonts"),
                labels: try count("labels"), catalogEntries: try count("catalog_entries"),
                fileBytes: Self.fileSize(file), walBytes: Self.fileSize(file + "-wal"),
                pageCount: Int(try connection.scalarInt("PRAGMA page_count") ?? 0),
                freePages: Int(try connection.scalarInt("PRAGMA freelist_count") ?? 0),
                pageSize: Int(try connection.scalarInt("PRAGMA page_size") ?? 0))
        }
    }

    private static func fileSize(_ path: String) -> Int64 {
        var info = stat()
        guard !path.isEmpty, stat(path, &info) == 0 else { return 0 }
        return Int64(info.st_size)
    }

    /// `PRAGMA integrity_check`: an empty array when the file is sound, else SQLite's descriptions of what is wrong.
    public func integrityProblems() throws(SizeStoreError) -> [String] {
        try withReader { connection in
            let statement = try connection.prepare("PRAGMA integrity_check")
            return try statement.withReset { statement throws in
                var lines: [String] = []
                while try statement.step() { lines.append(statement.text(at: 0)) }
                return lines == ["ok"] ? [] : lines
            }
        }
    }

    /// Rebuilds the file without free pages (`VACUUM`) and truncates the write-ahead log.
    /// - Throws: `SizeStoreError` (`.readOnly` for a read-only store, `.busy` while another connection reads or
    ///   writes).
    public func vacuum() throws(SizeStoreError) {
        try withWriter { connection in
            try connection.execute("VACUUM")
            try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }
}

extension SizeStore {
    /// How many results each settings row has (rows without results are absent).
    public func resultCountsBySettings() throws(SizeStoreError) -> [SettingsID: Int] {
        try withReader { connection in
            let statement = try connection.prepare(
                "SELECT settings_id, count(*) FROM results GROUP BY settings_id")
            return try statement.withReset { statement throws in
                var counts: [SettingsID: Int] = [:]
                while try statement.step() {
                    counts[SettingsID(rawValue: statement.int64(at: 0))] = statement.int(at: 1)
                }
                return counts
            }
        }
    }
}
