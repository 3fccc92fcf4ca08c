extension SizeStore {
    /// Rows copied per transaction by `merge(from:)`.
    static let mergeBatchSize = 10_000

    /// Copies every settings row (with its fonts and labels) and every result of `source` into this store.
    ///
    /// Settings are matched by digest, fonts by digest and face index, so ids may differ between the files.
    /// **Conflict rule** — when both files hold a result for the same settings and text, the one kept is the greatest
    /// by (`measured_at`, `width`, `height`, `line_count`): the newest measurement wins, and equal times fall back to
    /// the larger size so that the outcome never depends on the order of merging. Merging is therefore idempotent
    /// (merging the same source again changes nothing), commutative and associative. Differing sizes for one key are
    /// counted as conflicts: with the engine version in the key they point at a bug, and `measure db verify` can tell
    /// which is right.
    ///
    /// The source is read in pages; each page is written in one transaction, so an interrupted merge leaves whole
    /// pages and can simply be run again.
    /// - Throws: `SizeStoreError` of either store.
    public func merge(from source: SizeStore) throws(SizeStoreError) -> MergeReport {
        var report = MergeReport()
        var ids: [SettingsID: SettingsID] = [:]
        let settings = try source.allSettings()
        for row in settings {
            guard let key = row.key, row.isConsistent else {
                throw .notASizeStore(path: source.path, reason: "settings row \(row.id) does not match its digest")
            }
            // A font already known here keeps its local path; the source's paths are another machine's.
            var mapped = try register(key, fonts: row.fonts, labels: SettingsLabels(), updatingFontPaths: false)
            for labels in row.labels {
                mapped = try register(key, fonts: row.fonts, labels: labels, updatingFontPaths: false)
            }
            ids[row.id] = mapped
        }
        report.settings = settings.count
        var cursor: ResultCursor?
        while true {
            let page = try source.results(after: cursor, limit: Self.mergeBatchSize)
            guard let last = page.last else { break }
            cursor = ResultCursor(after: last)
            report.results += page.count
            let counts = try withWriter { connection in
                try connection.inTransaction(.immediate) {
                    try Self.mergePage(page, ids: ids, on: connection)
                }
            }
            report.added += counts.added
            report.identical += counts.identical
            report.conflicts += counts.conflicts
            report.conflictsReplaced += counts.conflictsReplaced
        }
        (report.catalogEntries, report.catalogEntriesWritten) = try mergeCatalogEntries(from: source, ids: ids)
        return report
    }

    /// Copies the source's catalog entries (schema 2) with their settings ids mapped; where both files record the
    /// same entry, the later `recorded_at` wins (ties keep the destination's), so merging stays idempotent. Returns
    /// how many the source had.
    private func mergeCatalogEntries(from source: SizeStore, ids: [SettingsID: SettingsID]) throws(SizeStoreError)
        -> (had: Int, written: Int)
    {
        typealias Row = (key: String, locale: String, file: String, variant: String, contentSize: String,
                         settings: SettingsID, digest: SHA256Digest, allowed: Int?, recordedAt: Int64)
        let rows: [Row] = try source.withReader { connection in
            let statement = try connection.prepare("""
                SELECT catalog_key, locale, file, variant, content_size, settings_id, text_sha256, allowed_lines,
                       recorded_at FROM catalog_entries
                """)
            return try statement.withReset { statement throws in
                var rows: [Row] = []
                while try statement.step() {
                    guard let digest = statement.digest(at: 6) else { continue }
                    rows.append((statement.text(at: 0), statement.text(at: 1), statement.text(at: 2),
                                 statement.text(at: 3), statement.text(at: 4),
                                 SettingsID(rawValue: statement.int64(at: 5)), digest,
                                 statement.isNull(at: 7) ? nil : statement.int(at: 7), statement.int64(at: 8)))
                }
                return rows
            }
        }
        guard !rows.isEmpty else { return (0, 0) }
        if let orphan = rows.first(where: { ids[$0.settings] == nil }) {
            throw .notASizeStore(path: source.path, reason: "catalog entry \"\(orphan.key)\" (\(orphan.locale)) "
                + "refers to settings row \(orphan.settings.rawValue), which does not exist")
        }
        let written = try withWriter { connection in
            try connection.inTransaction(.immediate) {
                let upsert = try connection.cachedStatement(Self.upsertCatalogEntry(onlyIfNewer: true))
                var written = 0
                for row in rows {
                    // Checked above: every row's settings row was registered.
                    let settings = ids[row.settings]!
                    try upsert.withReset { statement throws in
                        try Self.bind(CatalogEntryIdentity(key: row.key, locale: row.locale, file: row.file,
                                                           variant: row.variant, contentSize: row.contentSize),
                                      to: statement)
                        try statement.bind(settings.rawValue, at: 6)
                        try statement.bind(row.digest, at: 7)
                        if let allowed = row.allowed { try statement.bind(allowed, at: 8) } else { try statement.bindNull(at: 8) }
                        try statement.bind(row.recordedAt, at: 9)
                        try statement.run()
                    }
                    // 1 when the row was added or replaced, 0 when this file's record was as new or newer.
                    written += connection.changes
                }
                return written
            }
        }
        return (rows.count, written)
    }

    private static func mergePage(_ page: [StoredResult], ids: [SettingsID: SettingsID],
                                  on connection: SQLiteConnection) throws -> MergeReport {
        var counts = MergeReport()
        let select = try connection.cachedStatement("""
            SELECT width, height, line_count, measured_at FROM results WHERE settings_id = ?1 AND text_sha256 = ?2
            """)
        let upsert = try connection.cachedStatement(SizeQueries.upsertSize)
        for row in page {
            guard let settings = ids[row.settings] else {
                preconditionFailure("every result's settings row was registered first")
            }
            let existing = try select.withReset { statement throws -> (StoredSize, Int64)? in
                try statement.bind(settings.rawValue, at: 1)
                try statement.bind(row.textDigest, at: 2)
                guard try statement.step() else { return nil }
                return (StoredSize(width: statement.double(at: 0), height: statement.double(at: 1),
                                   lineCount: statement.int(at: 2)), statement.int64(at: 3))
            }
            var write = true
            if let (size, measuredAt) = existing {
                let incomingWins = Self.ordering(row.measuredAt, row.size) > Self.ordering(measuredAt, size)
                if size == row.size {
                    counts.identical += 1
                } else {
                    counts.conflicts += 1
                    if incomingWins { counts.conflictsReplaced += 1 }
                }
                write = incomingWins
            } else {
                counts.added += 1
            }
            guard write else { continue }
            try upsert.withReset { statement throws in
                try statement.bind(settings.rawValue, at: 1)
                try statement.bind(row.textDigest, at: 2)
                try row.storedBytes.withUnsafeBytes { bytes throws in try statement.bind(utf8: bytes, at: 3) }
                try statement.bind(row.size.width, at: 4)
                try statement.bind(row.size.height, at: 5)
                try statement.bind(row.size.lineCount, at: 6)
                try statement.bind(row.measuredAt, at: 7)
                try statement.run()
            }
        }
        return counts
    }

    /// The conflict rule's order: later measurement first, then larger width, height, line count.
    private static func ordering(_ measuredAt: Int64, _ size: StoredSize) -> MergeOrder {
        MergeOrder(measuredAt: measuredAt, width: size.width, height: size.height, lineCount: size.lineCount)
    }
}

private struct MergeOrder: Comparable {
    var measuredAt: Int64
    var width: Double
    var height: Double
    var lineCount: Int

    static func < (a: MergeOrder, b: MergeOrder) -> Bool {
        (a.measuredAt, a.width, a.height, a.lineCount) < (b.measuredAt, b.width, b.height, b.lineCount)
    }
}
