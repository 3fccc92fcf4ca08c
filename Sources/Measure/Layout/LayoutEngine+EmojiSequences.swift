/// Emoji sequences a colour font does not draw as one glyph.
///
/// An emoji sequence (a ZWJ family, a skin tone, a flag) is one grapheme cluster, and a font that knows it draws it
/// as one glyph. A sequence it does not know — not recommended for general interchange (`😀` ZWJ `😀`, two skin tones
/// in a row, a family of five), or newer than the font — is drawn as its components' glyphs side by side: Apple's
/// and every other text system show what the font's substitutions make of it. HarfBuzz, over the colour font's own
/// `ccmp` substitutions, says which glyphs those are (Noto Color Emoji: `👍🏻` ZWJ `💻` is two glyphs, 42.42 pt at
/// 17 pt in HarfBuzz and Skia, not one); their advances come from the font's strikes, as every emoji's does.
extension LayoutEngine {
    /// The width in points of the emoji sequence `start..<end` in the colour bitmap font `font`: its glyphs' advances,
    /// as the font's substitutions make them (`HarfBuzzShaper.spacingGlyphs`). Nil where the cluster is one glyph by
    /// construction (at most one scalar that is not default-ignorable: `❤` U+FE0F) or cannot be shaped (no colour
    /// font, no shaping context, a face HarfBuzz cannot read), which keeps the first scalar's advance.
    func emojiSequenceWidth(from start: Int, to end: Int, font: Int, in ws: Workspace) -> Double? {
        guard end - start > 1, let shaping = ws.shaping else { return nil }
        var spacingScalars = 0
        for index in start..<end where !unicode.properties(of: ws.scalars[index]).isDefaultIgnorable {
            spacingScalars += 1
        }
        guard spacingScalars > 1 else { return nil }
        return slots[font].withFont { face -> Double? in
            guard let sequenceFace = face.emojiSequenceFace else { return nil }
            return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { glyphs -> Double? in
                let count = shaping._withUnsafeGuaranteedRef {
                    $0.shaper.spacingGlyphs(
                        of: UnsafeBufferPointer(start: ws.scalars + start, count: end - start), face: sequenceFace,
                        into: glyphs)
                }
                guard count > 0 else { return nil }
                var width = 0.0
                for glyph in glyphs.prefix(count) { width += Double(face.advance(ofGlyph: glyph)) }
                // More glyphs than kept are no sequence a font draws: the rest are components, each an emoji's width.
                if count > glyphs.count {
                    width += Double(count - glyphs.count) * Double(face.advance(ofGlyph: glyphs[0]))
                }
                return width * fontScales[font]
            }
        }
    }
}
