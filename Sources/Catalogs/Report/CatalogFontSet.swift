/// The fonts some locales of a run were measured with: one cascade, as every report states it (issue 16: "which
/// fonts measured a locale").
///
/// Each font has its family, file, face index and the SHA-256 of the file, so a report says exactly what measured
/// it and a changed font file shows up as a changed digest. `listed` is how many of `fonts` the short forms (the
/// summary, Markdown, CSV) name one by one: the configured fonts, or a built-in cascade's primary, CJK and emoji
/// fonts; the rest are its per-script fallbacks, counted there and listed in full in JSON and SARIF.
public struct CatalogFontSet: Sendable, Hashable {
    /// One font of the cascade.
    public struct Font: Sendable, Hashable {
        /// The family name the face declares.
        public var family: String
        /// The font file's path.
        public var file: String
        /// Which face of the file (0 unless it is a collection).
        public var faceIndex: Int
        /// The file's SHA-256 in lowercase hex, or nil when the file could not be read for hashing.
        public var sha256: String?

        /// A font; each parameter sets the property of the same name.
        public init(family: String, file: String, faceIndex: Int, sha256: String?) {
            self.family = family
            self.file = file
            self.faceIndex = faceIndex
            self.sha256 = sha256
        }

        /// `Roboto (Roboto-Regular.ttf, sha256 3f2a…)`: the file's last component and `digits` of the digest.
        public func shortDescription(digits: Int = 12) -> String {
            let name = file.split(separator: "/").last.map(String.init) ?? file
            let face = faceIndex == 0 ? "" : "#\(faceIndex)"
            let digest = sha256.map { "sha256 " + $0.prefix(digits) } ?? "unreadable"
            return "\(family) (\(name)\(face), \(digest))"
        }
    }

    /// The locales measured with it (with ` bold` for the headline style's cascade), sorted.
    public var locales: [String]
    /// The platform preset (`ios`, `android`), nil for the built-in defaults.
    public var platform: String?
    /// The fonts in fallback order.
    public var fonts: [Font]
    /// How many of `fonts`, from the first, the short forms name; the others are counted.
    public var listed: Int
    /// When a platform font was not available and another stood in, the warning that says so.
    public var standIn: String?

    /// A font set; each parameter sets the property of the same name.
    public init(locales: [String], platform: String?, fonts: [Font], listed: Int, standIn: String? = nil) {
        self.locales = locales
        self.platform = platform
        self.fonts = fonts
        self.listed = listed
        self.standIn = standIn
    }

    /// The named fonts and the count of the rest: `Roboto (…) > Noto Sans CJK SC (…) > … + 86 script fonts`.
    public func shortDescription(digits: Int = 12) -> String {
        let named = shortFonts.map { $0.shortDescription(digits: digits) }.joined(separator: " > ")
        let rest = fonts.count - shortFonts.count
        return named + (rest > 0 ? " + \(rest) script font" + (rest == 1 ? "" : "s") : "")
            + (standIn == nil ? "" : " [stand-in: not the platform's font]")
    }

    /// The fonts the short forms name: the first `listed`, and the last one when it is the emoji font.
    public var shortFonts: [Font] {
        var named = Array(fonts.prefix(listed))
        if let last = fonts.last, fonts.count > listed, last.family.lowercased().contains("emoji") {
            named.append(last)
        }
        return named
    }
}
