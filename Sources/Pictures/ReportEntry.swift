import Catalogs
import Measure

/// One measured entry of a `CatalogHTMLReport`: the entry, its drawn layout, and its source-language counterpart's.
public struct ReportEntry: Sendable {
    public var measured: MeasuredEntry
    /// The measured text as drawn (the measurer's lines and glyphs).
    public var layout: DrawnLayout
    /// The source-language text as drawn, in its own box (same constraint); nil for the source locale itself or
    /// when there is no counterpart.
    public var source: DrawnLayout?
    /// The source locale, for the caption.
    public var sourceLocale: String?
    /// Entries with the same `sourceKey` (and allowance) share one drawing of their source (defined once in the page):
    /// the key names the source entry and the box it is laid out in.
    public var sourceKey: String?

    public init(
        measured: MeasuredEntry, layout: DrawnLayout, source: DrawnLayout? = nil, sourceLocale: String? = nil,
        sourceKey: String? = nil
    ) {
        self.measured = measured
        self.layout = layout
        self.source = source
        self.sourceLocale = sourceLocale
        self.sourceKey = sourceKey
    }

    /// Lines beyond the allowance (0 when it fits).
    public var linesOver: Int {
        let allowed = measured.constraint.allowedLines(for: measured.measuredText)
        return allowed == Int.max ? 0 : max(0, measured.lines - allowed)
    }
}
