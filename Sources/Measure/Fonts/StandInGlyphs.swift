import Cache

/// The glyphs HarfBuzz puts in the place of a character its font lacks, where it does not give `.notdef`: for a
/// Unicode space, the font's space glyph at the width that space is defined by; for U+2011 NON-BREAKING HYPHEN, the
/// glyph of U+2010 HYPHEN. Measuring takes them from the primary font — the font a cluster no font of the cascade
/// maps is measured in — so that the fast path gives what shaping gives.
///
/// HarfBuzz's normalizer, asked for a space separator the font lacks (U+3000 in Liberation Sans, U+202F in Noto Sans
/// CJK), puts the font's U+0020 glyph in its place, and its default positioning gives that glyph the space's width
/// (`_hb_ot_shape_fallback_spaces`) before GPOS kerns it as the space. Pango and Skia, which shape with HarfBuzz,
/// agree (`a\u{3000}b` in Liberation Sans at 2,048 pt: 4,326 in all three, against 3,026 with `.notdef`). The
/// widths, in font units with the em as `unitsPerEm` (HarfBuzz's scale for a font shaped at its own units):
/// - U+3000 IDEOGRAPHIC SPACE, U+2001 EM QUAD, U+2003 EM SPACE: an em;
/// - U+2000 EN QUAD and U+2002 EN SPACE ½ em, U+2004 ⅓, U+2005 ¼, U+2006 ⅙, U+2009 THIN SPACE ⅕, U+200A HAIR
///   SPACE 1/16 — each `(em + n / 2) / n` in whole units;
/// - U+205F MEDIUM MATHEMATICAL SPACE 4/18 em (truncated);
/// - U+2007 FIGURE SPACE the first digit's advance the font maps, U+2008 PUNCTUATION SPACE the full stop's (or the
///   comma's), the space's own when the font has neither;
/// - U+202F NARROW NO-BREAK SPACE half the space's advance (truncated);
/// - U+00A0 NO-BREAK SPACE the space's advance.
///
/// The normalizer tries a character's canonical decomposition first: U+2000 EN QUAD and U+2001 EM QUAD are the font's
/// U+2002 and U+2003 where it maps those (and a precomposed letter is drawn decomposed, `drawsDecomposed`). It gives
/// U+2011, "the only sensible character that is a no-break version of another character and not a space" (its
/// comment), U+2010's glyph and advance when the font maps that (82 faces installed here lack U+2011 and have U+2010:
/// Noto Sans Bengali, Armenian…).
///
/// A font without U+0020 has no space stand-in (nor one without U+2010 a hyphen), a bitmap-only font (which HarfBuzz
/// does not shape) none at all; every other character measures `.notdef`.
struct StandInGlyphs: Sendable {
    /// The font's glyph for U+0020; 0 when it has none, and then no space has a stand-in.
    let spaceGlyph: UInt32
    /// The font, for U+2010's glyph and decompositions, looked up when a character asks (not for every engine: a
    /// fresh font would read them from FreeType); nil for a bitmap-only font.
    private let font: Font?
    /// The em in font units.
    private let em: Int32
    /// The space's advance in font units.
    private let space: Int32

    /// The stand-ins `font` gives (none for a bitmap-only font). Reads the space glyph alone: the rest is looked up
    /// when a character asks, so that making it costs one lookup (a size database's answer makes one per string,
    /// `FontCascade.oneFontMapsEveryScalar`).
    init(font: Font) {
        let em = font.metrics.unitsPerEm
        let spaceEntry = font.glyphAdvance(for: 0x20)
        guard !font.isBitmapOnly, em >= 1, em <= 65_536 else {
            spaceGlyph = 0
            self.font = nil
            self.em = 0
            space = 0
            return
        }
        spaceGlyph = spaceEntry.glyph
        self.font = font
        self.em = Int32(em.rounded())
        space = Self.units(spaceEntry)
    }

    /// An advance in whole font units: HarfBuzz's are (`hmtx`), and FreeType's unscaled ones are for every scalable
    /// face.
    private static func units(_ entry: GlyphAdvance) -> Int32 {
        Int32(clamping: Int64(entry.advance.rounded()))
    }

    /// The advance in font units of the first of `scalars` the font maps, or the space's when it maps none.
    private func firstAdvance(of scalars: some Sequence<UInt32>) -> Int32 {
        guard let font else { return space }
        for scalar in scalars where font.glyphAdvance(for: scalar).isMapped {
            return Self.units(font.glyphAdvance(for: scalar))
        }
        return space
    }

    /// Whether `scalar` is one a font may have a stand-in for: a Unicode space separator beyond U+0020, or U+2011 —
    /// the test to make before asking `glyphAdvance(for:)` of every scalar of a text.
    static func mayStandIn(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xA0, 0x2000...0x200A, 0x2011, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// The glyph and the advance in font units that stand in for `scalar` (which the font is taken not to map), or nil
    /// when nothing does and it measures `.notdef`.
    func glyphAdvance(for scalar: UInt32) -> GlyphAdvance? {
        switch scalar {
        case 0x2011:
            guard let hyphen = font?.glyphAdvance(for: 0x2010), hyphen.isMapped else { return nil }
            return hyphen
        case 0x2000, 0x2001:
            // EN QUAD and EM QUAD decompose canonically to EN SPACE and EM SPACE, which the normalizer tries before
            // the fallback: the font's own U+2002 or U+2003, where it has it (Noto Traditional Nushu: 370 and 740
            // units, not 512 and 1,024).
            if let space = font?.glyphAdvance(for: scalar + 2), space.isMapped { return space }
        default:
            break
        }
        guard spaceGlyph != 0 else { return nil }
        let units: Int32
        switch scalar {
        case 0xA0: units = space
        case 0x2001, 0x2003, 0x3000: units = em
        case 0x2000, 0x2002: units = share(of: 2)
        case 0x2004: units = share(of: 3)
        case 0x2005: units = share(of: 4)
        case 0x2006: units = share(of: 6)
        case 0x2009: units = share(of: 5)
        case 0x200A: units = share(of: 16)
        case 0x205F: units = Int32(Int64(em) * 4 / 18)
        // The first digit the font maps; the full stop, else the comma.
        case 0x2007: units = firstAdvance(of: 0x30...0x39)
        case 0x2008: units = firstAdvance(of: [0x2E, 0x2C])
        case 0x202F: units = space / 2
        default: return nil
        }
        return GlyphAdvance(glyph: spaceGlyph, advance: Float(units))
    }

    /// Whether HarfBuzz draws `scalar`, which the font is taken not to map, as its canonical decomposition in the font
    /// instead of `.notdef`: Č in Noto Sans CJK, which has C and U+030C but not Č (HarfBuzz's normalizer splits it
    /// while the font maps the second part and, itself or split again, the first). Measuring sends such a character
    /// to HarfBuzz (`ClusterNotes.shapes`), which places the mark; it is no missing glyph. Only for the characters the
    /// default shaper takes (no script that needs shaping, no Hangul syllable: those shapers decompose by their own
    /// rules), and never for a bitmap-only font.
    func drawsDecomposed(_ scalar: UInt32) -> Bool {
        guard let font, !(0xAC00...0xD7A3).contains(scalar), !ScriptTable.properties(of: scalar).needsShaping else {
            return false
        }
        return Self.decomposes(scalar, in: font, depth: 0)
    }

    /// HarfBuzz's `decompose` of `scalar` in `font` (shortest form): whether it gives glyphs the font maps.
    private static func decomposes(_ scalar: UInt32, in font: Font, depth: Int) -> Bool {
        // Canonical decompositions are a few steps deep (Ǭ: Ǫ, U+0304; Ǫ: O, U+0328); the bound is for safety.
        guard depth < 8, let (first, second) = CanonicalDecomposition.pair(of: scalar) else { return false }
        if second != 0 && !font.glyphAdvance(for: second).isMapped { return false }
        return font.glyphAdvance(for: first).isMapped || decomposes(first, in: font, depth: depth + 1)
    }

    /// One `parts`-th of the em, rounded as HarfBuzz rounds it: `(em + parts / 2) / parts`.
    private func share(of parts: Int32) -> Int32 {
        (em + parts / 2) / parts
    }
}
