/// Lays out text with `TextAttributes` on top of the plain engine: paragraphs with their indents, single-line
/// (clipping and truncating) paragraphs, UILabel's `.standard` strategy, the line limit with its ellipsis, and the
/// vertical metrics of the paragraph style (docs/semantics/sizing.md §A4–A7).
///
/// The engine does the measuring (letter spacing, tab stops and Korean word breaking are applied there); this type
/// asks it for each paragraph's lines at the widths the indents leave, then rearranges and sums them. It allocates,
/// unlike the plain path: attributed measurement is for strings that carry attributes, not the bulk fast path.
struct AttributedLayout {
    let session: MeasureSession
    let attributes: TextAttributes
    /// The width lines wrap at: infinity when unconstrained.
    let wrapWidth: Double
    /// The text's UTF-8 bytes.
    let utf8: [UInt8]
    /// Per byte of the text, the run it belongs to (-1: none), each run by the first run of its style
    /// (`MeasureSession.runRepresentatives`); empty when no run changes the font or size (then nothing is in a run).
    let runIndex: [Int]

    /// TextKit's default `lineFragmentPadding`, at both ends of every line in a text view (docs/semantics/sizing.md §A7).
    static let textViewPadding = 5.0
    /// UITextView's default `textContainerInset`, above and below (docs/semantics/sizing.md §A7).
    static let textViewInset = 8.0

    /// A layout of `text` at `maxWidth` with the session's measurer and its attributes.
    init(session: MeasureSession, maxWidth: Double, text: String) {
        self.session = session
        attributes = session.measurer.options.attributes
        utf8 = Array(text.utf8)
        // Runs in the measurer's own font and size are none, and runs of one style one: when no run is left, the
        // text is laid out as without runs.
        let representatives = session.runRepresentatives
        if representatives.contains(where: { $0 >= 0 }) {
            runIndex = Self.runIndex(utf8, runs: attributes.runs).map { $0 < 0 ? -1 : representatives[$0] }
        } else {
            runIndex = []
        }
        var width = session.measurer.options.wrapWidth(for: maxWidth)
        if attributes.mode == .textView { width = max(0, width - 2 * Self.textViewPadding) }
        wrapWidth = width
    }

    /// The size of the text and its visible lines.
    func layout() -> (size: TextSize, lines: [LineFragment]) {
        let finished = laidOut(placing: false)
        return (finished.size, finished.fragments)
    }

    /// The size of the text and its visible lines, each with where it is drawn (`placing`; else no placements).
    func laidOut(placing: Bool) -> Finished {
        if utf8.isEmpty && attributes.mode == .label {
            return Finished(
                size: TextSize(width: 0, height: 0, lineCount: 0), lines: [], fragments: [], placements: [])
        }
        let paragraphStyle = attributes.paragraph
        var lines: [AttributedLine] = []
        // Without .usesLineFragmentOrigin the text is one line (MeasureOptions.usesLineFragmentOrigin): one paragraph.
        let paragraphs =
            session.measurer.options.usesLineFragmentOrigin
            ? Self.paragraphs(
                in: utf8,
                countsTrailingBreak: attributes.mode == .textView
                    || session.measurer.options.countsTrailingLineBreak)
            : [0..<utf8.count]
        // UILabel wraps a multi-line label by word and applies a truncating mode to its last line only.
        let wraps = paragraphStyle.lineBreakMode.wraps || (attributes.mode == .label && attributes.numberOfLines != 1)
        for (number, range) in paragraphs.enumerated() {
            var paragraphLines = layoutParagraph(utf8, range: range, number: number, wraps: wraps)
            // The strategy moves words onto a paragraph's last line only where that line will be seen: not in a
            // single-line label (docs/semantics/sizing.md §A4: ignored for single lines), not below a line limit.
            let lastLineShows =
                attributes.numberOfLines == 0
                || lines.count + paragraphLines.count <= attributes.numberOfLines
            if attributes.mode == .label && wraps && paragraphLines.count >= 2 && attributes.numberOfLines != 1
                && lastLineShows
            {
                avoidLoneWord(&paragraphLines, in: utf8)
            }
            lines += paragraphLines
        }
        return finish(lines, utf8: utf8, paragraphs: paragraphs, placing: placing)
    }

    // MARK: - Paragraphs

    /// The byte ranges of the paragraphs, separators excluded: `\n`, `\r`, `\r\n` and U+2029 end a paragraph (docs/semantics/sizing.md
    /// §A4; U+2028 breaks a line inside one). Text ending in a separator has an empty last paragraph only when
    /// `countsTrailingBreak` (TextKit's extra line fragment).
    static func paragraphs(in utf8: [UInt8], countsTrailingBreak: Bool) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < utf8.count {
            var separatorLength = 0
            if utf8[index] == 0x0A {
                separatorLength = 1
            } else if utf8[index] == 0x0D {
                separatorLength = index + 1 < utf8.count && utf8[index + 1] == 0x0A ? 2 : 1
            } else if utf8[index] == 0xE2, index + 2 < utf8.count, utf8[index + 1] == 0x80, utf8[index + 2] == 0xA9 {
                separatorLength = 3
            }
            if separatorLength > 0 {
                ranges.append(start..<index)
                index += separatorLength
                start = index
            } else {
                index += 1
            }
        }
        if start < utf8.count || ranges.isEmpty || countsTrailingBreak { ranges.append(start..<utf8.count) }
        return ranges
    }

    /// The leading indent and the available width of a paragraph's first line and of its other lines.
    func lineBox(first: Bool) -> (indent: Double, available: Double) {
        let style = attributes.paragraph
        let indent = first ? style.firstLineHeadIndent : style.headIndent
        // tailIndent > 0: the trailing edge measured from the leading edge; ≤ 0: kept free at the trailing edge. Inside
        // the box either way: indents narrow the width lines wrap at, never widen it (a tail indent of 70 in a 60 pt
        // box wrapped "aaa aaa", 67.9 pt, on one line), as the drawing keeps a line inside the box.
        let edge = style.tailIndent > 0 ? min(style.tailIndent, wrapWidth) : wrapWidth + style.tailIndent
        return (indent, max(0, edge - indent))
    }

    /// A paragraph's lines: wrapped at the widths its indents leave, or one line (clipped or truncated) per hard
    /// line break for the single-line modes.
    func layoutParagraph(_ utf8: [UInt8], range: Range<Int>, number: Int, wraps: Bool) -> [AttributedLine] {
        let first = lineBox(first: true), rest = lineBox(first: false)
        guard wraps else {
            return plainLines(utf8, range, width: .infinity, indent: first.indent).enumerated().map { index, line in
                let box = index == 0 ? first : rest
                var attributed = AttributedLine(
                    fragment: line, paragraph: number, indent: box.indent,
                    available: box.available)
                if line.width > box.available {
                    attributed.isCut = true
                    attributed.fragment.width =
                        attributes.paragraph.lineBreakMode.truncation.map { kind in
                            truncatedWidth(utf8, line.utf8Range, available: box.available, kind: kind)
                        } ?? box.available
                }
                return attributed
            }
        }
        if first.available == rest.available && first.indent == rest.indent {
            return plainLines(utf8, range, width: rest.available, indent: rest.indent).map {
                AttributedLine(fragment: $0, paragraph: number, indent: rest.indent, available: rest.available)
            }
        }
        // The first line at its own width, the rest of the paragraph at the other lines' width.
        let firstLines = plainLines(utf8, range, width: first.available, indent: first.indent)
        guard let firstLine = firstLines.first else { return [] }
        var lines = [
            AttributedLine(
                fragment: firstLine, paragraph: number, indent: first.indent,
                available: first.available)
        ]
        if firstLine.utf8Range.upperBound < range.upperBound {
            lines += plainLines(
                utf8, firstLine.utf8Range.upperBound..<range.upperBound, width: rest.available,
                indent: rest.indent
            ).map {
                AttributedLine(fragment: $0, paragraph: number, indent: rest.indent, available: rest.available)
            }
        }
        return lines
    }

    /// The engine's lines for `utf8[range]` at `width`, with ranges into the whole text and tracking hanging at each
    /// line's end (so lines wrap at `width` plus one tracking: the engine counts the last cluster's, which hangs).
    /// Tab stops are measured from the margin, `indent` before the lines' start.
    func plainLines(_ utf8: [UInt8], _ range: Range<Int>, width: Double, indent: Double = 0) -> [LineFragment] {
        if !runIndex.isEmpty { return runLines(utf8, range, first: width, rest: width, runs: runIndex) }
        let wrap = max(width + (attributes.tracking ?? 0), 0)
        var lines = session.plainLayout(
            utf8[range], wrapWidth: wrap > 0 ? wrap : .leastNonzeroMagnitude,
            tabOrigin: indent
        ).lines
        let offset = range.lowerBound
        for index in lines.indices {
            let local = lines[index].utf8Range
            lines[index].utf8Range = (local.lowerBound + offset)..<(local.upperBound + offset)
            if let tracking = attributes.tracking, lines[index].width > 0 { lines[index].width -= tracking }
        }
        return lines
    }

    /// The width of `utf8[range]` on one line, trailing whitespace hanging, run by run when the text has runs.
    func textWidth(_ utf8: [UInt8], _ range: Range<Int>) -> Double {
        runIndex.isEmpty ? unwrappedWidth(utf8[range]) : runWidth(utf8, range, runs: runIndex).width
    }

    /// The width of `bytes` on one line in the measurer's own font and size, trailing whitespace hanging.
    func unwrappedWidth(_ bytes: ArraySlice<UInt8>) -> Double {
        var width = session.plainLayout(bytes, wrapWidth: .infinity).size.width
        if let tracking = attributes.tracking, width > 0 { width -= tracking }
        return width
    }
}
