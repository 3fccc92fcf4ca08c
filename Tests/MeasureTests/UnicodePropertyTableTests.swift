import Testing

@testable import Measure

/// Spot checks of the generated property table against values read by hand from the UCD 15.0 files.
@Suite("Unicode property table")
struct UnicodePropertyTableTests {
    @Test("LB1 resolution of AI, SA, XX and the kept CJ")
    func lineBreakResolution() {
        #expect(UnicodeProperties.properties(of: 0x0041).lineBreakClass == .AL)  // A
        #expect(UnicodeProperties.properties(of: 0x00A7).lineBreakClass == .AL)  // § is AI
        #expect(UnicodeProperties.properties(of: 0x0E01).lineBreakClass == .AL)  // THAI KO KAI: SA, gc Lo
        #expect(UnicodeProperties.properties(of: 0x0E31).lineBreakClass == .CM)  // THAI MAI HAN-AKAT: SA, gc Mn
        #expect(UnicodeProperties.properties(of: 0x0378).lineBreakClass == .AL)  // unassigned: XX
        #expect(UnicodeProperties.properties(of: 0x3041).lineBreakClass == .CJ)  // HIRAGANA LETTER SMALL A
        #expect(UnicodeProperties.properties(of: 0x30FC).lineBreakClass == .CJ)  // KATAKANA-HIRAGANA PROLONGED SOUND
        #expect(UnicodeProperties.properties(of: 0xD55C).lineBreakClass == .H3)  // 한
        #expect(UnicodeProperties.properties(of: 0xC5B4).lineBreakClass == .H2)  // 어
    }

    @Test("defaults of unlisted code points come from the LineBreak.txt header")
    func lineBreakDefaults() {
        #expect(UnicodeProperties.properties(of: 0x20CF).lineBreakClass == .PR)  // unassigned Currency Symbols
        #expect(UnicodeProperties.properties(of: 0x9FFF).lineBreakClass == .ID)  // unassigned CJK
        #expect(UnicodeProperties.properties(of: 0x2FFFD).lineBreakClass == .ID)  // Plane 2
        #expect(UnicodeProperties.properties(of: 0x3FFFD).lineBreakClass == .ID)  // Plane 3
        #expect(UnicodeProperties.properties(of: 0x1FFFD).lineBreakClass == .ID)  // Plane 1 pictographic range
        #expect(UnicodeProperties.properties(of: 0x1FB00).lineBreakClass == .AL)  // listed as AL
        #expect(UnicodeProperties.properties(of: 0xE0080).lineBreakClass == .AL)  // unassigned Plane 14: XX
        #expect(UnicodeProperties.properties(of: 0x110000).lineBreakClass == .AL)  // beyond Unicode: as U+10FFFF
    }

    @Test("grapheme, emoji, width and ignorable flags")
    func flags() {
        #expect(UnicodeProperties.properties(of: 0x000D).graphemeBreak == .cr)
        #expect(UnicodeProperties.properties(of: 0x0308).graphemeBreak == .extend)
        #expect(UnicodeProperties.properties(of: 0x200D).graphemeBreak == .zwj)
        #expect(UnicodeProperties.properties(of: 0x1F1E6).graphemeBreak == .regionalIndicator)
        #expect(UnicodeProperties.properties(of: 0xAC00).graphemeBreak == .lv)
        #expect(UnicodeProperties.properties(of: 0xAC01).graphemeBreak == .lvt)
        #expect(UnicodeProperties.properties(of: 0x0061).graphemeBreak == .other)

        #expect(UnicodeProperties.properties(of: 0x1F600).isExtendedPictographic)
        #expect(UnicodeProperties.properties(of: 0x00A9).isExtendedPictographic)
        #expect(!UnicodeProperties.properties(of: 0x0041).isExtendedPictographic)
        #expect(UnicodeProperties.properties(of: 0x1FC00).isUnassignedExtendedPictographic)
        #expect(!UnicodeProperties.properties(of: 0x1F600).isUnassignedExtendedPictographic)

        #expect(UnicodeProperties.properties(of: 0xFF08).isEastAsianWide)  // FULLWIDTH LEFT PARENTHESIS: F
        #expect(UnicodeProperties.properties(of: 0x3008).isEastAsianWide)  // LEFT ANGLE BRACKET: W
        #expect(UnicodeProperties.properties(of: 0xFF61).isEastAsianWide)  // HALFWIDTH IDEOGRAPHIC FULL STOP: H
        #expect(!UnicodeProperties.properties(of: 0x0028).isEastAsianWide)  // LEFT PARENTHESIS: Na
        #expect(!UnicodeProperties.properties(of: 0x00A1).isEastAsianWide)  // INVERTED EXCLAMATION MARK: A

        #expect(UnicodeProperties.properties(of: 0x00AD).isDefaultIgnorable)  // SOFT HYPHEN
        #expect(UnicodeProperties.properties(of: 0x200B).isDefaultIgnorable)  // ZERO WIDTH SPACE
        #expect(UnicodeProperties.properties(of: 0xE0001).isDefaultIgnorable)  // LANGUAGE TAG
        #expect(!UnicodeProperties.properties(of: 0x0020).isDefaultIgnorable)
    }
}
