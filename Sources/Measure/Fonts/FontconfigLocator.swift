/// Finds font files by family name through fontconfig, as every Linux desktop does — so a config can say
/// `"Noto Sans CJK JP"` instead of a path that differs between machines, and user fonts (`~/.local/share/fonts`) and
/// `fonts.conf` rules (extra directories, rejected fonts) apply as they do for any application.
///
/// A locator lists every face fontconfig knows once, when it is made (from fontconfig's caches: milliseconds), and
/// answers lookups from that list. Lookups are by exact family name, case-insensitive, against every family name a
/// face has (typographic and legacy, every language). Unlike `fc-match` it never substitutes another family: an
/// unknown name is nil, so a misspelt config is an error rather than a silent DejaVu Sans.
///
/// Among the faces of a family the requested style wins (nil asks for the regular face: `Regular`, `Book`, `Normal`,
/// `Roman`, `Medium`, in that order; failing those, the upright face nearest regular weight and normal width). A
/// style name that pairs with the requested family beats one that pairs with another name of the same face, so
/// `DejaVu Sans` + `Bold` is DejaVuSans-Bold.ttf, not the condensed face that is also `Bold` as
/// `DejaVu Sans Condensed`.
public final class FontconfigLocator: Sendable {
    /// One face as fontconfig lists it.
    public struct Face: Sendable, Hashable {
        /// The font file's path.
        public var path: String
        /// Which face of the file (0 unless it is a collection).
        public var faceIndex: Int
        /// Every family name the face answers to, fontconfig's order: typographic family first where the font has
        /// one, then the legacy (name ID 1) family, then other languages.
        public var families: [String]
        /// The style names, in the same order as `families` (`Condensed Bold` with `DejaVu Sans`, `Bold` with
        /// `DejaVu Sans Condensed`).
        public var styles: [String]
        /// fontconfig's weight (80 regular, 200 bold), width (100 normal) and slant (0 roman), when given.
        public var weight: Double?
        /// fontconfig's width (100 normal, 75 condensed), when given.
        public var width: Double?
        /// fontconfig's slant (0 roman, 100 italic, 110 oblique), when given.
        public var slant: Double?

        /// The file and face, to load the face with.
        public var source: FontSource { FontSource(path: path, faceIndex: faceIndex) }

        /// A face as listed; each parameter sets the property of the same name.
        public init(
            path: String, faceIndex: Int, families: [String], styles: [String], weight: Double? = nil,
            width: Double? = nil, slant: Double? = nil
        ) {
            self.path = path
            self.faceIndex = faceIndex
            self.families = families
            self.styles = styles
            self.weight = weight
            self.width = width
            self.slant = slant
        }
    }

    /// Every loadable face, sorted by path then face index.
    public let faces: [Face]
    /// The font directories fontconfig's configuration names, for messages that say where fonts were looked for.
    public let fontDirectories: [String]
    /// Lowercased family name → positions in `faces`.
    private let facesByFamily: [String: [Int]]

    /// Lists the fonts fontconfig knows now.
    /// - Throws: `FontError.fontconfig` when fontconfig cannot load its configuration.
    public convenience init() throws(FontError) {
        let library = try FontconfigLibrary.shared.get()
        self.init(faces: try library.faces(), fontDirectories: library.fontDirectories())
    }

    /// A locator over the given faces (tests, or a list made elsewhere).
    public init(faces: [Face], fontDirectories: [String] = []) {
        self.faces = faces
        self.fontDirectories = fontDirectories
        var byFamily: [String: [Int]] = [:]
        for (position, face) in faces.enumerated() {
            for family in Set(face.families.map { $0.lowercased() }) { byFamily[family, default: []].append(position) }
        }
        facesByFamily = byFamily
    }

    /// The process's shared locator, listed on first use (fonts installed later need a new `FontconfigLocator()`).
    /// - Throws: `FontError.fontconfig` when fontconfig cannot load its configuration.
    public static func system() throws(FontError) -> FontconfigLocator {
        try shared.get()
    }

    private static let shared = Result { () throws(FontError) in try FontconfigLocator() }

    /// The face of `family` in `style` (nil: the regular face), or nil when no face has that family or, with a
    /// style, none of its faces has that style. Never traps: an empty name, or one holding a NUL, is simply nil.
    public func locate(family: String, style: String? = nil) -> FontSource? {
        face(family: family, style: style)?.source
    }

    /// The face `locate(family:style:)` returns, with its names.
    public func face(family: String, style: String? = nil) -> Face? {
        let wanted = family.lowercased()
        guard !wanted.isEmpty, let positions = facesByFamily[wanted] else { return nil }
        let preferred = style.map { [$0.lowercased()] } ?? ["regular", "book", "normal", "roman", "medium"]
        var best: (rank: StyleRank, position: Int)?
        for position in positions {
            guard let rank = Self.rank(faces[position], family: wanted, preferredStyles: preferred) else { continue }
            if best == nil || rank < best!.rank { best = (rank, position) }
        }
        if let best { return faces[best.position] }
        guard style == nil else { return nil }
        // No face is called regular: the upright one nearest regular weight, then normal width, then by path.
        return positions.map { faces[$0] }.min { Self.fallbackKey($0) < Self.fallbackKey($1) }
    }

    /// Every family name found, sorted, for error messages that list what is installed.
    public var familyNames: [String] {
        Array(Set(faces.flatMap(\.families))).sorted()
    }

    /// Where fonts were looked for, in words: "fontconfig (font directories: /usr/share/fonts, …)".
    public var searchDescription: String {
        fontDirectories.isEmpty
            ? "fontconfig"
            : "fontconfig (font directories: \(fontDirectories.joined(separator: ", ")))"
    }

    /// How well a face's style matches, lower is better: which preferred style, whether that style name is the one
    /// paired with the requested family, and how far from normal width the face is.
    private struct StyleRank: Comparable {
        var preference: Int
        var unpaired: Int
        var widthDistance: Double

        static func < (a: StyleRank, b: StyleRank) -> Bool {
            (a.preference, a.unpaired, a.widthDistance) < (b.preference, b.unpaired, b.widthDistance)
        }
    }

    /// The best rank of `face` among `preferredStyles`, or nil when it has none of them.
    private static func rank(_ face: Face, family: String, preferredStyles: [String]) -> StyleRank? {
        var best: StyleRank?
        let widthDistance = abs((face.width ?? 100) - 100)
        for (position, style) in face.styles.enumerated() {
            guard let preference = preferredStyles.firstIndex(of: style.lowercased()) else { continue }
            let paired = position < face.families.count && face.families[position].lowercased() == family
            let rank = StyleRank(preference: preference, unpaired: paired ? 0 : 1, widthDistance: widthDistance)
            if best == nil || rank < best! { best = rank }
        }
        return best
    }

    /// Sort key for a family's faces when none has a regular style name.
    private static func fallbackKey(_ face: Face) -> (Double, Double, Double, String, Int) {
        (
            abs(face.slant ?? 0), abs((face.weight ?? 80) - 80), abs((face.width ?? 100) - 100), face.path,
            face.faceIndex
        )
    }
}
