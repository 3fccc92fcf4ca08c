import Testing
@testable import Measure

/// CJK line-start rules and Korean word priority, end to end through line fitting. Noto Sans CJK JP/KR at 10 pt:
/// every kana, kanji and CJK punctuation mark used here advances 1000 units = 10 pt; Hangul syllables 920 units
/// = 9.2 pt and the space 224 units = 2.24 pt (fontTools hmtx).
@Suite struct CJKWrappingTests {
    func japanese(width: Double, options: MeasureOptions = MeasureOptions()) throws -> TextMeasurer {
        var options = options
        options.maxWidth = width
        return try TestFonts.measurer([(TestFonts.notoSansCJK, 0)], size: 10, options: options)
    }

    @Test func closingPunctuationNeverStartsALine() throws {
        // Five characters fit in 50 pt; "。" (CL) may not start line 2, so "お" goes down with it.
        let layout = try japanese(width: 50).layout("あいうえお。か")
        #expect(layout.lines.map(\.width) == [40, 30])
    }

    @Test func prolongedSoundMarkFollowsTheStrictRuleByDefault() throws {
        // ー is CJ: resolved to NS (no break before it) by default, like Apple's word wrapping.
        let strict = try japanese(width: 50).layout("あいうえおーか")
        #expect(strict.lines.map(\.width) == [40, 30])
        // Resolved to ID instead, a line may start with it.
        var loose = MeasureOptions()
        loose.lineBreaking.resolvesCJToNonstarter = false
        let relaxed = try japanese(width: 50, options: loose).layout("あいうえおーか")
        #expect(relaxed.lines.map(\.width) == [50, 20])
    }

    @Test func characterWrappingAppliesNoLineStartRules() throws {
        let layout = try japanese(width: 50, options: MeasureOptions(lineBreakMode: .byCharWrapping))
            .layout("あいうえお。か")
        #expect(layout.lines.map(\.width) == [50, 20])
    }

    @Test func koreanBreaksBetweenSyllablesUnlessHangulWordPriority() throws {
        // "한국어 문장" in 30 pt: three syllables are 27.6 pt.
        let korean = try TestFonts.measurer([(TestFonts.notoSansCJK, 1)], size: 10,
                                            options: MeasureOptions(maxWidth: 30)).layout("한국어 문장")
        // By syllable: "한국어 " (27.6, the space hanging), "문장" (18.4).
        #expect(korean.lines.count == 2)
        #expect(close(korean.lines[0].width, 27.6))
        let narrow = try TestFonts.measurer([(TestFonts.notoSansCJK, 1)], size: 10,
                                            options: MeasureOptions(maxWidth: 20)).layout("한국어 문장")
        // 20 pt holds two syllables: "한국", "어 ", "문장".
        #expect(narrow.lines.count == 3)
        var priority = MeasureOptions(maxWidth: 20)
        priority.lineBreaking.hangulWordPriority = true
        let words = try TestFonts.measurer([(TestFonts.notoSansCJK, 1)], size: 10, options: priority)
            .layout("한국어 문장")
        // Words only: "한국어" does not fit 20 pt and is broken by emergency (2 + 1), then "문장".
        #expect(words.lines.map(\.utf8Range) == [0..<6, 6..<10, 10..<16])
    }
}
