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
}
