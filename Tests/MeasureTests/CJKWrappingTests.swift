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
        // "한국어 문장" in 40 pt (syllables 9.2 pt, space 2.24 pt). By syllable: "한국어 " ends at 29.84, "문" at 39.04
        // fits, "장" (48.24) goes down. Words only: "문장" would end at 48.24, so the whole word goes down.
        func layout(hangulWordPriority: Bool) throws -> TextLayout {
            var options = MeasureOptions(maxWidth: 40)
            options.lineBreaking.hangulWordPriority = hangulWordPriority
            return try TestFonts.measurer([(TestFonts.notoSansCJK, 1)], size: 10, options: options).layout("한국어 문장")
        }
        let syllables = try layout(hangulWordPriority: false)
        #expect(syllables.lines.map(\.utf8Range) == [0..<13, 13..<16])
        #expect(close(syllables.lines[0].width, 39.04))
        let words = try layout(hangulWordPriority: true)
        #expect(words.lines.map(\.utf8Range) == [0..<10, 10..<16])
        #expect(close(words.lines[0].width, 27.6))
        #expect(close(words.lines[1].width, 18.4))
    }

    @Test func koreanWordPriorityStillBreaksAWordWiderThanTheLine() throws {
        var priority = MeasureOptions(maxWidth: 20)
        priority.lineBreaking.hangulWordPriority = true
        let words = try TestFonts.measurer([(TestFonts.notoSansCJK, 1)], size: 10, options: priority)
            .layout("한국어 문장")
        // "한국어" (27.6) does not fit 20 pt: emergency break 2 + 1 syllables, then "문장" on its own line.
        #expect(words.lines.map(\.utf8Range) == [0..<6, 6..<10, 10..<16])
    }

    @Test func hangulSpelledInJamoIsMeasuredAsItsSyllable() throws {
        // U+1100 U+1161 U+11A8 (L V T) and U+AC00 U+11A8 (LV T) are canonically 각 U+AC01: one 920-unit glyph.
        let korean = try TestFonts.measurer([(TestFonts.notoSansCJK, 1)], size: 10)
        #expect(close(korean.measure("\u{1100}\u{1161}\u{11A8}").width, 9.2))
        #expect(close(korean.measure("\u{AC00}\u{11A8}").width, 9.2))
        #expect(close(korean.measure("\u{1100}\u{1161}").width, 9.2))
    }
}
