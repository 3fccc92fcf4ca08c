import Cache

/// A scalar's glyph and unhinted advance from a font's own character map and hmtx advances, both read once at load:
/// a pure function that any thread may run, so the font's glyph-advance cache fills its misses without a lock
/// (`GlyphAdvanceCache.lockFreeEntry`). Gives what `FreeTypeFace.glyphAdvance(for:)` gives for the same face.
struct CharacterMapAdvances: Sendable {
    private let characterMap: CharacterMap
    /// hmtx advances, one per long metric (a glyph past the last takes the last's); never empty.
    private let advances: [UInt16]

    init(_ characterMap: CharacterMap, _ advances: [UInt16]) {
        precondition(!advances.isEmpty, "a face read without FreeType has hmtx advances")
        self.characterMap = characterMap
        self.advances = advances
    }

    /// Whether `scalar` may map to a glyph (`CharacterMap.mayMap`): when false, `glyphAdvance(for:)` is glyph 0's.
    @inline(__always)
    func mayMap(_ scalar: UInt32) -> Bool {
        characterMap.mayMap(scalar)
    }

    /// The glyph that maps `scalar` (0 if none) and its advance in font units.
    func glyphAdvance(for scalar: UInt32) -> GlyphAdvance {
        let glyph = characterMap.glyph(for: scalar)
        let advance = Int(glyph) < advances.count ? advances[Int(glyph)] : advances[advances.count - 1]
        return GlyphAdvance(glyph: glyph, advance: Float(advance))
    }
}
