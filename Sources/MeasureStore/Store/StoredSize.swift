import Cache

/// A measured size as the store keeps it: fractional points and a line count — the store's copy of `TextSize`
/// (`Cache` knows nothing of the measurer's types).
public struct StoredSize: Sendable, Hashable {
    /// The widest line, in points.
    public var width: Double
    /// The sum of the lines' heights, in points.
    public var height: Double
    /// How many lines.
    public var lineCount: Int

    /// A size; each parameter sets the property of the same name.
    public init(width: Double, height: Double, lineCount: Int) {
        self.width = width
        self.height = height
        self.lineCount = lineCount
    }
}

/// A settings row of one store file (`settings.id`). Ids are local to a file: `merge` maps them by the settings'
/// digest.
public struct SettingsID: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: Int64

    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    public static func < (a: SettingsID, b: SettingsID) -> Bool { a.rawValue < b.rawValue }

    public var description: String { "#\(rawValue)" }
}

/// Labels a settings row can carry so that people and apps can find it by what it is for: a device class
/// ("iphone"), a text style ("body") and a content size ("L"). Empty strings mean "not given". Labels are not part of
/// the settings' identity — they do not change a size — and one settings row may carry several label sets.
public struct SettingsLabels: Sendable, Hashable {
    /// The device class (`iphone`, `ipad`); empty when not given.
    public var deviceClass: String
    /// The Dynamic Type text style (`body`); empty when not given.
    public var textStyle: String
    /// The content size category (`L`, `AX3`); empty when not given.
    public var contentSize: String

    /// A label set; each parameter sets the property of the same name, empty for "not given".
    public init(deviceClass: String = "", textStyle: String = "", contentSize: String = "") {
        self.deviceClass = deviceClass
        self.textStyle = textStyle
        self.contentSize = contentSize
    }

    /// Whether no label is given.
    public var isEmpty: Bool { deviceClass.isEmpty && textStyle.isEmpty && contentSize.isEmpty }

    /// Whether `self` matches `filter`: every label the filter gives is equal.
    public func matches(_ filter: SettingsLabels) -> Bool {
        (filter.deviceClass.isEmpty || filter.deviceClass == deviceClass)
            && (filter.textStyle.isEmpty || filter.textStyle == textStyle)
            && (filter.contentSize.isEmpty || filter.contentSize == contentSize)
    }
}

/// One stored measurement with everything that identifies it, as `results(after:limit:)` and `sample(count:)` return
/// it.
public struct StoredResult: Sendable, Hashable {
    /// The settings it was measured with.
    public var settings: SettingsID
    /// SHA-256 of the text's UTF-8 bytes: with `settings`, the row's key.
    public var textDigest: SHA256Digest
    /// The text.
    public var text: String
    /// The size.
    public var size: StoredSize
    /// When it was measured, in milliseconds since 1970-01-01 UTC.
    public var measuredAt: Int64
    /// The text's bytes exactly as stored (`text` repairs invalid UTF-8; `merge` copies these, so that the digest
    /// stays the digest of the stored text).
    var storedBytes: [UInt8]

    /// A result as written by the store; each parameter sets the property of the same name, and the stored bytes are
    /// `text`'s UTF-8.
    public init(settings: SettingsID, textDigest: SHA256Digest, text: String, size: StoredSize, measuredAt: Int64) {
        self.init(
            settings: settings, textDigest: textDigest, text: text, size: size, measuredAt: measuredAt,
            storedBytes: Array(text.utf8))
    }

    init(
        settings: SettingsID, textDigest: SHA256Digest, text: String, size: StoredSize, measuredAt: Int64,
        storedBytes: [UInt8]
    ) {
        self.settings = settings
        self.textDigest = textDigest
        self.text = text
        self.size = size
        self.measuredAt = measuredAt
        self.storedBytes = storedBytes
    }
}

/// A page position in a walk over every result, in key order (`SizeStore.resultPage(after:limit:)`,
/// `SizeStore.results(after:limit:)`).
public struct ResultCursor: Sendable, Hashable {
    /// The last row's `settings_id` and `text_sha256` exactly as stored (a corrupt row's key may have any type).
    var settings: SQLiteValue
    var textKey: SQLiteValue
}

/// One page of a walk over the results table (`SizeStore.resultPage(after:limit:)`): its valid rows, the rows that
/// failed validation, and where the next page starts.
public struct ResultPage: Sendable, Hashable {
    /// The page's valid results, in key order.
    public var results: [StoredResult]
    /// The page's corrupt rows (see `StoredSize.problem` and `CorruptRow`), never returned as results.
    public var corrupt: [CorruptRow]
    /// Where the next page starts; nil when this page is the last.
    public var next: ResultCursor?
}
