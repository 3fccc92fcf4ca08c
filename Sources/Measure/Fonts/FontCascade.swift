/// A primary font and its fallbacks, in order: each grapheme cluster is measured in the first font that maps all of
/// its scalars, and each line is as tall as the tallest ascent plus the deepest descent among the fonts it uses.
///
/// A character that no font maps takes the primary font's `.notdef` advance, as the reference engines do.
public struct FontCascade: Sendable {
    /// The fonts in fallback order; the first is the primary font. Never empty.
    public let fonts: [Font]

    /// A cascade of exactly these fonts, in this order.
    /// - Throws: `FontError.emptyCascade` for an empty list.
    public init(_ fonts: [Font]) throws(FontError) {
        guard !fonts.isEmpty else { throw .emptyCascade }
        precondition(fonts.count <= 64, "a cascade holds at most 64 fonts (one bit each in a line's font set)")
        self.fonts = fonts
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

    /// The cascade used when no font is given: DejaVu Sans for Latin, Greek and Cyrillic, Noto Sans CJK SC for Han,
    /// kana and Hangul (the Simplified Chinese face, as iOS falls back to PingFang SC), Noto Color Emoji for emoji.
    /// All three come from Debian packages (fonts-dejavu-core, fonts-noto-cjk, fonts-noto-color-emoji).
    public static let defaultSources: [FontSource] = [
        FontSource(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
        FontSource(path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", faceIndex: 2),
        FontSource(path: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),
    ]

    /// Loads `defaultSources`.
    /// - Throws: `FontError` naming the first font file that is missing (install the Debian packages above).
    public static func loadDefault() throws(FontError) -> FontCascade {
        try FontCascade(loading: defaultSources)
    }
}

/// Where to load one font of a cascade from: a file and a face index within it.
public struct FontSource: Sendable, Hashable {
    /// Path of a TTF, OTF or TTC file.
    public var path: String
    /// Which face of the file; collections (TTC) hold several, single fonts only face 0.
    public var faceIndex: Int

    public init(path: String, faceIndex: Int = 0) {
        self.path = path
        self.faceIndex = faceIndex
    }
}
