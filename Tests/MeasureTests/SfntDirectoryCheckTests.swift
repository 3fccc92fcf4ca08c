import Foundation
import Testing

@testable import Measure

/// Damaged font files named by their table directory, on headers built by hand (offsets and lengths written in each
/// test) and on a real font cut short.
@Suite struct SfntDirectoryCheckTests {
    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value & 0xFFFF) }

    /// An sfnt directory of `tables` (tag, offset, length) at the start of the file.
    static func directory(_ tables: [(String, Int, Int)], version: Int = 0x0001_0000) -> [UInt8] {
        var bytes = be32(version) + be16(tables.count) + be16(0) + be16(0) + be16(0)
        for (tag, offset, length) in tables { bytes += Array(tag.utf8) + be32(0) + be32(offset) + be32(length) }
        return bytes
    }

    @Test func aTableRunningPastTheEndIsACut() {
        let header = Self.directory([("head", 44, 54), ("loca", 98, 1_000), ("glyf", 1_098, 300)])
        #expect(
            SfntDirectoryCheck.problem(header: header, fileSize: 500, faceIndex: 0)
                == "table 'glyf' runs to byte 1398, past the file's end (500 bytes): the file is cut short")
        #expect(SfntDirectoryCheck.problem(header: header, fileSize: 1_398, faceIndex: 0) == nil)
        // CFF outlines ('OTTO') have the same directory.
        let cff = Self.directory([("CFF ", 28, 10_000)], version: 0x4F54_544F)
        #expect(
            SfntDirectoryCheck.problem(header: cff, fileSize: 2_000, faceIndex: 0)?.hasPrefix("table 'CFF '") == true)
        let directoryCut = Self.directory([])  // claims no tables, then made to claim 100
        var claimed = directoryCut
        claimed.replaceSubrange(4..<6, with: Self.be16(100))
        #expect(
            SfntDirectoryCheck.problem(header: claimed, fileSize: 50, faceIndex: 0)
                == "table directory lists 100 tables, running past the file's end (50 bytes): the file is cut short")
    }

    @Test func aCollectionFaceOutsideTheFile() {
        let ttcf = Array("ttcf".utf8) + Self.be32(0x0001_0000) + Self.be32(2)
        #expect(
            SfntDirectoryCheck.problem(header: ttcf + Self.be32(20) + Self.be32(9_000), fileSize: 100, faceIndex: 1)
                == "collection face 1 starts at byte 9000, past the file's end (100 bytes)")
        #expect(
            SfntDirectoryCheck.problem(header: ttcf + Self.be32(0) + Self.be32(0), fileSize: 100, faceIndex: 0)
                == "collection face 0 starts at byte 0, inside the collection's own header (20 bytes)")
        // The face's own directory is checked where the collection puts it.
        let face = Self.directory([("hmtx", 60, 5_000)])
        let collection = ttcf + Self.be32(20) + Self.be32(20) + face
        #expect(
            SfntDirectoryCheck.problem(header: collection, fileSize: collection.count, faceIndex: 1)
                == "collection face 1 table 'hmtx' runs to byte 5060, past the file's end (48 bytes): the file is "
                + "cut short")
        // A face past the count is FreeType's to name (face index out of range), in a collection or a single font.
        #expect(SfntDirectoryCheck.problem(header: collection, fileSize: collection.count, faceIndex: 2) == nil)
        #expect(SfntDirectoryCheck.problem(header: face, fileSize: 48, faceIndex: 1) == nil)
        #expect(SfntDirectoryCheck.problem(header: face, fileSize: 48, faceIndex: 0x1_0000) == nil)
        // A count the file cannot hold is said as such, not as a face inside a header of 17 GB.
        let impossible = Array("ttcf".utf8) + Self.be32(0x0001_0000) + Self.be32(0xFFFF_FFFF) + Self.be32(16)
        #expect(
            SfntDirectoryCheck.problem(header: impossible, fileSize: 16, faceIndex: 0)
                == "its collection header lists 4294967295 faces, more than the file's 16 bytes hold: the file is "
                + "cut short or its header damaged")
    }

    @Test func bytesWithoutAnSfntDirectoryAreNotJudged() {
        #expect(
            SfntDirectoryCheck.problem(header: Array("wOFF".utf8) + [0, 1, 0, 0], fileSize: 8, faceIndex: 0) == nil)
        #expect(SfntDirectoryCheck.problem(header: [], fileSize: 0, faceIndex: 0) == nil)
        #expect(SfntDirectoryCheck.problem(header: [0, 1, 0], fileSize: 3, faceIndex: 0) == nil)
    }

    /// DejaVu Sans cut at 9,000 bytes: FreeType said "FreeType error 144 (locations (loca) table missing)" or the
    /// like; the error now says the file is cut short, for a file and for the same bytes in memory.
    @Test func aRealFontCutShortSaysSo() throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: TestFonts.dejaVuSans))
        let cut = whole.prefix(9_000)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID()).ttf").path
        try cut.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for load in [{ try Font(path: path) }, { try Font(data: cut, name: path) }] {
            do {
                _ = try load()
                Issue.record("a cut font loaded")
            } catch let error as FontError {
                guard case .damaged(_, 0, let problem) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(problem.hasSuffix("past the file's end (9000 bytes): the file is cut short"))
            }
        }
    }
}
