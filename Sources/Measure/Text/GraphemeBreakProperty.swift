/// A Unicode `Grapheme_Cluster_Break` property value (UAX #29, Unicode 15.0), as used by the extended grapheme
/// cluster rules GB3–GB13.
///
/// This file is the single source of truth for the numbering: `scripts/generate-unicode-tables.py` reads the
/// `case name = n` lines below and packs exactly these raw values into `UnicodeTables.generated.swift`. Every raw
/// value must stay below 16 (four bits in the packed table).
enum GraphemeBreakProperty: UInt8, Sendable {
    /// `Other`: the default for code points not listed in `GraphemeBreakProperty.txt`.
    case other = 0
    case cr = 1
    case lf = 2
    case control = 3
    case extend = 4
    case zwj = 5
    case regionalIndicator = 6
    case prepend = 7
    case spacingMark = 8
    /// Hangul leading jamo.
    case l = 9
    /// Hangul vowel jamo.
    case v = 10
    /// Hangul trailing jamo.
    case t = 11
    /// Hangul LV syllable.
    case lv = 12
    /// Hangul LVT syllable.
    case lvt = 13
}
