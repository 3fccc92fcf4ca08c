extension AttributedLayout {
    /// The size of the visible lines' ink (`usesDeviceMetrics`): from the leftmost to the rightmost glyph outline, and
    /// from the highest outline top to the lowest outline bottom, each line's glyphs standing on its baseline.
    ///
    /// Glyphs are placed by their unhinted advances (plus letter spacing), each scalar in the first cascade font that
    /// maps it; combining marks take no advance. Pair kerning and ligatures are left out here — they move glyphs by a
    /// fraction of a point — and a line's hanging whitespace and hard breaks have no ink. Text with no ink at all
    /// (spaces only) is 0 × 0.
    func inkSize(_ lines: [AttributedLine], baselines: [Double], utf8: [UInt8]) -> (width: Double, height: Double) {
        var left = Double.infinity, right = -Double.infinity
        var top = Double.infinity, bottom = -Double.infinity
        for (line, baseline) in zip(lines, baselines) {
            var x = line.indent
            var byte = line.fragment.utf8Range.lowerBound
            let text = String(decoding: utf8[line.fragment.utf8Range], as: UTF8.self)
            for scalar in text.unicodeScalars {
                defer { byte += String(scalar).utf8.count }
                let properties = scalar.properties
                if scalar.value < 0x20 || properties.isDefaultIgnorableCodePoint { continue }
                // A run's glyphs in the run's fonts and size.
                let run = runIndex.isEmpty ? -1 : runIndex[byte]
                let measurer = run < 0 ? session.measurer : session.runSession(run).measurer
                let fonts = measurer.cascade.fonts, size = measurer.pointSize
                let font = fonts.first { $0.maps(scalar) } ?? fonts[0]
                let scale = size / font.metrics.unitsPerEm
                let isMark =
                    properties.generalCategory == .nonspacingMark
                    || properties.generalCategory == .enclosingMark
                if let ink = font.inkBounds(of: scalar) {
                    left = min(left, x + ink.xMin * scale)
                    right = max(right, x + ink.xMax * scale)
                    top = min(top, baseline - ink.yMax * scale)
                    bottom = max(bottom, baseline - ink.yMin * scale)
                }
                if !isMark { x += font.advance(of: scalar, pointSize: size) + session.engine.letterSpacing }
            }
        }
        guard left <= right, top <= bottom else { return (0, 0) }
        return (right - left, bottom - top)
    }
}
