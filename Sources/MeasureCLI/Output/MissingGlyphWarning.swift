import Measure

/// The warning `text` and `batch` print on standard error when some cluster had no font: sizes measured with
/// `.notdef` boxes are not what a device shows, and saying nothing would pass them off as right.
enum MissingGlyphWarning {
    /// "warning: 3 characters in 1 string have no font in the cascade (measured as .notdef): U+0E01 THAI …"
    static func text(count: Int, strings: Int, scalars: [Unicode.Scalar]) -> String {
        let named = scalars.map(FontCascade.describe).joined(separator: ", ")
        return "warning: \(count) character\(count == 1 ? "" : "s") in \(strings) string\(strings == 1 ? "" : "s") "
            + "\(count == 1 ? "has" : "have") no font in the cascade (measured as .notdef)"
            + (named.isEmpty ? "" : ": " + named) + "; give a --font that covers them\n"
    }
}
