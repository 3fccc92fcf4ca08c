import Cache

extension SizeStore {
    /// One page of a walk over every result row in key order (settings id, then text digest), after `cursor` (from
    /// the first row when nil): at most `limit` rows, valid and corrupt apart (`StoredSize.problem`, `CorruptRow`).
    /// Each page holds the reader's lock only briefly; continue with `page.next` until it is nil.
    ///
    /// Every row is visited exactly once, corrupt ones included, so a walk always ends and can count what it skipped.
    /// - Complexity: O(limit · log N).
    public func resultPage(after cursor: ResultCursor?, limit: Int) throws(SizeStoreError) -> ResultPage {
        precondition(limit > 0, "a page holds at least one row")
        return try withReader { connection in try SizeQueries.page(after: cursor, limit: limit, on: connection) }
    }

    /// Up to `limit` valid results in key order (settings id, then text digest), after `cursor` (from the first when
    /// nil): a walk over the whole store in pages that each hold the reader's lock only briefly. Pass the last row's
    /// `cursor` to get the next page; an empty page is the end. Corrupt rows are skipped; `resultPage(after:limit:)`
    /// returns them too, and `corruptResults()` counts them.
    public func results(after cursor: ResultCursor?, limit: Int) throws(SizeStoreError) -> [StoredResult] {
        precondition(limit > 0, "a page holds at least one result")
        var results: [StoredResult] = []
        var cursor = cursor
        // Pages until `limit` valid rows or the end: a page of corrupt rows only must not read as the end.
        while results.count < limit {
            let page = try resultPage(after: cursor, limit: limit - results.count)
            results += page.results
            guard let next = page.next else { break }
            cursor = next
        }
        return results
    }

    /// `count` valid results picked at random (all of them if there are fewer); corrupt rows are left out.
    public func sample(count: Int) throws(SizeStoreError) -> [StoredResult] {
        try withReader { connection in
            let statement = try connection.prepare(
                "SELECT \(SizeQueries.resultColumns) FROM results r ORDER BY random() LIMIT ?1")
            return try statement.withReset { statement throws in
                try statement.bind(count, at: 1)
                var rows: [StoredResult] = []
                while try statement.step() {
                    if case .success(let result) = SizeQueries.result(from: statement) { rows.append(result) }
                }
                return rows
            }
        }
    }

    /// Every valid stored result for `text`, one per settings row that has it, by settings id; corrupt rows are
    /// skipped (`validatedResults(for:)` returns them too).
    /// - Complexity: One B-tree probe per settings row.
    public func results(for text: String) throws(SizeStoreError) -> [StoredResult] {
        try validatedResults(for: text).rows
    }

    /// Every stored result row for `text`, one per settings row that has it, by settings id: the valid ones, and
    /// those that failed validation.
    /// - Complexity: One B-tree probe per settings row.
    public func validatedResults(for text: String) throws(SizeStoreError) -> ValidatedRows<StoredResult> {
        try withReader { connection in
            let statement = try connection.cachedStatement(
                """
                SELECT \(SizeQueries.resultColumns)
                FROM settings k JOIN results r ON r.settings_id = k.id AND r.text_sha256 = ?1 ORDER BY k.id
                """)
            return try statement.withReset { statement throws in
                try text.withUTF8Bytes { bytes in try statement.bind(SHA256.hash(bytes), at: 1) }
                var rows = ValidatedRows<StoredResult>()
                while try statement.step() {
                    switch SizeQueries.result(from: statement) {
                    case .success(let result): rows.rows.append(result)
                    case .failure(let corrupt): rows.corrupt.append(corrupt)
                    }
                }
                return rows
            }
        }
    }

    /// The result rows that fail validation (`StoredSize.problem`, and the key, text, time and settings checks of a
    /// full row), counted over the whole table, with the first few as examples (`measure db verify`).
    /// - Complexity: O(N): one pass over the results table, with one SHA-256 per row.
    public func corruptResults() throws(SizeStoreError) -> CorruptRows {
        try withReader { connection in
            let statement = try connection.prepare("SELECT \(SizeQueries.resultColumns) FROM results r")
            return try statement.withReset { statement throws in
                var corrupt = CorruptRows()
                while try statement.step() {
                    if case .failure(let row) = SizeQueries.result(from: statement) { corrupt.add(row) }
                }
                return corrupt
            }
        }
    }
}

extension ResultCursor {
    /// The position just after `result`.
    public init(after result: StoredResult) {
        self.init(
            settings: .integer(result.settings.rawValue),
            textKey: .blob(result.textDigest.withUnsafeBytes { Array($0) }))
    }
}

extension SizeStore {
    /// The catalog entry rows that fail validation (`CatalogEntryRow.read`: key columns that are not text, a settings
    /// id that is not an integer, a text digest that is not 32 bytes, a line allowance that is not NULL or an integer
    /// of 0 or more, a time that is not an integer), counted over the whole table, with the first few as examples.
    /// - Complexity: O(E) for E catalog entries.
    public func corruptCatalogEntries() throws(SizeStoreError) -> CorruptRows {
        try withReader { connection in
            let statement = try connection.prepare("SELECT \(CatalogEntryRow.columns) FROM catalog_entries c")
            return try statement.withReset { statement throws in
                var corrupt = CorruptRows()
                while try statement.step() {
                    if case .failure(let row) = CatalogEntryRow.read(from: statement) { corrupt.add(row) }
                }
                return corrupt
            }
        }
    }
}
