import Testing

@testable import Catalogs

/// `.mo` files built to break the reader: truncated, offsets and lengths out of range, counts no file can hold,
/// overlapping strings, unknown revisions. Each is a `CatalogError` saying what is wrong, never a trap or a huge
/// allocation.
@Suite(.timeLimit(.minutes(1))) struct GettextHostileMOTests {
    /// The German sample: header 28 bytes, 4 messages, tables at 28 and 60, strings from 92.
    static let valid = GettextMOFixture.build(GettextMOFixture.german)

    func error(_ bytes: [UInt8]) -> CatalogError? {
        thrownCatalogError { _ = try GettextParser.parse(bytes, file: "x.mo", locale: "de") }
    }

    @Test("every truncation of a valid file is an error, never a trap")
    func truncations() {
        for length in 4..<Self.valid.count {
            #expect(error(Array(Self.valid.prefix(length))) != nil, "prefix of \(length) bytes")
        }
        #expect(
            error(Array(Self.valid.prefix(27)))?.message == "truncated: a .mo file has a header of 28 bytes, this "
                + "file has 27")
    }

    @Test("N = 2^32-1 messages: the tables cannot fit, said before anything is reserved")
    func hugeCount() {
        var bytes = Self.valid
        GettextMOFixture.set(&bytes, word: 0xFFFF_FFFF, at: 8)
        #expect(
            error(bytes)
                == CatalogError(
                    file: "x.mo", position: nil,
                    message: "the table of original strings "
                        + "(4294967295 entries of 8 bytes at offset 28) runs past the end of the file (\(bytes.count) bytes)"
                ))
        // The same count in a big-endian file.
        var big = GettextMOFixture.build(GettextMOFixture.german, bigEndian: true)
        GettextMOFixture.set(&big, word: 0xFFFF_FFFF, at: 8, bigEndian: true)
        #expect(error(big)?.message.hasPrefix("the table of original strings (4294967295 entries") == true)
    }

    @Test("a table offset past the end of the file")
    func tableOutOfRange() {
        var bytes = Self.valid
        GettextMOFixture.set(&bytes, word: 0xFFFF_FFF0, at: 16)
        #expect(
            error(bytes)?.message == "the table of translations (4 entries of 8 bytes at offset 4294967280) runs "
                + "past the end of the file (\(bytes.count) bytes)")
    }

    @Test("a string offset or length out of range names its message")
    func stringOutOfRange() {
        // Message 2's original is the second (length, offset) pair of the table at 28: length at 36, offset at 40.
        var offset = Self.valid
        GettextMOFixture.set(&offset, word: 0xFFFF_FFFF, at: 40)
        #expect(
            error(offset)
                == CatalogError(
                    file: "x.mo", position: SourcePosition(line: 2, column: 1),
                    message: "message 2: the string of 16 bytes at offset 4294967295 runs past the end of the file "
                        + "(\(offset.count) bytes)"))
        var length = Self.valid
        GettextMOFixture.set(&length, word: 0xFFFF_FFFF, at: 36)
        #expect(error(length)?.message.hasPrefix("message 2: the string of 4294967295 bytes at offset") == true)
    }

    @Test("a string that does not end in NUL")
    func notTerminated() {
        var bytes = Self.valid
        // The last string, "Öffnen…", ends the file with its NUL.
        bytes[bytes.count - 1] = UInt8(ascii: "x")
        #expect(error(bytes)?.message.hasSuffix("does not end in a NUL byte") == true)
        #expect(error(bytes)?.position == SourcePosition(line: 4, column: 1))
    }

    @Test("strings or tables that share bytes are refused")
    func overlaps() {
        // Message 4's translation pointed at message 3's translation.
        var strings = Self.valid
        let third = Array(strings[60 + 16 + 4..<60 + 16 + 8])
        strings.replaceSubrange(60 + 24 + 4..<60 + 24 + 8, with: third)
        GettextMOFixture.set(&strings, word: UInt32("Öffnen".utf8.count), at: 60 + 24)
        #expect(
            error(strings)?.message.hasSuffix("belong to two strings or tables at once (overlapping offsets)")
                == true)
        // Both tables at one place.
        var tables = Self.valid
        GettextMOFixture.set(&tables, word: 28, at: 16)
        #expect(error(tables)?.message.contains("overlapping offsets") == true)
    }

    @Test("a major revision above 1, and a file that is not a .mo")
    func revisions() {
        var bytes = Self.valid
        GettextMOFixture.set(&bytes, word: 0x0002_0000, at: 4)
        #expect(
            error(bytes)?.message == "revision 2.0 of the .mo format is not known (gettext reads major revisions "
                + "0 and 1)")
        // Revision 0.1 (what msgfmt writes for `<PRI…>` macros) has the 48-byte header; without system-dependent
        // strings it reads like 0.0.
        let minor = GettextMOFixture.build(GettextMOFixture.german, revision: 0x0000_0001)
        #expect(error(minor) == nil)
        #expect(
            (try? MOFileReader.read(minor, file: "de.mo"))?.count
                == (try? MOFileReader.read(Self.valid, file: "de.mo"))?.count)
        // Major revision 1 with minor 0 has no system-dependent strings either: the 28-byte layout is read.
        GettextMOFixture.set(&bytes, word: 0x0001_0000, at: 4)
        #expect(error(bytes) == nil)
    }

    @Test("a file named .mo without the magic number is reported as not a .mo, not read as .po text")
    func namedMOWithoutMagic() {
        #expect(
            error([0x6D, 0x73, 0x67])?.message == "truncated: a .mo file has a header of 28 bytes, this file has 3")
        let text = Array("msgid \"a\"\nmsgstr \"b\"\n# padding to 28 bytes and more\n".utf8)
        #expect(error(text)?.message == "not a .mo file (no magic number 0x950412de)")
        // The same text named .po is a catalog.
        #expect((try? GettextParser.parse(text, file: "x.po", locale: "de"))?.entries.map(\.text) == ["b"])
    }

    @Test("a revision 1 file too short for its header, with a huge segment count, or a bad segment reference")
    func systemDependent() {
        var short = Self.valid
        GettextMOFixture.set(&short, word: 0x0001_0001, at: 4)
        // The valid file has 28 header bytes and its table at 28: the words 28–44 are its table, read as segments.
        #expect(error(short) != nil)
        // A well-formed revision 1 header (48 bytes) with 2^32-1 segments.
        var header = GettextMOFixture.words(
            [0x9504_12DE, 0x0001_0001, 0, 48, 48, 0, 0, 0xFFFF_FFFF, 48, 0, 48, 48],
            bigEndian: false)
        #expect(
            error(header)?.message == "the table of system-dependent segments (4294967295 entries of 8 bytes at "
                + "offset 48) runs past the end of the file (48 bytes)")
        // One system-dependent string whose piece names segment 7 of none.
        // Its tables (at 48 and 52) both point to the descriptor at 56: static text at 72, then (0 bytes, segment 7).
        header = GettextMOFixture.words(
            [
                0x9504_12DE, 0x0001_0001, 0, 48, 48, 0, 0, 0, 48, 1, 48, 52,
                56, 56, 72, 0, 7, 0, 0xFFFF_FFFF,
            ], bigEndian: false)
        #expect(error(header)?.message == "message 1: segment 7 does not exist (the file has 0)")
    }

    @Test("any byte set to 0xFF or 0x00 gives entries or an error, never a trap")
    func corruptedBytes() {
        for index in Self.valid.indices {
            for value: UInt8 in [0x00, 0xFF, 0x7F] {
                var bytes = Self.valid
                bytes[index] = value
                _ = error(bytes)
            }
        }
    }
}
