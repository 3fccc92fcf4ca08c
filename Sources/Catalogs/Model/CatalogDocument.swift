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
        // Compared code point by code point (`ExactText`): `café` and `cafe\u{301}` are two keys.
        struct Identity: Hashable {
            var locale: ExactText, table: ExactText?, key: ExactText, variant: ExactText

            init(_ entry: CatalogEntry) {
                locale = ExactText(entry.locale)
                table = entry.table.map(ExactText.init)
                key = ExactText(entry.key)
                variant = ExactText(entry.variant)
            }
        }
        var last: [Identity: Int] = [:]
        for (index, entry) in entries.enumerated() {
            last[Identity(entry)] = index
        }
        guard last.count < entries.count else { return }
        var kept: [CatalogEntry] = []
        kept.reserveCapacity(last.count)
        for (index, entry) in entries.enumerated() {
            let identity = Identity(entry)
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
