import Measure

/// The warning `text` and `batch` print on standard error when some cluster had no font: sizes measured with
/// `.notdef` boxes are not what a device shows, and saying nothing would pass them off as right.
enum MissingGlyphWarning {
    /// "warning: 3 characters in 1 string have no font in the cascade (measured as .notdef): U+0E01 THAI …".
    /// `count` is `TextSize.missingGlyphs`, grapheme clusters: where a cluster is one character, as most are, it
    /// says characters; where one of them holds several (`a` with three combining marks no font has, one cluster
    /// named by three code points), clusters — "1 character … has no font: U+0356 …, U+0355 …, U+0359 …" read
    /// as a miscount.
    /// Where no character lacks a font, the clusters counted are those no one font has whole (an emoji with a
    /// Bengali vowel sign after it is one cluster: each character has a font, no font has both), and it says so:
    /// "1 character … has no font" named none and read as a miscount.
    static func text(count: Int, strings: Int, scalars: [Unicode.Scalar]) -> String {
        if scalars.isEmpty {
            return "warning: \(count) character cluster\(count == 1 ? "" : "s") in \(strings) "
                + "string\(strings == 1 ? "" : "s") \(count == 1 ? "has" : "have") no font in the cascade that has "
                + "all of \(count == 1 ? "its" : "their") characters (each character has a font, none has the whole "
                + "cluster; measured as .notdef); give a --font that covers them\n"
        }
        let named = scalars.map(FontCascade.describe).joined(separator: ", ")
        let unit = scalars.count > count ? "character cluster" : "character"
        return "warning: \(count) \(unit)\(count == 1 ? "" : "s") in \(strings) string\(strings == 1 ? "" : "s") "
            + "\(count == 1 ? "has" : "have") no font in the cascade (measured as .notdef)"
            + (named.isEmpty ? "" : ": " + named) + "; give a --font that covers them\n"
    }
}
