import Testing

@testable import Measure

/// Combining marks and emoji modifiers that their cluster's font lacks, drawn by a later font of the cascade
/// (`LayoutEngine+FallbackExtenders`). Advances read with fontTools 4.x (`TestFonts`): Noto Sans CJK SC 中 1000 of
/// 1000 units, U+0351 absent; DejaVu Sans U+0351 0 (a mark), a 1255 of 2048; Noto Sans Thai ก 600 of 1000, U+0301
/// absent; U+1AB0 in none of them; Noto Color Emoji's glyphs advance 136 pixels of its 109 ppem strike. Pango and
/// Skia both give ก U+0301 the width of ก alone (10.20 at 17 pt).
@Suite struct FallbackExtenderTests {
    static let thai = "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf"

    func measurer(_ fonts: [(String, Int)], shaper: ShaperChoice = .automatic) throws -> TextMeasurer {
        try TestFonts.measurer(fonts, size: 17, options: MeasureOptions(maxWidth: 0, shaper: shaper), features: true)
    }

    @Test(arguments: [ShaperChoice.automatic, .harfBuzz])
    func aMarkTheBaseFontLacksAddsNoWidth(shaper: ShaperChoice) throws {
        // 中 U+0351: Noto Sans CJK SC has the base, DejaVu Sans the mark, in either order of the cascade.
        for fonts in [
            [(TestFonts.notoSansCJK, 2), (TestFonts.dejaVuSans, 0)],
            [(TestFonts.dejaVuSans, 0), (TestFonts.notoSansCJK, 2)],
        ] {
            let size = try measurer(fonts, shaper: shaper).measure("中\u{351}")
            #expect(size.width == 17)
            #expect(size.missingGlyphs == 0)
            // Five marks on one base: still the base's width, not five .notdefs.
            #expect(try measurer(fonts, shaper: shaper).measure("中\u{351}\u{351}\u{351}\u{351}\u{351}").width == 17)
        }
        // ก U+0301 in Noto Sans Thai, the mark from DejaVu Sans.
        let thai = try measurer([(Self.thai, 0), (TestFonts.dejaVuSans, 0)], shaper: shaper).measure("ก\u{301}")
        #expect(abs(thai.width - 600.0 / 1000 * 17) < 1e-9)
        #expect(thai.missingGlyphs == 0)
    }

    @Test(arguments: [ShaperChoice.automatic, .harfBuzz])
    func aMarkNoFontHasStaysMissing(shaper: ShaperChoice) throws {
        // U+1AB0 is in none of the fonts: the cluster is still counted missing.
        let size = try measurer([(TestFonts.notoSansCJK, 2), (TestFonts.dejaVuSans, 0)], shaper: shaper)
            .measure("中\u{1AB0}")
        #expect(size.missingGlyphs == 1)
    }

    @Test(arguments: [ShaperChoice.automatic, .harfBuzz])
    func anEmojiModifierAfterALetterIsASwatch(shaper: ShaperChoice) throws {
        // "a🏻": DejaVu Sans's a, then the skin-tone swatch from Noto Color Emoji (136 px of 109 ppem).
        let size = try measurer([(TestFonts.dejaVuSans, 0), (TestFonts.notoColorEmoji, 0)], shaper: shaper)
            .measure("a\u{1F3FB}")
        #expect(abs(size.width - (1255.0 / 2048 * 17 + 136.0 / 109 * 17)) < 1e-9)
        #expect(size.missingGlyphs == 0)
        // After an emoji the modifier is part of its one glyph (👍🏻).
        let toned = try measurer([(TestFonts.dejaVuSans, 0), (TestFonts.notoColorEmoji, 0)], shaper: shaper)
            .measure("\u{1F44D}\u{1F3FB}")
        #expect(abs(toned.width - 136.0 / 109 * 17) < 1e-9)
    }

    /// A line's height comes from every font drawn on it, a font that lends a cluster only a mark included. Heights
    /// from the fonts' hhea tables (fontTools): DejaVu Sans 1901 / −483 of 2048 units, Noto Sans Thai 1061 / −450 of
    /// 1000; Noto Color Emoji's 109 ppem strike 101 / −27 pixels (CBLC).
    @Test(arguments: [ShaperChoice.automatic, .harfBuzz])
    func aFontThatLendsAnExtenderCountsInItsLinesHeight(shaper: ShaperChoice) throws {
        let dejaVuLine = (1901.0 + 483) / 2048 * 17
        let thaiAscent = 1061.0 / 1000 * 17, thaiDescent = 450.0 / 1000 * 17
        let thaiCascade = [(TestFonts.dejaVuSans, 0), (Self.thai, 0)]
        // "a" U+0E31 (MAI HAN-AKAT): DejaVu Sans's a, the mark from Noto Sans Thai, which is taller both ways.
        let marked = try measurer(thaiCascade, shaper: shaper).measure("a\u{E31}")
        #expect(abs(marked.width - 1255.0 / 2048 * 17) < 1e-9)
        #expect(marked.missingGlyphs == 0)
        #expect(abs(marked.height - (thaiAscent + thaiDescent)) < 1e-9)
        // Only the line that holds it: "a" U+0E31 / "b" at a width of 20 pt.
        let options = MeasureOptions(maxWidth: 20, shaper: shaper)
        let twoLines = try TestFonts.measurer(thaiCascade, size: 17, options: options, features: true)
        let size = twoLines.measure("a\u{E31} b")
        #expect(size.lineCount == 2)
        #expect(abs(size.height - (thaiAscent + thaiDescent + dejaVuLine)) < 1e-9)
        // Again from the segment cache, and inside a word broken between letters ("xxxxa" U+0E31 "yyyy" at 20 pt:
        // one letter a line, x and y 1212 units wide, 10.06 pt; only the fifth line has the mark).
        #expect(twoLines.measure("a\u{E31} b") == size)
        let long = twoLines.measure("xxxxa\u{E31}yyyy")
        #expect(long.lineCount == 9)
        #expect(abs(long.height - (thaiAscent + thaiDescent + 8 * dejaVuLine)) < 1e-9)
        // "a🏻": the swatch's font has the deeper descent (27 of 109 against DejaVu Sans's 483 of 2048).
        let toned = try measurer([(TestFonts.dejaVuSans, 0), (TestFonts.notoColorEmoji, 0)], shaper: shaper)
            .measure("a\u{1F3FB}")
        #expect(abs(toned.height - (1901.0 / 2048 * 17 + 27.0 / 109 * 17)) < 1e-9)
    }
}
