import Testing

@testable import Measure

/// Which font of the default cascade measures punctuation, spaces and the letters of scripts DejaVu Sans also covers,
/// and that the choice is the same whether a segment is shaped or not (a held-out sweep of 2026-12-06 found a comma
/// after Bengali in Noto Sans Bengali but a "(" after a space in DejaVu Sans, and Georgian in DejaVu Sans alone but in
/// Noto Sans Georgian next to a Latin letter).
///
/// Golden widths are Pango 1.50's (`pango-measure` of ../shared/reference/engines, built to take several `--font`
/// files joined into one family list: DejaVu Sans, Noto Sans CJK, Noto Sans Bengali, Noto Sans Georgian at 17 pt,
/// unbounded), which agree with Skia's to 0.003 pt where both are given; ours may differ by the engines' rounding of
/// positions (Pango to 1/1024 pt), hence the tolerance.
@Suite struct DefaultCascadeFontChoiceTests {
    static let measurer: TextMeasurer? = try? TextMeasurer(cascade: FontCascade.loadDefault(), pointSize: 17)
    /// Pango positions glyphs in 1/1024 pt units, a few per string.
    static let pangoTolerance = 0.005

    @Test(
        "punctuation DejaVu Sans maps stays in it next to another script; a script's own punctuation goes with it",
        arguments: [
            // ল + "," : the comma is DejaVu Sans's (Skia 17.8308); the line as tall as both fonts together.
            ("ল,", 17.8311, 22.7158),
            // The space after the comma is in the comma's font (Skia 101.1114).
            ("কারিব, গালিবি", 101.1143, 22.7158),
            // U+0964 DEVANAGARI DANDA (Script_Extensions Beng, Deva, …) is the Bengali font's in Bengali text.
            ("নমস্কার। ভালো", 99.7910, 22.5244),
            // "(" after Han is DejaVu Sans's, shaped (the segment "(abc" crosses from Han to Latin) or not.
            ("中文(abc", 71.1885, 24.6162),
            ("中文(漢字)", 81.2656, 24.6162),
            // Georgian is DejaVu Sans's, on the fast path or shaped next to "a_".
            ("ქართული", 80.2686, 19.7891),
            ("a_ქართული", 99.1865, 19.7891),
        ])
    func fontChoice(_ text: String, _ width: Double, _ height: Double) throws {
        let measurer = try #require(Self.measurer, "the default cascade loads")
        let size = measurer.measure(text)
        #expect(abs(size.width - width) <= Self.pangoTolerance, "\(text): \(size.width) against Pango's \(width)")
        #expect(abs(size.height - height) <= Self.pangoTolerance, "\(text): \(size.height) against Pango's \(height)")
    }

    @Test("a \"(\" measures the same whether its segment is shaped (\"(p\") or not (\"(\")")
    func sameFontOnBothPaths() throws {
        let measurer = try #require(Self.measurer, "the default cascade loads")
        // "ল (" and "ল (p" differ by a "p" of DejaVu Sans: 1300 units of 2048 at 17 pt (hmtx of DejaVuSans.ttf).
        let without = measurer.measure("ল (").width
        let with = measurer.measure("ল (p").width
        #expect(abs(with - without - 1300.0 / 2048 * 17) < 1e-9, "\(with) − \(without)")
    }

    @Test("the first font of an attributed run takes the primary's place, Latin included")
    func runFontTakesThePrimarysScripts() throws {
        let cascade = try FontCascade.loadDefault()
        // Font 1, Noto Sans CJK, maps Latin and Latin Extended-A as well.
        let measurer = TextMeasurer(cascade: cascade, pointSize: 17)
        let run = measurer.runMeasurer(for: RunStyle(font: 1, pointSize: 17))
        #expect(run.cascade.scriptFonts["Latn"] == nil)
        #expect(run.cascade.scriptFonts["Hani"] == 0)
        // "ā" (outside Latin-1, measured through the script-font rule) and "o" (from the Latin-1 table) are both the
        // run font's, as its other characters are, not DejaVu Sans's.
        let alone = TextMeasurer(cascade: try FontCascade([cascade.fonts[1]]), pointSize: 17)
        #expect(abs(run.measure("oā").width - alone.measure("oā").width) < 1e-9)
        let dejaVu = TextMeasurer(cascade: try FontCascade([cascade.fonts[0]]), pointSize: 17)
        #expect(abs(run.measure("oā").width - dejaVu.measure("oā").width) > 0.1)
    }
}
