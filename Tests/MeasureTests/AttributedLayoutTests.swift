import Testing

@testable import Measure

/// Paragraph style, letter spacing, line limits and the UIKit sizing modes (docs/semantics/sizing.md §A4–A7), each checked against a
/// hand computation from DejaVu Sans's metrics (fontTools values in `TestFonts.DejaVu`; the ellipsis U+2026 advances
/// 2048 units, `b` 1300, `c` 1126). Plain advances (no kerning) throughout, so widths are sums of advances.
@Suite struct AttributedLayoutTests {
    typealias D = TestFonts.DejaVu
    /// One DejaVu Sans line at 17 pt: (1901 + 483) / 2048 × 17.
    static let line17 = (D.ascender + D.descender) / D.unitsPerEm * 17
    static func points(_ units: Double, size: Double = 17) -> Double { units / D.unitsPerEm * size }

    func measure(_ text: String, width: Double = 0, size: Double = 17, _ change: (inout TextAttributes) -> Void)
        throws -> TextSize
    {
        var attributes = TextAttributes()
        change(&attributes)
        return try TestFonts.dejaVu(size: size, width: width, options: MeasureOptions(attributes: attributes))
            .measure(text)
    }

    @Test func lineSpacingGoesBetweenLinesOnly() throws {
        #expect(close(try measure("hello\nworld") { $0.paragraph.lineSpacing = 4 }.height, 2 * Self.line17 + 4))
        // docs/semantics/sizing.md §A2: lineSpacing ≤ 0 adds nothing.
        #expect(close(try measure("hello\nworld") { $0.paragraph.lineSpacing = -3 }.height, 2 * Self.line17))
        // The open point E1 as an option: below the last line too.
        let after = try measure("hello\nworld") {
            $0.paragraph.lineSpacing = 4
            $0.lineSpacingAfterLastLine = true
        }
        #expect(close(after.height, 2 * Self.line17 + 8))
    }

    @Test func paragraphSpacingSeparatesParagraphsNotLines() throws {
        let three = try measure("a\nb\nc") {
            $0.paragraph.paragraphSpacing = 10
            $0.paragraph.paragraphSpacingBefore = 5
        }
        #expect(close(three.height, 3 * Self.line17 + 2 * (10 + 5)))
        // U+2028 breaks a line inside a paragraph.
        let lineSeparator = try measure("a\u{2028}b") { $0.paragraph.paragraphSpacing = 10 }
        #expect(close(lineSeparator.height, 2 * Self.line17))
        let outer = try measure("a\nb") {
            $0.paragraph.paragraphSpacing = 10
            $0.paragraph.paragraphSpacingBefore = 5
            $0.countsOuterParagraphSpacing = true
        }
        #expect(close(outer.height, 2 * Self.line17 + 15 + 15))
    }

    /// The spacing after a paragraph is its last line's: below the last visible line only where that line ends its
    /// paragraph (a line limit that cut "a" off from "b" counted 10 pt below "a").
    @Test func outerSpacingAfterOnlyBelowAParagraphsEnd() throws {
        func outer(_ text: String, lines: Int) throws -> TextSize {
            try measure(text) {
                $0.paragraph.paragraphSpacing = 10
                $0.countsOuterParagraphSpacing = true
                $0.numberOfLines = lines
            }
        }
        let cut = try outer("a\u{2028}b\nc", lines: 1)  // the first paragraph goes on below "a"
        #expect(cut.lineCount == 1 && close(cut.height, Self.line17))
        let whole = try outer("a\u{2028}b\nc", lines: 2)  // "b" ends it
        #expect(whole.lineCount == 2 && close(whole.height, 2 * Self.line17 + 10))
        let all = try outer("a\nb", lines: 0)
        #expect(close(all.height, 2 * Self.line17 + 10 + 10))
    }

    @Test func lineHeightsAreMultipliedThenClamped() throws {
        #expect(
            close(
                try measure("hello\nworld") { $0.paragraph.lineHeightMultiple = 1.5 }.height,
                2 * 1.5 * Self.line17))
        #expect(close(try measure("hello\nworld") { $0.paragraph.minimumLineHeight = 30 }.height, 60))
        #expect(close(try measure("hello\nworld") { $0.paragraph.maximumLineHeight = 10 }.height, 20))
        let both = try measure("hello\nworld") {
            $0.paragraph.lineHeightMultiple = 2
            $0.paragraph.maximumLineHeight = 30
        }
        #expect(close(both.height, 60))
        let withSpacing = try measure("hello\nworld") {
            $0.paragraph.minimumLineHeight = 30
            $0.paragraph.lineSpacing = 4
        }
        #expect(close(withSpacing.height, 64))
    }

    @Test func indentsShrinkTheLinesAndMoveThem() throws {
        let hello = Self.points(D.hello)
        #expect(close(try measure("hello") { $0.paragraph.firstLineHeadIndent = 20 }.width, 20 + hello))
        // "hello hello": at a width that holds both words only without the indent, the head indent of the second
        // line does not matter for the first.
        let space = Self.points(D.space)
        let width = 2 * hello + space + 5
        let indented = try measure("hello hello", width: width) { $0.paragraph.firstLineHeadIndent = 10 }
        #expect(indented.lineCount == 2)
        #expect(close(indented.width, 10 + hello))
        let second = try measure("hello hello", width: width) {
            $0.paragraph.firstLineHeadIndent = 10
            $0.paragraph.headIndent = 30
        }
        #expect(close(second.width, 30 + hello))
        // A negative tail indent keeps room free at the trailing edge; a positive one is the edge itself.
        #expect(try measure("hello hello", width: width) { $0.paragraph.tailIndent = -10 }.lineCount == 2)
        #expect(try measure("hello hello", width: 1000) { $0.paragraph.tailIndent = width - 10 }.lineCount == 2)
        #expect(try measure("hello hello", width: 1000) { $0.paragraph.tailIndent = width }.lineCount == 1)
        // A positive tail indent past the box's edge narrows nothing and widens nothing: the lines wrap at the box,
        // as without it (a tail indent of 70 in a 60 pt box put "aaa aaa", 67.9 pt, on one line).
        let narrow = 2 * hello + space - 1
        let boxed = try measure("hello hello", width: narrow) { $0.paragraph.tailIndent = narrow + 10 }
        #expect(boxed.lineCount == 2)
        #expect(close(boxed.width, hello))
        let clipped = try measure("hello hello", width: narrow) {
            $0.paragraph.tailIndent = narrow + 20
            $0.paragraph.lineBreakMode = .byClipping
        }
        #expect(close(clipped.width, narrow))
    }

    @Test func kernIsAddedAfterEveryCharacterTrackingHangsAtTheEnd() throws {
        let ab = Self.points(D.a + 1300)
        #expect(close(try measure("ab") { $0.kern = 2 }.width, ab + 2 * 2))
        #expect(close(try measure("ab") { $0.tracking = 3 }.width, ab + 3))
        // Both: tracking spaces the letters, kern is ignored.
        #expect(
            close(
                try measure("ab") {
                    $0.kern = 2
                    $0.tracking = 3
                }.width, ab + 3))
        // Kern wraps: "ab ab" with 10 pt after each character no longer fits where it did without.
        let width = 2 * ab + Self.points(D.space) + 1
        #expect(try measure("ab ab", width: width) { _ in }.lineCount == 1)
        #expect(try measure("ab ab", width: width) { $0.kern = 10 }.lineCount == 2)
    }

    @Test func kernZeroTurnsThePairKerningOff() throws {
        var kerned = MeasureOptions()
        kerned.usesFontFeatures = true
        let features = try TestFonts.measurer([(TestFonts.dejaVuSans, 0)], size: 17, options: kerned, features: true)
        var zero = kerned
        zero.attributes.kern = 0
        let noPairs = try TestFonts.measurer([(TestFonts.dejaVuSans, 0)], size: 17, options: zero, features: true)
        let plain = Self.points(1401 + 1401)  // A and V
        #expect(features.measure("AV").width < plain)  // DejaVu kerns A–V
        #expect(close(noPairs.measure("AV").width, plain))
    }

    @Test func numberOfLinesCapsTheSizeAndSaysWhereItCut() throws {
        let three = try measure("hello\nworld\nhello") { $0.numberOfLines = 2 }
        #expect(three.lineCount == 2)
        #expect(three.truncatedLine == 2)
        #expect(close(three.height, 2 * Self.line17))
        let fits = try measure("hello\nworld") { $0.numberOfLines = 2 }
        #expect(fits.truncatedLine == nil)
        // A height limit: the lines whose bottom is inside it.
        let high = try measure("hello\nworld\nhello") { $0.maxHeight = 2.5 * Self.line17 }
        #expect(high.lineCount == 2 && high.truncatedLine == 2)
        // With the outer paragraph spacing counted, the first line stands 10 pt lower, so the second line's bottom
        // is at 10 + line + 10 + line: past a box of 2 lines and 5 pt, which holds only the first (it held both).
        let spaced = try measure("hello\nworld") {
            $0.maxHeight = 2 * Self.line17 + 5
            $0.paragraph.paragraphSpacingBefore = 10
            $0.countsOuterParagraphSpacing = true
        }
        #expect(spaced.lineCount == 1 && spaced.truncatedLine == 1)
        #expect(close(spaced.height, 10 + Self.line17))
    }

    /// `LineFragment.utf8Range` holds the hard break that ends a line, with attributes as without (attributed lines
    /// stopped before `\n`, `\r\n` and U+2029, so the lines' text lost the breaks the plain engine's lines keep).
    /// Byte offsets by hand: "ab" + U+2028 (3 bytes) is 0..<5, "cd\r\n" 5..<9, "x" + U+2029 9..<13, "\n" 13..<14,
    /// "y\n" 14..<16, and the empty line after a final break (text view, or `countsTrailingLineBreak`) 16..<16.
    @Test(arguments: [
        (MeasureMode.boundingRect, false, 0, [0..<5, 5..<9, 9..<13, 13..<14, 14..<16]),
        (.boundingRect, true, 0, [0..<5, 5..<9, 9..<13, 13..<14, 14..<16, 16..<16]),
        (.textView, false, 0, [0..<5, 5..<9, 9..<13, 13..<14, 14..<16, 16..<16]),
        (.label, false, 0, [0..<5, 5..<9, 9..<13, 13..<14, 14..<16]),
        (.boundingRect, false, 2, [0..<5, 5..<9]),
    ])
    func linesHoldTheHardBreakThatEndsThem(
        mode: MeasureMode, countsTrailing: Bool, limit: Int, expected: [Range<Int>]
    ) throws {
        var options = MeasureOptions(countsTrailingLineBreak: countsTrailing)
        options.attributes.mode = mode
        options.attributes.numberOfLines = limit
        options.attributes.paragraph.lineSpacing = 1  // attributed in every case
        let layout = try TestFonts.dejaVu(size: 17, width: 0, options: options)
            .layout("ab\u{2028}cd\r\nx\u{2029}\ny\n")
        #expect(layout.lines.map(\.utf8Range) == expected)
    }

    @Test func theLastVisibleLineEndsInAnEllipsisThatFits() throws {
        // "hello world hello" cut to one line of 100 pt at 17 pt with "…" (2048 units).
        let ellipsis = Self.points(2048)
        let size = try measure("hello world hello", width: 100) {
            $0.numberOfLines = 1
            $0.truncatesLastVisibleLine = true
        }
        // The longest prefix of whole characters that fits beside the ellipsis, by hand: 100 pt holds
        // 100 × 2048 / 17 ≈ 12047 units, 2048 of them the ellipsis; "hello worl" is 4949 + 651 + 1675 + 1253 + 842 +
        // 569 = 9939 units, and "hello world" 11239 would not fit.
        let kept = Self.points(D.hello + D.space + D.w + D.o + D.r + D.l)
        #expect(kept + ellipsis <= 100)
        #expect(Self.points(D.hello + D.space + D.world) + ellipsis > 100)
        #expect(close(size.width, kept + ellipsis))
        #expect(size.truncatedLine == 1)
    }

    @Test func truncatingModesKeepEachParagraphOnOneLine() throws {
        let text = "hello world hello world"
        let tail = try measure(text, width: 100) { $0.paragraph.lineBreakMode = .byTruncatingTail }
        #expect(tail.lineCount == 1)
        #expect(tail.width <= 100)
        #expect(tail.truncatedLine == 1)
        #expect(
            try measure("hello", width: 100) { $0.paragraph.lineBreakMode = .byTruncatingTail }.truncatedLine == nil)
        let clip = try measure(text, width: 100) { $0.paragraph.lineBreakMode = .byClipping }
        #expect(clip.lineCount == 1 && clip.width == 100)
        // "…orld" from the head: 60 pt hold 60 × 2048 / 17 ≈ 7228 units, 2048 the ellipsis; "orld" is 1253 + 842 +
        // 569 + 1300 = 3964 units, "world" 5639 would not fit.
        let head = try measure(text, width: 60) { $0.paragraph.lineBreakMode = .byTruncatingHead }
        #expect(close(head.width, Self.points(2048 + 3964)))
        let two = try measure("hello world\nhello world", width: 60) { $0.paragraph.lineBreakMode = .byTruncatingTail }
        #expect(two.lineCount == 2)
    }

    @Test func labelModeRoundsToThePixelGridAndAnEmptyLabelIsZero() throws {
        let hello = Self.points(D.hello)
        let at2 = try measure("hello") { $0.mode = .label }
        #expect(at2.width == (hello * 2).rounded(.up) / 2)
        #expect(at2.height == (Self.line17 * 2).rounded(.up) / 2)  // 19.79 → 20.0 at @2x
        let at3 = try measure("hello") {
            $0.mode = .label
            $0.scale = 3
        }
        #expect(at3.height == (Self.line17 * 3).rounded(.up) / 3)  // 59.37 px → 60 px = 20.0 pt
        #expect(try measure("") { $0.mode = .label } == TextSize(width: 0, height: 0, lineCount: 0))
        #expect(try measure("") { _ in }.lineCount == 1)  // boundingRect: one empty line
    }

    @Test func labelModeLeavesNoLoneWordOnTheLastLine() throws {
        // "hello hello hello" where two words fit on the first line: boundingRect leaves "hello" alone on the second
        // line; a label moves the first line's last word down.
        let hello = Self.points(D.hello), space = Self.points(D.space)
        let width = 2 * hello + space + 2
        let plain = try TestFonts.dejaVu(size: 17, width: width).layout("hello hello hello")
        #expect(plain.lines.count == 2 && close(plain.lines[1].width, hello))
        var options = MeasureOptions()
        options.attributes.mode = .label
        let label = try TestFonts.dejaVu(size: 17, width: width, options: options).layout("hello hello hello")
        #expect(label.lines.count == 2)
        #expect(close(label.lines[0].width, hello))
        #expect(close(label.lines[1].width, 2 * hello + space))
    }

    @Test func textViewModeAddsPaddingAndInsets() throws {
        let hello = Self.points(D.hello)
        let view = try measure("hello") { $0.mode = .textView }
        #expect(close(view.width, hello + 10))
        #expect(close(view.height, Self.line17 + 16))
        // The usable width is 10 pt narrower: "hello hello" at exactly its width wraps in a text view.
        let both = 2 * hello + Self.points(D.space)
        #expect(try measure("hello hello", width: both + 1) { _ in }.lineCount == 1)
        #expect(try measure("hello hello", width: both + 1) { $0.mode = .textView }.lineCount == 2)
        // The empty line after a final line break counts.
        #expect(try measure("hello\n") { $0.mode = .textView }.lineCount == 2)
    }

    @Test func tabStopsComeBeforeTheDefaultInterval() throws {
        let a = Self.points(D.a)
        #expect(close(try measure("a\ta") { $0.paragraph.tabStops = [50] }.width, 50 + a))
        // Past the last stop, every 28 pt: the second tab is at 50 + a ≈ 60.4, so it goes to 84.
        #expect(close(try measure("a\ta\ta") { $0.paragraph.tabStops = [50] }.width, 84 + a))
        #expect(close(try measure("a\ta") { $0.paragraph.defaultTabInterval = 40 }.width, 40 + a))
    }

    @Test func attributesReadFromJSON() throws {
        let attributes = try TextAttributes(
            json: """
                {"lineSpacing": 4, "numberOfLines": 2, "kern": 1.5, "lineBreakMode": "tail",
                 "paragraphStyle": {"headIndent": 12, "tabStops": [{"location": 28}, 56]}, "mode": "label", "scale": 3}
                """)
        #expect(attributes.paragraph.lineSpacing == 4 && attributes.numberOfLines == 2 && attributes.kern == 1.5)
        #expect(attributes.paragraph.lineBreakMode == .byTruncatingTail && attributes.paragraph.headIndent == 12)
        #expect(attributes.paragraph.tabStops == [28, 56] && attributes.mode == .label && attributes.scale == 3)
        #expect(throws: TextAttributesError.self) { try TextAttributes(json: "{\"lineSpasing\": 4}") }
        #expect(throws: TextAttributesError.self) { try TextAttributes(json: "{\"numberOfLines\": true}") }
        #expect(throws: TextAttributesError.self) { try TextAttributes(json: "{\"numberOfLines\": 1.5}") }
        // Screen scales: 0.75 (Android's ldpi) is one; 0.25 and 1e-7 are not (rounding to a 4 pt or 10^7 pt grid).
        #expect(try TextAttributes(json: "{\"scale\": 0.75}").scale == 0.75)
        #expect(throws: TextAttributesError.self) { try TextAttributes(json: "{\"scale\": 0.25}") }
        #expect(throws: TextAttributesError.self) { try TextAttributes(json: "{\"scale\": 1e-7}") }
        #expect(throws: TextAttributesError.self) { try TextAttributes(json: "{\"runs\": [{\"location\": -1}]}") }
        #expect(
            try TextAttributes(json: "{\"runs\": [{\"location\": 2, \"length\": 3, \"size\": 20}]}").runs
                == [TextRun(location: 2, length: 3, pointSize: 20)])
        #expect(try TextAttributes(json: "{\"usesDeviceMetrics\": true}").usesDeviceMetrics)
        #expect(throws: TextAttributesError.self) { try TextAttributes(json: "[1]") }
        #expect(throws: TextAttributesError.self) {
            try TextAttributes(json: "{\"minimumLineHeight\": 30, \"maximumLineHeight\": 20}")
        }
    }

    /// `usesDeviceMetrics`: the outlines' box. fontTools glyf bounds of DejaVu Sans: h 186…1124 × 0…1556,
    /// o 113…1141 × −29…1147, x 59…1145 × 0…1120, l 193…377 × 0…1556; advances h 1298, e 1260, l 569, x 1212.
    @Test func deviceMetricsMeasureTheInk() throws {
        let hello = try measure("hello") { $0.usesDeviceMetrics = true }
        // From h's left edge (186) to o's right edge (1298 + 1260 + 569 + 569 + 1141), and from l's top (1556) to
        // e's and o's bottom (−29).
        #expect(close(hello.width, Self.points(1298 + 1260 + 569 + 569 + 1141 - 186)))
        #expect(close(hello.height, Self.points(1556 + 29)))
        let xo = try measure("xo") { $0.usesDeviceMetrics = true }
        #expect(close(xo.width, Self.points(1212 + 1141 - 59)))
        #expect(close(xo.height, Self.points(1147 + 29)))
        // Two lines: from the first line's ink top (l, 1556 above its baseline) to the second's baseline (x sits on
        // it): one line height plus l's height.
        let two = try measure("l\nx") { $0.usesDeviceMetrics = true }
        #expect(close(two.height, Self.line17 + Self.points(1556)))
        #expect(try measure(" ") { $0.usesDeviceMetrics = true } == TextSize(width: 0, height: 0, lineCount: 1))
    }

    /// The ink of a line a single-line mode cut is what shows within its width, not the whole paragraph's: eight x at
    /// 17 pt (1212 units apart, ink 59…1145) clipped at 40 pt draw four (origins 0…3636 units, all before 40 pt), the
    /// fourth's right edge 3636 + 1145 units = 39.68 pt; uncut, the ink was 79.4 pt wide.
    @Test func deviceMetricsOfACutLineStopAtItsWidth() throws {
        let clipped = try measure("xxxxxxxx", width: 40) {
            $0.usesDeviceMetrics = true
            $0.paragraph.lineBreakMode = .byClipping
        }
        #expect(close(clipped.width, Self.points(3 * 1212 + 1145 - 59)))
        for mode in [ParagraphLineBreakMode.byTruncatingTail, .byTruncatingMiddle, .byTruncatingHead] {
            let cut = try measure("xxxxxxxx", width: 40) {
                $0.usesDeviceMetrics = true
                $0.paragraph.lineBreakMode = mode
            }
            let plain = try measure("xxxxxxxx", width: 40) { $0.paragraph.lineBreakMode = mode }
            #expect(cut.width <= plain.width && cut.width > 30, "\(mode): \(cut.width) against \(plain.width)")
            // The cut line is two x and "…" wide (37.12 pt); the x glyphs starting before that (at 0, 10.06, 20.12
            // and 30.18 pt) are inked, from the first's left edge (59 units) to the cut.
            #expect(close(cut.width, plain.width - Self.points(59)), "\(mode): \(cut.width) against \(plain.width)")
        }
    }

    /// An emoji sequence is the glyphs its colour font makes of it in ink as in advance: a family of three, a flag
    /// and a keycap are as wide as 😀 (Noto Color Emoji's bitmaps fill their 136-pixel advance at 109 ppem), not
    /// three and two faces.
    @Test func deviceMetricsDrawAnEmojiSequenceOnce() throws {
        var options = MeasureOptions()
        options.attributes.usesDeviceMetrics = true
        let measurer = try TestFonts.measurer(
            [(TestFonts.dejaVuSans, 0), (TestFonts.notoColorEmoji, 0)], size: 10, options: options)
        for text in [
            "\u{1F600}", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{1F1E8}\u{1F1E6}", "1\u{FE0F}\u{20E3}",
        ] {
            #expect(close(measurer.measure(text).width, 136.0 / 109 * 10), "\(text)")
        }
        // A sequence the font draws as no one glyph is the glyphs it makes: 😀 ZWJ 😀, two faces, as measured.
        #expect(close(measurer.measure("\u{1F600}\u{200D}\u{1F600}").width, 2 * 136.0 / 109 * 10))
    }

    /// Runs in another cascade font and size: "hello" in DejaVu Sans Bold 34 pt (h 1458 + e 1389 + l 702 + l 702 +
    /// o 1407 = 5658 units, fontTools hmtx of DejaVuSans-Bold.ttf) and " world" in DejaVu Sans 17 pt (651 + 5639).
    @Test func runsAreMeasuredInTheirFontAndSizeAndLinesAreAsTallAsTheirTallestRun() throws {
        var options = MeasureOptions()
        options.attributes.runs = [TextRun(location: 0, length: 5, font: 1, pointSize: 34)]
        let cascade = [(TestFonts.dejaVuSans, 0), ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 0)]
        let bold = 5658.0 / 2048 * 34, world = Self.points(D.space + D.world)
        let one = try TestFonts.measurer(cascade, size: 17, options: options).measure("hello world")
        #expect(close(one.width, bold + world))
        #expect(close(one.height, (D.ascender + D.descender) / D.unitsPerEm * 34))  // the 34 pt run's line
        // At 140 pt "hello world" (146.1 pt) wraps after the bold word: a 34 pt line, then a 17 pt one.
        options.maxWidth = 140
        let two = try TestFonts.measurer(cascade, size: 17, options: options).layout("hello world")
        #expect(two.lines.count == 2)
        #expect(close(two.size.width, bold))
        #expect(close(two.size.height, (D.ascender + D.descender) / D.unitsPerEm * (34 + 17)))
        // NSRange counts UTF-16 units: an emoji before the run takes two.
        var shifted = MeasureOptions()
        shifted.attributes.runs = [TextRun(location: 3, length: 5, pointSize: 34)]
        let withEmoji = try TestFonts.measurer([(TestFonts.dejaVuSans, 0)], size: 17, options: shifted)
            .measure("\u{1F600} hello")
        let plain = try TestFonts.dejaVu(size: 17).measure("\u{1F600} ")
        #expect(close(withEmoji.width, plain.width + Self.points(651) + Self.points(D.hello) * 2))
        // Empty text with runs is one empty line, as without.
        let empty = try TestFonts.measurer([(TestFonts.dejaVuSans, 0)], size: 17, options: shifted).measure("")
        #expect(empty.lineCount == 1 && empty.width == 0)
    }

    // MARK: - Cases found in review

    @Test func kernFollowsEveryCharacterOfALigatureToo() throws {
        // With the font's features on, "fi" is DejaVu's fi ligature: its one glyph still carries kern twice.
        var options = MeasureOptions()
        options.attributes.kern = 10
        let kerned = try TestFonts.measurer([(TestFonts.dejaVuSans, 0)], size: 17, options: options, features: true)
        let ligated = try TestFonts.measurer([(TestFonts.dejaVuSans, 0)], size: 17, features: true)
        #expect(close(kerned.measure("fi").width, ligated.measure("fi").width + 20))
    }

    @Test func textMeasuredWithTrackingFitsAtItsOwnWidth() throws {
        for text in ["ab", "ab ab", "hello world"] {
            let unwrapped = try measure(text) { $0.tracking = 3 }
            #expect(try measure(text, width: unwrapped.width) { $0.tracking = 3 }.lineCount == 1)
        }
    }

    @Test func tabStopsAreMeasuredFromTheMarginNotTheIndent() throws {
        // The pen starts at 40; the next stop after 40 is 56; then b (1300 units).
        let size = try measure("\tb") {
            $0.paragraph.firstLineHeadIndent = 40
            $0.paragraph.tabStops = [28, 56]
        }
        #expect(close(size.width, 56 + Self.points(1300)))
    }

    @Test func characterWrappingAsAnAttributeWraps() throws {
        let byWord = try measure("aaa aaa aaa aaa", width: 50) { _ in }
        let byChar = try measure("aaa aaa aaa aaa", width: 50) { $0.paragraph.lineBreakMode = .byCharWrapping }
        let plainChar = try TestFonts.dejaVu(
            size: 17, width: 50, options: MeasureOptions(lineBreakMode: .byCharWrapping)
        )
        .measure("aaa aaa aaa aaa")
        #expect(byChar.lineCount == plainChar.lineCount)
        #expect(byChar.lineCount < byWord.lineCount)
    }

    @Test func withoutLineFragmentOriginTheTextStaysOneLine() throws {
        var options = MeasureOptions(maxWidth: 100, usesLineFragmentOrigin: false)
        options.attributes.kern = 1
        #expect(try TestFonts.dejaVu(size: 17, width: 100, options: options).measure("aaa\nbbb").lineCount == 1)
    }

    @Test func aSingleLineLabelDoesNotMoveWordsItsLimitHides() throws {
        // "aaa aaa " fits 80 pt (2 × 3 × 1255 + 651 units = 71.5 pt at 17 pt); one visible line keeps both words.
        let label = try measure("aaa aaa aaa", width: 80) {
            $0.mode = .label
            $0.numberOfLines = 1
        }
        #expect(label.width == (Self.points(6 * D.a + D.space) * 2).rounded(.up) / 2)
        #expect(label.truncatedLine == 1)
    }

    @Test func labelRoundingDependsOnTheScale() throws {
        let hello = Self.points(D.hello)  // 41.08 pt
        #expect(
            try measure("hello") {
                $0.mode = .label; $0.scale = 1
            }.width == hello.rounded(.up))
        #expect(
            try measure("hello") {
                $0.mode = .label; $0.scale = 3
            }.width == (hello * 3).rounded(.up) / 3)
        #expect((hello * 3).rounded(.up) / 3 != (hello * 2).rounded(.up) / 2)
    }

    @Test func truncationKeepsTheTrackingBeforeTheEllipsis() throws {
        // "abc…" with 2 pt tracking: a, b, c each carry theirs, the ellipsis's hangs; 60 pt leave no room for "d".
        let size = try measure("abcdefghij", width: 60) {
            $0.paragraph.lineBreakMode = .byTruncatingTail
            $0.tracking = 2
        }
        #expect(close(size.width, Self.points(D.a + 1300 + 1126 + 2048) + 3 * 2))
    }

    @Test func outOfRangeValuesAreRefusedNotTrapped() {
        for json in [
            "{\"firstLineHeadIndent\": 1e19}", "{\"lineSpacing\": 1e308}", "{\"paragraphSpacing\": -100}",
            "{\"tabStops\": [1e300]}", "{\"scale\": 1e308}", "{\"kern\": 5000}",
        ] {
            #expect(throws: TextAttributesError.self) { try TextAttributes(json: json) }
        }
    }

    /// An unknown name from the input is quoted to 40 scalars: a hostile name cannot make an error as long as itself.
    @Test func unknownNamesAreQuotedShort() {
        let long = String(repeating: "k", count: 100_000)
        for json in ["{\"\(long)\": 1}", "{\"runs\": [{\"location\": 0, \"\(long)\": 1}]}"] {
            do {
                _ = try TextAttributes(json: json)
                Issue.record("accepted an unknown name")
            } catch {
                #expect("\(error)".contains("\"" + String(repeating: "k", count: 40) + "…\""))
                #expect("\(error)".count < 1_000)
            }
        }
        #expect(
            throws: TextAttributesError("unknown run attribute \"wide\" (location, length, font, size)")
        ) { try TextAttributes(json: "{\"runs\": [{\"wide\": 1}]}") }
    }
}
