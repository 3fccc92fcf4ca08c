import Foundation
import Testing

@testable import Measure

/// A cluster HarfBuzz shapes into several glyphs (a letter with a mark the font has no precomposed glyph for, a letter
/// HarfBuzz draws decomposed) kerns against the cluster after it as HarfBuzz's pair kerning does when it shapes the
/// whole line: by its last glyph, past a default-ignorable character's hidden glyph and, where the font's pair
/// lookups skip marks, past its marks (`HarfBuzzShaper.trailingGlyph`). A mark the pair lookups do not skip ends the
/// pair: a pair puts its value on its left glyph, and HarfBuzz zeroes a mark's advance after kerning. Before, such a
/// cluster kerned by its first glyph wherever the fitter joins two segments (every grapheme with `--char-wrap`, a
/// break after a zero width space or soft hyphen): "ČČČ" in Noto Sans CJK JP was 1,850 with `--char-wrap`, 1,914 whole.
@Suite struct TrailingGlyphTests {
    /// The fixtures of `make-fonts.py`: 1,000 units an em, so at 1,000 pt a unit is a point. Space 250, A, V and C
    /// 600, a 500, a combining caron U+030C with no advance, no Č; pairs A V −80, V A −80, V a −60, C C −30, caron a
    /// −25.
    static func fixture(_ name: String) -> String {
        MarkPositioningTests.fixtures + name + ".ttf"
    }

    static let notoSans = "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"

    /// The fixtures' lookups as `make-fonts.py` builds them, and two real fonts' (fontTools: DejaVu Sans's 'kern'
    /// lookups 14 and 15 have LookupFlag 0; Noto Sans's pair lookup 2 has IgnoreMarks, 0x0008).
    @Test(arguments: [
        ("KernMarks", false), ("KernMarksSkip", true), ("KernMarksLegacy", true), ("KernMarksSkipNoGDEF", true),
        ("KernMarksNoGDEF", false),
    ])
    func whichFontsSkipMarks(name: String, skips: Bool) throws {
        let font = try Font(path: Self.fixture(name))
        let value = font.openTypeFeatures.kerningSkipsMarks
        #expect(value == skips)
        let legacy = font.openTypeFeatures.kernsByLegacyTable
        #expect(legacy == (name == "KernMarksLegacy"))
    }

    @Test func realFontsSkipMarksAsTheirLookupsSay() throws {
        let dejaVu = try Font(path: TestFonts.dejaVuSans).openTypeFeatures.kerningSkipsMarks
        #expect(!dejaVu)
        let notoCJK = try Font(path: TestFonts.notoSansCJK, faceIndex: 0).openTypeFeatures.kerningSkipsMarks
        #expect(!notoCJK)
        let noto = try Font(path: Self.notoSans).openTypeFeatures.kerningSkipsMarks
        #expect(noto)
    }

    /// By hand, where the caron ends a pair (KernMarks: its lookup matches marks; KernMarksNoGDEF: the same, the caron
    /// a mark by its Unicode category): "V\u{30C}a" 600 + 500 (V–a is not kerned, and the caron–a pair's −25 is on the
    /// caron, whose advance HarfBuzz zeroes); "AV\u{30C}A" 600 − 80 + 600 + 600 (A–V only); "ČČ" drawn C, caron, C,
    /// caron: 1,200, no pair; "V\u{200D}a" 600 − 60 + 500 (the joiner's hidden glyph is skipped); "V\u{30C}\u{200B}A"
    /// 1,200 (the zero width space allows a break: two segments in every mode). Where marks are skipped (an IgnoreMarks
    /// lookup, with or without GDEF; a legacy 'kern' table, which HarfBuzz applies ignoring marks): 1,100 − 60 = 1,040;
    /// 600 − 80 + 600 − 80 + 600 = 1,640; 1,200 − 30 = 1,170; 1,040; 1,200 − 80 = 1,120. HarfBuzz 15 (uharfbuzz) shaping each
    /// string whole gives these numbers in all five fonts.
    @Test(arguments: [
        ("KernMarks", [1_100.0, 1_720, 1_200, 1_040, 1_200]),
        ("KernMarksNoGDEF", [1_100.0, 1_720, 1_200, 1_040, 1_200]),
        ("KernMarksSkip", [1_040.0, 1_640, 1_170, 1_040, 1_120]),
        ("KernMarksSkipNoGDEF", [1_040.0, 1_640, 1_170, 1_040, 1_120]),
        ("KernMarksLegacy", [1_040.0, 1_640, 1_170, 1_040, 1_120]),
    ])
    func pairsAcrossMarks(name: String, expected: [Double]) throws {
        let texts = ["V\u{30C}a", "AV\u{30C}A", "\u{10C}\u{10C}", "V\u{200D}a", "V\u{30C}\u{200B}A"]
        let fonts = try FontCascade([try Font(path: Self.fixture(name))])
        for shaper in [ShaperChoice.automatic, .harfBuzz] {
            for mode in [LineBreakMode.byWordWrapping, .byCharWrapping] {
                let measurer = TextMeasurer(
                    cascade: fonts, pointSize: 1000, options: MeasureOptions(lineBreakMode: mode, shaper: shaper))
                for (text, width) in zip(texts, expected) {
                    // A zero width space between the two segments ends the pair under `--char-wrap`, where it is a
                    // segment of its own (noted, not mended here): the marks' widths alone, 1,200.
                    let wanted = mode == .byCharWrapping && text.hasSuffix("\u{200B}A") ? 1_200 : width
                    let label = "\(name) \(text.debugDescription) \(shaper) \(mode)"
                    let size = measurer.measure(text)
                    let measured = size.width, missing = size.missingGlyphs
                    #expect(measured == wanted, "\(label)")
                    #expect(missing == 0, "\(label)")
                    let prepared = measurer.prepare(text).fit(maxWidth: 0).width
                    #expect(prepared == wanted, "\(label), prepared")
                }
            }
        }
    }

    /// "AV̌AV̌aV̌A" at 2,500 pt wraps after the second V̌ in both modes (by characters, and by an emergency break of the
    /// one word). Where the caron ends a pair: 600 − 80 + 600 + 600 − 80 + 600 = 2,240, then "aV̌A" 500 + 600 + 600 =
    /// 1,700 (the a would make 2,740). Where marks are skipped: 2,240 − 80 (V̌–A) = 2,160 (with the a, 2,160 − 60 +
    /// 500 = 2,600), then 1,700 − 80 = 1,620.
    @Test(arguments: [("KernMarks", [2_240.0, 1_700]), ("KernMarksSkip", [2_160.0, 1_620])])
    func linesOfACharacterWrap(name: String, expected: [Double]) throws {
        let fonts = try FontCascade([try Font(path: Self.fixture(name))])
        let text = "AV\u{30C}AV\u{30C}aV\u{30C}A"
        for shaper in [ShaperChoice.automatic, .harfBuzz] {
            for mode in [LineBreakMode.byWordWrapping, .byCharWrapping] {
                let measurer = TextMeasurer(
                    cascade: fonts, pointSize: 1000,
                    options: MeasureOptions(maxWidth: 2_500, lineBreakMode: mode, shaper: shaper))
                let widths: [Double] = measurer.layout(text).lines.map(\.width)
                #expect(widths == expected, "\(name) \(shaper) \(mode)")
                let prepared: [Double] = measurer.prepare(text).layout(maxWidth: 2_500).lines.map(\.width)
                #expect(prepared == expected, "\(name) \(shaper) \(mode), prepared")
            }
        }
    }

    /// A grapheme of default-ignorable characters alone that HarfBuzz shapes (ZWNJs at the text's start: hidden space
    /// glyphs, which pair kerning skips) kerns against nothing: in the fixture of `HangingKerningTests` (space 250, T
    /// 600, the pair space T −40), "\u{200C}\u{200C}T" is the T's 600, as HarfBuzz 15 (uharfbuzz) gives it whole; the
    /// HarfBuzz shaper under `--char-wrap` had 560, the pair of the hidden space glyph.
    @Test func ignorablesAloneKernAgainstNothing() throws {
        let fonts = try FontCascade([try Font(path: HangingKerningTests.kernSpace)])
        for shaper in [ShaperChoice.automatic, .harfBuzz] {
            for mode in [LineBreakMode.byWordWrapping, .byCharWrapping] {
                let measurer = TextMeasurer(
                    cascade: fonts, pointSize: 1000, options: MeasureOptions(lineBreakMode: mode, shaper: shaper))
                let width = measurer.measure("\u{200C}\u{200C}T").width
                #expect(width == 600, "\(shaper) \(mode)")
            }
        }
    }

    /// Real fonts, with `--char-wrap` as whole, against HarfBuzz 15 (uharfbuzz) shaping each string whole (1,000 pt):
    /// Noto Sans CJK JP draws "Č" as C and a caron and kerns C–C −32 but matches marks, so "ČČČ" is three C's and
    /// three carons unkerned, 3 × 638 = 1,914 (Pango gives the same); DejaVu Sans matches marks: "A\u{331}V"
    /// 1,368.1640625 (A 1,401 units + V 1,401 at 2,048 an em, no A–V pair) and "T\u{336}o" 1,222.65625 (T 1,251 + o
    /// 1,253; "To" is 1,052.734375); Noto Sans skips marks: "T\u{336}o" keeps its T–o pair, 1,091 (T 486 after the
    /// pair, o 605), as "To" does.
    @Test(arguments: [
        (TestFonts.notoSansCJK, "\u{10C}\u{10C}\u{10C}", 1_914.0), (TestFonts.dejaVuSans, "A\u{331}V", 1_368.1640625),
        (TestFonts.dejaVuSans, "T\u{336}o", 1_222.65625), (Self.notoSans, "T\u{336}o", 1_091),
    ])
    func realFontsAsHarfBuzzShapesThemWhole(path: String, text: String, expected: Double) throws {
        let fonts = try FontCascade([try Font(path: path)])
        for shaper in [ShaperChoice.automatic, .harfBuzz] {
            for mode in [LineBreakMode.byWordWrapping, .byCharWrapping] {
                let measurer = TextMeasurer(
                    cascade: fonts, pointSize: 1000, options: MeasureOptions(lineBreakMode: mode, shaper: shaper))
                let width = measurer.measure(text).width
                #expect(abs(width - expected) < 1e-6, "\(path) \(text.debugDescription) \(shaper) \(mode): \(width)")
            }
        }
    }
}
