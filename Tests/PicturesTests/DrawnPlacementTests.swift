import Measure
import Testing

@testable import Pictures

/// Where drawn lines stand and what a cut line draws: the paragraph style's indents, alignment and spacings, a text
/// view's insets, right-to-left paragraphs, the ellipsis of a truncated line, a clipped line's glyphs, and a one-line
/// button title. Widths by hand from DejaVu Sans's `hmtx` (fontTools, units of 2048 per em, at 17 pt), for strings
/// no kerning pair of the font touches.
@Suite struct DrawnPlacementTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// DejaVu Sans's line at 17 pt: ascent 1901 + descent 483 units.
    static let line = 2384 * 17 / 2048.0
    static let ascent = 1901 * 17 / 2048.0

    func drawn(_ text: String, width: Double, attributes json: String) throws -> DrawnLayout {
        let measurer = TextMeasurer(
            cascade: try FontCascade(loading: [FontSource(path: Self.dejaVu)]), pointSize: 17,
            options: MeasureOptions(maxWidth: width, attributes: try TextAttributes(json: json)))
        return measurer.makeSession().drawnLayout(text)
    }

    /// Centred lines between their indents, and the paragraph spacing before the second paragraph only (the
    /// drawing spread the extra height evenly over every gap, and drew every line at x 0).
    @Test func indentsAlignmentAndParagraphSpacingPlaceTheLines() throws {
        let layout = try drawn(
            "para one is long enough to wrap here\npara two", width: 150,
            attributes: #"{"paragraphSpacing":20,"headIndent":30,"firstLineHeadIndent":50,"alignment":"center"}"#)
        #expect(layout.lines.count == 4)
        // "para one is" 11401 units: centred in the 100 pt the first-line indent leaves.
        #expect(abs(layout.lines[0].left - (50 + (100 - 11401 * 17 / 2048.0) / 2)) < 1e-9)
        // "long enough" 12778 units, in the 120 pt the head indent leaves.
        #expect(abs(layout.lines[1].left - (30 + (120 - 12778 * 17 / 2048.0) / 2)) < 1e-9)
        // "para two" 9034 units: a paragraph's first line again.
        #expect(abs(layout.lines[3].left - (50 + (100 - 9034 * 17 / 2048.0) / 2)) < 1e-9)
        let tops = layout.lines.map(\.top)
        let expected = [0, Self.line, 2 * Self.line, 3 * Self.line + 20]
        #expect(zip(tops, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(tops)")
        #expect(abs(layout.lines[0].baseline - Self.ascent) < 1e-9)
    }

    @Test(arguments: [("left", 0.0), ("right", 1.0), ("natural", 0.0), ("justified", 0.0)])
    func alignmentsOfALeftToRightLine(alignment: String, share: Double) throws {
        let layout = try drawn("Hello", width: 150, attributes: #"{"alignment":"\#(alignment)"}"#)
        // "Hello" 5191 units.
        let width = 5191 * 17 / 2048.0
        #expect(abs(layout.size.width - width) < 1e-9)
        #expect(abs(layout.lines[0].left - share * (150 - width)) < 1e-9)
    }

    /// Unconstrained, the box is the widest line: a tail indent past it (300 pt for a 34 pt text) does not carry a
    /// right-aligned line out of the drawing, nor a left-aligned right-to-left one to a negative x.
    @Test func aTailIndentPastAnUnconstrainedBoxStaysInIt() throws {
        let latin = try drawn("Hi", width: 0, attributes: #"{"tailIndent":300,"alignment":"right"}"#)
        #expect(latin.lines[0].left == 0)
        let hebrew = try drawn("שלום", width: 0, attributes: #"{"tailIndent":300,"alignment":"left"}"#)
        #expect(hebrew.lines[0].left == 0)
    }

    /// A single line measured unconstrained (without `.usesLineFragmentOrigin`) is drawn in the width asked for:
    /// a right-to-left one against its right edge.
    @Test func aSingleRightToLeftLineAlignsRightInTheWidthAsked() throws {
        var options = MeasureOptions(maxWidth: 200)
        options.usesLineFragmentOrigin = false
        let measurer = TextMeasurer(
            cascade: try FontCascade(loading: [FontSource(path: Self.dejaVu)]), pointSize: 17, options: options)
        let layout = measurer.makeSession().drawnLayout("שלום")
        let line = try #require(layout.lines.first)
        #expect(line.fragment.width > 0)
        #expect(abs(line.left + line.fragment.width - 200) < 1e-9)
    }

    /// A right-to-left paragraph's lines start at its leading edge, the right one, its indent in from it.
    @Test func aRightToLeftParagraphIsIndentedFromTheRight() throws {
        let layout = try drawn("שלום", width: 200, attributes: #"{"firstLineHeadIndent":20}"#)
        #expect(layout.isRightToLeft)
        let line = layout.lines[0]
        #expect(abs(line.left - (200 - 20 - line.fragment.width)) < 1e-9)
        #expect(line.fragment.width > 0)
    }

    /// A text view's text starts after its 5 pt line fragment padding and 8 pt inset (the drawing spread them
    /// between the lines).
    @Test func aTextViewsInsetsOffsetTheText() throws {
        let layout = try drawn(
            "Hello world, this is a longer sentence", width: 150, attributes: #"{"mode":"textView"}"#)
        #expect(layout.lines.count >= 2)
        #expect(layout.lines.allSatisfy { $0.left == 5 })
        #expect(abs(layout.lines[0].top - 8) < 1e-9)
        #expect(abs(layout.lines[1].top - (8 + Self.line)) < 1e-9)
    }

    /// A truncated line draws what is kept and U+2026 (DejaVu Sans glyph 2825, 2048 units), where measuring put
    /// them: the drawing drew the whole paragraph on one line, 388 pt wide in a 150 pt box.
    @Test func aTruncatedLineDrawsItsEllipsis() throws {
        let text = "Hello world, this is a longer sentence to wrap."
        let tail = try drawn(text, width: 150, attributes: #"{"lineBreakMode":"byTruncatingTail"}"#)
        // "Hello world, thi" 15453 units, then "…".
        #expect(abs(tail.size.width - (15453 + 2048) * 17 / 2048.0) < 1e-9)
        let glyphs = tail.lines[0].glyphs
        let last = try #require(glyphs.last)
        #expect(last.glyph == 2825)
        #expect(abs(last.x - 15453 * 17 / 2048.0) < 1e-9)
        #expect(abs(last.x + last.advance - tail.size.width) < 1e-9)
        // 13 letters, a comma and the two spaces between (spaces have glyphs too) kept, and the ellipsis.
        #expect(glyphs.count == 16 + 1)

        let head = try drawn(text, width: 150, attributes: #"{"lineBreakMode":"byTruncatingHead"}"#)
        let first = try #require(head.lines[0].glyphs.first)
        #expect(first.glyph == 2825 && first.x == 0)
        let end = head.lines[0].glyphs.last.map { $0.x + $0.advance } ?? 0
        #expect(abs(end - head.size.width) < 1e-9)

        let middle = try drawn(text, width: 150, attributes: #"{"lineBreakMode":"byTruncatingMiddle"}"#)
        let dots = middle.lines[0].glyphs.filter { $0.glyph == 2825 }
        #expect(dots.count == 1)
        #expect(middle.lines[0].glyphs.first?.glyph != 2825 && middle.lines[0].glyphs.last?.glyph != 2825)

        // Under a line limit with truncatesLastVisibleLine, the last visible line keeps the rest of its paragraph
        // that fits beside "…".
        let limited = try drawn(
            text, width: 150, attributes: #"{"numberOfLines":2,"truncatesLastVisibleLine":true}"#)
        #expect(limited.lines.count == 2)
        #expect(limited.lines[1].glyphs.last?.glyph == 2825)
        let limitedEnd = limited.lines[1].glyphs.last.map { $0.x + $0.advance } ?? 0
        #expect(abs(limitedEnd - limited.lines[1].fragment.width) < 1e-9)
        #expect(limitedEnd <= 150)
    }

    /// A right-to-left line keeps its text at its leading edge, the right: truncated, "…" is at its left end;
    /// clipped, its first letters stay and its end is cut off at the left.
    @Test func rightToLeftCutLinesKeepTheirRightEnd() throws {
        let text = "שלום עולם שלום עולם שלום עולם"
        let truncated = try drawn(text, width: 100, attributes: #"{"lineBreakMode":"byTruncatingTail"}"#)
        #expect(truncated.isRightToLeft)
        let glyphs = truncated.lines[0].glyphs
        #expect(glyphs.first?.glyph == 2825 && glyphs.first?.x == 0)
        #expect(glyphs.dropFirst().allSatisfy { $0.glyph != 2825 })
        let end = glyphs.last.map { $0.x + $0.advance } ?? 0
        #expect(abs(end - truncated.size.width) < 1e-9)

        let clipped = try drawn(text, width: 100, attributes: #"{"lineBreakMode":"byClipping"}"#)
        let kept = clipped.lines[0].glyphs
        #expect(abs((kept.last.map { $0.x + $0.advance } ?? 0) - 100) < 1e-9)
        #expect(kept.allSatisfy { $0.x + $0.advance > 0 })
        #expect(kept.first.map { $0.x < 0 } == true)
        #expect(clipped.lines[0].left == 0)
    }

    /// A clipped line draws the glyphs that start inside the box, not the whole paragraph.
    @Test func aClippedLineDrawsWhatStartsInItsBox() throws {
        let layout = try drawn(
            "Hello world, this is a longer sentence to wrap.", width: 150,
            attributes: #"{"lineBreakMode":"byClipping"}"#)
        let glyphs = layout.lines[0].glyphs
        #expect(!glyphs.isEmpty)
        #expect(glyphs.allSatisfy { $0.x < 150 })
        #expect(glyphs.count < 39)
        #expect(glyphs.last.map { $0.x + $0.advance > 150 } == true)
    }

    /// A button title is one line: a line feed in it neither breaks it nor draws (DejaVu Sans gave it a 600-unit
    /// glyph the measured width never had).
    @Test func aButtonTitleWithALineFeedIsDrawnOnOneLine() throws {
        let measurer = TextMeasurer(
            cascade: try FontCascade(loading: [FontSource(path: Self.dejaVu)]), pointSize: 17)
        let title = ButtonTitle.text("Line one\nLine two", measurer: measurer)
        let layout = try #require(title.labelMeasurer).makeSession().drawnLayout("Line one\nLine two")
        #expect(layout.lines.count == 1)
        // 14 letters and two spaces ("Line one" 8730 units, "Line two" 8650).
        #expect(layout.lines[0].glyphs.count == 16)
        let end = layout.lines[0].glyphs.last.map { $0.x + $0.advance } ?? 0
        #expect(abs(end - (8730 + 8650) * 17 / 2048.0) < 1e-9)
        #expect(abs(title.labelSize(scale: nil).width - end) < 1e-9)
    }
}
