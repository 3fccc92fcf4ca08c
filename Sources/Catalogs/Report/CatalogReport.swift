/// Everything one `measure catalog` run found: the files, the measured entries, and what was skipped or failed.
public struct CatalogReport: Sendable {
    /// One input file that parsed, with what it held.
    public struct File: Sendable, Hashable {
        /// The file's path, as given or found.
        public var path: String
        /// Its format.
        public var format: CatalogFormat
        /// The locales the file contributed entries to, in first-seen order.
        public var locales: [String]
        /// Entries it held (before content sizes multiply them).
        public var entryCount: Int
        /// Entries its parser skipped.
        public var skippedCount: Int

        /// A file; each parameter sets the property of the same name.
        public init(path: String, format: CatalogFormat, locales: [String], entryCount: Int, skippedCount: Int) {
            self.path = path
            self.format = format
            self.locales = locales
            self.entryCount = entryCount
            self.skippedCount = skippedCount
        }
    }

    /// Whether the run found nothing to read: no file parsed or failed, no entry of any kind — a failed run
    /// (`measure catalog` exits 2), which CI reports say rather than show an empty success.
    public var foundNoCatalog: Bool {
        files.isEmpty && fileErrors.isEmpty && entries.isEmpty && skipped.isEmpty && failed.isEmpty
    }

    /// The files that parsed, in discovery order.
    public var files: [File]
    /// Measured entries, in input order (file, then position in the file, then variant; one per content size).
    public var entries: [MeasuredEntry]
    /// Entries the parsers saw and did not use, with the reason.
    public var skipped: [SkippedEntry]
    /// Entries that parsed but could not be measured (missing fonts or glyphs), with the reason.
    public var failed: [FailedEntry]
    /// Files that could not be used at all.
    public var fileErrors: [CatalogError]
    /// The width budget (`measure catalog --budget`): one row per catalog group, key, variant and content size, in
    /// input order; nil when no budget was asked for.
    public var budget: [BudgetRow]? = nil
    /// The fonts each locale was measured with, one set per distinct cascade.
    public var fontSets: [CatalogFontSet] = []
    /// Warnings every report carries (a platform font measured by a stand-in).
    public var warnings: [String] = []
    /// Each config rule's match count, by rule (entries it applied to, counted once whatever their content sizes;
    /// a `skip` rule's matches were not measured).
    public var ruleMatches: [CatalogRuleMatch] = []
    /// Entries a `skip` rule took out of the run.
    public var skippedByRules: Int = 0
    /// The entries a `skip` rule took out of the run (one per entry, whatever its content sizes): not measured, so a
    /// baseline's records of them are neither new nor fixed (`BaselineComparison`).
    public var entriesSkippedByRules: [CatalogEntry] = []
    /// The comparison with `--baseline`, when one was given.
    public var baseline: BaselineComparison? = nil
    /// The platform preset the run measured with.
    public var platform: String? = nil

    /// A report; each parameter sets the property of the same name, and the rest start empty.
    public init(
        files: [File] = [], entries: [MeasuredEntry] = [], skipped: [SkippedEntry] = [],
        failed: [FailedEntry] = [], fileErrors: [CatalogError] = []
    ) {
        self.files = files
        self.entries = entries
        self.skipped = skipped
        self.failed = failed
        self.fileErrors = fileErrors
    }

    /// How many measured rows need more lines than they may have.
    public var overflowCount: Int { entries.reduce(0) { $0 + ($1.overflows ? 1 : 0) } }
}
