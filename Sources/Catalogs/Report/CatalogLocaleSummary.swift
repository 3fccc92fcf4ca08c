/// The counts of one locale in a catalog run: the per-locale line of every report's summary.
public struct CatalogLocaleSummary: Sendable, Hashable {
    /// The BCP 47 tag as the entries carry it (empty when the locale is not known).
    public var locale: String
    /// Measured rows (one per entry, variant and content size).
    public var entries: Int
    /// Measured rows that need more lines than they may have.
    public var overflowing: Int
    /// Entries of this locale the parsers skipped.
    public var skipped: Int
    /// Entries of this locale that could not be measured.
    public var failed: Int
    /// A locale `--pseudo` generated (reports mark it: `en-XA (pseudo)`).
    public var pseudo: Bool = false

    /// A summary; each parameter sets the property of the same name.
    public init(locale: String, entries: Int = 0, overflowing: Int = 0, skipped: Int = 0, failed: Int = 0) {
        self.locale = locale
        self.entries = entries
        self.overflowing = overflowing
        self.skipped = skipped
        self.failed = failed
    }
}
