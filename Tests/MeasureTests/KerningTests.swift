import Testing

@testable import Measure

/// Kerning and standard ligatures in measured widths, worked out by hand from DejaVu Sans's tables as fontTools 4.x
/// reads them (advances from hmtx; pair values by walking the GPOS 'kern' lookups: PairPos format 1 pairs, format 2
/// class pairs; ligatures from the GSUB 'liga' LigatureSubst of script 'latn'). At 2048 pt one font unit is one point.
@Suite struct KerningTests {
    func dejaVu(width: Double = 0, features: Bool = true) throws -> TextMeasurer {
        try TestFonts.measurer(
            [(TestFonts.dejaVuSans, 0)], size: 2048, options: MeasureOptions(maxWidth: width),
            features: features)
    }

    @Test(arguments: [
        ("AV", 1401 + 1401 - 131), ("To", 1251 + 1253 - 348), ("Va", 1401 + 1255 - 159),
        ("LT", 1141 + 1251 - 282), ("r.", 842 + 651 - 188), ("we", 1675 + 1260),
    ])
    func pairsAreKerned(text: String, width: Int) throws {
        #expect(try dejaVu().measure(text).width == Double(width))
    }

    @Test func plainTurnsKerningOff() throws {
        #expect(try dejaVu(features: false).measure("AV").width == 1401 + 1401)
    }

    @Test func ligaturesReplaceTheirComponents() throws {
        // "ff" is uniFB00 (1411) instead of f + f (1442); "ffi" uniFB03 (1980) instead of 721 + 721 + 569.
        #expect(try dejaVu().measure("ff").width == 1411)
        #expect(try dejaVu().measure("ffi").width == 1980)
        #expect(try dejaVu(features: false).measure("ffi").width == 721 + 721 + 569)
    }

    @Test func pairsAcrossASegmentBoundaryAreKernedOnOneLine() throws {
        // "-T" is two segments (a break after the hyphen): on one line the pair (hyphen, T) kerns −188.
        #expect(try dejaVu().measure("-T").width == 739 + 1251 - 188)
        // When "T" wraps to the next line there is no pair: the widest line is "T" alone.
        let wrapped = try dejaVu(width: 1500).layout("-T")
        #expect(wrapped.lines.count == 2)
        #expect(wrapped.size.width == 1251)
    }

    @Test func anEmergencyBreakLeavesThePairBehind() throws {
        // "Tol" is one segment wider than 1600: broken between its letters. "To" kerns −348 on one line, but "o"
        // beginning the next line is 1253 wide, not 905, so "ol" (1253 + 569 = 1822) does not fit: "T", "o", "l".
        let tol = try dejaVu(width: 1600).layout("Tol")
        #expect(tol.lines.count == 3)
        #expect(tol.size.width == 1253)
        // "AVAV" at 1500: every letter on its own line, each its whole advance (1401), none with the A–V or V–A pair.
        let avav = try dejaVu(width: 1500).measure("AVAV")
        #expect(avav.lineCount == 4)
        #expect(avav.width == 1401)
        // Where the pair stays on one line it is kerned: "To" fits 2200 (1251 + 1253 − 348 = 2156), then "l".
        let kept = try dejaVu(width: 2200).layout("Tol")
        #expect(kept.lines.count == 2)
        #expect(kept.size.width == 2156)
        // The shaped path (HarfBuzz shapes each line's piece on its own) and a prepared text say the same.
        let shaped = try TestFonts.measurer(
            [(TestFonts.dejaVuSans, 0)], size: 2048, options: MeasureOptions(maxWidth: 1600, shaper: .harfBuzz),
            features: true)
        #expect(shaped.measure("Tol") == tol.size)
        #expect(try dejaVu().prepare("Tol").fit(maxWidth: 1600) == tol.size)
    }

    /// A word HarfBuzz shaped and too long to shape again line by line (over 2,048 scalars) is broken between the
    /// clusters of its whole-word shaping, whose pairs' kerning is on their left glyphs: nothing is taken off a
    /// line's first cluster there, and both shapers break "To" × 1,100 (and the same forced to HarfBuzz by a mark)
    /// into the same lines.
    @Test func aLongShapedWordKeepsItsOwnKerning() throws {
        let harfBuzz = try TestFonts.measurer(
            [(TestFonts.dejaVuSans, 0)], size: 2048, options: MeasureOptions(maxWidth: 3600, shaper: .harfBuzz),
            features: true)
        for text in [String(repeating: "To", count: 1100), String(repeating: "To", count: 1024) + "e\u{301}"] {
            let automatic = try dejaVu(width: 3600).measure(text)
            let shaped = harfBuzz.measure(text)
            #expect(automatic.lineCount == shaped.lineCount, "\(text.count)")
            #expect(abs(automatic.width - shaped.width) < 1e-6, "\(text.count)")
        }
    }

    @Test func kernedAndCachedAndPreparedAgree() throws {
        let strings = ["AVATAR Tour", "-T-V-", "office affluent", "Ty. r. y.", "LT AV To Va", "A-T A-T A-T"]
        for width in [0.0, 3000, 6000, 12000] {
            let cached = try dejaVu(width: width).makeSession()
            let uncached = TextMeasurer(
                cascade: try dejaVu().cascade, pointSize: 2048,
                options: try dejaVu(width: width).options, segmentCacheBytes: 0
            ).makeSession()
            for text in strings {
                let prepared = try dejaVu().prepare(text).fit(maxWidth: width)
                #expect(cached.measure(text) == uncached.measure(text), "\(text) at \(width)")
                #expect(cached.measure(text) == prepared, "\(text) at \(width)")
            }
        }
    }

    /// Every 331st glyph of a font of `glyphCount` glyphs that `clears` says kerns with nothing on its side, checked
    /// against every glyph of the font on the other side (`kerns(glyph, other)`, the pair searched without the bits):
    /// how many were cleared, and each cleared glyph that kerns after all, with the first glyph it kerns with.
    static func sampledClearedGlyphs(
        count glyphCount: UInt32, clears: (UInt32) -> Bool, kerns: (UInt32, UInt32) -> Int32
    ) -> (cleared: Int, kerning: [String]) {
        var cleared = 0
        var kerning: [String] = []
        for glyph in stride(from: UInt32(0), to: glyphCount, by: 331) where clears(glyph) {
            cleared += 1
            if let other = (0..<glyphCount).first(where: { kerns(glyph, $0) != 0 }) {
                kerning.append("glyph \(glyph) kerns with glyph \(other)")
            }
        }
        return (cleared, kerning)
    }

    /// `KerningTable.kernsAsRight` lets the one-pass fits skip a pair whose right glyph is never the right of a
    /// non-zero adjustment; it must never say so of a glyph that is. Checked against the pairs themselves (the left
    /// glyph's components searched, without the bit), every left glyph of the font for
    /// a spread of right glyphs (every 331st glyph) in Noto Sans CJK SC (class-based kerning over many glyphs) and
    /// DejaVu Sans (pairs and classes); and the bit must pay: most of Noto Sans CJK's ideographs have it clear.
    @Test(arguments: [(TestFonts.notoSansCJK, 2), (TestFonts.dejaVuSans, 0)])
    func glyphsThatNeverKernAsRightHaveNoPair(path: String, faceIndex: Int) throws {
        let font = try Font(path: path, faceIndex: faceIndex)
        let features = font.openTypeFeatures
        let glyphCount = UInt32(try #require(font.harfBuzz).glyphCount)
        let (cleared, kerning) = Self.sampledClearedGlyphs(
            count: glyphCount, clears: { !features.kernsAsRight($0) },
            kerns: { right, left in features.kerningIgnoringRightSet(left, right) })
        #expect(kerning == [], "right glyphs that kern after a left one")
        #expect(cleared > 0)
        if path == TestFonts.notoSansCJK {
            let ideographs = "漢字東京語國中文書読".unicodeScalars.map { font.glyphAdvance(for: $0.value).glyph }
            #expect(ideographs.filter { !features.kernsAsRight($0) }.count >= 8)
        }
    }

    /// `KerningTable.kernsAsLeft` lets the run loop keep no font for a line ending with a glyph that is the left of
    /// no pair (`ScalarEntry.lineFont`), so the next pair is not looked up; it must never say so of a glyph that kerns.
    /// The figure from outside the code: in Noto Sans CJK SC it holds for exactly the 496 glyphs its 'kern' lookup
    /// covers (fontTools 4.68: the Coverage tables of GPOS lookup 6, the only one a 'kern' feature lists) — kana and
    /// punctuation, no ideograph. Beside it, a check that the bit and the pair search agree: every 331st glyph it
    /// clears kerns with no right glyph of the font, in Noto Sans CJK SC and DejaVu Sans.
    @Test(arguments: [(TestFonts.notoSansCJK, 2), (TestFonts.dejaVuSans, 0)])
    func glyphsThatNeverKernAsLeftHaveNoPair(path: String, faceIndex: Int) throws {
        let font = try Font(path: path, faceIndex: faceIndex)
        let features = font.openTypeFeatures
        let glyphCount = UInt32(try #require(font.harfBuzz).glyphCount)
        let (cleared, kerning) = Self.sampledClearedGlyphs(
            count: glyphCount, clears: { !features.kernsAsLeft($0) },
            kerns: { left, right in features.kerningIgnoringRightSet(left, right) })
        #expect(kerning == [], "left glyphs that kern before a right one")
        #expect(cleared > 0)
        // Ids past the font kern with nothing.
        #expect(!features.kernsAsLeft(glyphCount) && !features.kernsAsLeft(.max))
        if path == TestFonts.notoSansCJK {
            #expect((0..<glyphCount).filter { features.kernsAsLeft($0) }.count == 496)
            let ideographs = "漢字東京語國中文書読".unicodeScalars.map { font.glyphAdvance(for: $0.value).glyph }
            #expect(ideographs.allSatisfy { !features.kernsAsLeft($0) })
        }
    }

    /// `OpenTypeFeatures.kernings(after:rights:into:)` walks a left glyph's pairs once beside ascending right glyphs
    /// (`Font.latin1Kerning` builds its rows so); every answer must be the pair's own `kerning(_:_:)`. Checked for
    /// left glyphs spread over the font (500 of them, or all in a small font) against every right glyph below 700,
    /// then every 13th with repeats, and ids past the font, in fonts kerning by class subtables (DejaVu Sans), by pairs
    /// and classes (Noto Sans), by classes over many glyphs (Noto Sans CJK SC), and by the legacy 'kern' table (the
    /// fuzz seed's pairs); and some answer must be non-zero. `aHandBuiltRowHasItsWorkedSums` covers what real fonts
    /// seldom have: repeated right glyphs that hit pair entries, a zero pair before a class row, two components.
    @Test(arguments: [
        (TestFonts.dejaVuSans, 0), ("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", 0),
        (TestFonts.notoSansCJK, 2), (TestFonts.legacyKernSubset, 0),
    ])
    func aRowWalkedOnceIsEveryPairLookedUp(path: String, faceIndex: Int) throws {
        let font = try Font(path: path, faceIndex: faceIndex)
        let features = font.openTypeFeatures
        let glyphCount = UInt32(try #require(font.harfBuzz).glyphCount)
        // Every glyph up to 700, then every 13th (a repeat now and then), then some past the font's last glyph.
        var rights = Array(UInt32(0)..<min(700, glyphCount))
        for glyph in stride(from: UInt32(700), to: glyphCount, by: 13) {
            rights.append(glyph)
            if glyph % 5 == 0 { rights.append(glyph) }
        }
        rights += [glyphCount, glyphCount + 10, 70_000]
        var row = [Int32](repeating: 0, count: rights.count)
        var nonZero = 0
        var differing: [String] = []
        for left in stride(from: UInt32(0), through: glyphCount, by: max(1, Int(glyphCount) / 500)) {
            rights.withUnsafeBufferPointer { rights in
                row.withUnsafeMutableBufferPointer { features.kernings(after: left, rights: rights, into: $0) }
            }
            for (right, value) in zip(rights, row) {
                let expected = features.kerning(left, right)
                if value != expected && differing.count < 5 {
                    differing.append("\(left), \(right): \(value) not \(expected)")
                }
                if value != 0 { nonZero += 1 }
            }
        }
        #expect(differing == [])
        #expect(nonZero > 0)
    }

    /// A kerning table built by hand, its sums worked out here from the OpenType rules `KerningTable` follows: each
    /// component answers from its pair run when the right glyph is listed there (even with 0), else from its class
    /// row; components add; a right glyph whose bit is clear is 0. Left glyph 1 has two components — pairs (5 −10,
    /// 7 +20, 9 0) alone, then pairs (7 +3, 8 0) over class table 0 (class 1: glyphs 5 and 8, class 2: 6, 9 and 10;
    /// row 0 −4 +6) — left glyph 3 one component over class table 1 (class 1: glyphs 20 and 21; row 0 +5), left
    /// glyph 2 none. Bits: 5 and 7 (non-zero pairs), 5, 6, 8, 9 and 10 (live classes of table 0), 20 and 21.
    @Test func aHandBuiltRowHasItsWorkedSums() throws {
        // ClassDef format 1: format, first glyph, glyph count, a class per glyph.
        let classes0 = try OpenTypeClassDef(ByteReader([0, 1, 0, 5, 0, 6, 0, 1, 0, 2, 0, 0, 0, 1, 0, 2, 0, 2]), at: 0)
        let classes1 = try OpenTypeClassDef(ByteReader([0, 1, 0, 20, 0, 2, 0, 1, 0, 1]), at: 0)
        let table = KerningTable(
            componentStart: [0, 0, 2, 2, 3],
            components: [
                .init(pairStart: 0, pairEnd: 3, classTable: -1, rowStart: 0),
                .init(pairStart: 3, pairEnd: 5, classTable: 0, rowStart: 0),
                .init(pairStart: 5, pairEnd: 5, classTable: 1, rowStart: 3),
            ],
            pairRights: [5, 7, 9, 7, 8], pairValues: [-10, 20, 0, 3, 0],
            classTables: [.init(classDef2: classes0, class2Count: 3), .init(classDef2: classes1, class2Count: 2)],
            matrix: [0, -4, 6, 0, 5])
        let rights: [UInt32] = [0, 5, 5, 6, 7, 7, 8, 9, 10, 11, 20, 21, 21, 70_000]
        // Glyph 5: −10 + class 1 (−4); 6: class 2 (+6); 7: +20 + 3 (listed, so no class); 8: 0 listed before its
        // class row; 9: 0 + class 2; 10: class 2; 11: bit clear; 20, 21: class 0 of table 0 (0); 70,000: no bit
        // to clear it, class 0.
        let expected: [UInt32: [Int32]] = [
            1: [0, -14, -14, 6, 23, 23, 0, 6, 6, 0, 0, 0, 0, 0],
            3: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 5, 5, 0],
        ]
        var row = [Int32](repeating: 99, count: rights.count)
        for left: UInt32 in [0, 1, 2, 3, 4, .max] {
            rights.withUnsafeBufferPointer { rights in
                row.withUnsafeMutableBufferPointer { table.adjustments(left, rights: rights, into: $0) }
            }
            #expect(row == expected[left, default: [Int32](repeating: 0, count: rights.count)], "left glyph \(left)")
            #expect(row == rights.map { table.adjustment(left, $0) }, "left glyph \(left), pair by pair")
        }
    }
}
