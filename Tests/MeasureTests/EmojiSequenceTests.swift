import Testing

@testable import Measure

/// Emoji sequences in Noto Color Emoji (`LayoutEngine+EmojiSequences`): one glyph for a sequence the font draws as
/// one, its components' glyphs for one it does not. Glyph counts from HarfBuzz 6 through uharfbuzz over the same font
/// file (`hb.shape` of each string, glyphs with a non-zero advance): 👨‍👩‍👧 one glyph, 👍🏻 one, 🇩🇪 one; 😀 ZWJ 😀
/// two, 🏻🏻 two, 👨‍👩‍👧‍👦‍👦 two (the family of four, then a boy), 👍🏻 ZWJ 💻 two. Each glyph advances 136 pixels of
/// the font's 109 ppem strike (`TestFonts.notoColorEmoji`); HarfBuzz and Skia give the two-glyph ones 42.42 pt at
/// 17 pt.
@Suite struct EmojiSequenceTests {
    static let emoji = 136.0 / 109 * 17

    func measurer() throws -> TextMeasurer {
        try TestFonts.measurer([(TestFonts.dejaVuSans, 0), (TestFonts.notoColorEmoji, 0)], size: 17)
    }

    @Test(arguments: [
        ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", 1), ("\u{1F44D}\u{1F3FB}", 1), ("\u{1F1E9}\u{1F1EA}", 1),
        ("\u{2764}\u{FE0F}", 1), ("\u{1F600}\u{200D}\u{1F600}", 2), ("\u{1F3FB}\u{1F3FB}", 2),
        ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}\u{200D}\u{1F466}", 2),
        ("\u{1F44D}\u{1F3FB}\u{200D}\u{1F4BB}", 2),
    ])
    func aSequenceIsAsManyGlyphsAsTheFontMakesIt(text: String, glyphs: Int) throws {
        #expect(text.count == 1, "one grapheme cluster")
        let size = try measurer().measure(text)
        #expect(abs(size.width - Double(glyphs) * Self.emoji) < 1e-9, "\(text.unicodeScalars.map(\.value))")
        #expect(size.missingGlyphs == 0)
    }

    @Test func aLongSequenceIsStillItsGlyphs() throws {
        // 😀 and 600 × (ZWJ 😀): 1,201 scalars, one grapheme cluster, 601 faces.
        let text = "\u{1F600}" + String(repeating: "\u{200D}\u{1F600}", count: 600)
        #expect(abs(try measurer().measure(text).width - 601 * Self.emoji) < 1e-6)
    }

    @Test func aSequenceThatIsTwoGlyphsMayNotBreakBetweenThem() throws {
        // One grapheme cluster: at a width of one emoji it overflows its line rather than break inside.
        let size = try TestFonts.measurer(
            [(TestFonts.dejaVuSans, 0), (TestFonts.notoColorEmoji, 0)], size: 17,
            options: MeasureOptions(maxWidth: 25)
        ).measure("\u{1F600}\u{200D}\u{1F600}")
        #expect(size.lineCount == 1)
        #expect(abs(size.width - 2 * Self.emoji) < 1e-9)
    }
}
