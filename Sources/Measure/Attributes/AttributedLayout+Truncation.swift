extension AttributedLayout {
    /// The width of `utf8[range]` cut to `available` with an ellipsis at the head, tail or middle: the most grapheme
    /// clusters that fit beside "…" (measured in the cascade, so in the font that draws it), plus the ellipsis.
    func truncatedWidth(_ utf8: [UInt8], _ range: Range<Int>, available: Double,
                        kind: ParagraphLineBreakMode.Truncation) -> Double {
        let ellipsis = unwrappedWidth(Self.ellipsis[...])
        guard ellipsis < available else { return ellipsis }  // not even the ellipsis fits: it alone is drawn
        let bounds = clusterBoundaries(utf8, range)
        let clusters = bounds.count - 1
        /// Width of the text kept when `kept` clusters stay.
        func keptWidth(_ kept: Int) -> Double {
            switch kind {
            case .tail:
                return unwrappedWidth(utf8[bounds[0]..<bounds[kept]])
            case .head:
                return unwrappedWidth(utf8[bounds[clusters - kept]..<bounds[clusters]])
            case .middle:
                let head = (kept + 1) / 2, tail = kept - head
                return unwrappedWidth(utf8[bounds[0]..<bounds[head]])
                    + unwrappedWidth(utf8[bounds[clusters - tail]..<bounds[clusters]])
            }
        }
        // The widths grow with `kept`, so the largest that fits is found by bisection.
        var low = 0, high = clusters
        while low < high {
            let middle = (low + high + 1) / 2
            if keptWidth(middle) + ellipsis <= available { low = middle } else { high = middle - 1 }
        }
        return keptWidth(low) + ellipsis
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
