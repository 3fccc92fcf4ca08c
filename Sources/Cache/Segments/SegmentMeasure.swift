/// What the segment-width cache remembers about one segment (a word and the whitespace after it, the text between
/// two break opportunities) in one measuring configuration.
public struct SegmentMeasure: Sendable, Hashable {
    /// From the segment's start to the end of its last visible cluster, in points.
    public var wordWidth: Double
    /// From the segment's start to its end, trailing whitespace included, in points.
    public var totalWidth: Double
    /// The cascade fonts its visible clusters use, one bit per metrics class (see `LayoutEngine.fontBits`).
    public var fonts: UInt64
    // The 32-bit fields before the bytes: 48 bytes a measure rather than 56 with padding between them, so that more
    // of the segment cache's entries (a measure, then its key) fit one cache line.
    /// The glyph and cascade font of its first and last clusters, for kerning across segment boundaries; a font of
    /// `SegmentMeasure.noFont` means there is no such cluster (or kerning does not apply).
    public var firstGlyph: UInt32
    /// The glyph of its last cluster (see `firstGlyph`).
    public var lastGlyph: UInt32
    /// How many of its clusters no font of the cascade maps (each measured as `.notdef`).
    public var missingGlyphs: UInt32
    /// The cascade index of the font of its first cluster; `noFont` when there is none.
    public var firstFont: UInt8
    /// The cascade index of the font of its last cluster; `noFont` when there is none.
    public var lastFont: UInt8
    /// Whether it has any visible cluster (a segment of whitespace alone has none).
    public var hasVisible: Bool
    /// The first and last real script (a `Script` raw value; 0 when it has only Common and Inherited scalars) of
    /// its scalars, and whether its first cluster is Common (and so belongs to the run before it): where HarfBuzz's
    /// script runs end, no pair is kerned, so the fast path kerns only where they agree (set when kerning applies).
    public var firstScript: UInt8 = 0
    /// The last real script of its scalars (see `firstScript`).
    public var lastScript: UInt8 = 0
    /// Whether its first cluster is Common or Inherited, and so belongs to the script run before it.
    public var startsWithCommon = false
    /// Whether HarfBuzz measured it (a line break inside it then shapes both parts again).
    public var isShaped = false
    /// Whether a script-run boundary may lie inside it where its first and last real scripts do not say so: two of
    /// its real scripts differ (`中"d"文`: Han, Latin, Han), or a pair kerns into a closing bracket (`)`, `]`, `}`),
    /// which takes the run of its opening bracket, perhaps another script's (`は [-f]`: `]` is in the Hiragana run,
    /// so HarfBuzz does not kern `f]`).
    public var crossesRunsInside = false

    /// The font index that stands for "none".
    public static let noFont: UInt8 = 0xFF

    /// A measure with the given widths (in points), font set and boundary glyphs; each parameter sets the property of
    /// the same name, and the boundary fonts default to `noFont` (no kerning across the segment's edges).
    public init(
        wordWidth: Double, totalWidth: Double, fonts: UInt64, hasVisible: Bool, firstGlyph: UInt32 = 0,
        firstFont: UInt8 = SegmentMeasure.noFont, lastGlyph: UInt32 = 0, lastFont: UInt8 = SegmentMeasure.noFont,
        missingGlyphs: UInt32 = 0
    ) {
        self.wordWidth = wordWidth
        self.totalWidth = totalWidth
        self.fonts = fonts
        self.hasVisible = hasVisible
        self.firstGlyph = firstGlyph
        self.firstFont = firstFont
        self.lastGlyph = lastGlyph
        self.lastFont = lastFont
        self.missingGlyphs = missingGlyphs
    }
}
