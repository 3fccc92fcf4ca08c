import Testing

@testable import Measure

/// LB25 as UAX #14's Example 7 tailors it (the form LineBreakTest.txt tests, and the project's: `LineBreakState`) looks
/// past an opening bracket for a number: `(PR | PO) × (OP | HY)? NU` keeps "$(1" together, where "$(x" may break
/// between "$" and "(" (LB31; `OP SP* ×`, LB14, keeps "(x" together). Both one-pass fits read that
/// lookahead off the bytes (`LineFitter.latin1StartsWithNumber`, `startsWithNumber`), printable ASCII straight from
/// the byte and anything else decoded, combining marks (here a control, class CM: LB9) skipped. The lines below are
/// UAX #14's, at a width between the two ways of breaking, and the general path (`LineBreaker`) must agree.
@Suite struct NumberLookaheadTests {
    /// The byte ranges of `text`'s lines, one pass allowed or not.
    static func lines(_ text: String, _ measurer: TextMeasurer, onePass: Bool) -> [String] {
        let utf8 = Array(text.utf8)
        return measurer.makeSession().layout(text, onePass: onePass).lines.map {
            String(decoding: utf8[$0.utf8Range], as: UTF8.self)
        }
    }

    static func expectLines(_ text: String, _ measurer: TextMeasurer, _ expected: [String]) {
        #expect(lines(text, measurer, onePass: true) == expected, "\(text.debugDescription), one pass")
        #expect(lines(text, measurer, onePass: false) == expected, "\(text.debugDescription), general path")
    }

    /// DejaVu Sans at 17 pt, 30 pt wide (advances from its 'hmtx', fontTools 4.68, 2,048 units an em): "a $" is
    /// (1255 + 651 + 1303) / 2048 × 17 = 26.64 pt and fits; "a $(" is 33.27 pt and does not.
    static func latin1Measurer() throws -> TextMeasurer { try TestFonts.dejaVu(size: 17, width: 30) }

    /// DejaVu Sans then Noto Sans CJK SC at 17 pt, 36 pt wide: "漢 $" is 17 + 5.40 + 10.82 = 33.22 pt and fits (漢 is
    /// 1,000 units of Noto's 1,000), "漢 $(" is 39.85 pt and "漢 $（" 50.22 pt.
    static func otherMeasurer() throws -> TextMeasurer {
        try TestFonts.measurer(
            [(TestFonts.dejaVuSans, 0), (TestFonts.notoSansCJK, 2)], size: 17, options: MeasureOptions(maxWidth: 36))
    }

    /// Latin-1 text (`latin1Measurer`'s widths).
    @Test func latin1TextKeepsACurrencyWithABracketedNumber() throws {
        let measurer = try Self.latin1Measurer()
        Self.expectLines("a $(x", measurer, ["a $", "(x"])
        Self.expectLines("a $(1", measurer, ["a ", "$(1"])
        Self.expectLines("a $(\u{1}1", measurer, ["a ", "$(\u{1}1"])
        Self.expectLines("a $(\u{1}x", measurer, ["a $", "(\u{1}x"])
        Self.expectLines("a $(", measurer, ["a $", "("])
    }

    /// Text beyond Latin-1 (`otherMeasurer`'s widths). After the bracket, an ASCII digit is read from the byte;
    /// U+1D7E2 MATHEMATICAL SANS-SERIF DIGIT ZERO (NU, in DejaVu Sans) and 漢 (ID) by decoding. The fullwidth digits
    /// are not NU but ID (LineBreak.txt: `FF10..FF19;ID`), so "$（１" may break like "$（x".
    @Test func otherTextKeepsACurrencyWithABracketedNumber() throws {
        let measurer = try Self.otherMeasurer()
        Self.expectLines("漢 $(x", measurer, ["漢 $", "(x"])
        Self.expectLines("漢 $(1", measurer, ["漢 ", "$(1"])
        Self.expectLines("漢 $（x", measurer, ["漢 $", "（x"])
        Self.expectLines("漢 $（１", measurer, ["漢 $", "（１"])
        Self.expectLines("漢 $(\u{1D7E2}", measurer, ["漢 ", "$(\u{1D7E2}"])
        Self.expectLines("漢 $(漢", measurer, ["漢 $", "(漢"])
        Self.expectLines("漢 $(\u{1}1", measurer, ["漢 ", "$(\u{1}1"])
    }

    /// Every ASCII byte after the bracket or a hyphen, and after a control the lookahead skips, in both fits: the one
    /// pass breaks as the general path does (`LineBreaker`, whose lookahead decodes every scalar and looks its class
    /// up); and each digit 0–9, ASCII's only NU (LineBreak.txt: `0030..0039;NU`), keeps "$(" with it.
    @Test func everyASCIIByteAfterTheBracket() throws {
        let latin1 = try Self.latin1Measurer()
        let other = try Self.otherMeasurer()
        let prefixes = [
            ("a $(", latin1), ("a $-", latin1), ("a $(\u{1}", latin1), ("漢 $(", other), ("漢 $-", other),
            ("漢 $(\u{1}", other),
        ]
        for byte in UInt8(0)...0x7F {
            for (prefix, measurer) in prefixes {
                let text = prefix + String(UnicodeScalar(byte)) + "x"
                #expect(
                    Self.lines(text, measurer, onePass: true) == Self.lines(text, measurer, onePass: false),
                    "\(text.debugDescription)")
            }
        }
        for digit in "0123456789" {
            Self.expectLines("a $(\(digit)", latin1, ["a ", "$(\(digit)"])
            Self.expectLines("漢 $(\(digit)", other, ["漢 ", "$(\(digit)"])
        }
    }
}
