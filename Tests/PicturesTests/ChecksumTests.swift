import Testing

@testable import Pictures

/// CRC-32 and Adler-32 against their standard check values, and the PNG writer's bytes.
@Suite struct ChecksumTests {
    @Test func crc32OfTheCheckString() {
        // The CRC catalogue's check value of CRC-32/ISO-HDLC for "123456789".
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
        // The IEND chunk's CRC, which every PNG file ends with.
        #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
    }

    @Test func adler32OfKnownStrings() {
        // RFC 1950's definition: "Wikipedia" → 0x11E60398 (a = 920 = 0x398, b = 4582 = 0x11E6).
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Adler32.checksum([]) == 1)
        // 6000 bytes of 0xFF cross the 5552-byte step: a = 1 + 6000 × 255 mod 65521, b = Σ a.
        let bytes = [UInt8](repeating: 0xFF, count: 6000)
        var a = 1, b = 0
        for _ in 0..<6000 { a = (a + 255) % 65521; b = (b + a) % 65521 }
        #expect(Adler32.checksum(bytes) == UInt32(b << 16 | a))
    }

    @Test func aTwoPixelPNGHasTheBytesOfTheSpecification() {
        let png = PNGEncoder.encode(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 0, 255, 128])
        #expect(Array(png[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: length 13, "IHDR", width 2, height 1, depth 8, colour type 6 (RGBA), 0, 0, 0.
        #expect(
            Array(png[8..<33]) == [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 2, 0, 0, 0, 1, 8, 6, 0, 0, 0]
                + Array(png[29..<33]))
        // IDAT: zlib header 78 01, one final stored block of 9 bytes (filter byte + 8), its complement, the bytes,
        // then the Adler-32 of those 9 bytes.
        let raw: [UInt8] = [0, 255, 0, 0, 255, 0, 0, 255, 128]
        let adler = Adler32.checksum(raw)
        let zlib: [UInt8] =
            [0x78, 0x01, 1, 9, 0, 0xF6, 0xFF] + raw
            + [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        #expect(Array(png[33..<37]) == [0, 0, 0, UInt8(zlib.count)])
        #expect(Array(png[41..<(41 + zlib.count)]) == zlib)
        // Ends with IEND and its fixed CRC.
        #expect(Array(png.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    @Test func largeImagesSplitIntoStoredBlocksOf65535Bytes() {
        let data = [UInt8](repeating: 7, count: 70_000)
        let zlib = PNGEncoder.zlibStored(data)
        // Two blocks: 65535 (not final), 4465 (final); 2 + 5 + 65535 + 5 + 4465 + 4 bytes.
        #expect(zlib.count == 2 + 5 + 65_535 + 5 + 4_465 + 4)
        #expect(Array(zlib[2..<7]) == [0, 0xFF, 0xFF, 0, 0])
        #expect(Array(zlib[65_542..<65_547]) == [1, 0x71, 0x11, 0x8E, 0xEE])
    }
}
