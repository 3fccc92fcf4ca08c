import Catalogs
import Locking
import Measure

/// Lays out catalog entries for drawing (`measure catalog --report`): each entry's measured text in the same fonts,
/// language, size, width and attributes the run measured it with, through `MeasureSession.drawnLayout`, so a picture
/// shows exactly the lines and glyphs the measurer produced.
///
/// Thread-safe: measurers are made once per distinct setting and each call makes its own session.
public final class CatalogEntryDrawer: Sendable {
    private let options: CatalogRunOptions
    private let fonts: CatalogFontResolver
    private let measurers = Locked<[DrawingKey: TextMeasurer]>([:])
    /// Sessions not in use, per measurer: a session is taken for one layout and given back, so each thread reuses
    /// one (making a session builds its engine's tables).
    private let idle = Locked<[DrawingKey: [MeasureSession]]>([:])

    /// A drawer for the entries of a run made with `options` (the config already loaded into them), in the fonts
    /// the run measured with: the config's, the platform's and `--font-dir`'s (`CatalogRunOptions.fontResolver`).
    /// - Throws: `CatalogRunError.fontDirectory` when the font folder is no readable folder (the run failed then).
    public init(options: CatalogRunOptions) throws(CatalogRunError) {
        self.options = options
        fonts = try options.fontResolver()
    }

    /// `entry`'s measured text as measured.
    /// - Throws: the font errors of its locale's cascade (such an entry is a failed one and was not measured).
    public func layout(_ entry: MeasuredEntry) throws -> DrawnLayout {
        let source = options.effectiveSourceLocale
        let fontLocale = entry.entry.pseudo?.fontLocale(source: source) ?? entry.entry.locale
        let language = entry.entry.pseudo?.languageLocale(source: source) ?? entry.entry.locale
        return try layout(
            entry.measuredText, fontLocale: fontLocale, language: language,
            constraint: entry.constraint)
    }

    /// `text` as an entry of `locale` under `constraint` would be drawn (a source-language counterpart).
    public func layout(_ text: String, locale: String, constraint: EntryConstraint) throws -> DrawnLayout {
        try layout(text, fontLocale: locale, language: locale, constraint: constraint)
    }

    private func layout(_ text: String, fontLocale: String, language: String, constraint: EntryConstraint) throws
        -> DrawnLayout
    {
        let bold = constraint.textStyle.flatMap { TextStyle(name: $0) } == .headline
        let key = DrawingKey(
            fontLocale: fontLocale, bold: bold, language: CatalogLanguage.tag(for: language),
            pointSize: constraint.pointSize, width: constraint.width,
            attributes: constraint.attributes)
        let measurer: TextMeasurer
        if let known = measurers.withLock({ $0[key] }) {
            measurer = known
        } else {
            let cascade = try fonts.cascade(try fonts.plan(for: fontLocale, bold: bold))
            measurer = TextMeasurer(
                cascade: cascade, pointSize: key.pointSize,
                options: MeasureOptions(
                    maxWidth: key.width, usesFontFeatures: !options.plain,
                    attributes: try CatalogRun.measuringAttributes(key.attributes),
                    language: key.language),
                segmentCacheBytes: 0)
            measurers.withLock { $0[key] = measurer }
        }
        let session = idle.withLock { $0[key]?.popLast() } ?? measurer.makeSession()
        defer { idle.withLock { $0[key, default: []].append(session) } }
        return session.drawnLayout(text)
    }
}

/// What one drawing measurer is made for.
private struct DrawingKey: Hashable, Sendable {
    var fontLocale: String
    var bold: Bool
    var language: String?
    var pointSize: Double
    var width: Double
    var attributes: String?
}
