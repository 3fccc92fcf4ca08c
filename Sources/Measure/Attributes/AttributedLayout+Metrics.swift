extension AttributedLayout {
    /// A line's height under the paragraph style: natural × `lineHeightMultiple` (when > 0), then at least
    /// `minimumLineHeight` and at most `maximumLineHeight` (each when > 0), in that order (docs/semantics/sizing.md §A5).
    func lineHeight(_ natural: Double) -> Double {
        let style = attributes.paragraph
        var height = style.lineHeightMultiple > 0 ? natural * style.lineHeightMultiple : natural
        if style.minimumLineHeight > 0 { height = max(height, style.minimumLineHeight) }
        if style.maximumLineHeight > 0 { height = min(height, style.maximumLineHeight) }
        return height
    }

    /// The space between line `index - 1` and line `index`: line spacing, plus the paragraph spacings when a new
    /// paragraph starts.
    func gap(before index: Int, in lines: [AttributedLine]) -> Double {
        let style = attributes.paragraph
        var gap = max(0, style.lineSpacing)
        if lines[index].paragraph != lines[index - 1].paragraph {
            gap += style.paragraphSpacing + style.paragraphSpacingBefore
        }
        return gap
    }

    /// Applies the line limits (`numberOfLines`, `maxHeight`) and the ellipsis, then sums the box: the widest line
    /// with its indent, the lines' heights with the spacings, and the mode's padding, insets and rounding.
    /// With `placing`, each visible line's placement too (`LinePlacement`), for drawing.
    func finish(_ all: [AttributedLine], utf8: [UInt8], paragraphs: [Range<Int>], placing: Bool) -> Finished {
        let style = attributes.paragraph
        var visible = all.count
        if attributes.numberOfLines > 0 { visible = min(visible, attributes.numberOfLines) }
        if attributes.maxHeight > 0 {
            // The lines whose bottom is inside the box; at least one, as a label always shows its first line. The
            // first stands below the first paragraph's spacing before it where that is counted (as it is drawn).
            var bottom = attributes.countsOuterParagraphSpacing ? style.paragraphSpacingBefore : 0.0
            for index in 0..<visible {
                bottom += (index > 0 ? gap(before: index, in: all) : 0) + lineHeight(all[index].fragment.height)
                if bottom > attributes.maxHeight + 1e-9 && index > 0 {
                    visible = index
                    break
                }
            }
        }
        var lines = Array(all.prefix(visible))
        let truncated = visible < all.count
        let ellipsizes = attributes.truncatesLastVisibleLine || style.lineBreakMode.truncation != nil
        /// What each visible line draws of its text where it was cut (drawing only).
        var cuts: [LinePlacement.Cut?] =
            placing
            ? lines.map { line in
                guard line.isCut else { return nil }
                return style.lineBreakMode.truncation.map { kind in
                    .truncated(truncation(utf8, line.fragment.utf8Range, available: line.available, kind: kind))
                } ?? .clipped(line.available)
            } : []
        if truncated, ellipsizes, let last = lines.last {
            // The last visible line shows as much of the rest of its paragraph as fits beside "…".
            let paragraphEnd = paragraphs[last.paragraph].upperBound
            let rest = last.fragment.utf8Range.lowerBound..<paragraphEnd
            let kind = style.lineBreakMode.truncation ?? .tail
            // Before the ellipsis the last character keeps its tracking (it hangs only at a line's end).
            let restWidth = textWidth(utf8, rest) + (rest.isEmpty ? 0 : attributes.tracking ?? 0)
            let ellipsis = ellipsisWidth(utf8, after: rest)
            // Cut once (`truncation`'s bisection), its width measured and its pieces kept for drawing.
            let cut =
                restWidth + ellipsis <= last.available
                ? TruncatedText(
                    head: rest, tail: rest.upperBound..<rest.upperBound, width: restWidth + ellipsis,
                    ellipsisRun: ellipsisRun(after: rest))
                : truncation(utf8, rest, available: last.available, kind: kind)
            lines[lines.count - 1].fragment.width = cut.width
            if placing { cuts[lines.count - 1] = .truncated(cut) }
        }

        var width = 0.0, height = 0.0
        var baselines: [Double] = []
        for (index, line) in lines.enumerated() {
            width = max(width, line.indent + line.fragment.width)
            if index > 0 { height += gap(before: index, in: lines) }
            height += lineHeight(line.fragment.height)
            // Extra height from the paragraph style sits above the glyphs, so the baseline is the descent up from
            // the line's bottom.
            baselines.append(height - line.fragment.descent)
        }
        var inkOrigin: (x: Double, y: Double)?
        if attributes.usesDeviceMetrics {
            let ink = inkSize(lines, baselines: baselines, utf8: utf8, cutLast: truncated && ellipsizes)
            (width, height) = (ink.width, ink.height)
            inkOrigin = (ink.left, ink.top)
        }
        if !lines.isEmpty && !attributes.usesDeviceMetrics {
            if attributes.lineSpacingAfterLastLine { height += max(0, style.lineSpacing) }
            if attributes.countsOuterParagraphSpacing {
                // The spacing after a paragraph belongs to its last line's fragment: a paragraph a line limit cut
                // shows no last line, so none below it.
                let endsParagraph = visible == all.count || all[visible].paragraph != all[visible - 1].paragraph
                height += style.paragraphSpacingBefore + (endsParagraph ? style.paragraphSpacing : 0)
            }
        }
        switch attributes.mode {
        case .boundingRect:
            break
        case .textView:
            width += 2 * Self.textViewPadding
            height += 2 * Self.textViewInset
        case .label:
            let rounded = TextSize(width: width, height: height, lineCount: 0).ceiled(toScale: attributes.scale)
            width = rounded.width
            height = rounded.height
        }
        // The line where text was cut: the last visible one under a line limit, else the first a single-line mode
        // clipped or truncated.
        let cutLine = truncated ? lines.count : lines.firstIndex(where: \.isCut).map { $0 + 1 }
        let missing = session.missingGlyphs(utf8: utf8[...])
        let size = TextSize(
            width: width, height: height, lineCount: lines.count, truncatedLine: cutLine,
            missingGlyphs: missing)
        let fragments = Self.fragments(lines, paragraphs: paragraphs, textEnd: utf8.count)
        guard placing else {
            return Finished(size: size, lines: lines, fragments: fragments, placements: [], inkOrigin: inkOrigin)
        }
        let placed = placements(lines, baselines: baselines, cuts: cuts, paragraphs: paragraphs, utf8: utf8)
        if attributes.usesDeviceMetrics {
            // Where the ink is drawn: each line where alignment and direction place it (a centred or right-to-left
            // line's ink is not at its indent).
            let drawn = inkSize(
                lines, baselines: baselines, utf8: utf8, cutLast: truncated && ellipsizes, lefts: placed.map(\.left))
            inkOrigin = (drawn.left, drawn.top)
        }
        return Finished(size: size, lines: lines, fragments: fragments, placements: placed, inkOrigin: inkOrigin)
    }

    /// What `finish` gives: the size, the visible lines, their fragments as `TextLayout` hands them out, and with
    /// placing where each is drawn; with `usesDeviceMetrics`, where the ink the size is of starts.
    struct Finished {
        var size: TextSize
        var lines: [AttributedLine]
        var fragments: [LineFragment]
        var placements: [LinePlacement]
        var inkOrigin: (x: Double, y: Double)? = nil
    }

    /// The visible lines' fragments as `LineFragment.utf8Range` promises them and the plain engine gives them: a
    /// paragraph's last line reaches over the separator that ends it (`\n`, `\r\n`, U+2029…), up to where the next
    /// paragraph starts or, after the last one, to the text's end. The lines themselves keep the paragraph's own
    /// range, which truncation and drawing work in.
    static func fragments(_ lines: [AttributedLine], paragraphs: [Range<Int>], textEnd: Int) -> [LineFragment] {
        lines.map { line in
            var fragment = line.fragment
            let number = line.paragraph
            if fragment.utf8Range.upperBound == paragraphs[number].upperBound {
                let separatorEnd = number + 1 < paragraphs.count ? paragraphs[number + 1].lowerBound : textEnd
                fragment.utf8Range = fragment.utf8Range.lowerBound..<separatorEnd
            }
            return fragment
        }
    }

    /// Where each of the visible `lines` is drawn: its left end from the box's left edge — its indent from the
    /// paragraph's leading edge (the right one in a right-to-left paragraph) and the alignment within the width the
    /// indents leave, in the box described below — and its glyph top from `baselines`, in a text view after the
    /// padding and the inset.
    func placements(
        _ lines: [AttributedLine], baselines: [Double], cuts: [LinePlacement.Cut?], paragraphs: [Range<Int>],
        utf8: [UInt8]
    ) -> [LinePlacement] {
        // The box: the width wrapped at; else the width asked for (a single-line layout, measured unconstrained, is
        // drawn in its label's width), less a text view's padding; else as wide as the widest line with its indent.
        let textView = attributes.mode == .textView
        let asked = session.measurer.options.maxWidth
        let container =
            wrapWidth.isFinite
            ? wrapWidth
            : asked > 0 && asked.isFinite
                ? max(0, asked - (textView ? 2 * Self.textViewPadding : 0))
                : lines.map { $0.indent + $0.fragment.width }.max() ?? 0
        let origin = (x: textView ? Self.textViewPadding : 0, y: textView ? Self.textViewInset : 0)
        let beforeFirst = attributes.countsOuterParagraphSpacing ? attributes.paragraph.paragraphSpacingBefore : 0
        var directions: [Int: Bool] = [:]
        let resolver = BidiResolver()
        return lines.indices.map { index in
            let line = lines[index]
            let rightToLeft =
                directions[line.paragraph]
                ?? {
                    let direction = Self.isRightToLeft(utf8[paragraphs[line.paragraph]], resolver: resolver)
                    directions[line.paragraph] = direction
                    return direction
                }()
            let width = line.fragment.width
            // What the indents leave inside the box: a tail indent past the box's edge (`tailIndent` 300 in a box of
            // 34) does not carry a right-aligned line out of it.
            let available = min(line.available, max(0, container - line.indent))
            let start = rightToLeft ? container - line.indent - available : line.indent
            let slack = max(0, available - width)
            let left: Double
            switch attributes.paragraph.alignment {
            case "left": left = start
            case "right": left = start + slack
            case "center": left = start + slack / 2
            // Natural, and justified (whose stretching between words is not drawn): the leading edge.
            default: left = rightToLeft ? start + slack : start
            }
            return LinePlacement(
                left: origin.x + left, top: origin.y + beforeFirst + baselines[index] - line.fragment.ascent,
                cut: index < cuts.count ? cuts[index] : nil, rightToLeft: rightToLeft)
        }
    }

    /// Whether a paragraph's first strong character is right to left (UAX #9 P2–P3, by ICU; none: left to right).
    static func isRightToLeft(_ utf8: ArraySlice<UInt8>, resolver: BidiResolver) -> Bool {
        let scalars = String(decoding: utf8, as: UTF8.self).unicodeScalars.map(\.value)
        guard !scalars.isEmpty else { return false }
        var levels = [UInt8](repeating: 0, count: scalars.count)
        let level = scalars.withUnsafeBufferPointer { scalars in
            levels.withUnsafeMutableBufferPointer {
                resolver.resolveLevels(scalars, into: $0.baseAddress!, base: .natural)
            }
        }
        return level & 1 == 1
    }
}
