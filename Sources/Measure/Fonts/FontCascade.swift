/// A primary font and its fallbacks, in order: each grapheme cluster is measured in the first font that maps all of
/// its scalars, and each line is as tall as the tallest ascent plus the deepest descent among the fonts it uses.
///
/// A character that no font maps takes the primary font's `.notdef` advance, as the reference engines do.
public struct FontCascade: Sendable {
    /// The fonts in fallback order; the first is the primary font. Never empty.
    public let fonts: [Font]

    /// For each script (ISO 15924 code, "Arab"), the index of the font made for it: a cluster of that script takes
    /// this font when it maps the cluster, before the cascade's order is asked (so Bengali punctuation shared with
    /// Devanagari is measured in the Bengali font). Empty for a cascade of given fonts, which is pure order.
    public let scriptFonts: [String: Int]

    /// The most fonts a cascade holds (cluster fonts are bytes; 255 means none).
    public static let maximumCount = 254

    /// A cascade of exactly these fonts, in this order.
    /// - Throws: `FontError.emptyCascade` for an empty list, `.tooManyFonts` past `maximumCount`.
    public init(_ fonts: [Font]) throws(FontError) {
        try self.init(fonts, scriptFonts: [:])
    }

    /// A cascade of these fonts in this order, with the font of each script named (`scriptFonts`).
    public init(_ fonts: [Font], scriptFonts: [String: Int]) throws(FontError) {
        guard !fonts.isEmpty else { throw .emptyCascade }
        guard fonts.count <= Self.maximumCount else {
            throw .tooManyFonts(count: fonts.count, limit: Self.maximumCount)
        }
        self.fonts = fonts
        self.scriptFonts = scriptFonts.filter { $0.value >= 0 && $0.value < fonts.count }
    }

    /// Loads the given font files (path and face index) as a cascade, in order.
    public init(loading sources: [FontSource]) throws(FontError) {
        var fonts: [Font] = []
        for source in sources {
            fonts.append(try Font(path: source.path, faceIndex: source.faceIndex))
        }
        try self.init(fonts)
    }

    /// The primary font.
    public var primary: Font { fonts[0] }

    /// The fonts of the cascade used when no font is given, for the default language: `DefaultCascade.plan(language:
    /// nil)` — DejaVu Sans, Noto Sans CJK SC, the Noto font of every other script, Noto Color Emoji — as fontconfig
    /// found them on first use. When fontconfig finds no DejaVu Sans or Noto Sans CJK SC, the three Debian paths of
    /// those and Noto Color Emoji, so that a count or index into the default cascade still means something;
    /// `loadDefault()` then throws the error that says what to install.
    public static let defaultSources: [FontSource] =
        (try? DefaultCascade.plan(language: nil))?.sources ?? [
            FontSource(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
            FontSource(path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", faceIndex: 2),
            FontSource(path: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),
        ]

    /// Loads the default cascade for the default language: `loadDefault(language: nil)`.
    /// - Throws: `FontError.requiredFontMissing` naming the Debian package to install.
    public static func loadDefault() throws(FontError) -> FontCascade {
        try loadDefault(language: nil)
    }

    /// Loads the default cascade for `language` (a BCP 47 tag; nil or empty: the default), with each member's
    /// scripts as `scriptFonts`: `DefaultCascade.plan(language:)`, then `DefaultCascade.load()`.
    /// - Throws: `FontError.requiredFontMissing` without DejaVu Sans or the language's Noto Sans CJK face (naming the
    ///   Debian package), `FontError.fontconfig` when fontconfig cannot load its configuration, or the error of
    ///   either required font failing to load.
    public static func loadDefault(language: String?) throws(FontError) -> FontCascade {
        try DefaultCascade.plan(language: language).load()
    }
}

/// Where to load one font of a cascade from: a file and a face index within it.
public struct FontSource: Sendable, Hashable {
    /// Path of a TTF, OTF or TTC file.
    public var path: String
    /// Which face of the file; collections (TTC) hold several, single fonts only face 0.
    public var faceIndex: Int

    /// Face `faceIndex` (default 0, the only face of a single font) of the font file at `path`.
    public init(path: String, faceIndex: Int = 0) {
        self.path = path
        self.faceIndex = faceIndex
    }
}
