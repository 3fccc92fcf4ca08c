extension AttributedLayout {
    /// UILabel's `.standard` strategy, part that moves words: a paragraph's last line never holds a lone word when
    /// the line above can give it its last word (`pushOut`, docs/semantics/sizing.md §A4: "UILabel since iOS 11 avoids a single-word last
    /// line"). The moved word must fit beside the last line's; otherwise the lines stay as they are.
    func avoidLoneWord(_ lines: inout [AttributedLine], in utf8: [UInt8]) {
        let last = lines[lines.count - 1], above = lines[lines.count - 2]
        guard wordStarts(utf8, last.fragment.utf8Range).count == 1 else { return }
        let starts = wordStarts(utf8, above.fragment.utf8Range)
        guard starts.count >= 2, let moved = starts.last else { return }
        let newAbove = plainLines(utf8, above.fragment.utf8Range.lowerBound..<moved, width: .infinity)
        let newLast = plainLines(utf8, moved..<last.fragment.utf8Range.upperBound, width: last.available)
        guard newAbove.count == 1, newLast.count == 1 else { return }
        lines[lines.count - 2].fragment = newAbove[0]
        lines[lines.count - 1].fragment = newLast[0]
    }

    /// The byte offsets where words start in `utf8[range]`: its start, and each break opportunity inside it that is
    /// not in the whitespace at its end.
    func wordStarts(_ utf8: [UInt8], _ range: Range<Int>) -> [Int] {
        let scalars = Array(String(decoding: utf8[range], as: UTF8.self).unicodeScalars)
        let breaks = LineBreaker.breakOpportunities(in: scalars, options: session.engine.lineBreaking)
        var end = scalars.count
        while end > 0, scalars[end - 1].properties.isWhitespace { end -= 1 }
        var starts = [range.lowerBound]
        var offset = range.lowerBound
        for index in 0..<end {
            if index > 0 && breaks[index] == .allowed { starts.append(offset) }
            offset += String(scalars[index]).utf8.count
        }
        return starts
    }
}
