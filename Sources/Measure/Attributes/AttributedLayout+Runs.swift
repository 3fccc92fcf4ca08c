extension AttributedLayout {
    /// Which run each byte of `utf8` belongs to (-1: none, the measurer's own font and size); later runs win where
    /// runs overlap. Runs count UTF-16 code units, as `NSRange` does.
    static func runIndex(_ utf8: [UInt8], runs: [TextRun]) -> [Int] {
        var index = [Int](repeating: -1, count: utf8.count)
        guard !runs.isEmpty else { return index }
        // The UTF-16 offset at which each scalar starts, with its byte range.
        var units = 0
        var byte = 0
        var starts: [(unit: Int, bytes: Range<Int>)] = []
        for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
            let length = String(scalar).utf8.count
            starts.append((units, byte..<(byte + length)))
            units += scalar.utf16.count
            byte += length
        }
        for (number, run) in runs.enumerated() {
            let end = run.location + run.length
            for start in starts where start.unit >= run.location && start.unit < end {
                for offset in start.bytes where offset < index.count { index[offset] = number }
            }
        }
        return index
    }

    /// The width of `utf8[range]` on one line, measured run by run, and the line's vertical metrics (the largest
    /// ascent, descent and line gap of the runs on it). Whitespace at the end of a run that is not the last one
    /// counts (the text goes on after it); at the end of the range it hangs.
    func runWidth(_ utf8: [UInt8], _ range: Range<Int>, runs: [Int]) -> LineFragment {
        var fragment = LineFragment(utf8Range: range, width: 0, ascent: 0, descent: 0, height: 0)
        var gap = 0.0
        var start = range.lowerBound
        while start < range.upperBound {
            var end = start + 1
            while end < range.upperBound && runs[end] == runs[start] { end += 1 }
            let piece = runs[start] < 0 ? session : session.runSessions[runs[start]]
            let layout = piece.plainLayout(utf8[start..<end], wrapWidth: .infinity)
            fragment.width += layout.size.width
            if end < range.upperBound { fragment.width += trailingWhitespaceWidth(utf8[start..<end], in: piece) }
            for line in layout.lines {
                fragment.ascent = max(fragment.ascent, line.ascent)
                fragment.descent = max(fragment.descent, line.descent)
                gap = max(gap, line.height - line.ascent - line.descent)
            }
            start = end
        }
        if range.isEmpty {
            let line = session.plainLayout(utf8[range], wrapWidth: .infinity).lines.first
            fragment.ascent = line?.ascent ?? 0
            fragment.descent = line?.descent ?? 0
        }
        fragment.height = fragment.ascent + fragment.descent + gap
        if let tracking = attributes.tracking, fragment.width > 0 { fragment.width -= tracking }
        return fragment
    }

    /// The advance of the whitespace that ends `bytes`, which a layout of `bytes` alone lets hang.
    func trailingWhitespaceWidth(_ bytes: ArraySlice<UInt8>, in piece: MeasureSession) -> Double {
        let measurer = piece.measurer
        var width = 0.0
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars.reversed() {
            guard scalar.properties.isWhitespace, scalar.value != 0x0A, scalar.value != 0x0D else { break }
            let font = measurer.cascade.fonts.first { $0.maps(scalar) } ?? measurer.cascade.primary
            width += font.advance(of: scalar, pointSize: measurer.pointSize) + piece.engine.letterSpacing
        }
        return width
    }

    /// A paragraph's lines when the text has runs: break opportunities from the whole paragraph (UAX #14 with the
    /// measurer's tailoring, or every grapheme boundary for character wrapping), filled greedily at `first` and
    /// `rest` widths with each candidate measured run by run; a word wider than an empty line is broken between
    /// grapheme clusters.
    func runLines(_ utf8: [UInt8], _ range: Range<Int>, first: Double, rest: Double, runs: [Int]) -> [LineFragment] {
        let text = String(decoding: utf8[range], as: UTF8.self)
        let scalars = Array(text.unicodeScalars)
        var offsets = [range.lowerBound]
        for scalar in scalars { offsets.append(offsets[offsets.count - 1] + String(scalar).utf8.count) }
        let breaks = LineBreaker.breakOpportunities(in: scalars, options: session.engine.lineBreaking)
        let clusters = Set(clusterBoundaries(utf8, range))
        // Positions (scalar indices) where a line may end, and whether it must.
        var stops: [(at: Int, mandatory: Bool)] = []
        for position in 1...max(1, scalars.count) where position <= scalars.count {
            let allowed =
                session.engine.charWrapping ? clusters.contains(offsets[position]) : breaks[position] != .prohibited
            if allowed || position == scalars.count {
                stops.append((position, breaks[position] == .mandatory && position < scalars.count))
            }
        }
        var lines: [LineFragment] = []
        var lineStart = 0
        var stop = 0
        while lineStart < scalars.count || lines.isEmpty {
            let width = lines.isEmpty ? first : rest
            var lineEnd = lineStart
            while stop < stops.count {
                let candidate = stops[stop].at
                let fits = runWidth(utf8, offsets[lineStart]..<offsets[candidate], runs: runs).width <= width
                if !fits && lineEnd > lineStart { break }
                if !fits {
                    // A word wider than the line: the most grapheme clusters that fit, at least one.
                    lineEnd = longestFittingPrefix(
                        utf8, from: offsets[lineStart], to: offsets[candidate],
                        width: width, runs: runs, scalarOffsets: offsets,
                        clusters: clusters)
                    break
                }
                lineEnd = candidate
                stop += 1
                if stops[stop - 1].mandatory { break }
            }
            if scalars.isEmpty { lineEnd = 0 }
            lines.append(runWidth(utf8, offsets[lineStart]..<offsets[lineEnd], runs: runs))
            if lineEnd <= lineStart { break }
            lineStart = lineEnd
            while stop < stops.count && stops[stop].at <= lineStart { stop += 1 }
        }
        return lines
    }

    /// The scalar index ending the longest prefix of `utf8[from..<to]` (whole grapheme clusters, at least one) that
    /// fits `width`.
    private func longestFittingPrefix(
        _ utf8: [UInt8], from: Int, to: Int, width: Double, runs: [Int],
        scalarOffsets: [Int], clusters: Set<Int>
    ) -> Int {
        let candidates = scalarOffsets.indices.filter {
            scalarOffsets[$0] > from && scalarOffsets[$0] <= to && clusters.contains(scalarOffsets[$0])
        }
        guard let firstCluster = candidates.first else { return scalarOffsets.firstIndex(of: to) ?? 0 }
        var best = firstCluster
        for candidate in candidates.dropFirst() {
            guard runWidth(utf8, from..<scalarOffsets[candidate], runs: runs).width <= width else { break }
            best = candidate
        }
        return best
    }
}
