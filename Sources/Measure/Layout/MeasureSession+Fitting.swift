/// Line fitting: greedy, Apple's rules (SPEC §A and its Decisions).
///
/// The text is cut at break opportunities into segments (a word and the whitespace after it). A segment joins the
/// current line if its word fits, whatever its trailing whitespace does: spaces hang past the edge and are not
/// counted in the line's width. A segment that does not fit starts a new line; one wider than a whole line is then
/// broken between grapheme clusters. Hard breaks end a line; every line is as tall as the tallest ascent plus the
/// deepest descent of the fonts it uses.
extension MeasureSession {
    /// Slack for comparing widths, far below anything visible, so that sums of the same advances taken in another
    /// order never flip a break.
    private static let epsilon = 1e-7

    /// The line being filled.
    struct LineState {
        /// Index of its first scalar.
        var start: Int
        /// Whether any segment was placed on it (even whitespace alone).
        var hasContent = false
        /// Width to the end of its last visible cluster.
        var width = 0.0
        /// The pen position, trailing whitespace included.
        var x = 0.0
        /// The fonts its visible clusters use, one bit per cascade index.
        var fonts: UInt64 = 0

        init(start: Int) {
            self.start = start
        }
    }

    /// What the lines add up to.
    struct Totals {
        var width = 0.0
        var height = 0.0
        var lines = 0
    }

    /// Where one segment ends when it starts at a given pen position. Positions are absolute on the line, summed
    /// left to right from the line's start, so a line's width is exactly the running sum of its advances.
    struct Segment {
        /// The pen position at the end of its last visible cluster.
        var wordEnd = 0.0
        /// The pen position at its end, trailing whitespace included.
        var end = 0.0
        var fonts: UInt64 = 0
        var hasVisible = false
    }

    /// Fits the `count` analysed scalars into lines and returns the size; records lines when asked.
    func fitLines(count: Int, recordsLines: Bool, in ws: Workspace) -> TextSize {
        if recordsLines { lineRecords.removeAll(keepingCapacity: true) }
        var totals = Totals()
        var line = LineState(start: 0)
        if count > 0 {
            var segmentStart = 0
            for position in 1...count {
                let flag = ws.flags[position]
                let opportunity = flag & LineBreaker.opportunityMask
                let isBreak = charWrapping ? flag & LineBreaker.graphemeBoundaryFlag != 0 : opportunity != 0
                guard isBreak else { continue }
                place(from: segmentStart, to: position, on: &line, totals: &totals, recordsLines: recordsLines, in: ws)
                if opportunity == BreakOpportunity.mandatory.rawValue && honoursHardBreaks && position < count {
                    finish(&line, at: position, totals: &totals, recordsLines: recordsLines, in: ws)
                }
                segmentStart = position
            }
        }
        finish(&line, at: count, totals: &totals, recordsLines: recordsLines, in: ws)
        if measurer.options.countsTrailingLineBreak && honoursHardBreaks && count > 0
            && Self.isHardBreak(ws.scalars[count - 1])
        {
            finish(&line, at: count, totals: &totals, recordsLines: recordsLines, in: ws)
        }
        return TextSize(width: totals.width, height: totals.height, lineCount: totals.lines)
    }

    /// Whether `scalar` is a hard line or paragraph break (UAX #14 classes BK, CR, LF, NL).
    static func isHardBreak(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// The next tab stop after `x`.
    @inline(__always)
    private func nextTabStop(after x: Double) -> Double {
        ((x / tabInterval).rounded(.down) + 1) * tabInterval
    }

    /// Where the segment `start..<end` ends when it starts at pen position `startX`.
    @inline(__always)
    private func measureSegment(from start: Int, to end: Int, startX: Double, in ws: Workspace) -> Segment {
        var segment = Segment()
        var x = startX
        var visibleEnd = startX
        for index in start..<end {
            switch ws.kinds[index] {
            case ClusterKind.visible:
                x += ws.advances[index]
                visibleEnd = x
                segment.hasVisible = true
                segment.fonts |= 1 << UInt64(ws.clusterFonts[index])
            case ClusterKind.hanging:
                x += ws.advances[index]
            case ClusterKind.tab:
                x = nextTabStop(after: x)
            default:
                break
            }
        }
        segment.wordEnd = visibleEnd
        segment.end = x
        return segment
    }

    /// Puts the segment `start..<end` on the current line, or on a new one, or across several if it is wider than a
    /// line.
    private func place(from start: Int, to end: Int, on line: inout LineState, totals: inout Totals,
                       recordsLines: Bool, in ws: Workspace) {
        var segment = measureSegment(from: start, to: end, startX: line.x, in: ws)
        if line.hasContent && segment.hasVisible && segment.wordEnd > wrapWidth + Self.epsilon {
            finish(&line, at: start, totals: &totals, recordsLines: recordsLines, in: ws)
            segment = measureSegment(from: start, to: end, startX: 0, in: ws)
        }
        if !line.hasContent && segment.hasVisible && segment.wordEnd > wrapWidth + Self.epsilon {
            breakLongSegment(from: start, to: end, on: &line, totals: &totals, recordsLines: recordsLines, in: ws)
            return
        }
        if segment.hasVisible { line.width = segment.wordEnd }
        line.x = segment.end
        line.fonts |= segment.fonts
        line.hasContent = true
    }

    /// Emergency breaking: the segment alone is wider than a line, so it fills lines cluster by cluster (never
    /// splitting a grapheme cluster, and at least one cluster per line); its last piece stays on the current line for
    /// what follows.
    private func breakLongSegment(from start: Int, to end: Int, on line: inout LineState, totals: inout Totals,
                                  recordsLines: Bool, in ws: Workspace) {
        var x = 0.0
        var clusters = 0
        for index in start..<end {
            switch ws.kinds[index] {
            case ClusterKind.visible:
                let width = ws.advances[index]
                if clusters > 0 && x + width > wrapWidth + Self.epsilon {
                    // `line.width` already ends at the last visible cluster; whitespace before this one hangs.
                    line.hasContent = true
                    finish(&line, at: index, totals: &totals, recordsLines: recordsLines, in: ws)
                    x = 0
                    clusters = 0
                }
                x += width
                clusters += 1
                line.width = x
                line.fonts |= 1 << UInt64(ws.clusterFonts[index])
            case ClusterKind.hanging:
                x += ws.advances[index]
            case ClusterKind.tab:
                x = nextTabStop(after: x)
            default:
                break
            }
        }
        line.x = x
        line.hasContent = true
    }

    /// Ends the current line at scalar `end`, adds it to the totals, and starts the next line there.
    private func finish(_ line: inout LineState, at end: Int, totals: inout Totals, recordsLines: Bool,
                        in ws: Workspace) {
        var ascent = 0.0
        var descent = 0.0
        var leading = 0.0
        var fonts = line.fonts == 0 ? 1 : line.fonts  // a line with no ink is as tall as the primary font's
        while fonts != 0 {
            let metrics = fontMetrics[fonts.trailingZeroBitCount]
            ascent = max(ascent, metrics.ascent)
            descent = max(descent, metrics.descent)
            leading = max(leading, metrics.leading)
            fonts &= fonts - 1
        }
        let height = ascent + descent + (usesFontLeading ? leading : 0)
        totals.width = max(totals.width, line.width)
        totals.height += height
        totals.lines += 1
        if recordsLines {
            lineRecords.append(LineFragment(utf8Range: Int(ws.offsets[line.start])..<Int(ws.offsets[end]),
                                            width: line.width, ascent: ascent, descent: descent, height: height))
        }
        line = LineState(start: end)
    }
}
