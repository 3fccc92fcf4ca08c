import Cache

extension SizeStore {
    /// The upsert of one catalog entry, parameters in column order. `onlyIfNewer` (for merging) keeps an existing
    /// record unless the incoming one was recorded later; otherwise an unchanged record is left as it is (no page is
    /// rewritten, and `recorded_at` keeps the time the entry last changed).
    static func upsertCatalogEntry(onlyIfNewer: Bool) -> String {
        """
        INSERT INTO catalog_entries (catalog_key, locale, file, variant, content_size, settings_id, text_sha256,
                                     allowed_lines, recorded_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
        ON CONFLICT (catalog_key, locale, file, variant, content_size) DO UPDATE SET
            settings_id = excluded.settings_id, text_sha256 = excluded.text_sha256,
            allowed_lines = excluded.allowed_lines, recorded_at = excluded.recorded_at
        """
            + (onlyIfNewer
                ? " WHERE excluded.recorded_at > catalog_entries.recorded_at"
                : """
                 WHERE catalog_entries.settings_id != excluded.settings_id
                    OR catalog_entries.text_sha256 != excluded.text_sha256
                    OR catalog_entries.allowed_lines IS NOT excluded.allowed_lines
                """)
    }

    /// Binds a catalog entry's primary key — key, locale, file, variant, content size — to parameters 1…5, the order
    /// every catalog statement uses.
    static func bind(_ identity: CatalogEntryIdentity, to statement: SQLiteStatement) throws(SQLiteError) {
        try statement.bind(identity.key, at: 1)
        try statement.bind(identity.locale, at: 2)
        try statement.bind(identity.file, at: 3)
        try statement.bind(identity.variant, at: 4)
        try statement.bind(identity.contentSize, at: 5)
    }

    /// Records where each catalog entry's size is, replacing an entry's earlier record when its text, settings or line
    /// allowance changed, all in one transaction.
    /// - Throws: `SizeStoreError`; nothing is recorded then.
    public func recordCatalogEntries(_ records: [CatalogEntryRecord], at time: Int64? = nil) throws(SizeStoreError) {
        guard !records.isEmpty else { return }
        let time = time ?? SizeQueries.now()
        try withWriter { connection in
            try connection.inTransaction(.immediate) {
                let statement = try connection.cachedStatement(Self.upsertCatalogEntry(onlyIfNewer: false))
                for record in records {
                    try statement.withReset { statement throws in
                        try Self.bind(record.identity, to: statement)
                        try statement.bind(record.settings.rawValue, at: 6)
                        try record.text.withUTF8Bytes { bytes in try statement.bind(SHA256.hash(bytes), at: 7) }
                        if let allowed = record.allowedLines {
                            try statement.bind(allowed, at: 8)
                        } else {
                            try statement.bindNull(at: 8)
                        }
                        try statement.bind(time, at: 9)
                        try statement.run()
                    }
                }
            }
        }
    }

    /// Removes the records of the catalog files `files` (a record's file is the path, or `path#table`) that are not
    /// in `kept`: what a run over those files did not measure any more (a deleted key or variant, a content size no
    /// longer asked for), so that `catalogEntries(key:)` never answers with a size the catalog no longer has. Files
    /// not in `files` (not part of the run, or unreadable in it) keep their records, and so do records `belongs`
    /// rejects (a sharded run prunes only its own shard's records). Returns how many were removed.
    @discardableResult
    public func pruneCatalogEntries(
        files: Set<String>, keeping kept: Set<CatalogEntryIdentity>,
        where belongs: (CatalogEntryIdentity) -> Bool = { _ in true }
    )
        throws(SizeStoreError) -> Int
    {
        func inRun(_ file: String) -> Bool {
            if files.contains(file) { return true }
            guard let hash = file.lastIndex(of: "#") else { return false }
            return files.contains(String(file[..<hash]))
        }
        return try withWriter { connection in
            try connection.inTransaction(.immediate) {
                let select = try connection.prepare(
                    """
                    SELECT catalog_key, locale, file, variant, content_size FROM catalog_entries
                    """)
                let stale: [CatalogEntryIdentity] = try select.withReset { statement throws in
                    var stale: [CatalogEntryIdentity] = []
                    while try statement.step() {
                        let identity = CatalogEntryIdentity(
                            key: statement.text(at: 0), locale: statement.text(at: 1), file: statement.text(at: 2),
                            variant: statement.text(at: 3), contentSize: statement.text(at: 4))
                        if inRun(identity.file) && !kept.contains(identity) && belongs(identity) {
                            stale.append(identity)
                        }
                    }
                    return stale
                }
                let delete = try connection.cachedStatement(
                    """
                    DELETE FROM catalog_entries
                    WHERE catalog_key = ?1 AND locale = ?2 AND file = ?3 AND variant = ?4 AND content_size = ?5
                    """)
                for identity in stale {
                    try delete.withReset { statement throws in
                        try Self.bind(identity, to: statement)
                        try statement.run()
                    }
                }
                return stale.count
            }
        }
    }

    /// The catalog entries recorded for `key` (in `locale` only, when given), ordered by locale, file, variant and
    /// content size, each with its stored size; corrupt entries are skipped (`validatedCatalogEntries` returns them
    /// too).
    public func catalogEntries(key: String, locale: String? = nil) throws(SizeStoreError) -> [StoredCatalogEntry] {
        try validatedCatalogEntries(key: key, locale: locale).rows
    }

    /// The catalog entries recorded for `key` (in `locale` only, when given), ordered by locale, file, variant and
    /// content size, each with its stored size: the valid ones, and those that failed validation — a damaged entry
    /// row (`CatalogEntryRow.read`), a result row whose size or text is damaged (`StoredSize.read`), or settings
    /// whose point size or width is not a length (`StoredSize.maximumLength`).
    public func validatedCatalogEntries(key: String, locale: String? = nil) throws(SizeStoreError)
        -> ValidatedRows<StoredCatalogEntry>
    {
        try withReader { connection in
            let statement = try connection.cachedStatement(
                """
                SELECT \(CatalogEntryRow.columns),
                       r.text, r.width, r.height, r.line_count, s.point_size, s.max_width, r.text_sha256 IS NOT NULL
                FROM catalog_entries c
                JOIN settings s ON s.id = c.settings_id
                LEFT JOIN results r ON r.settings_id = c.settings_id AND r.text_sha256 = c.text_sha256
                WHERE c.catalog_key = ?1 AND (?2 IS NULL OR c.locale = ?2)
                ORDER BY c.locale, c.file, c.variant, c.content_size
                """)
            return try statement.withReset { statement throws in
                try statement.bind(key, at: 1)
                if let locale { try statement.bind(locale, at: 2) } else { try statement.bindNull(at: 2) }
                var rows = ValidatedRows<StoredCatalogEntry>()
                while try statement.step() {
                    switch Self.catalogEntry(from: statement) {
                    case .success(let entry): rows.rows.append(entry)
                    case .failure(let corrupt): rows.corrupt.append(corrupt)
                    }
                }
                return rows
            }
        }
    }

    /// The entry of a `validatedCatalogEntries` row: `CatalogEntryRow.columns`, then the result's text, width,
    /// height and line count, the settings' point size and width, and whether the result row exists.
    private static func catalogEntry(from statement: SQLiteStatement) -> Result<StoredCatalogEntry, CorruptRow> {
        let row: CatalogEntryRow
        switch CatalogEntryRow.read(from: statement) {
        case .success(let read): row = read
        case .failure(let corrupt): return .failure(corrupt)
        }
        func corrupt(_ reason: String) -> Result<StoredCatalogEntry, CorruptRow> {
            .failure(CorruptRow(table: "catalog_entries", key: CatalogEntryRow.describe(row.identity), reason: reason))
        }
        let hasResult = statement.int64(at: 15) != 0
        let textType = statement.storageClass(at: 9)
        let lengthTypes = [statement.storageClass(at: 13), statement.storageClass(at: 14)]
        var size: StoredSize?
        if hasResult {
            guard textType == .text else { return corrupt("its result's text is \(textType)") }
            switch StoredSize.read(from: statement, at: 10) {
            case .success(let read): size = read
            case .failure(let problem): return corrupt("its stored size is corrupt: \(problem.reason)")
            }
        }
        for (index, name) in ["point_size", "max_width"].enumerated() {
            guard lengthTypes[index] == .real || lengthTypes[index] == .integer else {
                return corrupt("its settings' \(name) is \(lengthTypes[index])")
            }
            let value = statement.double(at: 13 + Int32(index))
            guard value >= 0, value <= StoredSize.maximumLength else {
                return corrupt("its settings' \(name) is \(value), outside 0…\(Int(StoredSize.maximumLength))")
            }
        }
        let record = CatalogEntryRecord(
            key: row.identity.key, locale: row.identity.locale, file: row.identity.file,
            variant: row.identity.variant, contentSize: row.identity.contentSize, settings: row.settings,
            text: hasResult ? statement.text(at: 9) : "", allowedLines: row.allowedLines)
        return .success(
            StoredCatalogEntry(
                record: record, size: size, pointSize: statement.double(at: 13),
                maxWidth: statement.double(at: 14), recordedAt: row.recordedAt))
    }
}
