extension AttributedLayout {
    /// The width of `utf8[range]` cut to `available` with an ellipsis at the head, tail or middle: the most grapheme
    /// clusters that fit beside "…" (measured in the cascade, so in the font that draws it), plus the ellipsis.
    func truncatedWidth(
        _ utf8: [UInt8], _ range: Range<Int>, available: Double,
        kind: ParagraphLineBreakMode.Truncation
    ) -> Double {
        truncation(utf8, range, available: available, kind: kind).width
    }

    /// `utf8[range]` cut to `available` as `truncatedWidth` cuts it: the pieces kept before and after the ellipsis,
    /// where the ellipsis starts, and the whole width.
    func truncation(
        _ utf8: [UInt8], _ range: Range<Int>, available: Double,
        kind: ParagraphLineBreakMode.Truncation
    ) -> TruncatedText {
        let ellipsis = ellipsisWidth(utf8, after: range)
        let ellipsisRun = ellipsisRun(after: range)
        let end = range.upperBound..<range.upperBound
        // Not even the ellipsis fits: it alone is drawn.
        guard ellipsis < available else {
            return TruncatedText(
                head: range.lowerBound..<range.lowerBound, tail: end, width: ellipsis, ellipsisRun: ellipsisRun)
        }
        let bounds = clusterBoundaries(utf8, range)
        let clusters = bounds.count - 1
        // Tracking hangs only at a line's end: before the ellipsis a kept piece's last character keeps its own.
        let tracking = attributes.tracking ?? 0
        func piece(_ range: Range<Int>) -> Double {
            range.isEmpty ? 0 : textWidth(utf8, range) + tracking
        }
        /// The pieces kept before and after the ellipsis when `kept` clusters stay.
        func pieces(_ kept: Int) -> (head: Range<Int>, tail: Range<Int>) {
            switch kind {
            case .tail:
                return (bounds[0]..<bounds[kept], end)
            case .head:
                return (bounds[0]..<bounds[0], bounds[clusters - kept]..<bounds[clusters])
            case .middle:
                let head = (kept + 1) / 2, tail = kept - head
                return (bounds[0]..<bounds[head], bounds[clusters - tail]..<bounds[clusters])
            }
        }
        /// Width of the text kept when `kept` clusters stay.
        func keptWidth(_ kept: Int) -> Double {
            let (head, tail) = pieces(kept)
            return piece(head) + piece(tail)
        }
        // The widths grow with `kept`, so the largest that fits is found by bisection.
        var low = 0, high = clusters
        while low < high {
            let middle = (low + high + 1) / 2
            if keptWidth(middle) + ellipsis <= available { low = middle } else { high = middle - 1 }
        }
        let (head, tail) = pieces(low)
        return TruncatedText(head: head, tail: tail, width: keptWidth(low) + ellipsis, ellipsisRun: ellipsisRun)
    }

    /// The width of "…" in the font of the text it ends: the run of the last byte of `range` (the measurer's own
    /// font and size outside runs).
    func ellipsisWidth(_ utf8: [UInt8], after range: Range<Int>) -> Double {
        let run = ellipsisRun(after: range)
        let piece = run < 0 ? session : session.runSession(run)
        var width = piece.plainLayout(Self.ellipsis[...], wrapWidth: .infinity).size.width
        if let tracking = attributes.tracking, width > 0 { width -= tracking }
        return width
    }

    /// The run "…" is measured in after `range`: that of its last byte (-1: none, the measurer's own font and size).
    func ellipsisRun(after range: Range<Int>) -> Int {
        range.isEmpty || runIndex.isEmpty ? -1 : runIndex[range.upperBound - 1]
    }

    /// U+2026 HORIZONTAL ELLIPSIS, what UIKit draws where it truncates.
    static let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]

    /// The byte offsets of the grapheme cluster boundaries of `utf8[range]`, both ends included.
    func clusterBoundaries(_ utf8: [UInt8], _ range: Range<Int>) -> [Int] {
        let text = String(decoding: utf8[range], as: UTF8.self)
        var offsets = [range.lowerBound]
        var offset = range.lowerBound
        for character in text {
            offset += character.utf8.count
            offsets.append(offset)
        }
        return offsets
    }
}
