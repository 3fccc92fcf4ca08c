import Testing

@testable import Measure

/// Arabic words broken by a soft hyphen or a zero width space (`LineFitter.isFormatSeam`): both are transparent to
/// cursive joining, so where the word's parts share a line they are shaped as one word. Golden values from the
/// reference engines, Noto Sans Arabic 17 pt (made with the programs of `../shared/reference/engines`): `من` U+00AD
/// `أثناء`, the same with U+200B, and the word without either are 42.5176 pt wide in Pango 1.50 and 42.5170 in
/// HarfBuzz 6 (hb-shape) and Skia; the two parts shaped apart are 22.05 + 27.76.
@Suite struct FormatSeamTests {
    static let arabic = "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"
    static let word = "\u{645}\u{646}\u{623}\u{62B}\u{646}\u{627}\u{621}"
    static let softHyphen = "\u{645}\u{646}\u{AD}\u{623}\u{62B}\u{646}\u{627}\u{621}"
    static let zeroWidthSpace = "\u{645}\u{646}\u{200B}\u{623}\u{62B}\u{646}\u{627}\u{621}"

    func measurer(width: Double = 0) throws -> TextMeasurer {
        try TestFonts.measurer([(Self.arabic, 0)], size: 17, options: MeasureOptions(maxWidth: width), features: true)
    }

    @Test(arguments: [softHyphen, zeroWidthSpace])
    func aWordOnOneLineJoinsAcrossTheBreak(text: String) throws {
        let size = try measurer().measure(text)
        #expect(abs(size.width - 42.5170) < 0.001)
        #expect(size.lineCount == 1)
        #expect(size == (try measurer().measure(Self.word)))
        // In a sentence, where the word is one of several segments, and in a prepared text.
        let sentence = "\u{641}\u{64A} " + text + " \u{627}\u{644}\u{64A}\u{648}\u{645}"
        let plain = "\u{641}\u{64A} " + Self.word + " \u{627}\u{644}\u{64A}\u{648}\u{645}"
        #expect(try measurer().measure(sentence).width == (try measurer().measure(plain)).width)
        #expect(try measurer().prepare(sentence).fit(maxWidth: 0) == (try measurer().measure(sentence)))
    }

    @Test(arguments: [softHyphen, zeroWidthSpace])
    func aLineMayStillEndThere(text: String) throws {
        // At 30 pt the word does not fit: the break after the soft hyphen (or zero width space) is taken.
        let size = try measurer(width: 30).measure(text)
        #expect(size.lineCount == 2)
        #expect(size.width < 30)
        #expect(try measurer().prepare(text).fit(maxWidth: 30) == size)
    }

    @Test func everyGraphemeAloneUnderCharacterWrapping() throws {
        // `--char-wrap` shapes each grapheme alone: the soft hyphen changes nothing there either.
        var options = MeasureOptions(maxWidth: 0)
        options.lineBreakMode = .byCharWrapping
        let measurer = try TestFonts.measurer([(Self.arabic, 0)], size: 17, options: options, features: true)
        #expect(measurer.measure(Self.softHyphen) == measurer.measure(Self.word))
    }

    @Test func otherScriptsAndLoneFormatCharactersAreNoSeams() {
        func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }
        let latin = scalars("ab\u{AD}cd")
        #expect(!latin.withUnsafeBufferPointer { LayoutEngine.hasFormatSeam($0) })
        let mixed = scalars("\u{645}\u{AD}a")
        #expect(!mixed.withUnsafeBufferPointer { LayoutEngine.hasFormatSeam($0) })
        let marked = scalars("\u{645}\u{64E}\u{AD}\u{646}")
        #expect(marked.withUnsafeBufferPointer { LayoutEngine.hasFormatSeam($0) })
        // Mongolian joins too, but is left to right: no string finds it through the bidi hint, so it is never asked.
        let mongolian = scalars("\u{182E}\u{1823}\u{1829}\u{AD}\u{182D}\u{1823}\u{182F}")
        #expect(!mongolian.withUnsafeBufferPointer { LayoutEngine.hasFormatSeam($0) })
        let atStart = scalars("\u{AD}\u{646}")
        #expect(!atStart.withUnsafeBufferPointer { LayoutEngine.hasFormatSeam($0) })
    }
}
