import Foundation
import TestSupport
import Testing

@testable import Measure

/// Reads font tables straight from the file's sfnt table directory ("Organization of an OpenType Font": table
/// directory, and "Font Collections": the 'ttcf' header), so these tests check `OpenTypeFeatures` without FreeType.
private struct SfntTables {
    let data: [UInt8]
    var tables: [UInt32: Range<Int>] = [:]

    init(path: String, face: Int = 0) throws {
        data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var directory = 0
        if u32(0) == 0x7474_6366 {  // 'ttcf'
            directory = Int(u32(12 + face * 4))
        }
        let count = Int(u16(directory + 4))
        for index in 0..<count {
            let record = directory + 12 + index * 16
            let offset = Int(u32(record + 8)), length = Int(u32(record + 12))
            tables[u32(record)] = offset..<offset + length
        }
    }

    func u16(_ at: Int) -> UInt16 { UInt16(data[at]) << 8 | UInt16(data[at + 1]) }
    func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) << 16 | UInt32(u16(at + 2)) }

    func table(_ tag: UInt32) -> [UInt8]? { tables[tag].map { Array(data[$0]) } }
}

private let gpos = UInt32(tag: "GPOS"), gsub = UInt32(tag: "GSUB"), kern = UInt32(tag: "kern")

private func features(_ path: String, face: Int = 0, only tags: Set<UInt32>? = nil) throws -> OpenTypeFeatures {
    let font = try SfntTables(path: path, face: face)
    return OpenTypeFeatures { tag in tags.map { $0.contains(tag) } ?? true ? font.table(tag) : nil }
}

private func ligature(_ features: OpenTypeFeatures, _ glyphs: [UInt32], at start: Int = 0) -> (
    count: Int, glyph: UInt32
)? {
    glyphs.withUnsafeBufferPointer { features.ligature(in: $0, at: start) }
}

/// Golden values from fontTools 4.68 (`pip install fonttools`): glyph ids from `TTFont(path).getGlyphID(name)` with
/// names from `getBestCmap()`; a pair's value by walking `f['GPOS'].table.LookupList` for the lookups that the 'kern'
/// features of every script's DefaultLangSys and LangSys name, unwrapping Extension subtables, and in each lookup taking
/// the first PairPos subtable that covers the left glyph and has an entry (format 1: PairValueRecord with that
/// SecondGlyph; format 2: Class1Record[ClassDef1].Class2Record[ClassDef2]) — Value1.XAdvance, summed over lookups.
/// Legacy 'kern': `sum(t.kernTable.get((a, b), 0) for t in f['kern'].kernTables)`. Ligatures: `st.ligatures` of the
/// LigatureSubst subtables of the 'liga' lookups (fontTools keeps the file's order).
@Suite struct OpenTypeFeaturesTests {
    /// DejaVu Sans glyph ids, named after the glyphs (capitals included).
    // swift-format-ignore: AlwaysUseLowerCamelCase
    enum DejaVu {
        static let A: UInt32 = 36, B: UInt32 = 37, V: UInt32 = 57, T: UInt32 = 55, o: UInt32 = 82, a: UInt32 = 68
        static let L: UInt32 = 47, Y: UInt32 = 60, period: UInt32 = 17, f: UInt32 = 73, i: UInt32 = 76, l: UInt32 = 79
        static let space: UInt32 = 3
    }

    /// GPOS 'kern' lookups 14 and 15 of DejaVu Sans.
    @Test func dejaVuSansGPOSKerning() throws {
        let font = try features(TestFonts.dejaVuSans)
        #expect(font.hasKerning)
        typealias G = DejaVu
        #expect(font.kerning(G.A, G.V) == -131)
        #expect(font.kerning(G.T, G.o) == -348)
        #expect(font.kerning(G.V, G.a) == -159)
        #expect(font.kerning(G.L, G.T) == -282)
        #expect(font.kerning(G.T, G.period) == -243)
        #expect(font.kerning(G.Y, G.o) == -272)
        #expect(font.kerning(G.f, G.f) == 0)
        #expect(font.kerning(G.A, G.B) == 0)
        #expect(font.kerning(G.V, G.A) == -131)
        #expect(font.kerning(70_000, G.A) == 0)
        #expect(font.kerning(G.A, 70_000) == 0)
    }

    /// With GPOS hidden, the same pairs come from DejaVu Sans's legacy 'kern' table (one format 0 subtable, 2727 pairs).
    @Test func dejaVuSansLegacyKernTable() throws {
        var asked: [UInt32: Int] = [:]
        let file = try SfntTables(path: TestFonts.dejaVuSans)
        let font = OpenTypeFeatures { tag in
            asked[tag, default: 0] += 1
            return tag == kern ? file.table(tag) : nil
        }
        #expect(asked == [gpos: 1, kern: 1, gsub: 1])
        typealias G = DejaVu
        #expect(font.hasKerning)
        #expect(font.kerning(G.A, G.V) == -131)
        #expect(font.kerning(G.T, G.o) == -348)
        #expect(font.kerning(G.V, G.a) == -159)
        #expect(font.kerning(G.L, G.T) == -282)
        #expect(font.kerning(G.A, G.B) == 0)
        #expect(!font.hasLigatures)
    }

    /// GPOS has 'kern' lookups, so the legacy table is never asked for; each table at most once.
    @Test func legacyKernTableIsNotReadWhenGPOSKerns() throws {
        var asked: [UInt32: Int] = [:]
        let file = try SfntTables(path: TestFonts.dejaVuSans)
        _ = OpenTypeFeatures { tag in
            asked[tag, default: 0] += 1
            return file.table(tag)
        }
        #expect(asked == [gpos: 1, gsub: 1])
    }

    /// 'liga' lookups 17–19 of DejaVu Sans; lookup 18 holds f_f_l, f_f_i, fl, fi, f_f in that order.
    @Test func dejaVuSansLigatures() throws {
        let font = try features(TestFonts.dejaVuSans)
        typealias G = DejaVu
        #expect(font.hasLigatures)
        #expect(ligature(font, [G.f, G.i])! == (2, 5042))  // fi
        #expect(ligature(font, [G.f, G.l])! == (2, 5043))  // fl
        #expect(ligature(font, [G.f, G.f])! == (2, 5041))  // uniFB00
        #expect(ligature(font, [G.f, G.f, G.i])! == (3, 5044))  // uniFB03
        #expect(ligature(font, [G.f, G.f, G.l])! == (3, 5045))  // uniFB04
        #expect(ligature(font, [G.o, G.f, G.f, G.o], at: 1)! == (2, 5041))
        #expect(ligature(font, [G.f, G.f, G.o], at: 1) == nil)
        #expect(ligature(font, [G.f], at: 0) == nil)
        #expect(ligature(font, [G.f, G.i], at: 2) == nil)
        #expect(ligature(font, [G.f, G.i], at: -1) == nil)
        #expect(ligature(font, [G.f, G.o]) == nil)
        // Lookup 17 (Arabic lam-alef): uniFEDF uniFE88 → uniFEF9; lookup 19: space uni0652 → uniFE7E.
        #expect(ligature(font, [5337, 5250])! == (2, 5363))
        #expect(ligature(font, [G.space, 1403])! == (2, 5240))
        #expect(ligature(font, [70_000, 1]) == nil)
    }

    /// Noto Sans CJK JP (face 0 of the TTC): 'kern' is lookup 6, a PairPos format 1 then a format 2 subtable.
    @Test func notoSansCJKJapaneseKerning() throws {
        let font = try features(TestFonts.notoSansCJK, face: 0)
        #expect(font.hasKerning)
        #expect(font.kerning(34, 55) == -15)  // A V
        #expect(font.kerning(53, 80) == -74)  // T o
        #expect(font.kerning(55, 66) == -25)  // V a
        #expect(font.kerning(45, 53) == -134)  // L T
        #expect(font.kerning(53, 15) == -119)  // T .
        #expect(font.kerning(58, 80) == -46)  // Y o
        #expect(font.kerning(1460, 1397) == -20)  // ぁ 、
        #expect(font.kerning(1461, 1497) == -20)  // あ て
        #expect(font.kerning(1461, 1582) == -10)  // あ ソ
        #expect(font.kerning(1497, 1462) == 0)  // て ぃ
        // V (55) is in both subtables: the format 1 pair decides (22) where format 2 would say 0, and a right glyph
        // the format 1 PairSet lacks falls through to format 2's class value (-73).
        #expect(font.kerning(55, 170) == 22)
        #expect(font.kerning(55, 13) == -73)
        // 'liga' lookup 32: f f i → cid58977, f f → cid58974, f i → cid58975 (f = 71, i = 74, l = 77).
        #expect(ligature(font, [71, 71, 74])! == (3, 58977))
        #expect(ligature(font, [71, 71])! == (2, 58974))
        #expect(ligature(font, [71, 74])! == (2, 58975))
        #expect(ligature(font, [71, 77])! == (2, 58976))
    }

    @Test func noTablesGiveNothing() {
        let font = OpenTypeFeatures { _ in nil }
        #expect(!font.hasKerning)
        #expect(!font.hasLigatures)
        #expect(font.kerning(36, 57) == 0)
        #expect(ligature(font, [73, 76]) == nil)
        #expect(font.diagnostics.contains("no GPOS table"))
        #expect(font.diagnostics.contains("no GSUB table"))
    }

    /// Every truncation of real GPOS/GSUB/kern tables, and garbage, reads without trapping; a cut-off table yields a
    /// diagnostic, and a table cut before its lookups yields nothing.
    @Test func truncatedTablesNeverTrap() throws {
        let file = try SfntTables(path: TestFonts.dejaVuSans)
        for tag in [gpos, gsub, kern] {
            let whole = try #require(file.table(tag))
            for length in stride(from: 0, to: whole.count, by: max(1, whole.count / 200)) + [1, 2, 3, 5, 9, 11] {
                let cut = Array(whole.prefix(length))
                let font = OpenTypeFeatures { $0 == tag ? cut : nil }
                _ = font.kerning(DejaVu.A, DejaVu.V)
                _ = ligature(font, [DejaVu.f, DejaVu.i])
                #expect(!font.diagnostics.isEmpty)
            }
        }
        let short = Array(try #require(file.table(gpos)).prefix(64))
        let font = OpenTypeFeatures { $0 == gpos ? short : nil }
        #expect(!font.hasKerning)
        #expect(font.kerning(DejaVu.A, DejaVu.V) == 0)
        #expect(font.diagnostics.contains { $0.hasPrefix("GPOS") })
    }

    @Test func randomBytesNeverTrap() {
        var random = SplitMix64(seed: 8)
        for round in 0..<300 {
            var bytes = (0..<Int.random(in: 0...400, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            // Half the time, a plausible header (version 1.0, small offsets) so the walk gets past it.
            if round % 2 == 0, bytes.count >= 10 { bytes.replaceSubrange(0..<4, with: [0, 1, 0, 0]) }
            let font = OpenTypeFeatures { _ in bytes }
            for _ in 0..<20 {
                _ = font.kerning(UInt32.random(in: 0...300, using: &random), UInt32.random(in: 0...300, using: &random))
            }
            _ = ligature(font, [1, 2, 3])
            #expect(!font.diagnostics.isEmpty)
        }
        let garbage: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        let font = OpenTypeFeatures { _ in garbage }
        #expect(!font.hasKerning)
        #expect(!font.hasLigatures)
        #expect(font.diagnostics.contains { $0.contains("GPOS") })
        #expect(font.diagnostics.contains { $0.contains("kern table") })
    }

    /// Hand-built GPOS: an Extension lookup wrapping a PairPos format 1 subtable whose value1 has XPlacement and
    /// XAdvance, and value2 a YAdvance, so records are 8 bytes; plus an offset past the end in a second subtable.
    @Test func handBuiltExtensionPairPos() {
        func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v & 0xFFFF) }
        // header: ScriptList 10, FeatureList 30, LookupList 44
        var t: [UInt8] = be16(1) + be16(0) + be16(10) + be16(30) + be16(44)
        // ScriptList @10: 1 record 'DFLT' → Script @ 10+8=18; Script: default LangSys @ +4 → 22, 0 LangSys records.
        t += be16(1) + be32(0x4446_4C54) + be16(8)
        t += be16(4) + be16(0)
        // LangSys @22: lookupOrder 0, required 0xFFFF, 1 feature index: 0
        t += be16(0) + be16(0xFFFF) + be16(1) + be16(0)
        // FeatureList @30: 1 record 'kern' → Feature @ 30+8 = 38: params 0, 1 lookup index: 0
        t += be16(1) + be32(0x6B65_726E) + be16(8)
        t += be16(0) + be16(1) + be16(0)
        // LookupList @44: 1 lookup @ 44+4 = 48: type 9, flag 0, 2 subtables @ +10, +18 → 58, 66
        t += be16(1) + be16(4)
        t += be16(9) + be16(0) + be16(2) + be16(10) + be16(18)
        // Extension @58: format 1, type 2, offset32 16 → 74
        t += be16(1) + be16(2) + be32(16)
        // Extension @66: format 1, type 2, offset32 far past the end
        t += be16(1) + be16(2) + be32(60_000)
        // PairPos format 1 @74: coverage @ +12 → 86, valueFormat1 0x5 (XPlacement, XAdvance), valueFormat2 0x8, 1 PairSet @ +18
        t += be16(1) + be16(12) + be16(0x5) + be16(0x8) + be16(1) + be16(18)
        // Coverage @86: format 1, 1 glyph: 10
        t += be16(1) + be16(1) + be16(10)
        // PairSet @92: 2 records: (20, xPl 7, xAdv -50, yAdv 9), (21, xPl 1, xAdv 33, yAdv 2)
        t += be16(2) + be16(20) + be16(7) + be16(-50 & 0xFFFF) + be16(9) + be16(21) + be16(1) + be16(33) + be16(2)
        let bytes = t
        let font = OpenTypeFeatures { $0 == UInt32(tag: "GPOS") ? bytes : nil }
        #expect(font.kerning(10, 20) == -50)
        #expect(font.kerning(10, 21) == 33)
        #expect(font.kerning(10, 22) == 0)
        #expect(font.kerning(20, 10) == 0)
        #expect(font.diagnostics.contains { $0.contains("subtable 1 skipped") })
    }
}
