import Testing

@testable import Measure

/// Fallback fonts: which font measures each grapheme cluster, and how tall each line gets.
@Suite struct CascadeTests {
    typealias D = TestFonts.DejaVu
    /// At 17 pt: DejaVu ascent 1901/2048×17 = 15.7798, descent 483/2048×17 = 4.0093; Noto Sans CJK ascent
    /// 1.160×17 = 19.72, descent 0.288×17 = 4.896.
    let dejaVuLine = (1901.0 + 483) / 2048 * 17
    let cjkLine = (1160.0 + 288) / 1000 * 17

    func latinThenCJK(width: Double = 0) throws -> TextMeasurer {
        try TestFonts.measurer(
            [(TestFonts.dejaVuSans, 0), (TestFonts.notoSansCJK, 2)], size: 17,
            options: MeasureOptions(maxWidth: width))
    }

    @Test func eachClusterIsMeasuredInTheFirstFontThatMapsIt() throws {
        let size = try latinThenCJK().measure("a中")
        #expect(close(size.width, D.a / 2048 * 17 + 17))
        // The line uses both fonts: the larger ascent and the larger descent are both Noto's.
        #expect(close(size.height, cjkLine))
    }

    @Test func eachLineIsAsTallAsTheFontsItUses() throws {
        let layout = try latinThenCJK().layout("a\n中\n")
        #expect(layout.lines.count == 2)
        #expect(close(layout.lines[0].height, dejaVuLine))
        #expect(close(layout.lines[1].height, cjkLine))
        #expect(close(layout.size.height, dejaVuLine + cjkLine))
        // An empty line takes the primary font's height.
        #expect(close(try latinThenCJK().measure("中\n\n中").height, 2 * cjkLine + dejaVuLine))
    }

    @Test func aCharacterNoFontMapsTakesThePrimaryNotdef() throws {
        let size = try TestFonts.dejaVu(size: 2048).measure("中")
        #expect(close(size.width, D.notdef))
    }

    @Test func emojiSequencesAreOneGlyphOfTheEmojiFont() throws {
        let measurer = TextMeasurer(cascade: try FontCascade.loadDefault(), pointSize: 109)
        // Noto Color Emoji's strike is 109 ppem and its glyphs advance 136 pixels, so at 109 pt one emoji is 136 pt.
        #expect(close(measurer.measure("👍🏽").width, 136))  // thumbs up + skin tone modifier
        #expect(close(measurer.measure("👨‍👩‍👧").width, 136))  // ZWJ family
        #expect(close(measurer.measure("🇩🇪").width, 136))  // flag: a regional indicator pair
        #expect(close(measurer.measure("❤️").width, 136))  // U+2764 U+FE0F: emoji presentation asks the colour font
        #expect(measurer.measure("👍🏽").lineCount == 1)
    }

    @Test func emojiPresentationCharactersAskTheColourFontFirst() throws {
        // DejaVu Sans maps U+1F600 (2135 units) but it is Emoji_Presentation: the default cascade measures it in
        // Noto Color Emoji (136 px at 109 ppem); with U+FE0E (text presentation) it stays in DejaVu Sans.
        let measurer = TextMeasurer(cascade: try FontCascade.loadDefault(), pointSize: 109)
        #expect(close(measurer.measure("😀").width, 136))
        #expect(close(measurer.measure("😀\u{FE0E}").width, 2135.0 / 2048 * 109))
        // Without a colour font in the cascade, DejaVu Sans measures it.
        #expect(close(try TestFonts.dejaVu(size: 2048).measure("😀").width, 2135))
    }

    @Test func combiningMarksAddNoAdvance() throws {
        let size = try TestFonts.dejaVu(size: 2048).measure("e\u{301}")
        #expect(close(size.width, D.e))
    }

    @Test func defaultIgnorablesAreZeroWidth() throws {
        // U+200B ZERO WIDTH SPACE, U+00AD SOFT HYPHEN, U+2060 WORD JOINER.
        let size = try TestFonts.dejaVu(size: 2048).measure("l\u{200B}l\u{AD}l\u{2060}l")
        #expect(close(size.width, 4 * D.l))
    }
}
