import Testing

@testable import Measure

/// Each paragraph's script runs are its own: after a hard break that ends a paragraph, leading punctuation takes the
/// script of the letter after it — as in the engines that itemize one paragraph at a time — not the script of the
/// paragraph before. "ב\n-v" in DejaVu Sans kerns "-v" as "-v" alone does; it measured 16.1948 (the hyphen in the
/// Hebrew run, so no pair with "v") and wrapped at 16 pt into 3 lines.
///
/// References, DejaVu Sans 17 pt, run here on these strings: widths from `hb-measure.py` of
/// `../shared/reference/engines` (HarfBuzz 15.0 through uharfbuzz 0.57, each paragraph shaped alone), line counts at
/// 16 pt from `pango-measure` (Pango 1.50.12; Pango rounds advances to 1/1024 pt, so its widths are 0.001 off).
struct ParagraphScriptRunTests {
    /// (text, HarfBuzz's width unwrapped, Pango's line count at 16 pt)
    static let cases: [(String, Double, Int)] = [
        ("ב\n-v", 15.7383, 2),
        ("مرحبا\n-T", 39.3042, 5),
        ("שלום\n(abc)", 43.8198, 7),
        // CR LF: the width HarfBuzz gives "مرحبا\n-v" (Pango: 39.3047 for both), and Pango's lines.
        ("مرحبا\r\n-v", 39.3042, 5),
        ("ב\u{2029}-v", 15.7383, 2),
    ]

    @Test(arguments: 0..<5)
    func leadingPunctuationTakesItsOwnParagraphsScript(index: Int) throws {
        let (text, width, lines) = Self.cases[index]
        for shaper in [ShaperChoice.automatic, .harfBuzz] {
            let unwrapped = try TestFonts.measurer(
                [(TestFonts.dejaVuSans, 0)], size: 17, options: MeasureOptions(maxWidth: 0, shaper: shaper),
                features: true)
            let size = unwrapped.measure(text)
            #expect(abs(size.width - width) < 0.00005, "\(text) (\(shaper)): \(size.width) against \(width)")
            #expect(size.lineCount == 2)
            let wrapped = try TestFonts.measurer(
                [(TestFonts.dejaVuSans, 0)], size: 17, options: MeasureOptions(maxWidth: 16, shaper: shaper),
                features: true)
            #expect(wrapped.measure(text).lineCount == lines, "\(text) (\(shaper)) at 16 pt")
        }
    }

    /// "-v" alone is kerned (HarfBuzz: 15.7383, as above), and so it is after a Hebrew paragraph; a line separator
    /// (U+2028) ends a line, not a paragraph, so there the hyphen stays in the Hebrew run and the pair is not kerned:
    /// 16.1948, the sum of HarfBuzz's widths of "-" (6.1343) and "v" (10.0605) each alone (hb-measure.py, the same
    /// font).
    @Test func aLineSeparatorKeepsTheParagraphsRun() throws {
        let measurer = try TestFonts.measurer([(TestFonts.dejaVuSans, 0)], size: 17, features: true)
        let alone = measurer.measure("-v").width
        #expect(abs(alone - 15.7383) < 0.00005)
        #expect(measurer.measure("ב\n-v").width == alone)
        // In one paragraph the hyphen joins the Hebrew run before it: HarfBuzz shapes "-" and "v" apart.
        #expect(abs(measurer.measure("ב\u{2028}-v").width - 16.1948) < 0.00005)
    }
}
