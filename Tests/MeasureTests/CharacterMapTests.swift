import Cache
import Foundation
import TestSupport
import Testing

@testable import Measure

/// A font's own reading of its character map (`CharacterMap`, `CharacterMapAdvances`) against FreeType's
/// `FT_Get_Char_Index` and advances, the oracle it must equal: on every scalar of the test fonts, on what every
/// installed font maps, and on fonts whose `cmap` was damaged at random (FreeType reads the same damaged bytes).
@Suite struct CharacterMapTests {
    /// Scalars where the two readings differ, as text for the failure message (at most five).
    static func differences(_ face: borrowing FreeTypeFace, _ scalars: some Sequence<UInt32>) -> [String] {
        guard let direct = face.directAdvances else { return ["the face is not read directly"] }
        var found: [String] = []
        for scalar in scalars where found.count < 5 {
            let mine = direct.glyphAdvance(for: scalar)
            let freeType = face.glyphAdvance(for: scalar)
            if mine != freeType {
                found.append("U+\(String(scalar, radix: 16)): \(mine) against FreeType's \(freeType)")
            }
        }
        return found
    }

    /// Every scalar of planes 0–2 and every seventh beyond, for fonts of both subtable formats and both outline
    /// kinds: DejaVu Sans and Math (formats 4 and 12), Accanthis (an OTF), two faces of the Noto Sans CJK collection,
    /// Noto Sans Arabic, Devanagari and Thai, and the repository's DejaVu Serif subset (format 4 alone).
    @Test(arguments: [
        (TestFonts.dejaVuSans, 0), (TestFonts.dejaVuMath, 0), (TestFonts.accanthis, 0), (TestFonts.notoSansCJK, 0),
        (TestFonts.notoSansCJK, 2), ("/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf", 0),
        ("/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf", 0),
        ("/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf", 0), (TestFonts.legacyKernSubset, 0),
    ])
    func agreesWithFreeTypeOnEveryScalar(path: String, faceIndex: Int) throws {
        let face = try FreeTypeFace(path: path, faceIndex: faceIndex)
        #expect(face.directAdvances != nil, "\(path) is well formed, so it is read without FreeType")
        let scalars = Array(0..<UInt32(0x3_0000)) + Array(stride(from: UInt32(0x3_0000), to: 0x11_0000, by: 7))
        #expect(Self.differences(face, scalars) == [], "\(path) face \(faceIndex)")
        // The font maps something, so the comparison above compared glyphs, not only zeros.
        let first = try #require(face.mappedScalars.first)
        #expect(face.directAdvances?.glyphAdvance(for: first).isMapped == true)
    }

    /// Every font file under /usr/share/fonts, every face: the scalars FreeType says it maps and their neighbours
    /// (up to 6,000 of them a face, evenly spread), and every 251st scalar. Faces read by FreeType alone (another
    /// format, overlapping segments) are counted; the well-formed fonts the tests install must be read directly.
    @Test func everyInstalledFontAgrees() throws {
        let files = try Self.fontFiles()
        try #require(!files.isEmpty, "no fonts under /usr/share/fonts: `make test` installs them")
        var direct = 0
        var byFreeType: [String] = []
        var failures: [String] = []
        for path in files {
            let faces = FreeTypeFace.faceCount(path: path) ?? 0
            for faceIndex in 0..<faces {
                guard let face = try? FreeTypeFace(path: path, faceIndex: faceIndex) else { continue }
                guard face.directAdvances != nil else {
                    byFreeType.append("\(path) face \(faceIndex)")
                    continue
                }
                direct += 1
                let mapped = face.mappedScalars
                let step = max(1, mapped.count / 2000)
                var scalars = Array(stride(from: UInt32(0), to: 0x11_0000, by: 251))
                for index in stride(from: 0, to: mapped.count, by: step) {
                    let scalar = mapped[index]
                    scalars += [scalar &- 1, scalar, scalar + 1]
                }
                let found = Self.differences(face, scalars)
                if !found.isEmpty { failures.append("\(path) face \(faceIndex): \(found)") }
            }
        }
        #expect(failures == [])
        // Nearly every real font has a well-formed format 4 or 12 map; the rest (bitmap-only, variable) ask FreeType.
        #expect(direct * 10 >= (direct + byFreeType.count) * 9, "\(direct) faces read directly; not: \(byFreeType)")
    }

    /// DejaVu Sans with bytes of its `cmap` table overwritten at random (and, every fourth time, its subtable
    /// offsets or segment counts): reading it never traps, and whenever it is read directly, every glyph equals what
    /// FreeType reads from the same damaged file — or FreeType refuses the file and there is nothing to compare.
    @Test func damagedCharacterMapsAgreeOrFallBack() throws {
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: TestFonts.dejaVuSans)))
        let (cmapAt, cmapLength) = try #require(Self.table("cmap", in: original))
        var random = SplitMix64(seed: 0x636D_6170)
        var read = 0
        var failures: [String] = []
        for trial in 0..<160 {
            var bytes = original
            let flips = 1 + Int(random.next() % 8)
            for _ in 0..<flips {
                // Every fourth trial aims at the header and encoding records or the first subtable's counts.
                let span = trial % 4 == 0 ? min(cmapLength, 64) : cmapLength
                bytes[cmapAt + Int(random.next() % UInt64(span))] = UInt8(truncatingIfNeeded: random.next())
            }
            let memory = FontMemory(Data(bytes))
            guard let face = try? FreeTypeFace(memory: memory, name: "damaged \(trial)", faceIndex: 0) else { continue }
            guard face.directAdvances != nil else { continue }
            read += 1
            let mapped = face.mappedScalars
            var scalars = Array(stride(from: UInt32(0), to: 0x2_0000, by: 17))
            for scalar in mapped.prefix(4000) { scalars += [scalar &- 1, scalar, scalar + 1] }
            let found = Self.differences(face, scalars)
            if !found.isEmpty { failures.append("trial \(trial): \(found)") }
        }
        #expect(failures == [])
        #expect(read > 40, "damaged tables read directly: \(read) of 160")
    }

    /// A `cmap` of hand-written bytes: format 4 with a delta segment, a glyph-array segment and the final U+FFFF
    /// segment, the OpenType spec's "Format 4" arithmetic worked by hand.
    @Test func handWrittenFormat4() throws {
        // Segments: 'A'…'C' delta +3 → glyphs 68…70; 'a'…'b' through the glyph array (words 9, 0) with delta 1 →
        // glyph 10 and unmapped (a zero word stays 0); U+FFFF alone, delta 1 → (0xFFFF + 1) mod 65536 = 0.
        let words: [UInt16] = [
            0, 1,  // version, one encoding record
            3, 1, 0, 12,  // platform 3, encoding 1, offset 12 (Offset32: high word, low word)
            4, 44, 0,  // subtable: format 4, length 44, language
            6, 4, 1, 2,  // segCountX2 = 6, searchRange, entrySelector, rangeShift
            0x43, 0x62, 0xFFFF,  // endCode
            0,  // reservedPad
            0x41, 0x61, 0xFFFF,  // startCode
            3, 1, 1,  // idDelta
            0, 4, 0,  // idRangeOffset: segment 1's words are 4 bytes past its own offset word, after the array
            9, 0,  // glyphIdArray
        ]
        let table = words.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let map = try #require(CharacterMap(table: table, platformID: 3, encodingID: 1, format: 4, glyphCount: 100))
        #expect([0x41, 0x42, 0x43, 0x44, 0x40].map { map.glyph(for: $0) } == [68, 69, 70, 0, 0])
        #expect([0x61, 0x62, 0x63].map { map.glyph(for: $0) } == [10, 0, 0])
        #expect([0xFFFF, 0x1_0041].map { map.glyph(for: $0) } == [0, 0])
        // A glyph past the face's glyph count is unmapped, as FT_Get_Char_Index answers it.
        let small = try #require(CharacterMap(table: table, platformID: 3, encodingID: 1, format: 4, glyphCount: 69))
        #expect([0x41, 0x42, 0x61].map { small.glyph(for: $0) } == [68, 0, 10])
        // Not the subtable asked for, or overlapping segments: nil, so FreeType answers.
        #expect(CharacterMap(table: table, platformID: 0, encodingID: 3, format: 4, glyphCount: 100) == nil)
        #expect(CharacterMap(table: table, platformID: 3, encodingID: 1, format: 12, glyphCount: 100) == nil)
        var overlapping = table
        overlapping[12 + 16 + 6 + 3] = 0x43  // segment 1 starts at 'C', where segment 0 ends…
        overlapping[49] = 0  // …and maps by delta (its glyph words would leave the table otherwise)
        #expect(CharacterMap(table: overlapping, platformID: 3, encodingID: 1, format: 4, glyphCount: 100) == nil)
        // The last segment, U+FFFF alone, through the glyph array: read when its word is inside the table (9 + 1),
        // unmapped when it points past the end (FreeType's "incorrect last segment" rule), not a refusal.
        var lastInside = table
        lastInside[51] = 2
        let inside = try #require(
            CharacterMap(table: lastInside, platformID: 3, encodingID: 1, format: 4, glyphCount: 100))
        #expect(inside.glyph(for: 0xFFFF) == 10)
        var lastOutside = table
        lastOutside[50] = 1
        let outside = try #require(
            CharacterMap(table: lastOutside, platformID: 3, encodingID: 1, format: 4, glyphCount: 100))
        #expect([0xFFFF, 0x41].map { outside.glyph(for: $0) } == [0, 68])
    }

    /// A hand-written format 12 subtable: two groups, one reaching past the Basic Multilingual Plane, one whose glyph
    /// numbers would overflow 32 bits.
    @Test func handWrittenFormat12() throws {
        var table: [UInt8] = [0, 0, 0, 1, 0, 3, 0, 10, 0, 0, 0, 12]
        let fields: [UInt32] = [
            0x000C_0000, 16 + 36, 0, 3,  // format 12, reserved; length; language; three groups
            0x41, 0x5A, 1,  // 'A'…'Z' → 1…26
            0x1_F600, 0x1_F64F, 500,  // 😀… → 500…
            0x2_0000, 0x2_0010, 0xFFFF_FFF8,  // overflows after 7: unmapped from U+20008
        ]
        for field in fields { table += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: field >> $0) } }
        let map = try #require(
            CharacterMap(table: table, platformID: 3, encodingID: 10, format: 12, glyphCount: 0x1_0000))
        #expect([0x41, 0x5A, 0x5B, 0x40].map { map.glyph(for: $0) } == [1, 26, 0, 0])
        #expect([0x1_F600, 0x1_F64F, 0x1_F650].map { map.glyph(for: $0) } == [500, 579, 0])
        // 0xFFFFFFF8 + 7 does not overflow but is past the glyph count; + 8 … + 16 overflow (to 0 … 8 if wrapped):
        // all unmapped, as FreeType's "reject invalid glyph index" has them.
        #expect([0x2_0007, 0x2_0008, 0x2_0009, 0x2_0010].map { map.glyph(for: $0) } == [0, 0, 0, 0])
        // `mayMap` answers by pages of 256 scalars: true in every page a group reaches (U+1F6FF maps nothing, but
        // its page holds U+1F600…), false in the others, and true past U+10FFFF, which the search answers.
        let reached: [UInt32] = [0x00, 0x41, 0xFF, 0x1_F6FF, 0x2_00FF, 0x11_0000, .max]
        #expect(reached.allSatisfy { map.mayMap($0) })
        let notReached: [UInt32] = [0x100, 0x1_F5FF, 0x1_F700, 0x2_0100, 0x10_FFFF]
        #expect(!notReached.contains { map.mayMap($0) })
    }

    /// `mayMap`'s pages from groups that span pages, end past U+10FFFF (its pages stop at U+10FFFF's) or start past
    /// it (no page): by hand, a format 12 subtable with U+30F0…U+3110 → 1…, U+10FF00…U+1100FF → 100… and
    /// U+120000…U+120005 → 7…; values past U+10FFFF are left to the search, which maps them as FreeType's does.
    @Test func pagesOfGroupsThatSpanPagesOrPassTheLastScalar() throws {
        var table: [UInt8] = [0, 0, 0, 1, 0, 3, 0, 10, 0, 0, 0, 12]
        let fields: [UInt32] = [
            0x000C_0000, 16 + 36, 0, 3,
            0x30F0, 0x3110, 1,
            0x10_FF00, 0x11_00FF, 100,
            0x12_0000, 0x12_0005, 7,
        ]
        for field in fields { table += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: field >> $0) } }
        let map = try #require(
            CharacterMap(table: table, platformID: 3, encodingID: 10, format: 12, glyphCount: 0x1_0000))
        let reached: [UInt32] = [0x3000, 0x30F0, 0x3100, 0x3110, 0x31FF, 0x10_FF00, 0x10_FFFF, 0x11_0050, 0x12_0003]
        #expect(reached.allSatisfy { map.mayMap($0) })
        let notReached: [UInt32] = [0x2FFF, 0x3200, 0x10_FE00, 0x10_FEFF]
        #expect(!notReached.contains { map.mayMap($0) })
        #expect(
            [0x30F0, 0x3110, 0x3111, 0x10_FFFF, 0x11_0050, 0x12_0003].map { map.glyph(for: $0) } == [
                1, 33, 0, 355, 436, 10,
            ])
    }

    /// `Font.mayMap` lets the cascade pass over a font before asking its glyph cache (`LayoutEngine.cascadeAdvance`):
    /// DejaVu Sans maps nothing in U+3000–U+30FF, U+6F00–U+6FFF or U+AC00–U+ACFF (fc-query 2.14's charset: nothing
    /// from U+2E2F to U+4DBF, none of Hangul), so `mayMap` is false there, and true in pages it maps something in.
    /// Every scalar of planes 0–2 whose page it clears is unmapped by FreeType itself.
    @Test func pagesAFontDoesNotReach() throws {
        let font = try Font(path: TestFonts.dejaVuSans)
        #expect(!font.mayMap(0x6F22) && !font.mayMap(0x3042) && !font.mayMap(0xAC00))
        #expect(font.mayMap(0x41) && font.mayMap(0x3A9) && font.mayMap(0x5D0))
        let face = try FreeTypeFace(path: TestFonts.dejaVuSans, faceIndex: 0)
        var cleared = 0
        for scalar in UInt32(0)..<0x3_0000 where !font.mayMap(scalar) {
            cleared += 1
            if face.glyphAdvance(for: scalar).isMapped { Issue.record("U+\(String(scalar, radix: 16)) is mapped") }
        }
        #expect(cleared > 0x2_0000)
    }

    /// Two encoding records with the same platform and encoding at two different subtables: which one FreeType
    /// selected depends on which its own validation kept (it drops a subtable it refuses, corrects some, accepts
    /// overlapping segments this reading refuses) and on their order, which the ids cannot tell, so the reading
    /// reads neither. By hand: a `cmap` with (3, 1) at a subtable mapping 'A'…'C' by delta +3 and (3, 1) again at one
    /// with delta +7 and a length field (16) shorter than its arrays, which `tt_cmap4_validate` corrects ("the
    /// `length' field is too small; this is easy to correct"). Spliced into DejaVu Sans, FreeType keeps both and
    /// selects the later, mapping 'A' to 72; the face is read by FreeType alone.
    @Test func twoSubtablesWithTheSameIdentityAreLeftToFreeType() throws {
        func format4(delta: UInt16, length: UInt16) -> [UInt16] {
            [4, length, 0, 4, 4, 1, 0, 0x43, 0xFFFF, 0, 0x41, 0xFFFF, delta, 1, 0, 0]
        }
        func table(_ records: [(UInt16, UInt16, Int)]) -> [UInt8] {
            // Subtable i starts after the header and records, 32 bytes each.
            let first = 4 + 8 * records.count
            var words: [UInt16] = [0, UInt16(records.count)]
            for (platform, encoding, subtable) in records {
                words += [platform, encoding, 0, UInt16(first + 32 * subtable)]
            }
            words += format4(delta: 3, length: 32) + format4(delta: 7, length: 16)
            return words.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        }
        let twice = table([(3, 1, 0), (3, 1, 1)])
        #expect(CharacterMap(table: twice, platformID: 3, encodingID: 1, format: 4, glyphCount: 100) == nil)
        // Two records at one subtable, or the second under other ids, are read.
        let shared = try #require(
            CharacterMap(
                table: table([(3, 1, 0), (3, 1, 0)]), platformID: 3, encodingID: 1, format: 4, glyphCount: 100))
        #expect(shared.glyph(for: 0x41) == 68)
        let other = try #require(
            CharacterMap(
                table: table([(3, 1, 0), (0, 3, 1)]), platformID: 0, encodingID: 3, format: 4, glyphCount: 100))
        #expect(other.glyph(for: 0x41) == 72)
        // FreeType on the same table inside a real font.
        let font = try [UInt8](Data(contentsOf: URL(fileURLWithPath: TestFonts.dejaVuSans)))
        let face = try FreeTypeFace(
            memory: FontMemory(Data(Self.replacingTable("cmap", in: font, with: twice))), name: "two (3, 1)",
            faceIndex: 0)
        #expect(face.glyphAdvance(for: 0x41).glyph == 72)
        #expect(face.directAdvances == nil)
    }

    /// `font` with its table `tag` replaced by `table`, appended at the end (4-byte aligned) and pointed at from the
    /// table directory (FreeType checks no checksum).
    static func replacingTable(_ tag: String, in font: [UInt8], with table: [UInt8]) -> [UInt8] {
        var bytes = font
        while bytes.count % 4 != 0 { bytes.append(0) }
        let offset = bytes.count
        bytes += table
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        for record in 0..<count where String(decoding: bytes[12 + 16 * record..<16 + 16 * record], as: UTF8.self) == tag
        {
            for (field, value) in [(8, offset), (12, table.count)] {
                for byte in 0..<4 {
                    bytes[12 + 16 * record + field + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * byte))
                }
            }
        }
        return bytes
    }

    /// The offset and length of the sfnt table `tag` in a font file's bytes.
    static func table(_ tag: String, in bytes: [UInt8]) -> (Int, Int)? {
        func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        for record in 0..<count {
            let at = 12 + 16 * record
            if String(decoding: bytes[at..<at + 4], as: UTF8.self) == tag { return (u32(at + 8), u32(at + 12)) }
        }
        return nil
    }

    /// Every .ttf, .otf and .ttc file under /usr/share/fonts.
    static func fontFiles() throws -> [String] {
        let root = URL(fileURLWithPath: "/usr/share/fonts")
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { ($0 as? URL)?.path }
            .filter { [".ttf", ".otf", ".ttc"].contains(where: $0.lowercased().hasSuffix) }.sorted()
    }
}
