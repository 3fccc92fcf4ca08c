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
    /// **Corrupt rows are skipped, never copied**, and counted in the report (`MergeReport.corrupt`): results that
    /// fail validation (`StoredSize.problem`, `ResultPage`), settings rows that do not match their digest (with their
    /// results), and damaged catalog entries. A corrupt row of *this* store is replaced by the source's valid row for
    /// the same key (counted as added).
    ///
    /// The source is read in pages; each page is written in one transaction, so an interrupted merge leaves whole
    /// pages and can simply be run again.
    /// - Throws: `SizeStoreError` of either store.
    public func merge(from source: SizeStore) throws(SizeStoreError) -> MergeReport {
        var report = MergeReport()
        var ids: [SettingsID: SettingsID] = [:]
        for row in try source.allSettings() {
            guard let key = row.key, row.corruption == nil else {
                if let corruption = row.corruption { report.corrupt.add(corruption) }
                continue
            }
            // A font already known here keeps its local path; the source's paths are another machine's.
            var mapped = try register(key, fonts: row.fonts, labels: SettingsLabels(), updatingFontPaths: false)
            for labels in row.labels {
                mapped = try register(key, fonts: row.fonts, labels: labels, updatingFontPaths: false)
            }
            ids[row.id] = mapped
            report.settings += 1
        }
        var cursor: ResultCursor?
        repeat {
            let page = try source.resultPage(after: cursor, limit: Self.mergeBatchSize)
            cursor = page.next
            report.corrupt.add(contentsOf: page.corrupt)
            var copied: [StoredResult] = []
            for row in page.results {
                if ids[row.settings] != nil {
                    copied.append(row)
                } else {
                    report.corrupt.add(CorruptRow.underCorruptSettings(row.settings, text: row.text))
                }
            }
            report.results += copied.count
            guard !copied.isEmpty else { continue }
            let counts = try withWriter { connection in
                try connection.inTransaction(.immediate) {
                    try Self.mergePage(copied, ids: ids, on: connection)
                }
            }
            report.added += counts.added
            report.identical += counts.identical
            report.conflicts += counts.conflicts
            report.conflictsReplaced += counts.conflictsReplaced
        } while cursor != nil
        let catalog = try mergeCatalogEntries(from: source, ids: ids)
        report.catalogEntries = catalog.had
        report.catalogEntriesWritten = catalog.written
        report.corrupt.add(catalog.corrupt)
        return report
    }

    /// Copies the source's valid catalog entries (schema 2) with their settings ids mapped; where both files record
    /// the same entry, the later `recorded_at` wins (ties keep the destination's), so merging stays idempotent.
    /// Returns how many valid entries the source had, how many were written, and the corrupt ones skipped (damaged
    /// rows, and entries whose settings row is missing or was skipped).
    private func mergeCatalogEntries(from source: SizeStore, ids: [SettingsID: SettingsID]) throws(SizeStoreError)
        -> (had: Int, written: Int, corrupt: CorruptRows)
    {
        let (rows, corrupt): ([(CatalogEntryRow, SettingsID)], CorruptRows) = try source.withReader { connection in
            let statement = try connection.prepare("SELECT \(CatalogEntryRow.columns) FROM catalog_entries c")
            return try statement.withReset { statement throws in
                var rows: [(CatalogEntryRow, SettingsID)] = []
                var corrupt = CorruptRows()
                while try statement.step() {
                    switch CatalogEntryRow.read(from: statement) {
                    case .success(let row):
                        if let mapped = ids[row.settings] {
                            rows.append((row, mapped))
                        } else {
                            corrupt.add(
                                CorruptRow(
                                    table: "catalog_entries", key: CatalogEntryRow.describe(row.identity),
                                    reason: "its settings row \(row.settings.rawValue) does not exist or was skipped"))
                        }
                    case .failure(let row):
                        corrupt.add(row)
                    }
                }
                return (rows, corrupt)
            }
        }
        guard !rows.isEmpty else { return (0, 0, corrupt) }
        let written = try withWriter { connection in
            try connection.inTransaction(.immediate) {
                let upsert = try connection.cachedStatement(Self.upsertCatalogEntry(onlyIfNewer: true))
                var written = 0
                for (row, settings) in rows {
                    try upsert.withReset { statement throws in
                        try Self.bind(row.identity, to: statement)
                        try statement.bind(settings.rawValue, at: 6)
                        try statement.bind(row.textDigest, at: 7)
                        if let allowed = row.allowedLines {
                            try statement.bind(allowed, at: 8)
                        } else {
                            try statement.bindNull(at: 8)
                        }
                        try statement.bind(row.recordedAt, at: 9)
                        try statement.run()
                    }
                    // 1 when the row was added or replaced, 0 when this file's record was as new or newer.
                    written += connection.changes
                }
                return written
            }
        }
        return (rows.count, written, corrupt)
    }

    /// Writes a page of valid source results whose settings are all in `ids`; the caller holds a write transaction.
    private static func mergePage(
        _ page: [StoredResult], ids: [SettingsID: SettingsID],
        on connection: SQLiteConnection
    ) throws -> MergeReport {
        var counts = MergeReport()
        let select = try connection.cachedStatement(
            """
            SELECT width, height, line_count, measured_at FROM results WHERE settings_id = ?1 AND text_sha256 = ?2
            """)
        let upsert = try connection.cachedStatement(SizeQueries.upsertSize)
        for row in page {
            guard let settings = ids[row.settings] else { continue }
            let existing = try select.withReset { statement throws -> (StoredSize, Int64)? in
                try statement.bind(settings.rawValue, at: 1)
                try statement.bind(row.textDigest, at: 2)
                guard try statement.step() else { return nil }
                // A corrupt row here counts as absent: the source's valid row replaces it.
                guard case .success(let size) = StoredSize.read(from: statement, at: 0),
                    statement.storageClass(at: 3) == .integer
                else { return nil }
                return (size, statement.int64(at: 3))
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
