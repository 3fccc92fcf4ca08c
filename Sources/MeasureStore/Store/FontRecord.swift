import Cache

/// What makes a font the same font for the store: the SHA-256 of its file's bytes and the face's index in the file.
/// A font file that changes in any byte is a different font, so sizes measured with the old file are never found for
/// the new one.
public struct FontIdentity: Sendable, Hashable {
    /// SHA-256 of the whole font file.
    public var sha256: SHA256Digest
    /// The face's index in the file (0 for a single-face file).
    public var faceIndex: Int

    /// The identity of face `faceIndex` of the file whose SHA-256 is `sha256`.
    public init(sha256: SHA256Digest, faceIndex: Int) {
        self.sha256 = sha256
        self.faceIndex = faceIndex
    }
}

/// A font as the store describes it in its `fonts` table: its identity plus what people want to read about it
/// (names, metrics) and where it was last loaded from.
public struct FontRecord: Sendable, Hashable {
    /// The file digest and face index that key the font.
    public var identity: FontIdentity
    /// The family name the face declares ("DejaVu Sans").
    public var familyName: String
    /// The style name the face declares ("Book").
    public var styleName: String
    /// Units per em (or a bitmap strike's pixels per em).
    public var unitsPerEm: Double
    /// Ascender in font units (positive).
    public var ascender: Double
    /// Descender in font units (negative, as fonts store it).
    public var descender: Double
    /// Line gap in font units.
    public var lineGap: Double
    /// The path the font was last loaded from (informational: `measure db verify` re-measures with it, after checking
    /// that the file still has this digest).
    public var path: String

    /// A record; each parameter sets the property of the same name.
    public init(
        identity: FontIdentity, familyName: String, styleName: String, unitsPerEm: Double, ascender: Double,
        descender: Double, lineGap: Double, path: String
    ) {
        self.identity = identity
        self.familyName = familyName
        self.styleName = styleName
        self.unitsPerEm = unitsPerEm
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
        self.path = path
    }
}
