extension SizeStore {
    /// Stores `sizes[i]` as the size of `texts[i]` with `settings`, all in one transaction: either every row is
    /// stored or, on any error, none is. A text already stored is replaced (its newer measurement wins).
    /// - Parameters:
    ///   - texts: The texts (`String`, `[UInt8]` or `ArraySlice<UInt8>` of UTF-8).
    ///   - sizes: One size per text.
    ///   - settings: A settings row of this store (`register`).
    ///   - measuredAt: Milliseconds since 1970 UTC; default now.
    /// - Throws: `SizeStoreError` (`.diskFull`, `.readOnly`, `.busy`, …); the transaction is rolled back.
    /// - Complexity: O(n log N) for n texts into a store of N rows; one commit per call.
    public func put<Text: SizeStoreText>(_ texts: [Text], sizes: [StoredSize], in settings: SettingsID,
                                         measuredAt: Int64? = nil) throws(SizeStoreError) {
        precondition(texts.count == sizes.count, "put needs one size per text")
        guard !texts.isEmpty else { return }
        let time = measuredAt ?? SizeQueries.now()
        try withWriter { connection in
            try connection.inTransaction(.immediate) {
                try SizeQueries.put(texts, sizes: sizes, in: settings, measuredAt: time, on: connection)
            }
        }
    }

    /// The stored size of `text` with `settings`, or nil.
    /// - Complexity: One SHA-256 of the text and one B-tree probe, O(log N).
    public func get(_ text: some SizeStoreText, in settings: SettingsID) throws(SizeStoreError) -> StoredSize? {
        try withReader { connection in
            try text.withUTF8Bytes { bytes in try SizeQueries.size(of: bytes, in: settings, on: connection) }
        }
    }

    /// The stored sizes of `texts` with `settings`, in order, nil for each one not stored.
    public func get<Text: SizeStoreText>(_ texts: [Text], in settings: SettingsID) throws(SizeStoreError)
        -> [StoredSize?]
    {
        try withReader { connection in try SizeQueries.sizes(of: texts, in: settings, on: connection) }
    }

    /// The indices of the `texts` that have no stored size with `settings`, ascending: what is left to measure.
    public func missing<Text: SizeStoreText>(from texts: [Text], in settings: SettingsID) throws(SizeStoreError)
        -> [Int]
    {
        let sizes = try get(texts, in: settings)
        return sizes.indices.filter { sizes[$0] == nil }
    }
}
