import Testing

@testable import Measure

/// Right-to-left text with left-to-right words, numbers, punctuation and mirrored brackets inside, measured in one
/// font that covers Arabic, Hebrew and Latin (DejaVu Sans, 17 pt), against Pango 1.50 (HarfBuzz 6.0) in the same font:
/// `pango-measure` of `../shared/reference/engines`, run on these strings here. Pango rounds each advance to 1/1024
/// pt, hence the 0.02 pt tolerance; line counts must be equal.
struct BidiMeasureTests {
    /// (text, Pango's width and lines unwrapped, at 100 pt, at 150 pt)
    static let cases: [(String, [(Double, Int)])] = [
        ("تنزيل PDF (2 MB)", [(136.5947, 1), (98.2266, 2), (136.5947, 1)]),
        ("שלום (עולם) abc", [(128.4668, 1), (92.5068, 2), (128.4668, 1)]),
        ("מחיר: 25.50 ₪ [הנחה]", [(173.3838, 1), (95.8525, 2), (114.5879, 2)]),
        // Starts left to right and wraps into right-to-left text.
        ("Download تنزيل الملف الآن please", [(268.5381, 1), (88.0156, 3), (136.3770, 2)]),
        ("مرحبا بكم في التطبيق الجديد للبودكاست المفضل لديك", [(387.3496, 1), (97.8447, 5), (137.8535, 4)]),
        ("abc אבג def דהו ghi", [(158.9141, 1), (96.7979, 2), (127.2207, 2)]),
    ]

    @Test(arguments: 0..<6)
    func mixedDirectionTextMatchesPango(index: Int) throws {
        let (text, expected) = Self.cases[index]
        for (width, reference) in zip([0.0, 100, 150], expected) {
            let measurer = try TestFonts.measurer(
                [(TestFonts.dejaVuSans, 0)], size: 17,
                options: MeasureOptions(maxWidth: width), features: true)
            let size = measurer.measure(text)
            #expect(abs(size.width - reference.0) <= 0.02, "\(text) at \(width): \(size.width) against \(reference.0)")
            #expect(size.lineCount == reference.1, "\(text) at \(width)")
            #expect(size.missingGlyphs == 0)
        }
    }

    /// The same strings shaped everything by HarfBuzz give the same sizes: a bidi string is shaped whole either way.
    @Test func harfBuzzShaperGivesTheSameSizes() throws {
        for (text, _) in Self.cases {
            let automatic = try TestFonts.measurer(
                [(TestFonts.dejaVuSans, 0)], size: 17,
                options: MeasureOptions(maxWidth: 100), features: true)
            let harfBuzz = try TestFonts.measurer(
                [(TestFonts.dejaVuSans, 0)], size: 17,
                options: MeasureOptions(maxWidth: 100, shaper: .harfBuzz),
                features: true)
            #expect(automatic.measure(text) == harfBuzz.measure(text), "\(text)")
        }
    }

    /// A character no font maps is counted, in Latin and in shaped text alike.
    @Test func missingGlyphsAreCounted() throws {
        let measurer = try TestFonts.measurer([(TestFonts.dejaVuSans, 0)], size: 17, features: true)
        // DejaVu Sans has no Thai and no Devanagari.
        #expect(measurer.measure("abc กข").missingGlyphs == 2)
        #expect(measurer.measure("नमस्ते").missingGlyphs > 0)
        #expect(measurer.measure("تنزيل PDF").missingGlyphs == 0)
        #expect(measurer.cascade.unmappedScalars(in: "abc กข") == ["\u{0E01}", "\u{0E02}"])
        // A Unicode space no font maps is drawn by the space glyph at its width by rule, as HarfBuzz does
        // (`StandInGlyphTests`): neither counted nor named; controls, separators and joiners need no glyph.
        #expect(measurer.measure("a \u{3000}b").missingGlyphs == 0)
        #expect(measurer.cascade.unmappedScalars(in: "a \u{3000}b\t\n\u{2028}\u{200D}ก") == ["\u{0E01}"])
        #expect(measurer.cascade.oneFontMapsEveryScalar(in: "a \u{3000}b"))
        // Counted once whatever path the segment takes: a lone unmapped space, a segment with a tab.
        let session = measurer.makeSession()
        for text in ["a \u{3000}b", "ก\tb", "ab\tก", "กกก กกก\tx"] {
            #expect(measurer.measure(text).missingGlyphs == session.missingGlyphs(in: text), "\(text)")
        }
        #expect(measurer.measure("ก\tb").missingGlyphs == 1)
        #expect(FontCascade.describe("\u{0E01}") == "U+0E01 THAI CHARACTER KO KAI")
    }
}
