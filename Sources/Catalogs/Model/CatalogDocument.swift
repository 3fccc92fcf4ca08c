/// What a parser makes of one file: its entries in file order, and what it skipped.
public struct CatalogDocument: Sendable {
    public var format: CatalogFormat
    /// The file's source (development) language where the file says (xcstrings `sourceLanguage`, XLIFF
    /// `source-language`), else nil.
    public var sourceLocale: String?
    public var entries: [CatalogEntry]
    public var skipped: [SkippedEntry]

    public init(format: CatalogFormat, sourceLocale: String? = nil, entries: [CatalogEntry] = [],
                skipped: [SkippedEntry] = []) {
        self.format = format
        self.sourceLocale = sourceLocale
        self.entries = entries
        self.skipped = skipped
    }
}
