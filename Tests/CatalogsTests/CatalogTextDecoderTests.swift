import Testing

@testable import Catalogs

/// UTF-16 bytes of `units` in either byte order, with an optional byte-order mark, built by hand for the tests.
func utf16Bytes(_ units: [UInt16], bigEndian: Bool, byteOrderMark: Bool) -> [UInt8] {
    var bytes: [UInt8] = []
    for unit in (byteOrderMark ? [0xFEFF] : []) + units {
        let high = UInt8(unit >> 8)
        let low = UInt8(unit & 0xFF)
        bytes += bigEndian ? [high, low] : [low, high]
    }
    return bytes
}

/// UTF-16 bytes of `text`.
func utf16Bytes(_ text: String, bigEndian: Bool, byteOrderMark: Bool) -> [UInt8] {
    utf16Bytes(Array(text.utf16), bigEndian: bigEndian, byteOrderMark: byteOrderMark)
}

/// The `CatalogError` `body` throws, or nil (closures infer untyped throws, hence the cast).
func thrownCatalogError(_ body: () throws -> Void) -> CatalogError? {
    do {
        try body()
        return nil
    } catch {
        return error as? CatalogError
    }
}

/// Encoding detection, transcoding, and where undecodable bytes are reported.
@Suite struct CatalogTextDecoderTests {
    @Test("UTF-8 without a byte-order mark is returned as is")
    func plainUTF8() throws {
        let bytes: [UInt8] = [0x22, 0x61, 0x22, 0x20, 0xC3, 0xA9]  // "a" é
        let decoded = try CatalogTextDecoder.decode(bytes, file: "f")
        #expect(decoded.utf8 == bytes)
        #expect(decoded.encoding == .utf8)
        #expect(decoded.hadByteOrderMark == false)
        #expect(decoded.string == "\"a\" é")
    }

    @Test("a UTF-8 byte-order mark is recognised and dropped")
    func utf8WithMark() throws {
        let decoded = try CatalogTextDecoder.decode([0xEF, 0xBB, 0xBF, 0x61, 0x62], file: "f")
        #expect(decoded.utf8 == [0x61, 0x62])
        #expect(decoded.encoding == .utf8)
        #expect(decoded.hadByteOrderMark)
    }

    @Test(
        "UTF-16 with and without a byte-order mark, both byte orders",
        arguments: [
            (false, true, CatalogTextDecoder.Encoding.utf16LittleEndian),
            (false, false, .utf16LittleEndian),
            (true, true, .utf16BigEndian),
            (true, false, .utf16BigEndian),
        ])
    func utf16(bigEndian: Bool, mark: Bool, expected: CatalogTextDecoder.Encoding) throws {
        let bytes = utf16Bytes("\"ü\" = \"😀 €\";\n", bigEndian: bigEndian, byteOrderMark: mark)
        let decoded = try CatalogTextDecoder.decode(bytes, file: "f")
        #expect(decoded.encoding == expected)
        #expect(decoded.hadByteOrderMark == mark)
        #expect(decoded.string == "\"ü\" = \"😀 €\";\n")
        #expect(
            decoded.utf8 == [
                0x22, 0xC3, 0xBC, 0x22, 0x20, 0x3D, 0x20, 0x22, 0xF0, 0x9F, 0x98, 0x80, 0x20,
                0xE2, 0x82, 0xAC, 0x22, 0x3B, 0x0A,
            ])
    }

    @Test("without a byte-order mark, NUL bytes decide between UTF-16LE, UTF-16BE and UTF-8")
    func heuristic() {
        #expect(CatalogTextDecoder.detectEncoding(of: [0x61, 0x00, 0x62, 0x00]).encoding == .utf16LittleEndian)
        #expect(CatalogTextDecoder.detectEncoding(of: [0x00, 0x61, 0x00, 0x62]).encoding == .utf16BigEndian)
        #expect(CatalogTextDecoder.detectEncoding(of: [0x61, 0x62]).encoding == .utf8)
        #expect(CatalogTextDecoder.detectEncoding(of: [0x61]).encoding == .utf8)
        #expect(CatalogTextDecoder.detectEncoding(of: []).encoding == .utf8)
        // CJK UTF-16 has few NUL bytes; a .strings file still starts with an ASCII quote or comment.
        let japanese = utf16Bytes("\"キー\" = \"値\";", bigEndian: false, byteOrderMark: false)
        #expect(CatalogTextDecoder.detectEncoding(of: japanese).encoding == .utf16LittleEndian)
        // 一 (U+4E00) puts a NUL at an even offset in UTF-16LE; the ASCII first character still decides.
        let chinese = utf16Bytes("\"一\" = \"一一\";", bigEndian: false, byteOrderMark: false)
        #expect(CatalogTextDecoder.detectEncoding(of: chinese).encoding == .utf16LittleEndian)
        // Starting with a non-ASCII character, the NULs vote: "é" then "ab" in LE is E9 00 61 00 62 00.
        #expect(CatalogTextDecoder.detectEncoding(of: [0xE9, 0x00, 0x61, 0x00]).encoding == .utf16LittleEndian)
        // "中ab" in BE is 4E 2D 00 61 00 62: no NUL in the first unit, two at even offsets.
        #expect(
            CatalogTextDecoder.detectEncoding(of: [0x4E, 0x2D, 0x00, 0x61, 0x00, 0x62]).encoding
                == .utf16BigEndian)
        #expect(CatalogTextDecoder.detectEncoding(of: [0x00, 0x00, 0x61, 0x62]).encoding == .utf8)
    }

    /// A UTF-8 file with a NUL among its first 64 bytes, where the first character does not decide, is UTF-8 — as
    /// Foundation reads it (`plutil -convert json` of this file gives `{"a":"x\u0000y","b":"ok"}`) — not UTF-16,
    /// which made the whole file fail ("expected a key …, found '≡'"): one NUL is not the NUL in every other byte
    /// that UTF-16 text has.
    @Test func aStrayNULInUTF8TextKeepsItUTF8() throws {
        for text in [
            "\"a\" = \"x\0y\";\n\"b\" = \"ok\";\n\n", "\"a\" = \"x\0y\";\n\"b\" = \"ok\";\n",
            "\"Grüße\" = \"Schöne Grüße\0!\";\n",
        ] {
            let decoded = try CatalogTextDecoder.decode(Array(text.utf8), file: "de.lproj/L.strings")
            #expect(decoded.encoding == .utf8, "\(text.debugDescription)")
            #expect(decoded.string == text)
        }
        // UTF-16 of ideographs without a byte-order mark, whose first character is not ASCII: few NULs, but no UTF-8
        // either, so the vote decides (a NUL at the odd offset of each of its ASCII characters).
        let ideographs = utf16Bytes("中文中文中文中文中文中文中文中文中文中文中文\"a\"", bigEndian: false, byteOrderMark: false)
        #expect(CatalogTextDecoder.detectEncoding(of: ideographs).encoding == .utf16LittleEndian)
        // UTF-16 whose first unit has no NUL still wins the vote: "中" then ASCII has a NUL in every other byte.
        let chinese = utf16Bytes("中\" = \"x\";", bigEndian: true, byteOrderMark: false)
        #expect(CatalogTextDecoder.detectEncoding(of: chinese).encoding == .utf16BigEndian)
    }

    @Test(
        "invalid UTF-8 throws at the line and column of the bad byte",
        arguments: [
            // ab LF cd 0xFF: line 2, column 3.
            ([0x61, 0x62, 0x0A, 0x63, 0x64, 0xFF], 2, 3, "byte 0xFF never occurs in UTF-8"),
            // éé then C3 followed by '(' : the third scalar of line 1.
            ([0xC3, 0xA9, 0xC3, 0xA9, 0xC3, 0x28], 1, 3, "byte 0x28 cannot follow 0xC3"),
            // A stray continuation byte after a CRLF.
            ([0x61, 0x0D, 0x0A, 0x80], 2, 1, "continuation byte"),
            // An overlong "/" (C0 AF) and an overlong 3-byte form.
            ([0x20, 0xC0, 0xAF], 1, 2, "never occurs"),
            ([0xE0, 0x80, 0xAF], 1, 1, "overlong"),
            // An encoded surrogate, and a scalar above U+10FFFF.
            ([0x61, 0xED, 0xA0, 0x80], 1, 2, "surrogate"),
            ([0xF4, 0x90, 0x80, 0x80], 1, 1, "beyond U+10FFFF"),
            // A sequence cut by the end of the file, after a line of eight ASCII bytes (the fast path).
            (
                [0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0x0A, 0xE2, 0x82], 2, 1,
                "ends inside a 3-byte sequence"
            ),
            // A bad third byte.
            ([0xE2, 0x82, 0x41], 1, 1, "where a continuation byte"),
        ] as [([UInt8], Int, Int, String)])
    func invalidUTF8(bytes: [UInt8], line: Int, column: Int, message: String) {
        let error = thrownCatalogError { _ = try CatalogTextDecoder.decode(bytes, file: "bad.strings") }
        #expect(error?.file == "bad.strings")
        #expect(error?.position == SourcePosition(line: line, column: column))
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
    }

    @Test("invalid UTF-8 after a byte-order mark is located in the text after the mark")
    func invalidUTF8AfterMark() {
        let error = thrownCatalogError { _ = try CatalogTextDecoder.decode([0xEF, 0xBB, 0xBF, 0x61, 0xFE], file: "f") }
        #expect(error?.position == SourcePosition(line: 1, column: 2))
    }

    @Test("unpaired UTF-16 surrogates throw where they are", arguments: [false, true])
    func loneSurrogates(bigEndian: Bool) {
        // "a" LF, then a high surrogate followed by "A": line 2, column 1.
        let high = utf16Bytes([0x61, 0x0A, 0xD83D, 0x41], bigEndian: bigEndian, byteOrderMark: true)
        let highError = thrownCatalogError { _ = try CatalogTextDecoder.decode(high, file: "f") }
        #expect(highError?.position == SourcePosition(line: 2, column: 1))
        #expect(highError?.message.contains("high surrogate U+D83D is followed by U+41") == true)

        // "é😀" then a low surrogate alone: line 1, column 3 (the emoji is one scalar).
        let low = utf16Bytes([0xE9, 0xD83D, 0xDE00, 0xDE00], bigEndian: bigEndian, byteOrderMark: false)
        let lowError = thrownCatalogError { _ = try CatalogTextDecoder.decode(low, file: "f") }
        #expect(lowError?.position == SourcePosition(line: 1, column: 3))
        #expect(lowError?.message.contains("low surrogate U+DE00 without a high surrogate") == true)

        // A high surrogate as the last unit.
        let last = utf16Bytes([0x61, 0xD83D], bigEndian: bigEndian, byteOrderMark: true)
        let lastError = thrownCatalogError { _ = try CatalogTextDecoder.decode(last, file: "f") }
        #expect(lastError?.position == SourcePosition(line: 1, column: 2))
    }

    @Test("a UTF-16 file with an odd number of bytes throws at its end")
    func oddUTF16() {
        let bytes = utf16Bytes("ab\nc", bigEndian: false, byteOrderMark: true) + [0x64]
        let error = thrownCatalogError { _ = try CatalogTextDecoder.decode(bytes, file: "f") }
        #expect(error?.position == SourcePosition(line: 2, column: 2))
        #expect(error?.message.contains("odd number of bytes") == true)
    }

    /// UTF-32 bytes of `text` after its byte-order mark, in either byte order, built by hand.
    static func utf32Bytes(_ text: String, bigEndian: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        for value in [0xFEFF] + text.unicodeScalars.map(\.value) {
            let le = [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
            bytes += bigEndian ? le.reversed() : le
        }
        return bytes
    }

    /// A UTF-32 file with its mark was read as UTF-16LE (its mark begins FF FE) and failed at "U+0000".
    @Test("UTF-32 with a byte-order mark is read in either byte order", arguments: [false, true])
    func utf32WithMark(bigEndian: Bool) throws {
        let text = "\"k\" = \"€ 😀 漢\";\n"
        let bytes = Self.utf32Bytes(text, bigEndian: bigEndian)
        #expect(Array(bytes.prefix(4)) == (bigEndian ? [0, 0, 0xFE, 0xFF] : [0xFF, 0xFE, 0, 0]))
        let decoded = try CatalogTextDecoder.decode(bytes, file: "f")
        #expect(decoded.string == text)
        #expect(decoded.encoding == (bigEndian ? .utf32BigEndian : .utf32LittleEndian))
        #expect(decoded.hadByteOrderMark)
        let parsed = try StringsFileParser.parse(bytes, file: "f.strings", locale: "de")
        #expect(parsed.entries.map(\.text) == ["€ 😀 漢"])
    }

    @Test("a UTF-32 unit that is no scalar, or cut off, throws where it is")
    func utf32Problems() {
        var surrogate = Self.utf32Bytes("ab\ncd", bigEndian: false)
        surrogate.replaceSubrange(16..<20, with: [0x00, 0xD8, 0, 0])  // "c" becomes U+D800
        let error = thrownCatalogError { _ = try CatalogTextDecoder.decode(surrogate, file: "f") }
        #expect(error?.description == "f:2:1: invalid UTF-32LE: U+D800 is a surrogate, which UTF-32 does not hold")
        var large = Self.utf32Bytes("a", bigEndian: true)
        large += [0, 0x11, 0, 0]
        #expect(
            thrownCatalogError { _ = try CatalogTextDecoder.decode(large, file: "f") }?.description
                == "f:1:2: invalid UTF-32BE: 0x110000 is above U+10FFFF, the last code point")
        let cut = Self.utf32Bytes("ab", bigEndian: false) + [0x63, 0]
        #expect(
            thrownCatalogError { _ = try CatalogTextDecoder.decode(cut, file: "f") }?.description
                == "f:1:3: invalid UTF-32LE: the file's length is not a multiple of 4 bytes, so its last UTF-32 unit "
                + "is cut off")
    }
}

/// Byte offsets to line and column: which breaks count, and the cursor.
@Suite struct SourcePositionTrackerTests {
    @Test("lines end at LF, CR and CRLF; columns count scalars")
    func positions() {
        // a LF é CR b CR LF 😀 c
        let bytes: [UInt8] = Array("a\né\rb\r\n😀c".utf8)
        #expect(SourcePositionTracker.position(of: 0, in: bytes) == SourcePosition(line: 1, column: 1))
        #expect(SourcePositionTracker.position(of: 1, in: bytes) == SourcePosition(line: 1, column: 2))  // the LF
        #expect(SourcePositionTracker.position(of: 2, in: bytes) == SourcePosition(line: 2, column: 1))  // é
        #expect(SourcePositionTracker.position(of: 4, in: bytes) == SourcePosition(line: 2, column: 2))  // the CR
        #expect(SourcePositionTracker.position(of: 5, in: bytes) == SourcePosition(line: 3, column: 1))  // b
        #expect(SourcePositionTracker.position(of: 6, in: bytes) == SourcePosition(line: 3, column: 2))  // CR of CRLF
        #expect(SourcePositionTracker.position(of: 8, in: bytes) == SourcePosition(line: 4, column: 1))  // 😀
        #expect(SourcePositionTracker.position(of: 12, in: bytes) == SourcePosition(line: 4, column: 2))  // c
        #expect(SourcePositionTracker.position(of: 13, in: bytes) == SourcePosition(line: 4, column: 3))  // end
        #expect(SourcePositionTracker.position(of: 99, in: bytes) == SourcePosition(line: 4, column: 3))  // clamped
    }

    @Test("U+2028 and U+2029 do not start lines")
    func unicodeSeparators() {
        let bytes = Array("a\u{2028}b\u{2029}c".utf8)
        #expect(SourcePositionTracker.position(of: 7, in: bytes) == SourcePosition(line: 1, column: 5))
    }

    @Test("increasing requests continue from the cursor, a decreasing one starts again")
    func cursor() {
        let bytes = Array("ab\ncd\nef".utf8)
        var tracker = SourcePositionTracker()
        #expect(tracker.position(at: 4, in: bytes) == SourcePosition(line: 2, column: 2))
        #expect(tracker.position(at: 4, in: bytes) == SourcePosition(line: 2, column: 2))
        #expect(tracker.position(at: 7, in: bytes) == SourcePosition(line: 3, column: 2))
        #expect(tracker.position(at: 1, in: bytes) == SourcePosition(line: 1, column: 2))
        #expect(tracker.position(at: 6, in: bytes) == SourcePosition(line: 3, column: 1))
    }
}
