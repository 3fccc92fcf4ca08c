import Foundation
import TestSupport
import Testing

@testable import Measure

/// A pair kerned into whitespace that hangs at a line's end stays in the visible text's width. HarfBuzz puts a GPOS
/// pair on its left glyph's advance (value 1's XAdvance) and a legacy 'kern' table pair half on each glyph (`kern >> 1`
/// on the left), so HarfBuzz's, Pango's and Skia's lines keep that part where the space hangs — at the end of a text
/// and at a wrap alike (Liberation Sans at 2,048 pt, which kerns A, L, P, T, Y and Greek capitals with the space as
/// Arial does: "SAY A WORD" at 6,000 pt is 5,618 pt wide in all three, `pango-measure` and `skia-measure.py` of
/// `../shared/reference/engines`; the fast path, which puts a pair on its right glyph, had 5,731). The fast path adds
/// the left part back (`LayoutEngine.hangingShare`), on every path that measures without HarfBuzz.
@Suite struct HangingKerningTests {
    /// `Tests/FontFixtures/KernSpace.ttf` (its `make-fonts.py`): 1,000 units an em, space 250 units, A, V and T 600
    /// each; GPOS pairs A space −100, A V −80, V A −80, T A −60, space T −40. At 1,000 pt a unit is a point.
    static let kernSpace = MarkPositioningTests.fixtures + "KernSpace.ttf"

    /// Widths and line counts by hand from the font's numbers above.
    @Test(arguments: [
        // 600 − 100: the A–space pair stays on the A; the space hangs (before: 600).
        ("A ", 0.0, 500.0, 1),
        // The pair is with the first space only.
        ("A  ", 0, 500, 1),
        // 600 − 80 + 600 − 100.
        ("VA ", 0, 1_020, 1),
        ("TA ", 0, 1_040, 1),
        // Inside a line nothing changes: 600 − 100 + 250 − 40 + 600.
        ("A T", 0, 1_310, 1),
        // 1,020 fits a line of 1,050 (without the pair, 1,120 did not: "V", "A ").
        ("VA ", 1_050, 1_020, 1),
        // "T " then "VA " from 850: 1,870 fits 1,900 (before: 1,970, two lines).
        ("T VA ", 1_900, 1_870, 1),
        // A word wider than the line, broken between its clusters: A | V | A | then V A with the pair, 1,020, fits
        // 1,100 (before: five lines).
        ("AVAVA ", 1_100, 1_020, 4),
        // "AVA " is 1,540, wider than 1,500: AV (1,120) | A (500) | AV | A.
        ("AVA AVA", 1_500, 1_120, 4),
    ])
    func pairIntoHangingWhitespace(text: String, width: Double, expected: Double, lines: Int) throws {
        let fonts = try FontCascade([try Font(path: Self.kernSpace)])
        for shaper in [ShaperChoice.automatic, .harfBuzz] {
            let measurer = TextMeasurer(
                cascade: fonts, pointSize: 1000, options: MeasureOptions(maxWidth: width, shaper: shaper))
            let size = measurer.measure(text)
            #expect(abs(size.width - expected) < 1e-9, "\(text.debugDescription) at \(width), \(shaper)")
            #expect(size.lineCount == lines, "\(text.debugDescription) at \(width), \(shaper)")
        }
    }

    /// The repository's legacy-kern subset of DejaVu Serif with its pair a space −400 (`UnshapedRunTests`, 2,048 units
    /// an em; fontTools reads `a` 1,221 units wide): HarfBuzz puts −400 >> 1 = −200 on the `a`, the rest on the space,
    /// which hangs: "a " is 1,021 pt at 2,048 pt, "aa " 1,221 + 1,021.
    @Test func legacyKernTablesKeepHarfBuzzsHalf() throws {
        let fonts = try FontCascade([try UnshapedRunTests.legacyKernFont()])
        for shaper in [ShaperChoice.automatic, .harfBuzz] {
            let measurer = TextMeasurer(cascade: fonts, pointSize: 2048, options: MeasureOptions(shaper: shaper))
            #expect(abs(measurer.measure("a ").width - 1_021) < 1e-9, "\(shaper)")
            #expect(abs(measurer.measure("a   ").width - 1_021) < 1e-9, "\(shaper)")
            #expect(abs(measurer.measure("aa ").width - 2_242) < 1e-9, "\(shaper)")
        }
    }

    /// Random text of the fixture's glyphs and spaces, alone and with ideographs and hard breaks: the one-pass
    /// measures (Latin-1 and beyond) give the cluster path's layouts to the bit, and HarfBuzz's run by run, over the
    /// grid of widths, features and segment caches. The ideographs are Noto Sans Mono CJK SC's, which does not kern:
    /// a second font kerning Latin-1 scalars (Noto Sans CJK SC maps them all) turns both one-pass measures off, and
    /// the comparison with the cluster path would compare that path with itself (the test checks that they ran).
    @Test func everyPathAgrees() throws {
        let fonts = try FontCascade([
            try Font(path: Self.kernSpace), try Font(path: TestFonts.notoSansCJK, faceIndex: 7),
        ])
        var random = SplitMix64(seed: 915)
        let pieces = ["A", "V", "T", " ", " ", "  ", "AV", "TA ", "A ", "VA  ", "\n", "漢", "字", "漢 ", "\u{3000}"]
        let latin1 = (0..<200).map { _ in (0...random.next(12)).map { _ in pieces[random.next(11)] }.joined() }
        let mixed = (0..<200).map { _ in (0...random.next(12)).map { _ in pieces[random.next(pieces.count)] }.joined() }
        // At 60 pt an A is 36 pt wide: the widths wrap every few clusters, and break words.
        for width in [0.0, 30, 50, 75, 110, 200] {
            for features in [true, false] {
                for cacheBytes in [0, 1 << 20] {
                    let measurer = TextMeasurer(
                        cascade: fonts, pointSize: 60,
                        options: MeasureOptions(maxWidth: width, usesFontFeatures: features),
                        segmentCacheBytes: cacheBytes)
                    let label = "width \(width), features \(features), cache \(cacheBytes)"
                    let engine = measurer.makeSession().engine
                    #expect(
                        engine.fusesLatin1Strings && engine.fusesOtherStrings, "\(label): a one-pass measure is off")
                    Latin1StringFitTests.expectSameLayouts(measurer, latin1, "Latin-1, \(label)")
                    let session = OnePassFitTests.expectSameLayouts(measurer, mixed, "mixed, \(label)")
                    #expect(session.onePassStrings > mixed.count / 2, "\(label): \(session.onePassStrings) one-pass")
                    _ = UnshapedRunTests.expectSameLayouts(measurer, latin1 + mixed, "HarfBuzz, \(label)")
                }
            }
        }
    }
}
