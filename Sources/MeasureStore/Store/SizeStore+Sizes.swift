extension SizeStore {
    /// Stores `sizes[i]` as the size of `texts[i]` with `settings`, all in one transaction: either every row is
    /// stored or, on any error, none is. A text already stored is replaced (its newer measurement wins), a corrupt
    /// row included. A size that is not valid (`StoredSize.problem`: not finite, negative, or beyond
    /// `StoredSize.maximumLength` or `maximumLineCount`) is left out, since readers would take it for a corrupt row.
    /// - Parameters:
    ///   - texts: The texts.
    ///   - sizes: One size per text.
    ///   - settings: A settings row of this store (`register`).
    ///   - measuredAt: Milliseconds since 1970 UTC; default now.
    /// - Throws: `SizeStoreError` (`.diskFull`, `.readOnly`, `.busy`, …); the transaction is rolled back.
    /// - Complexity: O(n log N) for n texts into a store of N rows; one commit per call.
    public func put(
        _ texts: [String], sizes: [StoredSize], in settings: SettingsID,
        measuredAt: Int64? = nil
    ) throws(SizeStoreError) {
        try store(texts, sizes: sizes, in: settings, measuredAt: measuredAt)
    }

    /// `put(_:sizes:in:measuredAt:)` for texts given as UTF-8 bytes (stored and keyed as they are).
    public func put(
        utf8 texts: [ArraySlice<UInt8>], sizes: [StoredSize], in settings: SettingsID,
        measuredAt: Int64? = nil
    ) throws(SizeStoreError) {
        try store(texts, sizes: sizes, in: settings, measuredAt: measuredAt)
    }

    /// The stored size of `text` with `settings`, or nil — also when the stored row is corrupt (`StoredSize.read`):
    /// the caller measures the text again and `put` replaces the row.
    /// - Complexity: One SHA-256 of the text and one B-tree probe, O(log N).
    public func get(_ text: String, in settings: SettingsID) throws(SizeStoreError) -> StoredSize? {
        try storedSizes([text], in: settings)[0]
    }

    /// The stored size of the text with UTF-8 bytes `text`, or nil.
    public func get(utf8 text: ArraySlice<UInt8>, in settings: SettingsID) throws(SizeStoreError) -> StoredSize? {
        try storedSizes([text], in: settings)[0]
    }

    /// The stored sizes of `texts` with `settings`, in order, nil for each one not stored; read in one transaction.
    public func get(_ texts: [String], in settings: SettingsID) throws(SizeStoreError) -> [StoredSize?] {
        try storedSizes(texts, in: settings)
    }

    /// `get(_:in:)` for texts given as UTF-8 bytes.
    public func get(utf8 texts: [ArraySlice<UInt8>], in settings: SettingsID) throws(SizeStoreError)
        -> [StoredSize?]
    {
        try storedSizes(texts, in: settings)
    }

    /// The indices of the `texts` that have no stored size with `settings`, ascending: what is left to measure.
    public func missing(from texts: [String], in settings: SettingsID) throws(SizeStoreError) -> [Int] {
        let sizes = try storedSizes(texts, in: settings)
        return sizes.indices.filter { sizes[$0] == nil }
    }

    /// `missing(from:in:)` for texts given as UTF-8 bytes.
    public func missing(fromUTF8 texts: [ArraySlice<UInt8>], in settings: SettingsID) throws(SizeStoreError) -> [Int] {
        let sizes = try storedSizes(texts, in: settings)
        return sizes.indices.filter { sizes[$0] == nil }
    }

    /// The generic core of `put`, for the package's memoizing measurer.
    package func store<Text: StoreText>(
        _ texts: [Text], sizes: [StoredSize], in settings: SettingsID,
        measuredAt: Int64? = nil
    ) throws(SizeStoreError) {
        precondition(texts.count == sizes.count, "put needs one size per text")
        guard !texts.isEmpty else { return }
        let time = measuredAt ?? SizeQueries.now()
        try withWriter { connection in
            try connection.inTransaction(.immediate) {
                try SizeQueries.put(texts, sizes: sizes, in: settings, measuredAt: time, on: connection)
            }
        }
    }

    /// The generic core of `get`, for the package's memoizing measurer.
    package func storedSizes<Text: StoreText>(_ texts: [Text], in settings: SettingsID) throws(SizeStoreError)
        -> [StoredSize?]
    {
        try withReader { connection in try SizeQueries.sizes(of: texts, in: settings, on: connection) }
    }
}
