#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Texts the store can key: `String`, and `ArraySlice<UInt8>` of UTF-8 (the lines of `measure batch`'s input), which
/// show their bytes without a copy. The public API has an overload for each, so that no pointer is in its signatures.
package protocol StoreText {
    /// Calls `body` with the text's UTF-8 bytes.
    func withUTF8Bytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
}

extension String: StoreText {
    package func withUTF8Bytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        var text = self
        return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }
}

extension ArraySlice: StoreText where Element == UInt8 {
    package func withUTF8Bytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withUnsafeBytes(body)
    }
}

/// The SQL of the size store's reads and writes of results, shared by `SizeStore` (under its locks) and
/// `SizeStoreReader` (on its own thread). Every function takes the connection it runs on and leaves its statements
/// reset.
enum SizeQueries {
    static let selectSize = "SELECT width, height, line_count FROM results WHERE settings_id = ?1 AND text_sha256 = ?2"
    static let upsertSize = """
        INSERT INTO results (settings_id, text_sha256, text, width, height, line_count, measured_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
        ON CONFLICT (settings_id, text_sha256) DO UPDATE SET text = excluded.text, width = excluded.width,
            height = excluded.height, line_count = excluded.line_count, measured_at = excluded.measured_at
        """

    /// The current time in milliseconds since 1970-01-01 UTC.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    /// The stored size of the text with UTF-8 `bytes`, if any.
    static func size(of bytes: UnsafeRawBufferPointer, in settings: SettingsID,
                     on connection: SQLiteConnection) throws(SQLiteError) -> StoredSize? {
        try size(of: SHA256.hash(bytes), in: settings, on: connection)
    }

    /// The stored size of the text whose digest is `digest`, if any.
    static func size(of digest: SHA256Digest, in settings: SettingsID,
                     on connection: SQLiteConnection) throws(SQLiteError) -> StoredSize? {
        let statement = try connection.cachedStatement(selectSize)
        return try statement.withReset { statement throws(SQLiteError) in
            try statement.bind(settings.rawValue, at: 1)
            try statement.bind(digest, at: 2)
            guard try statement.step() else { return nil }
            return StoredSize(width: statement.double(at: 0), height: statement.double(at: 1),
                              lineCount: statement.int(at: 2))
        }
    }

    /// The stored sizes of `texts`, nil for those not stored, all read in one read transaction (one snapshot, and
    /// one pair of lock calls instead of one per text) unless the caller already holds one.
    static func sizes<Text: StoreText>(of texts: [Text], in settings: SettingsID,
                                           on connection: SQLiteConnection) throws -> [StoredSize?] {
        let ownsTransaction = texts.count > 1 && !connection.isInTransaction
        if ownsTransaction { try connection.execute("BEGIN DEFERRED") }
        defer { if ownsTransaction { try? connection.execute("COMMIT") } }
        var sizes: [StoredSize?] = []
        sizes.reserveCapacity(texts.count)
        for text in texts {
            sizes.append(try text.withUTF8Bytes { bytes in try size(of: bytes, in: settings, on: connection) })
        }
        return sizes
    }

    /// Stores `sizes[i]` for `texts[i]`, replacing what was stored for the same text. The caller runs this inside a
    /// transaction.
    static func put<Text: StoreText>(_ texts: [Text], sizes: [StoredSize], in settings: SettingsID,
                                         measuredAt: Int64, on connection: SQLiteConnection) throws {
        precondition(texts.count == sizes.count, "one size per text")
        // Insert in key order: consecutive inserts then land on the same or neighbouring B-tree pages, which are hot
        // in the cache, instead of jumping around the tree.
        let digests = texts.map { text in text.withUTF8Bytes { SHA256.hash($0) } }
        let order = digests.indices.sorted { digests[$0] < digests[$1] }
        let statement = try connection.cachedStatement(upsertSize)
        for index in order {
            // Text and digest are bound without copies: both stay valid until the statement is reset, in the closure.
            try texts[index].withUTF8Bytes { text in
                try digests[index].withUnsafeBytes { digest in
                    try statement.withReset { statement throws in
                        try statement.bind(settings.rawValue, at: 1)
                        try statement.bindUnsafeNoCopy(blob: digest, at: 2)
                        try statement.bindUnsafeNoCopy(utf8: text, at: 3)
                        let size = sizes[index]
                        try statement.bind(size.width, at: 4)
                        try statement.bind(size.height, at: 5)
                        try statement.bind(size.lineCount, at: 6)
                        try statement.bind(measuredAt, at: 7)
                        try statement.run()
                    }
                }
            }
        }
    }

    /// Results in key order after `cursor` (from the start when nil), at most `limit`.
    static func results(after cursor: ResultCursor?, limit: Int,
                        on connection: SQLiteConnection) throws(SQLiteError) -> [StoredResult] {
        let statement = try connection.cachedStatement("""
            SELECT settings_id, text_sha256, text, width, height, line_count, measured_at FROM results
            WHERE (settings_id, text_sha256) > (?1, ?2) ORDER BY settings_id, text_sha256 LIMIT ?3
            """)
        return try statement.withReset { statement throws(SQLiteError) in
            try statement.bind(cursor?.settings.rawValue ?? Int64.min, at: 1)
            if let cursor {
                try statement.bind(cursor.textDigest, at: 2)
            } else {
                try statement.bind(blob: UnsafeRawBufferPointer(start: nil, count: 0), at: 2)
            }
            try statement.bind(limit, at: 3)
            var rows: [StoredResult] = []
            while try statement.step() { rows.append(result(from: statement)) }
            return rows
        }
    }

    /// The result row `statement` is on, whose columns are settings_id, text_sha256, text, width, height, line_count,
    /// measured_at.
    static func result(from statement: SQLiteStatement) -> StoredResult {
        let bytes = statement.bytes(at: 2)
        return StoredResult(
            settings: SettingsID(rawValue: statement.int64(at: 0)),
            textDigest: statement.digest(at: 1) ?? SHA256Digest(0, 0, 0, 0),
            text: String(decoding: bytes, as: UTF8.self),
            size: StoredSize(width: statement.double(at: 3), height: statement.double(at: 4),
                             lineCount: statement.int(at: 5)),
            measuredAt: statement.int64(at: 6),
            storedBytes: bytes)
    }
}
