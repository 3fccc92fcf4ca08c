extension AttributedLayout {
    /// Which run each byte of `utf8` belongs to (-1: none, the measurer's own font and size); later runs win where
    /// runs overlap, and every scalar of a grapheme cluster is in its first scalar's run. Runs count UTF-16 code
    /// units, as `NSRange` does.
    ///
    /// - Complexity: O(n + r log n) for n scalars and r runs, however the runs overlap: each run's first scalar is
    ///   found by halving, and runs are laid from the last to the first, each scalar taken by the first run to reach
    ///   it and passed over by the others (a scalar already taken points past itself). A scan of every scalar for
    ///   every run cost a thousand runs over a long text a thousand passes.
    static func runIndex(_ utf8: [UInt8], runs: [TextRun]) -> [Int] {
        var index = [Int](repeating: -1, count: utf8.count)
        guard !runs.isEmpty else { return index }
        // The UTF-16 offset at which each scalar starts, and its first byte; one more entry for the end.
        var units: [Int] = []
        var bytes: [Int] = []
        var scalars: [Unicode.Scalar] = []
        var unit = 0
        var byte = 0
        for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
            scalars.append(scalar)
            units.append(unit)
            bytes.append(byte)
            unit += scalar.utf16.count
            byte += scalar.utf8.count
        }
        let count = units.count
        bytes.append(byte)
        // `next[i]`: a scalar at or after `i` that may still be free (path-halved as it is followed); `count` is past
        // the end.
        var next = Array(0...count)
        func free(_ start: Int) -> Int {
            var i = start
            while next[i] != i {
                next[i] = next[next[i]]
                i = next[i]
            }
            return i
        }
        func firstScalar(atOrAfterUnit target: Int) -> Int {
            var low = 0
            var high = count
            while low < high {
                let middle = low + (high - low) / 2
                if units[middle] < target { low = middle + 1 } else { high = middle }
            }
            return low
        }
        for number in runs.indices.reversed() {
            let run = runs[number]
            let (end, overflow) = run.location.addingReportingOverflow(run.length)
            let stop = overflow ? count : firstScalar(atOrAfterUnit: end)
            var scalar = free(firstScalar(atOrAfterUnit: run.location))
            while scalar < stop {
                for offset in bytes[scalar]..<min(bytes[scalar + 1], index.count) { index[offset] = number }
                next[scalar] = scalar + 1
                scalar = free(scalar + 1)
            }
        }
        // A grapheme cluster is in one run, its first scalar's: a run that begins or ends inside 👨‍👩‍👧 or a base
        // with its marks would measure its pieces apart (the family three faces wide, over a 60 pt line). Clusters
        // as the engine's breaker draws them (UAX #29, its tables), which are those measuring keeps whole.
        let boundaries = LineBreaker.graphemeBoundaries(in: scalars)
        for scalar in scalars.indices.dropFirst() where !boundaries[scalar] && bytes[scalar] < index.count {
            let run = index[bytes[scalar - 1]]
            for offset in bytes[scalar]..<min(bytes[scalar + 1], index.count) { index[offset] = run }
        }
        return index
    }

    /// The width of `utf8[range]` on one line, measured run by run, and the line's vertical metrics (the largest
    /// ascent, descent and line gap of the runs on it). Whitespace at the end of a run counts when visible text
    /// follows it on the line; the whitespace that ends the line hangs, whichever runs it is in (as in a line
    /// without runs: "  " with a run over its first space was 12.7 pt wide at 17 pt).
    func runWidth(_ utf8: [UInt8], _ range: Range<Int>, runs: [Int]) -> LineFragment {
        var fragment = LineFragment(utf8Range: range, width: 0, ascent: 0, descent: 0, height: 0)
        var gap = 0.0
        let contentEnd = Self.visibleEnd(utf8, range)
        var start = range.lowerBound
        while start < range.upperBound {
            var end = start + 1
            while end < range.upperBound && runs[end] == runs[start] { end += 1 }
            let piece = runs[start] < 0 ? session : session.runSession(runs[start])
            // A tab goes to the stop after what the line holds so far, not after the piece's own start.
            let layout = piece.plainLayout(utf8[start..<end], wrapWidth: .infinity, tabOrigin: fragment.width)
            if start < contentEnd { fragment.width += layout.size.width }
            if end < contentEnd { fragment.width += trailingWhitespaceWidth(utf8[start..<end], in: piece) }
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

    /// The byte offset after the last scalar of `utf8[range]` that does not hang at a line's end (`range`'s start
    /// when every one does): the whitespace, tabs and hard breaks after it take no width on the line.
    static func visibleEnd(_ utf8: [UInt8], _ range: Range<Int>) -> Int {
        var end = range.lowerBound
        var offset = range.lowerBound
        for scalar in String(decoding: utf8[range], as: UTF8.self).unicodeScalars {
            offset += UTF8.width(scalar)
            if LayoutEngine.singleScalarKind(scalar.value) == ClusterKind.visible { end = offset }
        }
        return min(end, range.upperBound)
    }

    /// Whether `scalar` hangs at a line's end as a space does (not a hard break, which ends the line).
    static func hangsAsSpace(_ scalar: Unicode.Scalar) -> Bool {
        let kind = LayoutEngine.singleScalarKind(scalar.value)
        return kind == ClusterKind.tab || (kind == ClusterKind.hanging && !LayoutEngine.isHardBreak(scalar.value))
    }

    /// The advance of the whitespace that ends `bytes`, which a layout of `bytes` alone lets hang.
    func trailingWhitespaceWidth(_ bytes: ArraySlice<UInt8>, in piece: MeasureSession) -> Double {
        var width = 0.0
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars.reversed() {
            // What the layout of `bytes` let hang (a no-break space is counted there, so not again here), in the
            // cascade's first font that maps it, or as the primary font's stand-in for a space none maps.
            guard Self.hangsAsSpace(scalar) else { break }
            width += piece.engine.cascadeAdvance(of: scalar.value).0 + piece.engine.letterSpacing
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
                // Every candidate fits an unbounded line: measuring each from the line's start, as a bounded line
                // needs, made an unwrapped paragraph quadratic in its length.
                let fits =
                    width == .infinity
                    || runWidth(utf8, offsets[lineStart]..<offsets[candidate], runs: runs).width <= width
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
            // Spaces after the end hang at the line's end, as they do without runs: after a word broken for being
            // wider than the line, and between clusters under character wrapping (each took a line of its own).
            // (Never past a hard break: the spaces after it begin the next line.)
            while lineEnd > lineStart && lineEnd < scalars.count && Self.hangsAsSpace(scalars[lineEnd])
                && !LayoutEngine.isHardBreak(scalars[lineEnd - 1].value)
            {
                lineEnd += 1
            }
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
        // The scalars after `from` up to `to`, found by halving (the offsets ascend) rather than by filtering every
        // scalar of the paragraph for each line, and walked only as far as the prefix fits.
        var low = 0
        var high = scalarOffsets.count
        while low < high {
            let middle = low + (high - low) / 2
            if scalarOffsets[middle] <= from { low = middle + 1 } else { high = middle }
        }
        var best: Int?
        var candidate = low
        while candidate < scalarOffsets.count && scalarOffsets[candidate] <= to {
            defer { candidate += 1 }
            guard clusters.contains(scalarOffsets[candidate]) else { continue }
            guard let kept = best else {
                best = candidate  // at least one cluster, fitting or not
                continue
            }
            guard runWidth(utf8, from..<scalarOffsets[candidate], runs: runs).width <= width else { return kept }
            best = candidate
        }
        return best ?? scalarOffsets.firstIndex(of: to) ?? 0
    }
}
