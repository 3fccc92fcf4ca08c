/// Where one catalog entry's size is: the entry's identity (catalog key, locale, file, variant, content size) and the
/// settings and text it was last measured with. `SizeStore.recordCatalogEntries` writes these; the size itself is the
/// `results` row of (settings, text).
public struct CatalogEntryRecord: Sendable, Hashable {
    /// The catalog key (a gettext key with a context is `msgctxt` U+0004 `msgid`).
    public var key: String
    /// The entry's locale tag (`de`, `zh-Hans`).
    public var locale: String
    /// The catalog file's path, with `#table` for a table inside a multi-table file.
    public var file: String
    /// Empty for a plain string.
    public var variant: String
    /// Empty when the size was not chosen by a content size category.
    public var contentSize: String
    /// The settings row the text was measured under; with the text's digest it names the `results` row of the size.
    public var settings: SettingsID
    /// The text that was measured (placeholders expanded).
    public var text: String
    /// Lines the entry may take; nil = unlimited.
    public var allowedLines: Int?

    /// A record; each parameter sets the property of the same name.
    public init(
        key: String, locale: String, file: String, variant: String, contentSize: String,
        settings: SettingsID, text: String, allowedLines: Int?
    ) {
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
    /// The catalog key.
    public var key: String
    /// The locale tag.
    public var locale: String
    /// The catalog file's path, with `#table` for a table inside a multi-table file.
    public var file: String
    /// The variant (`plural.one`, `device.ipad`); empty for a plain string.
    public var variant: String
    /// The content size (`L`, `AX3`); empty when the size was given in points.
    public var contentSize: String

    /// An identity; each parameter sets the property of the same name.
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
    /// The entry's record: its identity, settings, text and allowed lines.
    public var record: CatalogEntryRecord
    /// Its stored size; nil when the result row is missing.
    public var size: StoredSize?
    /// The point size of its settings.
    public var pointSize: Double
    /// The wrapping width of its settings in points (0 = unconstrained).
    public var maxWidth: Double
    /// When the entry's record last changed (text, settings or line allowance), in milliseconds since 1970-01-01 UTC.
    public var recordedAt: Int64
}
