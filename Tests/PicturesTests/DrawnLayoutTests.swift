import Measure
import Testing

@testable import Pictures

/// Drawn layouts: the measurer's lines with the glyphs shaping chose, and their SVG definitions.
@Suite struct DrawnLayoutTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"

    @Test func linesAreTheMeasurersAndGlyphsAddUpToTheirWidths() throws {
        let measurer = TextMeasurer(
            cascade: try FontCascade(loading: [FontSource(path: Self.dejaVu)]), pointSize: 14,
            options: MeasureOptions(maxWidth: 200))
        let text = "hello world hello world hello world"
        let drawn = measurer.makeSession().drawnLayout(text)
        let layout = measurer.layout(text)
        #expect(drawn.lines.map(\.fragment) == layout.lines)
        #expect(drawn.lines.count == 2)
        // Line 1 "hello world hello world hello " draws its 25 letters (spaces have glyphs too: 4 inside), line 2
        // "world" 5; the trailing space is not drawn.
        #expect(drawn.lines[0].glyphs.count == 29)
        #expect(drawn.lines[1].glyphs.count == 5)
        for line in drawn.lines {
            let end = line.glyphs.last.map { $0.x + $0.advance } ?? 0
            #expect(abs(end - line.fragment.width) < 1e-9)
            #expect(zip(line.glyphs, line.glyphs.dropFirst()).allSatisfy { $0.x < $1.x })
        }
        // Baselines: the first at DejaVu Sans's ascent, 1901 × 14 / 2048; the second one line (2384 units) lower.
        #expect(abs(drawn.lines[0].baseline - 1901 * 14 / 2048.0) < 1e-9)
        #expect(abs(drawn.lines[1].baseline - (2384 + 1901) * 14 / 2048.0) < 1e-9)
    }

    @Test func monospacedGlyphsSitAtMultiplesOfTheAdvance() throws {
        let measurer = TextMeasurer(cascade: try FontCascade(loading: [FontSource(path: Self.mono)]), pointSize: 20)
        let drawn = measurer.makeSession().drawnLayout("abcd")
        let expected: [Double] = [0, 1233 * 20 / 2048.0, 2 * 1233 * 20 / 2048.0, 3 * 1233 * 20 / 2048.0]
        #expect(drawn.lines[0].glyphs.map(\.x) == expected)
    }

    @Test func arabicIsJoinedAndInVisualOrder() throws {
        let measurer = TextMeasurer(
            cascade: try FontCascade.loadDefault(language: "ar"), pointSize: 17,
            options: MeasureOptions(language: "ar"))
        let drawn = measurer.makeSession().drawnLayout("سلام")
        #expect(drawn.isRightToLeft)
        let glyphs = drawn.lines[0].glyphs
        // Four letters, three glyphs: lam + alef is one ligature (lam-alef, required in Arabic).
        #expect(glyphs.count == 3)
        let font = drawn.fonts[glyphs[0].font]
        #expect(font.familyName.contains("Arabic"))
        // Joined forms are not the letters' nominal glyphs; the leftmost glyph is the last letter (meem, final).
        let nominal = "سلام".unicodeScalars.map { font.glyphID(of: $0) }
        #expect(glyphs.map(\.glyph) != nominal)
        #expect(glyphs.map(\.glyph) != nominal.reversed())
        #expect(zip(glyphs, glyphs.dropFirst()).allSatisfy { $0.x < $1.x })
        let end = glyphs.last.map { $0.x + $0.advance } ?? 0
        #expect(abs(end - drawn.lines[0].fragment.width) < 1e-6)
    }

    @Test func devanagariConjunctsAreOneGlyph() throws {
        let measurer = TextMeasurer(
            cascade: try FontCascade.loadDefault(language: "hi"), pointSize: 17,
            options: MeasureOptions(language: "hi"))
        // क्ष: KA, VIRAMA, SSA — three scalars, one conjunct glyph in Noto Sans Devanagari.
        let drawn = measurer.makeSession().drawnLayout("क्ष")
        #expect(drawn.lines[0].glyphs.count == 1)
        #expect(drawn.fonts[drawn.lines[0].glyphs[0].font].familyName.contains("Devanagari"))
    }

    /// What is drawn adds up to what is measured: a control character (measured as nothing) draws no .notdef box,
    /// and an emoji sequence draws the glyphs its font makes of it — 😀 ZWJ 😀 two faces, 👨‍👩‍👧 and 🇩🇪 one glyph
    /// each, not their first scalar's (HarfBuzz 6 over Noto Color Emoji, uharfbuzz: glyphs 883, 883; 2104; and the
    /// flag's ligature).
    @Test func controlsDrawNothingAndEmojiSequencesDrawTheirGlyphs() throws {
        let plain = TextMeasurer(cascade: try FontCascade(loading: [FontSource(path: Self.dejaVu)]), pointSize: 20)
        let controls = plain.makeSession().drawnLayout("A\u{1}\u{1}\u{1}\u{1}B")
        #expect(controls.lines[0].glyphs.count == 2)
        let end = controls.lines[0].glyphs.last.map { $0.x + $0.advance } ?? 0
        #expect(abs(end - controls.lines[0].fragment.width) < 1e-9)
        let measurer = TextMeasurer(cascade: try FontCascade.loadDefault(), pointSize: 17)
        for (text, count) in [
            ("\u{1F600}\u{200D}\u{1F600}", 2), ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", 1),
            ("\u{1F1E9}\u{1F1EA}", 1),
        ] {
            let line = measurer.makeSession().drawnLayout(text).lines[0]
            #expect(line.glyphs.count == count, "\(text)")
            let font = measurer.cascade.fonts[line.glyphs[0].font]
            let firstScalarsGlyph = font.glyphID(of: text.unicodeScalars.first!)
            if count == 1 {
                // The sequence's own glyph (the family's, the flag's), not its first scalar's.
                #expect(line.glyphs[0].glyph != firstScalarsGlyph, "\(text)")
            } else {
                // 😀 ZWJ 😀: two faces, each the face's own glyph (883 and 883 in HarfBuzz's shaping).
                #expect(line.glyphs.map(\.glyph) == [firstScalarsGlyph, firstScalarsGlyph], "\(text)")
            }
            let width = line.glyphs.last.map { $0.x + $0.advance } ?? 0
            #expect(abs(width - line.fragment.width) < 1e-9, "\(text)")
        }
    }

    @Test func colourEmojiAreBitmapsEmbeddedAsPNG() throws {
        let measurer = TextMeasurer(cascade: try FontCascade.loadDefault(), pointSize: 17)
        let drawn = measurer.makeSession().drawnLayout("ok 👍")
        let emoji = try #require(drawn.lines[0].glyphs.last)
        let font = drawn.fonts[emoji.font]
        #expect(font.isBitmapOnly)
        let bitmap = try #require(font.colourBitmap(ofGlyph: emoji.glyph))
        // Noto Color Emoji's one strike: 109 pixels per em, glyphs 136 × 128.
        #expect(bitmap.pixelsPerEm == 109)
        #expect(bitmap.width == 136 && bitmap.height == 128)
        #expect(bitmap.rgba.count == 136 * 128 * 4)
        #expect(bitmap.rgba.enumerated().contains { $0.offset % 4 == 3 && $0.element == 255 })
        let definitions = GlyphDefinitions()
        let id = try #require(definitions.id(font: font, glyph: emoji.glyph))
        #expect(definitions.definitions.hasPrefix("<image id=\"\(id)\" "))
        // In the definitions' em: 136 × 128 strike pixels at 109 a 1000-unit em are 1247.71 × 1174.31 units.
        #expect(definitions.definitions.contains("width=\"1247.71\" height=\"1174.31\""))
        #expect(definitions.definitions.contains("href=\"data:image/png;base64,iVBORw0KGgo"))
    }

    @Test func eachGlyphIsDefinedOncePerFontForEverySize() throws {
        let font = try Font(path: Self.mono)
        let definitions = GlyphDefinitions()
        let glyph = font.glyphID(of: "l")
        let first = definitions.id(font: font, glyph: glyph)
        #expect(first != nil)
        #expect(definitions.id(font: font, glyph: glyph) == first)
        #expect(definitions.glyphCount == 1)
        #expect(definitions.id(font: font, glyph: font.glyphID(of: "m")) != first)
        #expect(definitions.glyphCount == 2)
        // A space has no outline: nothing to define or draw.
        #expect(definitions.id(font: font, glyph: font.glyphID(of: " ")) == nil)
        #expect(definitions.glyphCount == 2)
        #expect(definitions.definitions.components(separatedBy: "<path ").count == 3)
    }

    /// "abcd" in DejaVu Sans Mono at 20 pt: one group per line scaled by 20 / 1000 from the definitions' em, the
    /// glyphs at multiples of the advance 1233 of 2048 units: 1233 × 1000 / 2048 = 602.05 → 602, 1204.1 → 1204,
    /// 1806.15 → 1806 em units; the first at 0 has no x.
    @Test func glyphsArePlacedInEmUnitsUnderOneScalePerLine() throws {
        let measurer = TextMeasurer(cascade: try FontCascade(loading: [FontSource(path: Self.mono)]), pointSize: 20)
        let drawn = measurer.makeSession().drawnLayout("abcd")
        let svg = TextPicture.glyphs(drawn, x: 8, y: 8, definitions: GlyphDefinitions())
        // The baseline: 8 + 1901 × 20 / 2048 = 26.5645 → 26.56.
        #expect(svg.hasPrefix("<g transform=\"translate(8,26.56) scale(0.02)\"><use href=\"#g0\"/>"))
        #expect(
            svg.contains(
                "<use href=\"#g1\" x=\"602\"/><use href=\"#g2\" x=\"1204\"/>"
                    + "<use href=\"#g3\" x=\"1806\"/></g>"))
    }

    /// A square-ish outline scaled by 0.5 becomes relative moves whose sum returns to the start; whole units taken
    /// from rounded absolute positions (3 × 0.5 = 1.5 → 2, then 6 × 0.5 = 3: a step of 1, not 1.5 → 2 again).
    @Test func pathDataIsRelativeAndRounded() {
        let outline = GlyphOutline(commands: [
            .move(x: 100, y: 0), .line(x: 200, y: 0), .line(x: 200, y: 150),
            .quadratic(controlX: 150, controlY: 200, x: 100, y: 150), .close,
        ])
        #expect(GlyphDefinitions.pathData(outline, scale: 0.5) == "m50 0l50 0l0-75q-25-25-50 0z")
        let rounding = GlyphOutline(commands: [.move(x: 3, y: 0), .line(x: 6, y: 0), .close])
        #expect(GlyphDefinitions.pathData(rounding, scale: 0.5) == "m2 0l1 0z")
    }

    /// A mark the cluster's font lacks is drawn by the font that has it, where it is measured (no advance): "a"
    /// U+0E31 in DejaVu Sans then Noto Sans Thai draws DejaVu's a (1255 of 2048 units) and Noto Sans Thai's
    /// uni0E31, glyph 45 (fontTools), not DejaVu's `.notdef`.
    @Test func aBorrowedMarkIsDrawnByTheFontThatHasIt() throws {
        let thai = "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf"
        let measurer = TextMeasurer(
            cascade: try FontCascade(loading: [FontSource(path: Self.dejaVu), FontSource(path: thai)]),
            pointSize: 20)
        let drawn = measurer.makeSession().drawnLayout("a\u{E31}")
        let glyphs = drawn.lines[0].glyphs
        #expect(glyphs.count == 2)
        #expect(glyphs.map(\.font) == [0, 1])
        #expect(glyphs[1].glyph == 45)
        #expect(glyphs[1].x == 1255 * 20 / 2048.0)
        #expect(glyphs[1].advance == 0)
        #expect(abs(glyphs[1].x + glyphs[1].advance - drawn.lines[0].fragment.width) < 1e-9)
    }

    /// Borrowed marks are matched to the `.notdef`s shaping leaves: a variation selector, which shaping hides, lends
    /// nothing, and a mark that composes with its base where the base's font has the composed letter is drawn in it
    /// (Accanthis ADF has `aacute`, glyph 161, but no U+0301; `a` is glyph 66; fontTools). Before, the Thai mark's
    /// place went to DejaVu Sans's U+FE00 or acute, and the Thai mark was not drawn.
    @Test func borrowedMarksMatchTheNotdefsShapingLeaves() throws {
        let cascade = try FontCascade(loading: [
            FontSource(path: "/usr/share/fonts/truetype/adf/AccanthisADFStd-Regular.otf"),
            FontSource(path: Self.dejaVu),
            FontSource(path: "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf"),
        ])
        let session = TextMeasurer(cascade: cascade, pointSize: 20).makeSession()
        for (text, base) in [("a\u{FE00}\u{E31}", UInt32(66)), ("a\u{301}\u{E31}", 161)] {
            let glyphs = session.drawnLayout(text).lines[0].glyphs
            let scalars = text.unicodeScalars.map(\.value)
            // (HarfBuzz may leave an empty glyph of Accanthis where it hid U+FE00.)
            #expect(glyphs.first.map { [$0.font, Int($0.glyph)] } == [0, Int(base)], "\(scalars)")
            #expect(glyphs.last.map { [$0.font, Int($0.glyph)] } == [2, 45], "\(scalars)")
            #expect(!glyphs.contains { $0.font == 1 }, "\(scalars)")
        }
    }
}
