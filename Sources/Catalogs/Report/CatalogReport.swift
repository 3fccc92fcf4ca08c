/// Everything one `measure catalog` run found: the files, the measured entries, and what was skipped or failed.
public struct CatalogReport: Sendable {
    /// One input file that parsed, with what it held.
    public struct File: Sendable, Hashable {
        public var path: String
        public var format: CatalogFormat
        /// The locales the file contributed entries to, in first-seen order.
        public var locales: [String]
        public var entryCount: Int
        public var skippedCount: Int

        public init(path: String, format: CatalogFormat, locales: [String], entryCount: Int, skippedCount: Int) {
            self.path = path
            self.format = format
            self.locales = locales
            self.entryCount = entryCount
            self.skippedCount = skippedCount
        }
    }

    public var files: [File]
    /// Measured entries, in input order (file, then position in the file, then variant; one per content size).
    public var entries: [MeasuredEntry]
    public var skipped: [SkippedEntry]
    public var failed: [FailedEntry]
    /// Files that could not be used at all.
    public var fileErrors: [CatalogError]
    /// The width budget (`measure catalog --budget`): one row per catalog group, key, variant and content size, in
    /// input order; nil when no budget was asked for.
    public var budget: [BudgetRow]? = nil

    public init(files: [File] = [], entries: [MeasuredEntry] = [], skipped: [SkippedEntry] = [],
                failed: [FailedEntry] = [], fileErrors: [CatalogError] = []) {
        self.files = files
        self.entries = entries
        self.skipped = skipped
        self.failed = failed
        self.fileErrors = fileErrors
    }

    public var overflowCount: Int { entries.reduce(0) { $0 + ($1.overflows ? 1 : 0) } }
}
