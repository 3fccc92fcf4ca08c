/// One overflow a baseline file accepts: which entry, at which content size, with which text.
///
/// No line or column: a baseline must not go stale when a file's lines move. The text's digest is part of the
/// identity, so a changed translation of a baselined key is a new overflow again (it has to be looked at), and the
/// old record is reported as one that can be removed.
public struct BaselineEntry: Sendable, Hashable, Comparable {
    /// The catalog's path relative to the repository root (`--repo-root`, else the working directory), `/`-separated.
    public var file: String
    /// The table inside a multi-table file (XLIFF `<file original>`), else nil.
    public var table: String?
    /// The entry's locale tag.
    public var locale: String
    /// The entry's key.
    public var key: String
    /// The entry's variant (`plural.one`); empty for a plain string.
    public var variant: String
    /// The content size (`L`, `AX3`) or Android font scale (`×1.3`); empty when the size was given in points.
    public var contentSize: String
    /// `fnv1a64:` and the FNV-1a 64-bit hash of the catalog text (placeholders unexpanded), 16 hex digits.
    public var textDigest: String

    /// A record; each parameter sets the property of the same name.
    public init(
        file: String, table: String? = nil, locale: String, key: String, variant: String,
        contentSize: String, textDigest: String
    ) {
        self.file = file
        self.table = table
        self.locale = locale
        self.key = key
        self.variant = variant
        self.contentSize = contentSize
        self.textDigest = textDigest
    }

    /// The record of `measured`, its file made relative to `root` (see `RelativePath`).
    public init(_ measured: MeasuredEntry, root: String, workingDirectory: String) {
        self.init(
            file: RelativePath.relative(measured.entry.file, to: root, workingDirectory: workingDirectory),
            table: measured.entry.table, locale: measured.entry.locale, key: measured.entry.key,
            variant: measured.entry.variant, contentSize: measured.constraint.contentSize ?? "",
            textDigest: Self.digest(measured.entry.text))
    }

    /// The digest a text is recorded by.
    public static func digest(_ text: String) -> String {
        "fnv1a64:" + StableHash.hex(StableHash.fnv1a64(text.utf8))
    }

    /// The sort order of baseline files: by file, table, locale, key, variant, content size, digest — so that a
    /// new overflow adds one line where its file's other lines are, and diffs stay small.
    /// Equal when every field is, code point by code point (`ExactText`): a record for `café` (U+00E9) does not
    /// accept an overflow of the key `cafe\u{301}`, which is another string on the device.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.exactFields == rhs.exactFields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(exactFields)
    }

    private var exactFields: [ExactText] {
        sortKey.map(ExactText.init) + [ExactText(table == nil ? "" : "table")]
    }

    /// Ordered by the fields' UTF-8 bytes (code points), as `==` compares them: `String`'s `<` calls canonically
    /// equivalent keys equal, which would leave two records that `==` tells apart unordered, and the file's order
    /// would then change from run to run.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.exactFields.lexicographicallyPrecedes(rhs.exactFields) {
            $0.text.utf8.lexicographicallyPrecedes($1.text.utf8)
        }
    }

    private var sortKey: [String] {
        [file, table ?? "", locale, key, variant, contentSize, textDigest]
    }
}
