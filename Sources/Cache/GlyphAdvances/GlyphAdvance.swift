/// What the glyph-advance cache remembers about one code point in one font: the glyph that maps it and that glyph's
/// unhinted horizontal advance in the font's own units.
///
/// Advances are kept in font units, not points, so one cache serves every point size of the font.
public struct GlyphAdvance: Sendable, Hashable {
    /// The glyph index; 0 (`.notdef`) means the font does not map the code point.
    public var glyph: UInt32
    /// The glyph's horizontal advance in font units (for a bitmap-only font: in pixels of its selected strike).
    public var advance: Float

    /// An entry for glyph `glyph` with advance `advance` in font units.
    @inlinable
    public init(glyph: UInt32, advance: Float) {
        self.glyph = glyph
        self.advance = advance
    }

    /// Whether the font maps the code point to a real glyph.
    @inlinable
    public var isMapped: Bool { glyph != 0 }

    /// The entry packed into one 64-bit word so that a reader sees it whole with a single atomic load: bit 63 says
    /// the entry is known, bits 32–62 hold the glyph, bits 0–31 the advance's `Float` bits. A zero word is "unknown".
    @inlinable
    var packed: UInt64 {
        precondition(glyph < 1 << 31, "glyph index \(glyph) does not fit the cache's 31 bits")
        return 1 << 63 | UInt64(glyph) << 32 | UInt64(advance.bitPattern)
    }

    @inlinable
    init?(packed: UInt64) {
        guard packed != 0 else { return nil }
        self.init(
            glyph: UInt32(truncatingIfNeeded: packed >> 32) & 0x7FFF_FFFF,
            advance: Float(bitPattern: UInt32(truncatingIfNeeded: packed)))
    }
}
