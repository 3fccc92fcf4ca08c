import Foundation
import Testing

@testable import Measure

/// Fonts made for the Mac carry Apple's layout tables, which HarfBuzz applies in place of OpenType's ('morx' instead
/// of GSUB for horizontal text, 'kerx' instead of GPOS; `hb_ot_shape_planner_t::compile`, HarfBuzz 6.0) and the fast
/// path does not read: every run of such a font is shaped (`Font.shapesEveryRun`), so both shapers agree. The fonts
/// are the repository's legacy-kern subset of DejaVu Serif (glyphs T 2, W 3, a 4, v 8; 2048 units per em) with tables
/// added here.
@Suite struct AppleLayoutTablesTests {
    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value & 0xFFFF) }

    /// The subset with `added` tables put in (or replacing its own), as a new sfnt: directory sorted by tag,
    /// tables padded to four bytes (FreeType and HarfBuzz check no checksum).
    static func font(adding added: [String: [UInt8]], name: String) throws -> Font {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFonts.legacyKernSubset)))
        func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var tables: [String: [UInt8]] = [:]
        for record in 0..<(Int(bytes[4]) << 8 | Int(bytes[5])) {
            let at = 12 + 16 * record
            let tag = String(decoding: bytes[at..<at + 4], as: UTF8.self)
            tables[tag] = Array(bytes[u32(at + 8)..<u32(at + 8) + u32(at + 12)])
        }
        tables.merge(added) { $1 }
        let tags = tables.keys.sorted()
        var directory = be32(0x0001_0000) + be16(tags.count) + be16(0) + be16(0) + be16(0)
        var data: [UInt8] = []
        for tag in tags {
            let table = tables[tag]!
            directory += Array(tag.utf8) + be32(0) + be32(12 + 16 * tags.count + data.count) + be32(table.count)
            data += table + [UInt8](repeating: 0, count: (4 - table.count % 4) % 4)
        }
        return try Font(data: Data(directory + data), name: name)
    }

    static func widths(_ font: Font, _ text: String) throws -> (automatic: Double, harfBuzz: Double) {
        func width(_ shaper: ShaperChoice) throws -> Double {
            TextMeasurer(cascade: try FontCascade([font]), pointSize: 2048, options: MeasureOptions(shaper: shaper))
                .measure(text).width
        }
        return (try width(.automatic), try width(.harfBuzz))
    }

    /// A 'morx' table of one chain, enabled by default, with one noncontextual subtable (type 4, horizontal) whose
    /// lookup (format 8, a trimmed array) turns a (4) into W (3) — "The 'morx' table" in Apple's TrueType Reference
    /// Manual. HarfBuzz applies it: "a Ta" is W 2105 + space 651 + T 1366 + W 2105 = 6,227 (the font's hmtx; T W is no
    /// pair). The fast path alone measured 4,339 (a 1221 and the pair T a −120).
    @Test func aFontWithMorxIsShapedByHarfBuzz() throws {
        let lookup = Self.be16(8) + Self.be16(4) + Self.be16(1) + Self.be16(3)
        let subtable = Self.be32(12 + lookup.count) + Self.be32(0x0000_0004) + Self.be32(1) + lookup
        let chain = Self.be32(1) + Self.be32(16 + subtable.count) + Self.be32(0) + Self.be32(1) + subtable
        let font = try Self.font(adding: ["morx": Self.be16(2) + Self.be16(0) + Self.be32(1) + chain], name: "morx")
        let (automatic, harfBuzz) = try Self.widths(font, "a Ta")
        #expect(harfBuzz == 2105 + 651 + 1366 + 2105)
        #expect(automatic == harfBuzz)
        #expect(font.shapingTriggers(language: nil, kerns: true, ligates: true).contains(4))
    }

    /// A 'kerx' table (format 0, one pair T a −400: "The 'kerx' table" in Apple's TrueType Reference Manual) and no
    /// GPOS: HarfBuzz positions by it instead of the 'kern' table's T a −120, so "Ta" is 1366 + 1221 − 400 = 2,187 with
    /// both shapers (the fast path alone said 2,467). The subset without it keeps its fast path (a is no trigger).
    @Test func aFontWithKerxAndNoGPOSIsShaped() throws {
        let pairs =
            Self.be32(1) + Self.be32(6) + Self.be32(0) + Self.be32(0) + Self.be16(2) + Self.be16(4)
            + Self.be16(-400 & 0xFFFF)
        let subtable = Self.be32(12 + pairs.count) + Self.be32(0x0000_0000) + Self.be32(0) + pairs
        let kerx = try Self.font(
            adding: ["kerx": Self.be16(2) + Self.be16(0) + Self.be32(1) + subtable], name: "kerx")
        let (automatic, harfBuzz) = try Self.widths(kerx, "Ta")
        #expect(harfBuzz == 1366 + 1221 - 400)
        #expect(automatic == harfBuzz)
        for glyph: UInt32 in [1, 2, 4, 8] {
            #expect(kerx.shapingTriggers(language: nil, kerns: true, ligates: true).contains(glyph))
        }
        let plain = try Font(path: TestFonts.legacyKernSubset)
        #expect(!plain.shapingTriggers(language: nil, kerns: true, ligates: true).contains(4))
    }

    /// An Apple 'kern' table whose first subtable is format 1 (contextual kerning by a state machine, not read here)
    /// and whose second holds the pair T a −120: the font's text goes to HarfBuzz whatever it makes of the first, so
    /// both shapers agree; with kerning off (`--plain`) the fast path stays.
    @Test func appleStateMachineKerningIsLeftToHarfBuzz() throws {
        let stateMachine = Self.be32(8 + 10) + [0x00, 0x01] + Self.be16(0) + [UInt8](repeating: 0, count: 10)
        let pairs =
            Self.be32(8 + 14) + [0x00, 0x00] + Self.be16(0) + Self.be16(1) + Self.be16(6) + Self.be16(0)
            + Self.be16(0) + Self.be16(2) + Self.be16(4) + Self.be16(-120 & 0xFFFF)
        let table = Self.be32(0x0001_0000) + Self.be32(2) + stateMachine + pairs
        let font = try Self.font(adding: ["kern": table], name: "kern format 1")
        #expect(font.openTypeFeatures.kerningNeedsShaping)
        let (automatic, harfBuzz) = try Self.widths(font, "Ta Wa")
        #expect(automatic == harfBuzz)
        #expect(font.shapingTriggers(language: nil, kerns: true, ligates: true).contains(4))
        #expect(!font.shapingTriggers(language: nil, kerns: false, ligates: true).contains(4))
    }
}
