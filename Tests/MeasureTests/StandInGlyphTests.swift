import Foundation
import TestSupport
import Testing

@testable import Measure

/// A Unicode space no font of the cascade maps is measured as HarfBuzz measures it — the primary font's space glyph
/// at a width given by rule (`StandInGlyphs`), and U+2011 as U+2010 — not as `.notdef`, and is not a missing glyph.
/// HarfBuzz, Pango and
/// Skia agree on it (`a\u{3000}b` in Liberation Sans at 2,048 pt: 4,326 pt in all three with `pango-measure` and
/// `skia-measure.py` of `../shared/reference/engines`; the fast path had 3,026, a `.notdef` box). French text with
/// U+202F before `:` `;` `!` `?` in a font without it (Liberation, Noto Sans CJK) is the everyday case.
@Suite struct StandInGlyphTests {
    /// The fixture of `HangingKerningTests`: 1,000 units an em, space 250, A and T 600, no digit, full stop or comma,
    /// no Unicode space but U+0020; GPOS pairs A space −100, space T −40. At 1,000 pt a unit is a point.
    static let kernSpace = HangingKerningTests.kernSpace

    /// "A", the space, "A" (or "T"), by hand: A 600 − 100 (the pair A space, which HarfBuzz kerns the stand-in space
    /// glyph with) + the space's width by rule + 600 (− 40 before T). Each rule's width in units, HarfBuzz's rounding:
    /// an em 1,000; ½ (1,000 + 1) / 2 = 500; ⅓ 333; ¼ 250; ⅙ 167; ⅕ 200; 1/16 (1,000 + 8) / 16 = 63; 4/18 em 222
    /// (truncated); figure and punctuation spaces the space's 250 (no digit, no full stop); narrow half the space's
    /// 125; no-break the space's 250. Checked with HarfBuzz 15 (uharfbuzz): "A\u{2009}T" 1,260, "A\u{202F}A" 1,225,
    /// "A\u{205F}A" 1,322, "A\u{A0}T" 1,310, "A\u{2007}A" 1,350.
    @Test(arguments: [
        ("A\u{3000}A", 2_100.0), ("A\u{2001}A", 2_100), ("A\u{2003}A", 2_100),
        ("A\u{2000}A", 1_600), ("A\u{2002}A", 1_600), ("A\u{2004}A", 1_433), ("A\u{2005}A", 1_350),
        ("A\u{2006}A", 1_267), ("A\u{2009}A", 1_300), ("A\u{200A}A", 1_163), ("A\u{205F}A", 1_322),
        ("A\u{2007}A", 1_350), ("A\u{2008}A", 1_350), ("A\u{202F}A", 1_225), ("A\u{A0}A", 1_350),
        ("A\u{2009}T", 1_260), ("A\u{A0}T", 1_310), ("A\u{3000}T", 2_060),
    ])
    func widthsByRule(text: String, expected: Double) throws {
        let fonts = try FontCascade([try Font(path: Self.kernSpace)])
        for shaper in [ShaperChoice.automatic, .harfBuzz] {
            for features in [true, false] {
                let measurer = TextMeasurer(
                    cascade: fonts, pointSize: 1000,
                    options: MeasureOptions(usesFontFeatures: features, shaper: shaper))
                let size = measurer.measure(text)
                // Without features no pair applies: 100 back for the A, 40 for the T.
                let plain = expected + 100 + (text.hasSuffix("T") ? 40 : 0)
                let label = "\(text.debugDescription), \(shaper), features \(features)"
                let width = size.width, missing = size.missingGlyphs
                #expect(abs(width - (features ? expected : plain)) < 1e-9, "\(label): \(width)")
                #expect(missing == 0, "\(label)")
            }
        }
        let unmapped = fonts.unmappedScalars(in: text).map(\.value)
        #expect(unmapped.isEmpty)
        let oneFont = fonts.oneFontMapsEveryScalar(in: text)
        #expect(oneFont)
    }

    /// A space that allows a break after it hangs at a line's end as U+0020 does, and breaks lines: "A\u{2009}A" in
    /// 700 pt is two lines, the first 600 − 100 wide (the pair stays on the A, the thin space hangs), the second 600.
    @Test func fallbackSpacesBreakAndHang() throws {
        let fonts = try FontCascade([try Font(path: Self.kernSpace)])
        for shaper in [ShaperChoice.automatic, .harfBuzz] {
            let measurer = TextMeasurer(
                cascade: fonts, pointSize: 1000, options: MeasureOptions(maxWidth: 700, shaper: shaper))
            let widths: [Double] = measurer.layout("A\u{2009}A").lines.map(\.width)
            #expect(widths == [500, 600], "\(shaper)")
            // U+202F does not allow a break: one word of 1,225 pt, broken between clusters, A | A.
            let lines = measurer.measure("A\u{202F}A").lineCount
            #expect(lines == 2, "\(shaper)")
            let hanging = measurer.measure("A\u{3000}").width
            #expect(abs(hanging - 500) < 1e-9, "\(shaper): \(hanging)")
        }
    }

    /// The figure and punctuation spaces take the font's digit and full stop: Noto Sans CJK JP (face 0, 1,000 units
    /// an em; fontTools hmtx: space 224, 0 and 1 555, full stop 278, P 633, r 388, i 275, x 498, colon 278,
    /// ideographs 1,000), which has none of U+2000…U+200A, U+202F, U+205F. At 1,000 pt: "1\u{2007}000" five digits'
    /// width 2,775; "漢\u{2008}字" 2,278; "Prix\u{202F}:" 633 + 388 + 275 + 498 + 224 / 2 (112) + 278 = 2,184;
    /// "漢\u{2009}字" 2,200. The same totals from HarfBuzz 15 (uharfbuzz) for the first, third and fourth.
    @Test func digitsAndStopsOfTheFont() throws {
        let fonts = try FontCascade([try Font(path: TestFonts.notoSansCJK, faceIndex: 0)])
        for shaper in [ShaperChoice.automatic, .harfBuzz] {
            let measurer = TextMeasurer(cascade: fonts, pointSize: 1000, options: MeasureOptions(shaper: shaper))
            for (text, expected) in [
                ("1\u{2007}000", 2_775.0), ("漢\u{2008}字", 2_278), ("Prix\u{202F}:", 2_184), ("漢\u{2009}字", 2_200),
            ] {
                let size = measurer.measure(text)
                let width = size.width, missing = size.missingGlyphs
                #expect(abs(width - expected) < 1e-9, "\(text.debugDescription), \(shaper): \(width)")
                #expect(missing == 0)
            }
        }
    }

    /// U+2011 NON-BREAKING HYPHEN in a font that has only U+2010 is U+2010's glyph, in the fast path ("1‑1") and in a
    /// shaped run ("ক‑খ") alike: Noto Sans Bengali (fonts-noto-core; 1,000 units an em; fontTools hmtx: uni2010 340,
    /// one.beng 551, kabeng 807, khabeng 696) at 1,000 pt, 551 + 340 + 551 = 1,442 and 807 + 340 + 696 = 1,843, as
    /// HarfBuzz 15 and Pango 1.50 give them (before: the `.notdef`'s 600 in the fast path, and one missing glyph
    /// counted in both). With U+2010 gone too (a font that has neither) it stays a `.notdef`.
    @Test func nonBreakingHyphenTakesTheHyphen() throws {
        let bengali = "/usr/share/fonts/truetype/noto/NotoSansBengali-Regular.ttf"
        let fonts = try FontCascade([try Font(path: bengali)])
        for shaper in [ShaperChoice.automatic, .harfBuzz] {
            let measurer = TextMeasurer(cascade: fonts, pointSize: 1000, options: MeasureOptions(shaper: shaper))
            for (text, expected) in [("1\u{2011}1", 1_442.0), ("\u{0995}\u{2011}\u{0996}", 1_843), ("\u{2011}", 340)] {
                let size = measurer.measure(text)
                let width = size.width, missing = size.missingGlyphs
                #expect(abs(width - expected) < 1e-9, "\(text.debugDescription), \(shaper): \(width)")
                #expect(missing == 0, "\(text.debugDescription), \(shaper)")
            }
        }
        let unmapped = fonts.unmappedScalars(in: "1\u{2011}1").map(\.value)
        #expect(unmapped.isEmpty)
        // The fixture has no hyphen at all: U+2011 is a `.notdef` (600 units) there, and named.
        let fixture = try FontCascade([try Font(path: Self.kernSpace)])
        let size = TextMeasurer(cascade: fixture, pointSize: 1000, options: MeasureOptions()).measure("A\u{2011}")
        let width = size.width, missing = size.missingGlyphs
        #expect(width == 1_200 && missing == 1, "\(width), \(missing)")
        let named = fixture.unmappedScalars(in: "A\u{2011}").map(\.value)
        #expect(named == [0x2011])
    }

    /// A precomposed letter the font lacks whose canonical decomposition it maps is drawn decomposed, as HarfBuzz's
    /// normalizer does: Noto Sans CJK JP has C (638 units, fontTools hmtx) and U+030C COMBINING CARON (0, GDEF class
    /// mark) but not Č, nor Š, Ž, ř, ć — Czech, Croatian and Polish names in a Japanese font. At 1,000 pt "Černá" is
    /// C 638 + caron 0 + e 554 + r 388 + n 610 + á 563 = 2,753 (Pango 1.50 the same; before: the `.notdef`'s 1,000 for
    /// Č, 3,115, and a missing glyph) — alone, as a long word, through a prepared text, wrapped (two lines at 3,000
    /// pt), and with both shapers. Ł has no decomposition: still a `.notdef`, named.
    @Test func precomposedLettersTheFontLacksAreDecomposed() throws {
        let fonts = try FontCascade([try Font(path: TestFonts.notoSansCJK, faceIndex: 0)])
        let long = String(repeating: "Černá", count: 3_000)
        for shaper in [ShaperChoice.automatic, .harfBuzz] {
            for width in [0.0, 3_000] {
                let measurer = TextMeasurer(
                    cascade: fonts, pointSize: 1000, options: MeasureOptions(maxWidth: width, shaper: shaper))
                let label = "\(shaper), width \(width)"
                // Unwrapped, two words and the space (224 units): 5,730, as Pango has it; at 3,000 pt, a word a line.
                let size = measurer.measure("Černá Černá")
                let (sizeWidth, lines, missing) = (size.width, size.lineCount, size.missingGlyphs)
                let expected = width == 0 ? 5_730.0 : 2_753
                #expect(sizeWidth == expected && lines == (width == 0 ? 1 : 2) && missing == 0, "\(label): \(size)")
                let prepared = measurer.prepare("Černá").fit(maxWidth: width)
                let (preparedWidth, preparedMissing) = (prepared.width, prepared.missingGlyphs)
                #expect(preparedWidth == 2_753 && preparedMissing == 0, "\(label): \(prepared)")
            }
            let measurer = TextMeasurer(cascade: fonts, pointSize: 1000, options: MeasureOptions(shaper: shaper))
            let longSize = measurer.measure(long)
            let (longWidth, longMissing) = (longSize.width, longSize.missingGlyphs)
            #expect(abs(longWidth - 2_753 * 3_000) < 1e-6 && longMissing == 0, "\(shaper): \(longSize)")
        }
        let unmapped = fonts.unmappedScalars(in: "Černá Łódź").map(\.value)
        #expect(unmapped == [0x141])
        // With an accent after it, Č is C, the caron and the accent (the accent takes no advance): as "C\u{30C}\u{301}",
        // none missing; the cluster goes to HarfBuzz either way.
        for text in ["\u{10C}\u{301}", "C\u{30C}\u{301}"] {
            let size = TextMeasurer(cascade: fonts, pointSize: 1000, options: MeasureOptions()).measure(text)
            let (width, missing) = (size.width, size.missingGlyphs)
            #expect(width == 638 && missing == 0, "\(text.debugDescription): \(size)")
        }
    }

    /// HarfBuzz's normalizer tries a canonical decomposition before the space fallback, and U+2000 EN QUAD and U+2001
    /// EM QUAD decompose to U+2002 and U+2003: a font with those draws them. Noto Traditional Nushu (fonts-noto-core;
    /// 1,024 units an em; fontTools hmtx: ensp 370, emsp 740, a 564, b 618, one and two 555) at 1,024 pt: "a\u{2000}b"
    /// 564 + 370 + 618 = 1,552 (the rule's ½ em would give 1,694), "1\u{2001}2" 555 + 740 + 555 = 1,850 (HarfBuzz
    /// 15, Pango and Skia agree at 1,000 pt: 1,515.63 and 1,806.64).
    @Test func quadsAreTheFontsEnAndEmSpaces() throws {
        let nushu = "/usr/share/fonts/truetype/noto/NotoTraditionalNushu-Regular.ttf"
        let fonts = try FontCascade([try Font(path: nushu)])
        for shaper in [ShaperChoice.automatic, .harfBuzz] {
            let measurer = TextMeasurer(cascade: fonts, pointSize: 1024, options: MeasureOptions(shaper: shaper))
            for (text, expected) in [("a\u{2000}b", 1_552.0), ("1\u{2001}2", 1_850)] {
                let size = measurer.measure(text)
                let (width, missing) = (size.width, size.missingGlyphs)
                #expect(abs(width - expected) < 1e-9 && missing == 0, "\(text.debugDescription), \(shaper): \(size)")
            }
        }
    }

    /// A stand-in in a cluster with more than itself: U+3000 with U+0301 after it is the space glyph and the accent
    /// in DejaVu Sans, as in HarfBuzz (a 1,255 + 2,048 + the mark, which takes no advance, + b 1,300 = 4,603 at
    /// 2,048 pt), and no missing glyph; with a variation selector after it HarfBuzz does not normalize the cluster
    /// and the space is a `.notdef`, one missing. The database's shortcut (`oneFontMapsEveryScalar`) leaves both to
    /// measuring: it said "none missing" of the second, and a `--db` run answered 0 where measuring said 1.
    @Test func standInsInLargerClusters() throws {
        let fonts = try FontCascade([try Font(path: TestFonts.dejaVuSans)])
        for shaper in [ShaperChoice.automatic, .harfBuzz] {
            let measurer = TextMeasurer(cascade: fonts, pointSize: 2048, options: MeasureOptions(shaper: shaper))
            let accented = measurer.measure("a\u{3000}\u{0301}b")
            let (width, missing) = (accented.width, accented.missingGlyphs)
            #expect(abs(width - 4_603) < 1e-9 && missing == 0, "\(shaper): \(accented)")
            let selected = measurer.measure("a\u{3000}\u{FE0F}b").missingGlyphs
            #expect(selected == 1, "\(shaper)")
        }
        for text in ["a\u{3000}\u{0301}b", "a\u{3000}\u{FE0F}b", "a\u{3000}\u{200D}b"] {
            let answered = fonts.oneFontMapsEveryScalar(in: text)
            #expect(!answered, "\(text.debugDescription)")
        }
        let alone = fonts.oneFontMapsEveryScalar(in: "a\u{3000}b")
        #expect(alone)
    }

    /// DejaVu Sans has every Unicode space but U+3000: "a\u{3000}b" at 2,048 pt is a 1,255 + an em 2,048 + b 1,300
    /// (fontTools hmtx; no pair) = 4,603 (HarfBuzz 15 the same), and its ink (`usesDeviceMetrics`) runs from a's left
    /// edge (123) to b's right (1,255 + 2,048 + 1,188), b's top 1,556 to the bowls' bottom −29 — with no `.notdef`
    /// box between them.
    @Test func aFontWithoutTheIdeographicSpace() throws {
        let fonts = try FontCascade([try Font(path: TestFonts.dejaVuSans)])
        let measurer = TextMeasurer(cascade: fonts, pointSize: 2048, options: MeasureOptions())
        let width = measurer.measure("a\u{3000}b").width
        #expect(width == 4_603)
        var attributes = TextAttributes()
        attributes.usesDeviceMetrics = true
        let ink = TextMeasurer(cascade: fonts, pointSize: 2048, options: MeasureOptions(attributes: attributes))
            .measure("a\u{3000}b")
        let inkWidth = ink.width, inkHeight = ink.height
        #expect(abs(inkWidth - Double(1_255 + 2_048 + 1_188 - 123)) < 1e-9, "\(inkWidth)")
        #expect(abs(inkHeight - Double(1_556 + 29)) < 1e-9, "\(inkHeight)")
    }

    /// Whitespace that ends a run with visible text after it on the line counts at its fallback width: "A\u{2009}"
    /// in a second copy of the fixture, then "T" in the first — 600 − 100 (the pair inside the run) + 200 + 600,
    /// with no pair across the runs' fonts (before: the `.notdef`'s 600 for the thin space, and no pair).
    @Test func whitespaceEndingARun() throws {
        let font = try Font(path: Self.kernSpace)
        let fonts = try FontCascade([font, try Font(path: Self.kernSpace)])
        var options = MeasureOptions()
        options.attributes.runs = [TextRun(location: 0, length: 2, font: 1)]
        let size = TextMeasurer(cascade: fonts, pointSize: 1000, options: options).measure("A\u{2009}T")
        let width = size.width, missing = size.missingGlyphs
        #expect(abs(width - 1_300) < 1e-9, "\(width)")
        #expect(missing == 0)
    }

    /// Where the primary font can give no space glyph — a bitmap-only font (HarfBuzz does not shape it) — or the
    /// scalar is no space with a fallback (U+1680 OGHAM SPACE MARK is drawn), it stays a `.notdef`, counted and named.
    @Test func noFallbackStaysMissing() throws {
        let emoji = try FontCascade([try Font(path: TestFonts.notoColorEmoji)])
        let emojiUnmapped = emoji.unmappedScalars(in: "\u{2009}").map(\.value)
        #expect(emojiUnmapped == [0x2009])
        let emojiMissing = TextMeasurer(cascade: emoji, pointSize: 17, options: MeasureOptions())
            .measure("\u{2009}x").missingGlyphs
        #expect(emojiMissing == 2)
        let fixture = try FontCascade([try Font(path: Self.kernSpace)])
        let unmapped = fixture.unmappedScalars(in: "A\u{3000}\u{1680}\u{202F}").map(\.value)
        #expect(unmapped == [0x1680])
        let oneFont = fixture.oneFontMapsEveryScalar(in: "A\u{1680}")
        #expect(!oneFont)
        // The `.notdef` (600 units) between the two As, no pair with it.
        let size = TextMeasurer(cascade: fixture, pointSize: 1000, options: MeasureOptions()).measure("A\u{1680}A")
        let width = size.width, missing = size.missingGlyphs
        #expect(width == 1_800)
        #expect(missing == 1)
    }

    /// Random text of the fixture's glyphs, U+0020 and every space with a fallback, alone and beside Noto Sans Mono
    /// CJK SC's ideographs (which maps U+3000 and U+00A0 itself, and no other Unicode space): the one-pass measures
    /// give the cluster path's layouts to the bit, and both give HarfBuzz's run by run, and the HarfBuzz shaper's
    /// sizes, over widths and features, with no missing glyph.
    @Test func everyPathAgrees() throws {
        let spaces = [
            "\u{A0}", "\u{2000}", "\u{2003}", "\u{2004}", "\u{2007}", "\u{2008}", "\u{2009}", "\u{200A}",
            "\u{202F}", "\u{205F}", "\u{3000}",
        ]
        let pieces = ["A", "T", " ", "AT", "A ", "漢", "字\n"] + spaces + spaces
        var random = SplitMix64(seed: 2_026)
        let strings = (0..<240).map { number in
            (0...random.next(10)).map { _ in
                // The first half without ideographs (the primary font alone draws them).
                let piece = pieces[random.next(pieces.count)]
                return number < 120 && (piece == "漢" || piece == "字\n") ? "A" : piece
            }.joined()
        }
        for cascade in [[Self.kernSpace], [Self.kernSpace, TestFonts.notoSansCJK]] {
            let fonts = try FontCascade(
                cascade.map { try Font(path: $0, faceIndex: $0 == TestFonts.notoSansCJK ? 7 : 0) })
            let strings = cascade.count == 1 ? Array(strings.prefix(120)) : strings
            for width in [0.0, 30, 55, 120] {
                for features in [true, false] {
                    let measurer = TextMeasurer(
                        cascade: fonts, pointSize: 60,
                        options: MeasureOptions(maxWidth: width, usesFontFeatures: features))
                    let label = "\(cascade.count) fonts, width \(width), features \(features)"
                    let session = OnePassFitTests.expectSameLayouts(measurer, strings, label)
                    #expect(session.onePassStrings > strings.count / 4, "\(label): \(session.onePassStrings) one-pass")
                    _ = UnshapedRunTests.expectSameLayouts(measurer, strings, "HarfBuzz, \(label)")
                    var harfBuzz = measurer.options
                    harfBuzz.shaper = .harfBuzz
                    let shaped = TextMeasurer(cascade: fonts, pointSize: 60, options: harfBuzz)
                    for text in strings {
                        let fast = measurer.measure(text), reference = shaped.measure(text)
                        // (Summed in another order: "TA " is 62.400000000000006 pt one way, 62.4 the other.)
                        let agrees =
                            abs(fast.width - reference.width) < 1e-9 && fast.lineCount == reference.lineCount
                            && fast.missingGlyphs == 0
                        #expect(agrees, "\(label): \(text.debugDescription) \(fast) against \(reference)")
                    }
                }
            }
        }
    }
}
