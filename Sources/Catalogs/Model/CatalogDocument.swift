/// What a parser makes of one file: its entries in file order, and what it skipped.
public struct CatalogDocument: Sendable {
    /// The file's format.
    public var format: CatalogFormat
    /// The file's source (development) language where the file says (xcstrings `sourceLanguage`, XLIFF
    /// `source-language`), else nil.
    public var sourceLocale: String?
    /// The entries, in file order (one per key, locale and variant).
    public var entries: [CatalogEntry]
    /// The entries the parser saw and did not use, with the reason.
    public var skipped: [SkippedEntry]

    /// A document; each parameter sets the property of the same name.
    public init(
        format: CatalogFormat, sourceLocale: String? = nil, entries: [CatalogEntry] = [],
        skipped: [SkippedEntry] = []
    ) {
        self.format = format
        self.sourceLocale = sourceLocale
        self.entries = entries
        self.skipped = skipped
    }

    /// Keeps the last of entries with the same locale, table, key and variant, and records the earlier ones as
    /// skipped (`duplicate …, overridden at line N`).
    mutating func moveEarlierDuplicatesToSkipped() {
        struct Identity: Hashable {
            var locale: String, table: String?, key: String, variant: String
        }
        var last: [Identity: Int] = [:]
        for (index, entry) in entries.enumerated() {
            last[Identity(locale: entry.locale, table: entry.table, key: entry.key, variant: entry.variant)] = index
        }
        guard last.count < entries.count else { return }
        var kept: [CatalogEntry] = []
        kept.reserveCapacity(last.count)
        for (index, entry) in entries.enumerated() {
            let identity = Identity(locale: entry.locale, table: entry.table, key: entry.key, variant: entry.variant)
            if let winner = last[identity], winner != index {
                skipped.append(
                    SkippedEntry(
                        file: entry.file, locale: entry.locale, key: entry.key, variant: entry.variant,
                        position: entry.position,
                        reason: .malformed("duplicate key, overridden at line \(entries[winner].position.line)")))
            } else {
                kept.append(entry)
            }
        }
        entries = kept
    }
}
