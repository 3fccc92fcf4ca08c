import Cache
import Foundation
import Testing

@testable import Measure

/// WOFF and WOFF2 web fonts measure as the TrueType or OpenType font they wrap (`SfntUnpacking`): HarfBuzz read no
/// table of theirs, so every shaped run's glyphs went missing (DejaVu Sans as WOFF: 83.0 pt shaped for a line of
/// 176.8 pt). Fonts of formats no Apple platform measures (Type 1, BDF, PCF…) are refused by name.
@Suite struct WebFontTests {
    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value & 0xFFFF) }

    /// `sfnt` (a TrueType or OpenType file's bytes) wrapped as WOFF 1.0 with every table stored uncompressed, which
    /// the format allows ("WOFF File Format 1.0" §5: compLength equal to origLength means stored as is): a 44-byte
    /// header, a 20-byte directory entry per table, the tables each padded to four bytes.
    static func woff(_ sfnt: [UInt8]) -> [UInt8] {
        func u32(_ at: Int) -> Int { sfnt[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let count = Int(sfnt[4]) << 8 | Int(sfnt[5])
        let records = (0..<count).map { index in
            let at = 12 + 16 * index
            return (tag: u32(at), checksum: u32(at + 4), offset: u32(at + 8), length: u32(at + 12))
        }
        let padded = { (length: Int) in (length + 3) & ~3 }
        var dataOffset = 44 + 20 * count
        var directory: [UInt8] = [], data: [UInt8] = []
        for record in records {
            directory +=
                be32(record.tag) + be32(dataOffset) + be32(record.length) + be32(record.length)
                + be32(record.checksum)
            data += sfnt[record.offset..<record.offset + record.length]
            data += [UInt8](repeating: 0, count: padded(record.length) - record.length)
            dataOffset += padded(record.length)
        }
        let totalSfntSize = 12 + 16 * count + records.reduce(0) { $0 + padded($1.length) }
        let header =
            Array("wOFF".utf8) + be32(u32(0)) + be32(dataOffset) + be16(count) + be16(0) + be32(totalSfntSize)
            + be16(1) + be16(0) + be32(0) + be32(0) + be32(0) + be32(0) + be32(0)
        return header + directory + data
    }

    static func temporaryFile(_ bytes: [UInt8], name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("webfont-\(UUID().uuidString)-\(name)")
            .path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Latin with kerning and a ligature, and Arabic (shaped by HarfBuzz, DejaVu Sans has it), as the TTF measures
    /// them, with both shapers, from a WOFF file and from WOFF bytes. "hello" is also summed by hand: 4,949 units
    /// (h 1298, e 1260, l 569 twice, o 1253; fontTools hmtx) at 2048 pt.
    @Test func aWOFFFontMeasuresAsItsTTF() throws {
        let ttf = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFonts.dejaVuSans)))
        let path = try Self.temporaryFile(Self.woff(ttf), name: "DejaVuSans.woff")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fromFile = try Font(path: path)
        let fromData = try Font(data: Data(Self.woff(ttf)), name: "DejaVuSans.woff (bytes)")
        #expect(!fromFile.isFromMemory && fromFile.fileStamp != nil && fromFile.dataDigest == nil)
        #expect(fromData.isFromMemory && fromData.dataDigest == SHA256.hash(Self.woff(ttf)))
        #expect(fromFile.familyName == "DejaVu Sans" && fromFile.openTypeFeatures.hasKerning)
        let original = try Font(path: TestFonts.dejaVuSans)
        let texts = ["AVATAR Wave To office", "مرحبا بالعالم", "hello"]
        for shaper in [ShaperChoice.automatic, .harfBuzz] {
            func widths(_ font: Font) throws -> [Double] {
                let measurer = TextMeasurer(
                    cascade: try FontCascade([font]), pointSize: 2048, options: MeasureOptions(shaper: shaper))
                return texts.map { measurer.measure($0).width }
            }
            let expected = try widths(original)
            #expect(expected[2] == 4_949)
            #expect(try widths(fromFile) == expected, "\(shaper)")
            #expect(try widths(fromData) == expected, "\(shaper)")
        }
    }

    /// A WOFF2 file (Brotli, its glyf and loca transformed; fontTools made it from the repository's legacy-kern subset
    /// of DejaVu Serif) measures as that subset: "Ta" is T 1366 + a 1221 − 120 (the pair) at 2048 pt.
    @Test func aWOFF2FontMeasuresAsItsTTF() throws {
        let woff2 = TestFonts.legacyKernSubset.replacingOccurrences(of: ".ttf", with: ".woff2")
        for shaper in [ShaperChoice.automatic, .harfBuzz] {
            let measurer = TextMeasurer(
                cascade: try FontCascade([try Font(path: woff2)]), pointSize: 2048,
                options: MeasureOptions(shaper: shaper))
            #expect(measurer.measure("Ta").width == 1366 + 1221 - 120, "\(shaper)")
            #expect(measurer.measure("Wave").width == measurer.measure("W").width + measurer.measure("ave").width - 80)
        }
    }

    /// The sfnt a web font's tables are written to: the offset table's search fields for 5 tables (16 × 4, log2 4,
    /// 16 × 5 − 64), the directory sorted by tag with offsets after it, each table padded to four bytes, and each
    /// checksum the sum of big-endian words ("Organization of an OpenType Font": 0x01020304 + 0x05000000).
    @Test func theSfntIsWrittenAsTheSpecLaysItOut() {
        let tables: [(tag: UInt32, bytes: [UInt8])] = [
            (0x6E61_6D65, [1, 2, 3, 4, 5]), (0x4346_4620, [9]), (0x6865_6164, []), (0x636D_6170, [7, 7]),
            (0x6D61_7870, [0, 0, 0, 1]),
        ]
        let sfnt = SfntUnpacking.sfnt(tables)
        #expect(
            Array(sfnt[0..<12]) == Self.be32(0x4F54_544F) + Self.be16(5) + Self.be16(64) + Self.be16(2) + Self.be16(16))
        let directory = (0..<5).map { index in
            (0..<4).map { field in
                sfnt[12 + 16 * index + 4 * field..<16 + 16 * index + 4 * field].reduce(0) { $0 << 8 | Int($1) }
            }
        }
        #expect(directory.map { $0[0] } == [0x4346_4620, 0x636D_6170, 0x6865_6164, 0x6D61_7870, 0x6E61_6D65])
        #expect(directory.map { $0[2] } == [92, 96, 100, 100, 104])
        #expect(directory.map { $0[3] } == [1, 2, 0, 4, 5])
        #expect(directory[4][1] == 0x0102_0304 + 0x0500_0000 && directory[0][1] == 0x0900_0000)
        #expect(sfnt.count == 112 && Array(sfnt[104..<112]) == [1, 2, 3, 4, 5, 0, 0, 0])
        #expect(SfntUnpacking.sfnt([(0x676C_7966, [1])]).prefix(4) == [0, 1, 0, 0])
    }

    /// A BDF font (written here: one bitmap glyph) opens in FreeType but is no TrueType or OpenType font: refused by
    /// its format's name (it was measured, or refused for its character map, by rules no device follows).
    @Test func aBDFFontIsRefusedByItsFormat() throws {
        let bdf = """
            STARTFONT 2.1
            FONT -misc-tiny-medium-r-normal--8-80-75-75-c-50-iso10646-1
            SIZE 8 75 75
            FONTBOUNDINGBOX 5 8 0 -1
            STARTPROPERTIES 3
            FONT_ASCENT 7
            FONT_DESCENT 1
            CHARSET_REGISTRY "ISO10646"
            ENDPROPERTIES
            CHARS 1
            STARTCHAR A
            ENCODING 65
            SWIDTH 500 0
            DWIDTH 5 0
            BBX 5 8 0 -1
            BITMAP
            20
            50
            88
            88
            F8
            88
            88
            00
            ENDCHAR
            ENDFONT

            """
        let path = try Self.temporaryFile(Array(bdf.utf8), name: "tiny.bdf")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: FontError.notOpenType(path: path, format: "BDF")) { try Font(path: path) }
        let message = FontError.notOpenType(path: "tiny.bdf", format: "BDF").description
        #expect(message.hasPrefix("not a TrueType or OpenType font: tiny.bdf is a BDF font"))
    }
}
