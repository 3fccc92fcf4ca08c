import Foundation
import Testing

@testable import Measure

/// Loading faces from TrueType, CFF OpenType, collections and bitmap-only fonts, and every way loading can fail.
@Suite struct FontTests {
    @Test func trueTypeMetricsComeFromHheaInFontUnits() throws {
        let font = try Font(path: TestFonts.dejaVuSans)
        #expect(font.familyName == "DejaVu Sans")
        #expect(font.metrics == FontMetrics(unitsPerEm: 2048, ascender: 1901, descender: -483, lineGap: 0))
        #expect(!font.isBitmapOnly)
        #expect(font.notdefAdvance == 1229)
        // 17 pt line height, unrounded: (1901 + 483) / 2048 × 17 (Pango reports 19.789 for the same font).
        #expect(close(font.metrics.scaled(to: 17).lineHeight, 2384.0 / 2048 * 17))
    }

    @Test func trueTypeAdvancesAreUnhintedFontUnits() throws {
        let font = try Font(path: TestFonts.dejaVuSans)
        #expect(close(font.advance(of: "h", pointSize: 2048), 1298))
        #expect(close(font.advance(of: "W", pointSize: 2048), 2025))
        #expect(close(font.advance(of: " ", pointSize: 14), 651.0 * 14 / 2048))
        // Not mapped: .notdef's advance.
        #expect(!font.maps("中"))
        #expect(close(font.advance(of: "中", pointSize: 2048), 1229))
    }

    @Test func openTypeWithCFFOutlines() throws {
        let font = try Font(path: TestFonts.accanthis)
        #expect(font.metrics == FontMetrics(unitsPerEm: 1000, ascender: 918, descender: -250, lineGap: 25))
        #expect(close(font.advance(of: "H", pointSize: 1000), 599))
        #expect(close(font.advance(of: "w", pointSize: 1000), 827))
    }

    @Test(arguments: [
        (0, "Noto Sans CJK JP"), (1, "Noto Sans CJK KR"), (2, "Noto Sans CJK SC"), (9, "Noto Sans Mono CJK HK"),
    ])
    func collectionFaces(index: Int, family: String) throws {
        let font = try Font(path: TestFonts.notoSansCJK, faceIndex: index)
        #expect(font.familyName == family)
        #expect(font.faceIndex == index)
        #expect(font.metrics == FontMetrics(unitsPerEm: 1000, ascender: 1160, descender: -288, lineGap: 0))
        #expect(close(font.advance(of: "我", pointSize: 1000), 1000))
    }

    @Test func koreanFaceAdvances() throws {
        let font = try Font(path: TestFonts.notoSansCJK, faceIndex: 1)
        #expect(close(font.advance(of: "한", pointSize: 1000), 920))
        #expect(close(font.advance(of: " ", pointSize: 1000), 224))
    }

    @Test func bitmapOnlyEmojiFontUsesItsStrike() throws {
        let font = try Font(path: TestFonts.notoColorEmoji)
        #expect(font.isBitmapOnly)
        #expect(font.metrics == FontMetrics(unitsPerEm: 109, ascender: 101, descender: -27, lineGap: 0))
        #expect(close(font.advance(of: "😀", pointSize: 109), 136))
        #expect(close(font.advance(of: "👍", pointSize: 17), 136.0 / 109 * 17))
        #expect(!font.maps("A"))
    }

    /// Advances come from the hmtx table read once; they must equal FreeType's own unscaled `FT_Get_Advance`,
    /// TrueType and CFF alike: every glyph of a font of up to 3,000 glyphs, an evenly spread 3,000 or so of larger ones.
    @Test(arguments: [(TestFonts.dejaVuSans, 0), (TestFonts.accanthis, 0), (TestFonts.notoSansCJK, 2)])
    func hmtxAdvancesEqualFreeTypes(path: String, faceIndex: Int) throws {
        let face = try FreeTypeFace(path: path, faceIndex: faceIndex)
        #expect(face.glyphCount > 100)
        let step = max(1, face.glyphCount / 3000)
        var differences = 0
        for glyph in stride(from: 0, to: face.glyphCount, by: step) {
            if face.advance(ofGlyph: UInt32(glyph)) != face.freeTypeAdvance(ofGlyph: UInt32(glyph)) { differences += 1 }
        }
        #expect(differences == 0)
    }

    @Test func missingFileThrows() {
        #expect(throws: FontError.fileNotFound(path: "/no/such/font.ttf")) {
            try Font(path: "/no/such/font.ttf")
        }
    }

    @Test func fileThatIsNotAFontThrows() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-font-\(UUID()).ttf").path
        try Data("this is plain text, not an sfnt".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: FontError.notAFont(path: path)) { try Font(path: path) }
    }

    @Test func faceIndexOutOfRangeSaysHowManyFacesThereAre() {
        #expect(throws: FontError.faceIndexOutOfRange(path: TestFonts.notoSansCJK, faceIndex: 10, faceCount: 10)) {
            try Font(path: TestFonts.notoSansCJK, faceIndex: 10)
        }
        #expect(throws: FontError.faceIndexOutOfRange(path: TestFonts.dejaVuSans, faceIndex: 1, faceCount: 1)) {
            try Font(path: TestFonts.dejaVuSans, faceIndex: 1)
        }
        // FreeType would read 0x10000 as "named instance 1 of face 0"; here it is just out of range.
        #expect(throws: FontError.faceIndexOutOfRange(path: TestFonts.dejaVuSans, faceIndex: 0x10000, faceCount: 1)) {
            try Font(path: TestFonts.dejaVuSans, faceIndex: 0x10000)
        }
        #expect(throws: FontError.faceIndexOutOfRange(path: TestFonts.notoSansCJK, faceIndex: -1, faceCount: 10)) {
            try Font(path: TestFonts.notoSansCJK, faceIndex: -1)
        }
        #expect(
            FontError.faceIndexOutOfRange(path: "x.ttc", faceIndex: 10, faceCount: 10).description
                == "face index 10 is out of range: x.ttc holds 10 faces (0…9)")
    }

    @Test func emptyCascadeThrows() {
        #expect(throws: FontError.emptyCascade) { try FontCascade([]) }
    }

    /// DejaVu Sans first, the Simplified Chinese CJK face second, the colour emoji last (the default language), and
    /// a Noto font for the scripts between them where fonts-noto-core is installed.
    @Test func defaultCascadeStartsWithDejaVuAndCJKAndEndsWithEmoji() throws {
        let names = try FontCascade.loadDefault().fonts.map(\.familyName)
        #expect(Array(names.prefix(2)) == ["DejaVu Sans", "Noto Sans CJK SC"])
        #expect(names.last == "Noto Color Emoji")
        if FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf") {
            #expect(names.contains("Noto Sans Thai") && names.contains("Noto Sans Arabic"))
        }
    }
}
