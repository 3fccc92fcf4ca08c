/// A catalog entry with its size under its constraint: one row of every report.
public struct MeasuredEntry: Sendable, Hashable {
    /// The entry as parsed (its `text` still has its placeholders).
    public var entry: CatalogEntry
    /// The text that was measured: `entry.text` with its placeholders expanded by sample values.
    public var measuredText: String
    /// What it was measured under.
    public var constraint: EntryConstraint
    /// `boundingRect` width in points (the widest line; trailing spaces hang).
    public var width: Double
    /// `boundingRect` height in points (all lines, with the font's line height).
    public var height: Double
    /// How many lines it takes at the constraint's width.
    public var lines: Int
    /// The text's natural width: its widest hard line unwrapped (equal to `width` when it takes one line per hard
    /// break). Growth compares natural widths, because wrapped widths are capped by the box.
    public var naturalWidth: Double
    /// The natural width of the source language's counterpart (same file group, key and variant, or its nearest
    /// variant) in the same font size; nil for the source language itself or when there is no counterpart.
    public var sourceWidth: Double?
    /// True when the size came from the size database instead of being measured in this run.
    public var fromDatabase: Bool
    /// The SARIF level of its overflow the config's rules give (`error`, `warning`, `note`); nil for the default,
    /// `warning`.
    public var level: String? = nil
    /// The index in `CatalogReport.fontSets` of the fonts it was measured with.
    public var fontSet: Int? = nil

    /// A measured entry; each parameter sets the property of the same name.
    public init(
        entry: CatalogEntry, measuredText: String, constraint: EntryConstraint, width: Double, height: Double,
        lines: Int, naturalWidth: Double? = nil, sourceWidth: Double? = nil, fromDatabase: Bool = false
    ) {
        self.entry = entry
        self.measuredText = measuredText
        self.constraint = constraint
        self.width = width
        self.height = height
        self.lines = lines
        self.naturalWidth = naturalWidth ?? width
        self.sourceWidth = sourceWidth
        self.fromDatabase = fromDatabase
    }

    /// The entry needs more lines than it may have (issue 5 item 5).
    public var overflows: Bool { lines > constraint.allowedLines(for: measuredText) }

    /// Natural width against the source language's (1.3 = 30 % wider); nil without a source width or when it is 0.
    public var growth: Double? {
        guard let sourceWidth, sourceWidth > 0 else { return nil }
        return naturalWidth / sourceWidth
    }
}
