/// One row of a width budget (`measure catalog --budget`): how wide a label must be for one key, variant and
/// content size so that every translation fits its allowed lines, and which translation sets that width.
///
/// A designer reads it as "`button.refund` needs 119 pt (de) at L". The translations of a row are every measured
/// entry of the catalog group with that key and variant at that content size: every locale, the source locale and
/// pseudo locales included.
public struct BudgetRow: Sendable, Hashable {
    /// The catalog group (`CatalogSource.group`: the path with its locale folder as `*`, or the file).
    public var catalog: String
    /// The key.
    public var key: String
    /// The variant (`plural.one`); empty for a plain string.
    public var variant: String
    /// The content size (`L`, `AX3`); nil when the size was given in points.
    public var contentSize: String?
    /// The font size of the translation that sets the width.
    public var pointSize: Double
    /// The lines that translation may take; nil when unlimited (`--max-lines 0`).
    public var allowedLines: Int?
    /// The least width (points, exact) at which the widest translation fits its allowed lines without a word
    /// broken between its characters (with unlimited lines: its widest word); nil when some translation cannot fit
    /// at any width (its hard line breaks alone need more lines than it may have) or none could be measured.
    public var neededWidth: Double?
    /// The locale of the translation that sets `neededWidth` (nil when none could be measured).
    public var locale: String?
    /// Set when that translation is a generated pseudo-localization.
    public var pseudo: PseudoLocale?
    /// That translation as measured: placeholders expanded.
    public var text: String?
    /// The source locale's needed width for the same key, variant and content size (its nearest variant where the
    /// source lacks this one, as for `MeasuredEntry.sourceWidth`); nil when there is no source text or it cannot fit.
    public var sourceNeededWidth: Double?
    /// How many translations were compared.
    public var translations: Int
    /// Locales whose translation of this key and variant could not be measured (missing fonts or glyphs): the row's
    /// width does not cover them. Their entries are in the report's `failed` list.
    public var failedLocales: [String]

    /// A row; each parameter sets the property of the same name.
    public init(
        catalog: String, key: String, variant: String, contentSize: String?, pointSize: Double,
        allowedLines: Int?, neededWidth: Double?, locale: String?, pseudo: PseudoLocale? = nil,
        text: String?, sourceNeededWidth: Double?, translations: Int, failedLocales: [String] = []
    ) {
        self.catalog = catalog
        self.key = key
        self.variant = variant
        self.contentSize = contentSize
        self.pointSize = pointSize
        self.allowedLines = allowedLines
        self.neededWidth = neededWidth
        self.locale = locale
        self.pseudo = pseudo
        self.text = text
        self.sourceNeededWidth = sourceNeededWidth
        self.translations = translations
        self.failedLocales = failedLocales
    }
}
