extension AttributedLayout {
    /// The size of the visible lines' ink (`usesDeviceMetrics`): from the leftmost to the rightmost glyph outline, and
    /// from the highest outline top to the lowest outline bottom, each line's glyphs standing on its baseline.
    ///
    /// Glyphs are placed by their unhinted advances (plus letter spacing), each scalar in the first cascade font that
    /// maps it (a colour font first for a cluster in emoji presentation, as measuring picks it); combining marks take
    /// no advance. An emoji sequence (a family, a flag, a skin tone, a keycap: a grapheme cluster that starts with an
    /// emoji beyond Latin-1, a keycap's digit, or a regional indicator) is the glyphs its colour font's substitutions
    /// make of it, as measuring counts them (one for a family it draws, two faces for 😀 ZWJ 😀), else its first
    /// scalar's glyph; each of its scalars counted made 👨‍👩‍👧 three faces wide. Pair kerning and ligatures are left
    /// out here — they move glyphs by a fraction of a point — and a line's hanging whitespace and hard breaks have no
    /// ink. A line a single-line mode clipped or truncated, or the last visible line cut with an ellipsis (`cutLast`),
    /// shows only what fits its width: glyphs that start past it are not drawn, and the ink ends there (it was the
    /// whole paragraph's). Text with no ink at all (spaces only) is 0 × 0.
    /// Its origin — the ink's left and top, from the text's — is where a drawing puts the box (`DrawnLayout.inkOrigin`):
    /// with `lefts`, each line's glyphs start there (where alignment and direction put the line: `LinePlacement.left`)
    /// instead of at its indent, as they are drawn.
    func inkSize(
        _ lines: [AttributedLine], baselines: [Double], utf8: [UInt8], cutLast: Bool = false, lefts: [Double]? = nil
    ) -> (width: Double, height: Double, left: Double, top: Double) {
        var sequenceShaper: HarfBuzzShaper?
        var left = Double.infinity, right = -Double.infinity
        var top = Double.infinity, bottom = -Double.infinity
        for (number, (line, baseline)) in zip(lines, baselines).enumerated() {
            var x = lefts?[number] ?? line.indent
            let end = line.isCut || (cutLast && number == lines.count - 1) ? x + line.fragment.width : .infinity
            var byte = line.fragment.utf8Range.lowerBound
            let text = String(decoding: utf8[line.fragment.utf8Range], as: UTF8.self)
            characters: for character in text {
                let start = byte
                byte += character.utf8.count
                let first = character.unicodeScalars.first!
                // As measuring picks its font: colour fonts first for emoji presentation (U+FE0F, or an
                // Emoji_Presentation scalar without U+FE0E).
                let wantsEmoji =
                    character.unicodeScalars.contains("\u{FE0F}")
                    || (first.properties.isEmojiPresentation && !character.unicodeScalars.contains("\u{FE0E}"))
                // A keycap (1️⃣: a digit, U+FE0F, U+20E3) is one glyph too.
                let isEmojiSequence =
                    character.unicodeScalars.count > 1
                    && ((first.properties.isEmoji && (first.value > 0xFF || wantsEmoji))
                        || (0x1F1E6...0x1F1FF).contains(first.value))
                var scalarByte = start
                if isEmojiSequence, x < end,
                    let glyphs = sequenceGlyphs(character, at: start, wantsEmoji: wantsEmoji, shaper: &sequenceShaper)
                {
                    // The glyphs its colour font's substitutions make of it (one for a family it draws, each face of
                    // 😀 ZWJ 😀 where it draws none), as measuring counts them (`emojiSequenceWidth`).
                    for glyph in glyphs.glyphs where x < end {
                        let scale = glyphs.size / glyphs.font.metrics.unitsPerEm
                        if let ink = glyphs.font.inkBounds(ofGlyph: glyph) {
                            left = min(left, x + ink.xMin * scale)
                            right = max(right, min(end, x + ink.xMax * scale))
                            top = min(top, baseline - ink.yMax * scale)
                            bottom = max(bottom, baseline - ink.yMin * scale)
                        }
                        x += Double(glyphs.font.advance(ofGlyph: glyph)) * scale
                    }
                    x += session.engine.letterSpacing
                    continue
                }
                for scalar in character.unicodeScalars {
                    defer { scalarByte += String(scalar).utf8.count }
                    let properties = scalar.properties
                    if scalar.value < 0x20 || properties.isDefaultIgnorableCodePoint { continue }
                    guard x < end else { break characters }
                    // A run's glyphs in the run's fonts and size.
                    let run = runIndex.isEmpty ? -1 : runIndex[scalarByte]
                    let measurer = run < 0 ? session.measurer : session.runSession(run).measurer
                    let fonts = measurer.cascade.fonts, size = measurer.pointSize
                    let font =
                        (wantsEmoji ? fonts.first { $0.isBitmapOnly && $0.maps(scalar) } : nil)
                        ?? fonts.first { $0.maps(scalar) } ?? fonts[0]
                    let scale = size / font.metrics.unitsPerEm
                    // A space or U+2011 no font maps: the primary font's stand-in (`StandInGlyphs`) — a space glyph,
                    // inkless, at its width by rule, or U+2010's glyph — not a `.notdef` box.
                    let standIn = font.maps(scalar) ? nil : StandInGlyphs(font: font).glyphAdvance(for: scalar.value)
                    let isMark =
                        properties.generalCategory == .nonspacingMark
                        || properties.generalCategory == .enclosingMark
                    if let ink = standIn.map({ font.inkBounds(ofGlyph: $0.glyph) }) ?? font.inkBounds(of: scalar) {
                        left = min(left, x + ink.xMin * scale)
                        right = max(right, min(end, x + ink.xMax * scale))
                        top = min(top, baseline - ink.yMax * scale)
                        bottom = max(bottom, baseline - ink.yMin * scale)
                    }
                    if !isMark {
                        let advance =
                            standIn.map { Double($0.advance) * scale } ?? font.advance(of: scalar, pointSize: size)
                        x += advance + session.engine.letterSpacing
                    }
                    if isEmojiSequence { break }
                }
            }
        }
        guard left <= right, top <= bottom else { return (0, 0, 0, 0) }
        return (right - left, bottom - top, left, top)
    }

    /// The glyphs the colour font that draws the emoji sequence `character` (starting at byte `byte`) makes of it,
    /// with that font and the point size of its run; nil when no colour font maps its first scalar or none can be
    /// shaped (its first scalar's glyph is drawn then). `shaper` is made on first use.
    private func sequenceGlyphs(
        _ character: Character, at byte: Int, wantsEmoji: Bool, shaper: inout HarfBuzzShaper?
    ) -> (font: Font, size: Double, glyphs: [UInt32])? {
        let first = character.unicodeScalars.first!
        let run = runIndex.isEmpty ? -1 : runIndex[byte]
        let measurer = run < 0 ? session.measurer : session.runSession(run).measurer
        guard wantsEmoji || first.properties.isEmojiPresentation || (0x1F1E6...0x1F1FF).contains(first.value),
            let font = measurer.cascade.fonts.first(where: { $0.isBitmapOnly && $0.maps(first) }),
            let face = font.emojiSequenceFace
        else { return nil }
        let scalars = character.unicodeScalars.map(\.value)
        if shaper == nil {
            shaper = HarfBuzzShaper(
                language: session.engine.language, kerns: session.engine.shapesWithKerning,
                ligates: session.engine.shapesWithLigatures)
        }
        guard let shaper else { return nil }
        let glyphs = scalars.withUnsafeBufferPointer { shaper.spacingGlyphs(of: $0, face: face) }
        return glyphs.isEmpty ? nil : (font, measurer.pointSize, glyphs)
    }
}
