/// A primary font and its fallbacks, in order: each grapheme cluster is measured in the first font that maps all of
/// its scalars, and each line is as tall as the tallest ascent plus the deepest descent among the fonts it uses.
///
/// A character that no font maps takes the primary font's `.notdef` advance, as the reference engines do; a Unicode
/// space none maps takes the primary font's space glyph at the width HarfBuzz gives it, and U+2011 its U+2010
/// (`StandInGlyphs`).
public struct FontCascade: Sendable {
    /// The fonts in fallback order; the first is the primary font. Never empty.
    public let fonts: [Font]

    /// For each script (ISO 15924 code, "Arab"), the index of the font made for it: a cluster of that script takes
    /// this font when it maps the cluster, before the cascade's order is asked (so Bengali punctuation shared with
    /// Devanagari is measured in the Bengali font). Empty for a cascade of given fonts, which is pure order.
    ///
    /// Only what measuring honours is kept, in one spelling: each code is a Unicode Script value's, spelled as ISO
    /// 15924 spells it ("arab" becomes "Arab"; a code of no Script value, such as "Zsym", is dropped), and an index
    /// names a font of the cascade. Where two spellings of one script name different fonts, the earlier font is kept.
    /// So two maps that measure alike are equal, and a size database's key (`scriptFontsKey`) tells them apart only
    /// when they measure differently.
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
        var canonical: [String: Int] = [:]
        for (code, index) in scriptFonts where index >= 0 && index < fonts.count {
            guard let script = Script(iso15924: code) else { continue }
            canonical[script.iso15924] = min(index, canonical[script.iso15924] ?? index)
        }
        self.scriptFonts = canonical
    }

    /// `scriptFonts` as one line of text, "Arab=3,Beng=4", sorted by code; empty for a cascade of given fonts. Part
    /// of a size database's settings key: a cascade that picks a font per script measures differently from the same
    /// fonts in pure order.
    public var scriptFontsKey: String {
        Self.scriptFontsKey(scriptFonts)
    }

    /// `map` as `scriptFontsKey` writes it: "code=index" pairs sorted by code, joined by commas.
    public static func scriptFontsKey(_ map: [String: Int]) -> String {
        map.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }

    /// The map a `scriptFontsKey` was written from, or nil when `text` is not one as this cascade would write it
    /// for `fontCount` fonts (codes of Script values in ISO 15924's spelling, sorted, each once; indices of fonts).
    public static func scriptFonts(fromKey text: String, fontCount: Int) -> [String: Int]? {
        guard !text.isEmpty else { return [:] }
        var map: [String: Int] = [:]
        for pair in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, let script = Script(iso15924: String(parts[0])),
                script.iso15924 == parts[0], map[script.iso15924] == nil,
                let index = Int(parts[1]), index >= 0, index < fontCount, String(index) == parts[1]
            else { return nil }
            map[script.iso15924] = index
        }
        return scriptFontsKey(map) == text ? map : nil
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
    /// Path of a TTF, OTF, TTC, WOFF or WOFF2 file.
    public var path: String
    /// Which face of the file; collections (TTC) hold several, single fonts only face 0.
    public var faceIndex: Int

    /// Face `faceIndex` (default 0, the only face of a single font) of the font file at `path`.
    public init(path: String, faceIndex: Int = 0) {
        self.path = path
        self.faceIndex = faceIndex
    }
}
