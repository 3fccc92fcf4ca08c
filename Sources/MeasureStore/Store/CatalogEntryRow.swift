import Cache

/// A `catalog_entries` row as read, after validation: what `merge` copies and `catalogEntries(key:locale:)` starts
/// from.
struct CatalogEntryRow {
    var identity: CatalogEntryIdentity
    var settings: SettingsID
    var textDigest: SHA256Digest
    var allowedLines: Int?
    var recordedAt: Int64

    /// The row's own columns, in the order `read(from:)` expects them first (for a query on `catalog_entries c`).
    static let columns = """
        c.catalog_key, c.locale, c.file, c.variant, c.content_size, c.settings_id, c.text_sha256, c.allowed_lines,
        c.recorded_at
        """

    /// The row `statement` is on (its first columns are `columns`), or why it is corrupt: key columns that are not
    /// text, a settings id that is not an integer, a text digest that is not 32 bytes, a line allowance that is not
    /// NULL or an integer of 0 or more, a time that is not an integer.
    static func read(from statement: SQLiteStatement) -> Result<CatalogEntryRow, CorruptRow> {
        let names = ["catalog_key", "locale", "file", "variant", "content_size"]
        // Every storage class before any value (reading a value may convert it).
        let keyTypes = (0..<Int32(names.count)).map { statement.storageClass(at: $0) }
        let settingsType = statement.storageClass(at: 5)
        let digestType = statement.storageClass(at: 6)
        let allowedType = statement.storageClass(at: 7)
        let timeType = statement.storageClass(at: 8)
        let identity = CatalogEntryIdentity(
            key: statement.text(at: 0), locale: statement.text(at: 1),
            file: statement.text(at: 2), variant: statement.text(at: 3),
            contentSize: statement.text(at: 4))
        func corrupt(_ reason: String) -> Result<CatalogEntryRow, CorruptRow> {
            .failure(CorruptRow(table: "catalog_entries", key: describe(identity), reason: reason))
        }
        if let bad = keyTypes.firstIndex(where: { $0 != .text }) { return corrupt("\(names[bad]) is \(keyTypes[bad])") }
        guard settingsType == .integer else { return corrupt("settings_id is \(settingsType)") }
        guard digestType == .blob, let digest = statement.digest(at: 6) else {
            return corrupt(digestType == .blob ? "text_sha256 is not 32 bytes" : "text_sha256 is \(digestType)")
        }
        var allowed: Int?
        switch allowedType {
        case .null: allowed = nil
        case .integer:
            let value = statement.int64(at: 7)
            guard value >= 0, value <= Int64(StoredSize.maximumLineCount) else {
                return corrupt("allowed_lines is \(value), outside 0…\(StoredSize.maximumLineCount)")
            }
            allowed = Int(value)
        default: return corrupt("allowed_lines is \(allowedType)")
        }
        guard timeType == .integer else { return corrupt("recorded_at is \(timeType)") }
        return .success(
            CatalogEntryRow(
                identity: identity, settings: SettingsID(rawValue: statement.int64(at: 5)),
                textDigest: digest, allowedLines: allowed,
                recordedAt: statement.int64(at: 8)))
    }

    /// `key "buy" (locale "de", file "Localizable.strings", variant "one", content size "L")`, for messages.
    static func describe(_ identity: CatalogEntryIdentity) -> String {
        var text =
            "key \(CorruptRow.quoted(identity.key)) (locale \(CorruptRow.quoted(identity.locale)), "
            + "file \(CorruptRow.quoted(identity.file))"
        if !identity.variant.isEmpty { text += ", variant \(CorruptRow.quoted(identity.variant))" }
        if !identity.contentSize.isEmpty { text += ", content size \(CorruptRow.quoted(identity.contentSize))" }
        return text + ")"
    }
}
