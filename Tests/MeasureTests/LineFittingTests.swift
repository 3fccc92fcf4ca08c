import Testing

@testable import Measure

/// Sizes worked out by hand from DejaVu Sans advances (read with fontTools, see `TestFonts`): width = sum of the
/// advances on the widest line × size / 2048, height = lines × (1901 + 483) / 2048 × size.
///
/// Many cases use 20.48 pt, where one font unit is exactly 0.01 pt, so "l" (569 units) is 5.69 pt and a space
/// (651 units) 6.51 pt, and the arithmetic can be followed in the comments.
@Suite struct LineFittingTests {
    typealias D = TestFonts.DejaVu
    /// One DejaVu Sans line at 20.48 pt: 2384 units × 0.01.
    let line2048 = 23.84

    @Test func theSeedsStringAt14PointsWidth200() throws {
        let size = try TestFonts.dejaVu(size: 14, width: 200).measure("hello world hello world hello world")
        // "hello world hello world hello " = 3·hello + 2·world + 5 spaces; adding " world" would make it
        // (28729 + 651 + 5639) × 14 / 2048 = 239.4 > 200, so "world" wraps. The trailing space hangs.
        let firstLine = 3 * D.hello + 2 * D.world + 4 * D.space
        #expect(firstLine == 28729)
        #expect(close(size.width, firstLine * 14 / 2048))
        #expect(size.lineCount == 2)
        #expect(close(size.height, 2 * (D.ascender + D.descender) * 14 / 2048))
        #expect(size.ceiled == (197, 33))
    }

    @Test func unconstrainedIsOneLine() throws {
        let size = try TestFonts.dejaVu(size: 14, width: 0).measure("hello world hello world hello world")
        #expect(close(size.width, (3 * D.hello + 3 * D.world + 5 * D.space) * 14 / 2048))
        #expect(size.lineCount == 1)
    }

    @Test func trailingSpacesHangAndAreNotCounted() throws {
        let measurer = try TestFonts.dejaVu(size: 20.48, width: 12)
        // "ll" is 11.38 pt; the three spaces after it would reach 30.91 but hang past the 12 pt edge.
        let size = measurer.measure("ll   ")
        #expect(close(size.width, 11.38))
        #expect(size.lineCount == 1)
        // Leading spaces count: 6.51 + 5.69.
        #expect(close(try TestFonts.dejaVu(size: 20.48, width: 20).measure(" l").width, 12.2))
        // But a line may break after them: in 12 pt, " " stays alone (hanging) and "l" wraps.
        #expect(measurer.measure(" l").lineCount == 2)
    }

    @Test func emptyStringIsOneLineHigh() throws {
        let size = try TestFonts.dejaVu(size: 20.48, width: 100).measure("")
        #expect(size.width == 0)
        #expect(close(size.height, line2048))
        #expect(size.lineCount == 1)
    }

    @Test(arguments: ["l\nl", "l\rl", "l\r\nl", "l\u{85}l", "l\u{2028}l", "l\u{2029}l", "l\u{0B}l", "l\u{0C}l"])
    func hardBreaksStartNewLines(text: String) throws {
        let size = try TestFonts.dejaVu(size: 20.48, width: 0).measure(text)
        #expect(size.lineCount == 2)
        #expect(close(size.width, 5.69))
        #expect(close(size.height, 2 * line2048))
    }

    @Test func aFinalHardBreakAddsNoLineUnlessAsked() throws {
        let plain = try TestFonts.dejaVu(size: 20.48)
        #expect(plain.measure("l\n").lineCount == 1)
        #expect(plain.measure("l\n\n").lineCount == 2)
        #expect(plain.measure("l\n\nl").lineCount == 3)
        #expect(plain.measure("\n").lineCount == 1)
        let counting = try TestFonts.dejaVu(size: 20.48, options: MeasureOptions(countsTrailingLineBreak: true))
        #expect(counting.measure("l\n").lineCount == 2)
        #expect(close(counting.measure("l\n").height, 2 * line2048))
        #expect(counting.measure("l").lineCount == 1)
    }

    @Test func aWordWiderThanTheLineBreaksBetweenGraphemes() throws {
        // Eleven l's at 5.69 pt in 20 pt: 3 fit (17.07), a 4th would make 22.76.
        let size = try TestFonts.dejaVu(size: 20.48, width: 20).measure(String(repeating: "l", count: 11))
        #expect(size.lineCount == 4)  // 3 + 3 + 3 + 2
        #expect(close(size.width, 17.07))
    }

    @Test func aLongWordStartsOnANewLineFirst() throws {
        let layout = try TestFonts.dejaVu(size: 20.48, width: 20).layout("ll lllllll")
        // "ll " (11.38, the space hanging), then 7 l's (39.83) do not fit after it: new line, then 3 + 3 + 1.
        #expect(layout.lines.map(\.utf8Range) == [0..<3, 3..<6, 6..<9, 9..<10])
        #expect(zip(layout.lines.map(\.width), [11.38, 17.07, 17.07, 5.69]).allSatisfy { close($0, $1) })
    }

    @Test func theLastPieceOfABrokenWordTakesTheNextWords() throws {
        let layout = try TestFonts.dejaVu(size: 20.48, width: 30).layout("llllll l")
        // 6 l's (34.14) > 30: 5 fit (28.45); the 6th, the space (6.51) and "l" make 17.89 on line 2.
        #expect(layout.lines.map(\.utf8Range) == [0..<5, 5..<8])
        #expect(close(layout.lines[1].width, 17.89))
    }

    @Test func whitespaceInsideABrokenWordStillHangs() throws {
        // "llll !" is one segment (no break before "!", UAX #14 LB13). In 25.76 pt it breaks between clusters: "llll"
        // ends at 22.76, the space would reach 29.27 but hangs, "!" (821 units, 8.21 pt) goes down. The first line is
        // 22.76 wide, not 29.27 (Pango: 22.7578, its advances rounded to 1/1024 pt).
        let layout = try TestFonts.dejaVu(size: 20.48, width: 25.76).layout("llll !")
        #expect(layout.lines.map(\.utf8Range) == [0..<5, 5..<6])
        #expect(close(layout.lines[0].width, 22.76))
        #expect(close(layout.lines[1].width, 8.21))
        #expect(close(layout.size.width, 22.76))
    }

    @Test func aTabThatWrapsIsMeasuredAgainFromTheNewLineStart() throws {
        // "llll " ends at 29.27; "l\t)" (")" is 799 units) from there would put ")" after the stop at 56 > 40, so it
        // wraps, and on the new line the tab goes from 5.69 to 28: 28 + 7.99 = 35.99.
        let layout = try TestFonts.dejaVu(size: 20.48, width: 40).layout("llll l\t)")
        #expect(layout.lines.map(\.utf8Range) == [0..<5, 5..<8])
        #expect(close(layout.lines[1].width, 35.99))
    }

    @Test func ceilingAWholeNumberOfPointsGivesThatNumber() throws {
        // b 1300 + e 1260 + e 1260 + space 651 + o 1253 + o 1253 + w 1675 + m 1995 + o 1253 = 11900 units = 119 pt.
        let size = try TestFonts.dejaVu(size: 20.48).measure("bee oowmo")
        #expect(close(size.width, 119, tolerance: 1e-9))
        #expect(size.ceiled.width == 119)
        #expect(TextSize(width: 119.000001, height: 1, lineCount: 1).ceiled.width == 120)
    }

    @Test func characterWrappingIgnoresWordBoundaries() throws {
        // Word wrapping: "l " then "llll" (22.76) would end at 34.96 > 25, so "llll" moves down.
        let words = try TestFonts.dejaVu(size: 20.48, width: 25).layout("l llll")
        #expect(words.lines.map(\.utf8Range) == [0..<2, 2..<6])
        // Character wrapping: "l ll" reaches 23.58 and the next l would make 29.27.
        let chars = try TestFonts.dejaVu(
            size: 20.48, width: 25, options: MeasureOptions(lineBreakMode: .byCharWrapping)
        )
        .layout("l llll")
        #expect(chars.lines.map(\.utf8Range) == [0..<4, 4..<6])
        #expect(close(chars.size.width, 23.58))
    }

    @Test func withoutLineFragmentOriginTextIsOneLine() throws {
        let options = MeasureOptions(usesLineFragmentOrigin: false)
        let size = try TestFonts.dejaVu(size: 14, width: 50, options: options).measure("hello world\nhello")
        #expect(size.lineCount == 1)
        #expect(close(size.width, (2 * D.hello + D.world + D.space) * 14 / 2048))
        #expect(close(size.height, (D.ascender + D.descender) * 14 / 2048))
    }

    @Test func fontLeadingIsAddedOnlyWhenAsked() throws {
        // Accanthis: hhea 918 / −250 / line gap 25 at 1000 units per em.
        let plain = try TestFonts.measurer([(TestFonts.accanthis, 0)], size: 10).measure("H\nH")
        #expect(close(plain.height, 2 * 11.68))
        let leading = try TestFonts.measurer(
            [(TestFonts.accanthis, 0)], size: 10,
            options: MeasureOptions(usesFontLeading: true)
        ).measure("H\nH")
        #expect(close(leading.height, 2 * 11.93))
        // DejaVu Math TeX Gyre: 792 / −208 / 200.
        let math = try TestFonts.measurer(
            [(TestFonts.dejaVuMath, 0)], size: 10,
            options: MeasureOptions(usesFontLeading: true)
        ).measure("a")
        #expect(close(math.height, 12))
    }

    @Test func tabsAdvanceToTheNextMultipleOf28Points() throws {
        let measurer = try TestFonts.dejaVu(size: 20.48)
        // "l" ends at 5.69, the tab moves to 28, the second "l" ends at 33.69.
        #expect(close(measurer.measure("l\tl").width, 33.69))
        // Seven l's end at 39.83: the next stop is 56.
        #expect(close(measurer.measure("lllllll\tl").width, 61.69))
    }

    @Test func scaledAndCeiledHelpers() {
        let size = TextSize(width: 56.865, height: 35.801, lineCount: 1)
        #expect(size.ceiled == (57, 36))
        // UILabel-style rounding to a 2× pixel grid: 20.287 → 20.5 (docs/semantics/sizing.md §A6).
        #expect(TextSize(width: 29.1, height: 20.287, lineCount: 1).ceiled(toScale: 2) == (29.5, 20.5))
        // A sum of inexact fractions just above a grid line is on it.
        #expect(TextSize(width: 119.00000000000003, height: 20, lineCount: 1).ceiled == (119, 20))
        // Never below the value, however large: 120,000 "W" at 10,000 pt are 1,186,523,437.5 pt (…437 before).
        #expect(TextSize(width: 1_186_523_437.5, height: 1e9 + 0.25, lineCount: 1).ceiled == (1_186_523_438, 1e9 + 1))
        // At 3 pixels a point: 2,321,297,005.6875 pixels up to …006.
        #expect(
            TextSize(width: 773_765_668.5625, height: 1, lineCount: 1).ceiled(toScale: 3).width == 2_321_297_006 / 3.0)
    }
}
