internal import CHarfBuzz

/// The canonical decompositions HarfBuzz's normalizer uses, from HarfBuzz's own Unicode functions: what it splits a
/// precomposed character into when the font lacks it (`StandInGlyphs.drawsDecomposed`).
enum CanonicalDecomposition {
    /// The one-step canonical decomposition of `scalar` — its first part and its second, 0 for a singleton (U+212B
    /// ANGSTROM SIGN is U+00C5 alone) — or nil when it has none (`hb_unicode_decompose` with the default functions:
    /// Č is C and U+030C, Ǭ is Ǫ and U+0304, a Hangul syllable its jamo).
    static func pair(of scalar: UInt32) -> (first: UInt32, second: UInt32)? {
        var first: hb_codepoint_t = 0
        var second: hb_codepoint_t = 0
        guard hb_unicode_decompose(hb_unicode_funcs_get_default(), scalar, &first, &second) != 0 else { return nil }
        return (first, second)
    }
}
