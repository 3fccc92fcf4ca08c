/// Where one catalog entry's size is: the entry's identity (catalog key, locale, file, variant, content size) and the
/// settings and text it was last measured with. `SizeStore.recordCatalogEntries` writes these; the size itself is the
/// `results` row of (settings, text).
public struct CatalogEntryRecord: Sendable, Hashable {
    public var key: String
    public var locale: String
    public var file: String
    /// Empty for a plain string.
    public var variant: String
    /// Empty when the size was not chosen by a content size category.
    public var contentSize: String
    public var settings: SettingsID
    /// The text that was measured (placeholders expanded).
    public var text: String
    /// Lines the entry may take; nil = unlimited.
    public var allowedLines: Int?

    public init(key: String, locale: String, file: String, variant: String, contentSize: String,
                settings: SettingsID, text: String, allowedLines: Int?) {
        self.key = key
        self.locale = locale
        self.file = file
        self.variant = variant
        self.contentSize = contentSize
        self.settings = settings
        self.text = text
        self.allowedLines = allowedLines
    }
}

extension CatalogEntryRecord {
    /// What identifies the record in `catalog_entries` (its primary key).
    public var identity: CatalogEntryIdentity {
        CatalogEntryIdentity(key: key, locale: locale, file: file, variant: variant, contentSize: contentSize)
    }
}

/// The primary key of a catalog entry's record: key, locale, file (with its table), variant, content size.
public struct CatalogEntryIdentity: Sendable, Hashable {
    public var key: String
    public var locale: String
    public var file: String
    public var variant: String
    public var contentSize: String

    public init(key: String, locale: String, file: String, variant: String, contentSize: String) {
        self.key = key
        self.locale = locale
        self.file = file
        self.variant = variant
        self.contentSize = contentSize
    }
}

/// A catalog entry as `SizeStore.catalogEntries(key:locale:)` finds it: the record, its size (nil when the result row
/// is missing, which only a hand-edited file can cause), and the settings' point size and width.
public struct StoredCatalogEntry: Sendable, Hashable {
    public var record: CatalogEntryRecord
    public var size: StoredSize?
    public var pointSize: Double
    public var maxWidth: Double
    /// When the entry's record last changed (text, settings or line allowance), in milliseconds since 1970-01-01 UTC.
    public var recordedAt: Int64
}
