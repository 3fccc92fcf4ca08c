import Testing

@testable import Measure

/// Layout tables built by hand to expand: a few hundred kilobytes that name one big record tens of thousands of times,
/// or subtables that never advance. Each must be read in bounded time and memory, with a diagnostic, and yield what a
/// shaper would apply (a held-out sweep of hostile fonts found >7 GB and a hang in these three).
@Suite struct HostileLayoutTablesTests {
    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value & 0xFFFF) }

    /// A GPOS or GSUB table whose one feature `feature` (DFLT script, default LangSys) names one lookup of `type`
    /// with one subtable, `subtable`, placed right after the lookup (offsets in "OpenType Layout Common Table
    /// Formats").
    static func layoutTable(feature: String, type: Int, subtable: [UInt8]) -> [UInt8] {
        // Header 10 bytes; ScriptList @10 (20 bytes with its Script and LangSys); FeatureList @30; LookupList @44.
        var t = be16(1) + be16(0) + be16(10) + be16(30) + be16(44)
        t += be16(1) + Array("DFLT".utf8) + be16(8)  // ScriptList: one record → Script @ +8
        t += be16(4) + be16(0)  // Script: default LangSys @ +4
        t += be16(0) + be16(0xFFFF) + be16(1) + be16(0)  // LangSys: feature 0
        t += be16(1) + Array(feature.utf8) + be16(8)  // FeatureList: one record → Feature @ +8
        t += be16(0) + be16(1) + be16(0)  // Feature: lookup 0
        t += be16(1) + be16(4)  // LookupList: one lookup @ +4
        t += be16(type) + be16(0) + be16(1) + be16(8)  // Lookup: one subtable @ +8
        return t + subtable
    }

    /// PairPos format 1 whose 30,000 covered glyphs all point at one PairSet of 30,000 pairs: 900 million pairs from
    /// 180 KB. The subtable passes its budget and is skipped whole.
    @Test func aPairSetSharedByEveryGlyphIsSkippedAtTheBudget() {
        let glyphs = 30_000
        let coverageAt = 10 + glyphs * 2
        let pairSetAt = coverageAt + 10
        var pairPos = Self.be16(1) + Self.be16(coverageAt) + Self.be16(0x0004) + Self.be16(0) + Self.be16(glyphs)
        pairPos += (0..<glyphs).flatMap { _ in Self.be16(pairSetAt) }
        pairPos += Self.be16(2) + Self.be16(1) + Self.be16(0) + Self.be16(glyphs - 1) + Self.be16(0)  // ranges
        pairPos += Self.be16(glyphs) + (0..<glyphs).flatMap { Self.be16($0) + Self.be16(-7 & 0xFFFF) }
        let table = Self.layoutTable(feature: "kern", type: 2, subtable: pairPos)
        let font = OpenTypeFeatures { $0 == UInt32(tag: "GPOS") ? table : nil }
        #expect(font.kerning(5, 6) == 0)
        #expect(!font.hasKerning)
        #expect(font.diagnostics.contains { $0.contains("subtable 0 skipped") && $0.contains("entries read") })
    }

    /// The same PairSet shared by a few glyphs, as font compilers share identical ones, is read.
    @Test func aPairSetSharedByAFewGlyphsIsRead() {
        let coverageAt = 10 + 3 * 2
        let pairSetAt = coverageAt + 10
        var pairPos = Self.be16(1) + Self.be16(coverageAt) + Self.be16(0x0004) + Self.be16(0) + Self.be16(3)
        pairPos += Self.be16(pairSetAt) + Self.be16(pairSetAt) + Self.be16(pairSetAt)
        pairPos += Self.be16(2) + Self.be16(1) + Self.be16(40) + Self.be16(42) + Self.be16(0)
        pairPos += Self.be16(1) + Self.be16(50) + Self.be16(-30 & 0xFFFF)
        let table = Self.layoutTable(feature: "kern", type: 2, subtable: pairPos)
        let font = OpenTypeFeatures { $0 == UInt32(tag: "GPOS") ? table : nil }
        #expect([40, 41, 42].map { font.kerning($0, 50) } == [-30, -30, -30])
        #expect(font.kerning(43, 50) == 0)
    }

    /// A LigatureSubst whose 30,000 ligatures all point at one ligature of 65,535 components (331 KB, which copied
    /// them 30,000 times): HarfBuzz applies no ligature of more than 64 components (`HB_MAX_CONTEXT_LENGTH`), so none
    /// is kept; one of 64 is.
    @Test func ligaturesLongerThanHarfBuzzAppliesAreLeftOut() {
        func ligatureSubst(ligatures: Int, components: Int) -> [UInt8] {
            let coverageAt = 8
            let setAt = coverageAt + 6
            let ligatureAt = 2 + ligatures * 2
            var t = Self.be16(1) + Self.be16(coverageAt) + Self.be16(1) + Self.be16(setAt)
            t += Self.be16(1) + Self.be16(1) + Self.be16(7)  // coverage: glyph 7
            t += Self.be16(ligatures) + (0..<ligatures).flatMap { _ in Self.be16(ligatureAt) }
            t += Self.be16(900) + Self.be16(components) + (1..<components).flatMap { _ in Self.be16(8) }
            return t
        }
        let bomb = Self.layoutTable(
            feature: "liga", type: 4, subtable: ligatureSubst(ligatures: 30_000, components: 65_535))
        let bombFont = OpenTypeFeatures { $0 == UInt32(tag: "GSUB") ? bomb : nil }
        #expect(!bombFont.hasLigatures)
        let glyphs = [UInt32(7)] + [UInt32](repeating: 8, count: 63)
        let longest = Self.layoutTable(feature: "liga", type: 4, subtable: ligatureSubst(ligatures: 1, components: 64))
        let longestFont = OpenTypeFeatures { $0 == UInt32(tag: "GSUB") ? longest : nil }
        #expect(
            glyphs.withUnsafeBufferPointer { longestFont.ligature(in: $0, at: 0) }.map { [$0.count, Int($0.glyph)] }
                == [64, 900])
        let over = Self.layoutTable(feature: "liga", type: 4, subtable: ligatureSubst(ligatures: 1, components: 65))
        let overFont = OpenTypeFeatures { $0 == UInt32(tag: "GSUB") ? over : nil }
        #expect(!overFont.hasLigatures)
    }

    /// A 'kern' subtable of length 0 was read 1,000 times over (its count), each adding its pairs again. A table is
    /// used whole or not at all, as HarfBuzz's sanitizer takes it.
    @Test func aKernSubtableOfLengthZeroDropsTheTable() {
        var table = Self.be16(0) + Self.be16(1_000)
        table +=
            Self.be16(0) + Self.be16(0) + Self.be16(0x0001) + Self.be16(1_000) + Self.be16(0) + Self.be16(0)
            + Self.be16(0)
        table += (0..<1_000).flatMap { Self.be16(10) + Self.be16($0) + Self.be16(-5 & 0xFFFF) }
        let font = OpenTypeFeatures { $0 == UInt32(tag: "kern") ? table : nil }
        #expect(font.kerning(10, 3) == 0)
        #expect(
            font.diagnostics.contains(
                "kern table not used, as HarfBuzz does not use it: subtable 0: its length 0 is shorter than its "
                    + "6-byte header"))
    }

    /// A format 0 'kern' subtable of `pairs`, its length written as `length` (default: its size, modulo 65,536).
    static func kernSubtable(_ pairs: [(Int, Int, Int)], length: Int? = nil) -> [UInt8] {
        let size = 14 + 6 * pairs.count
        return be16(0) + be16((length ?? size) & 0xFFFF) + be16(0x0001) + be16(pairs.count) + be16(0) + be16(0)
            + be16(0) + pairs.flatMap { be16($0.0) + be16($0.1) + be16($0.2 & 0xFFFF) }
    }

    /// Subtables of length 6 step into each other's pairs, every 6 bytes another subtable of 4,096 pairs (65 million
    /// from 120 KB): the first already claims pairs past its length, and the table is not used.
    @Test func overlappingKernSubtablesDropTheTable() {
        let unit = Self.be16(0x1000) + Self.be16(6) + Self.be16(0x0001)
        let table = Self.be16(0) + Self.be16(65_535) + (0..<20_000).flatMap { _ in unit }
        let font = OpenTypeFeatures { $0 == UInt32(tag: "kern") ? table : nil }
        #expect(font.kerning(6, 1) == 0)
        #expect(
            font.diagnostics.contains {
                $0.hasPrefix("kern table not used")
                    && $0.contains("4096 pairs need 24590 bytes, more than it holds (6)")
            })
    }

    /// A format 0 subtable over 64 KiB writes its length modulo 65,536. Before the last, its pairs are past its
    /// length and HarfBuzz refuses the table (a Latin line measured 121.75 pt on the fast path and 146.35 shaped,
    /// unkerned, in a review's DejaVu Sans with its GPOS renamed); as the last subtable, its length is not used.
    @Test func aKernSubtableOver64KiBIsUsedOnlyLast() {
        let big = (0..<11_000).map { (1_000 + $0 / 100, $0 % 100, -1) }  // 66,014 bytes
        let first = Self.be16(0) + Self.be16(2) + Self.kernSubtable(big) + Self.kernSubtable([(5, 6, -40)])
        let firstFont = OpenTypeFeatures { $0 == UInt32(tag: "kern") ? first : nil }
        #expect(firstFont.kerning(1_000, 3) == 0 && firstFont.kerning(5, 6) == 0)
        let last = Self.be16(0) + Self.be16(2) + Self.kernSubtable([(5, 6, -40)]) + Self.kernSubtable(big)
        let lastFont = OpenTypeFeatures { $0 == UInt32(tag: "kern") ? last : nil }
        #expect(lastFont.kerning(1_000, 3) == -1 && lastFont.kerning(5, 6) == -40)
    }

    /// One bad subtable after a good one: nothing of the table is kept (the good one's pairs were).
    @Test func aBadSubtableAfterAGoodOneDropsBoth() {
        let table = Self.be16(0) + Self.be16(2) + Self.kernSubtable([(5, 6, -40)]) + Self.kernSubtable([], length: 4)
        let font = OpenTypeFeatures { $0 == UInt32(tag: "kern") ? table : nil }
        #expect(font.kerning(5, 6) == 0)
        let good = Self.be16(0) + Self.be16(2) + Self.kernSubtable([(5, 6, -40)]) + Self.kernSubtable([(7, 8, 3)])
        let goodFont = OpenTypeFeatures { $0 == UInt32(tag: "kern") ? good : nil }
        #expect(goodFont.kerning(5, 6) == -40 && goodFont.kerning(7, 8) == 3)
    }
}
