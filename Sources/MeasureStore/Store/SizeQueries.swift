import Cache

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
    /// A row is a stored size only when it is whole (`result(from:)`, which `measure db verify` applies): its text is
    /// text and the very text looked up, compared byte for byte in SQLite, and its time an integer. A row damaged
    /// there is then no answer, and the text's measuring again replaces it (`upsertSize`), instead of its size being
    /// served while `verify` calls the row corrupt forever.
    static let selectSize = """
        SELECT width, height, line_count FROM results
        WHERE settings_id = ?1 AND text_sha256 = ?2 AND typeof(text) = 'text' AND text = ?3
            AND typeof(measured_at) = 'integer'
        """
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

    /// The stored size of the text with UTF-8 `bytes`, if any; nil also for a corrupt row (`selectSize`,
    /// `StoredSize.read`).
    static func size(
        of bytes: UnsafeRawBufferPointer, in settings: SettingsID,
        on connection: SQLiteConnection
    ) throws(SQLiteError) -> StoredSize? {
        let digest = SHA256.hash(bytes)
        let statement = try connection.cachedStatement(selectSize)
        return try statement.withReset { statement throws(SQLiteError) in
            try statement.bind(settings.rawValue, at: 1)
            try statement.bind(digest, at: 2)
            // Valid until the statement is reset, in this closure.
            try statement.bindUnsafeNoCopy(utf8: bytes, at: 3)
            guard try statement.step() else { return nil }
            // A corrupt row is not a stored size: the caller measures the text again and `put` replaces the row.
            return try? StoredSize.read(from: statement, at: 0).get()
        }
    }

    /// The stored sizes of `texts`, nil for those not stored, all read in one read transaction (one snapshot, and
    /// one pair of lock calls instead of one per text) unless the caller already holds one.
    static func sizes<Text: StoreText>(
        of texts: [Text], in settings: SettingsID,
        on connection: SQLiteConnection
    ) throws -> [StoredSize?] {
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
    /// transaction. A size that is not valid (`StoredSize.problem`: beyond the bounds readers accept) is not stored,
    /// so the store never holds a row its readers would call corrupt; its text is simply measured again next time.
    static func put<Text: StoreText>(
        _ texts: [Text], sizes: [StoredSize], in settings: SettingsID,
        measuredAt: Int64, on connection: SQLiteConnection
    ) throws {
        precondition(texts.count == sizes.count, "one size per text")
        // Insert in key order: consecutive inserts then land on the same or neighbouring B-tree pages, which are hot
        // in the cache, instead of jumping around the tree.
        let digests = texts.map { text in text.withUTF8Bytes { SHA256.hash($0) } }
        let order = digests.indices.filter { sizes[$0].isValid }.sorted { digests[$0] < digests[$1] }
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

    /// The columns of a full result row, in the order `result(from:)` reads them (for a query on `results r`): the
    /// key, the text, the size, the time, and whether the settings row it refers to exists.
    static let resultColumns = """
        r.settings_id, r.text_sha256, r.text, r.width, r.height, r.line_count, r.measured_at,
        EXISTS (SELECT 1 FROM settings s WHERE s.id = r.settings_id)
        """

    /// Up to `limit` result rows in key order after `cursor` (from the first when nil), valid and corrupt ones apart.
    ///
    /// The cursor holds the last row's key exactly as read — a damaged key of any type included — and is bound back
    /// unchanged, so every row is visited once and a walk always ends, whatever the file holds.
    static func page(
        after cursor: ResultCursor?, limit: Int,
        on connection: SQLiteConnection
    ) throws(SQLiteError) -> ResultPage {
        let after = cursor == nil ? "" : "WHERE (r.settings_id, r.text_sha256) > (?1, ?2)"
        let statement = try connection.cachedStatement(
            "SELECT \(resultColumns) FROM results r \(after) ORDER BY r.settings_id, r.text_sha256 LIMIT ?3")
        return try statement.withReset { statement throws(SQLiteError) in
            if let cursor {
                try statement.bind(cursor.settings, at: 1)
                try statement.bind(cursor.textKey, at: 2)
            }
            try statement.bind(limit, at: 3)
            var page = ResultPage(results: [], corrupt: [], next: nil)
            var rows = 0
            var last: ResultCursor?
            while try statement.step() {
                rows += 1
                // The key as stored (read without conversion), before `result(from:)` reads the columns.
                last = ResultCursor(settings: statement.value(at: 0), textKey: statement.value(at: 1))
                switch result(from: statement) {
                case .success(let result): page.results.append(result)
                case .failure(let corrupt): page.corrupt.append(corrupt)
                }
            }
            page.next = rows == limit ? last : nil
            return page
        }
    }

    /// The result row `statement` is on (its columns are `resultColumns`), or why it is corrupt: a key of the wrong
    /// type or length, text that is not text or does not hash to the key, a time that is not an integer, settings
    /// that do not exist, or a size that fails `StoredSize.read`.
    static func result(from statement: SQLiteStatement) -> Result<StoredResult, CorruptRow> {
        // Every storage class before any value (reading a value may convert it).
        let settingsType = statement.storageClass(at: 0)
        let digestType = statement.storageClass(at: 1)
        let textType = statement.storageClass(at: 2)
        let timeType = statement.storageClass(at: 6)
        let settings = settingsType == .integer ? SettingsID(rawValue: statement.int64(at: 0)) : nil
        let digest = digestType == .blob ? statement.digest(at: 1) : nil
        let bytes = textType == .text ? statement.bytes(at: 2) : nil
        func corrupt(_ reason: String) -> Result<StoredResult, CorruptRow> {
            let settingsName = settings.map { "settings \($0)" } ?? "settings_id of type \(settingsType)"
            let textName =
                bytes.map { "text " + CorruptRow.quoted(String(decoding: $0, as: UTF8.self)) }
                ?? digest.map { "text_sha256 \($0.hexString.prefix(16))…" } ?? "text_sha256 of type \(digestType)"
            return .failure(CorruptRow(table: "results", key: "\(settingsName), \(textName)", reason: reason))
        }
        guard let settings else { return corrupt("settings_id is \(settingsType)") }
        guard let digest else {
            return corrupt(digestType == .blob ? "text_sha256 is not 32 bytes" : "text_sha256 is \(digestType)")
        }
        guard let bytes else { return corrupt("text is \(textType)") }
        guard bytes.withUnsafeBytes({ SHA256.hash($0) }) == digest else {
            return corrupt("text_sha256 is not the SHA-256 of the text")
        }
        guard timeType == .integer else { return corrupt("measured_at is \(timeType)") }
        guard statement.int64(at: 7) != 0 else { return corrupt("settings row \(settings.rawValue) does not exist") }
        let size: StoredSize
        switch StoredSize.read(from: statement, at: 3) {
        case .success(let read): size = read
        case .failure(let problem): return corrupt(problem.reason)
        }
        return .success(
            StoredResult(
                settings: settings, textDigest: digest,
                text: String(decoding: bytes, as: UTF8.self), size: size,
                measuredAt: statement.int64(at: 6), storedBytes: bytes))
    }
}
