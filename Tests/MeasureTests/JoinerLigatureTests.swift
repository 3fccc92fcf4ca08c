import Testing

@testable import Measure

/// U+200D ZERO WIDTH JOINER inside a word of a font with ligatures: HarfBuzz's ligature lookups look through it, so
/// `of‍fice` is DejaVu Sans's `ffi` ligature — 46.6421 pt at 17 pt in HarfBuzz 8 (uharfbuzz), Pango 1.50 (46.6426)
/// and Skia, as wide as `office` — and the fast path must send such a word to HarfBuzz rather than measure `f` and
/// `fi` apart (46.8994 pt). U+200C ZERO WIDTH NON-JOINER stops the ligature in every engine.
@Suite struct JoinerLigatureTests {
    @Test(arguments: [ShaperChoice.automatic, .harfBuzz])
    func aJoinerKeepsTheLigatureANonJoinerStopsIt(shaper: ShaperChoice) throws {
        let measurer = try TestFonts.measurer(
            [(TestFonts.dejaVuSans, 0)], size: 17, options: MeasureOptions(shaper: shaper), features: true)
        let office = measurer.measure("office").width
        #expect(abs(measurer.measure("of\u{200D}fice").width - 46.6421) < 0.001)
        #expect(measurer.measure("of\u{200D}fice").width == office)
        #expect(abs(measurer.measure("of\u{200C}fice").width - 46.8994) < 0.001)
        // Wrapped, the word is one segment either way (LB8a, LB9): one line at a width it fits.
        let wrapped = TextMeasurer(
            cascade: measurer.cascade, pointSize: 17, options: MeasureOptions(maxWidth: 50, shaper: shaper))
        #expect(wrapped.measure("of\u{200D}fice").lineCount == 1)
    }
}
