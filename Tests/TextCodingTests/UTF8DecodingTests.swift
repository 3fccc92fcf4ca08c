import Testing
import TextCoding

/// `UTF8Decoding` against The Unicode Standard's own example of maximal-subpart replacement and against Swift's
/// `String(decoding:as:)`, an independent decoder that makes the same replacements.
@Suite struct UTF8DecodingTests {
    /// Every scalar of `bytes` as `UTF8Decoding.decode(_:at:)` decodes it (ASCII itself, the rest by
    /// `decode(_:at:lead:)`), with validity.
    static func decodeAll(_ bytes: [UInt8]) -> [(scalar: UInt32, isValid: Bool)] {
        bytes.withUnsafeBufferPointer { buffer in
            var out: [(scalar: UInt32, isValid: Bool)] = []
            var index = 0
            while index < buffer.count {
                let decoded = UTF8Decoding.decode(buffer, at: index)
                out.append((decoded.scalar, decoded.isValid))
                index += decoded.length
            }
            return out
        }
    }

    @Test("The Unicode Standard §3.9, Table 3-8: U+FFFD per maximal subpart")
    func unicodeTable3_8() {
        // 61 F1 80 80 E1 80 C2 62 80 63 80 BF 64 → 0061 FFFD FFFD FFFD 0062 FFFD 0063 FFFD FFFD 0064.
        let bytes: [UInt8] = [0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 0x62, 0x80, 0x63, 0x80, 0xBF, 0x64]
        let decoded = Self.decodeAll(bytes)
        #expect(decoded.map(\.scalar) == [0x61, 0xFFFD, 0xFFFD, 0xFFFD, 0x62, 0xFFFD, 0x63, 0xFFFD, 0xFFFD, 0x64])
        #expect(decoded.map(\.isValid) == [true, false, false, false, true, false, true, false, false, true])
    }

    @Test("well-formed sequences of each length, and a U+FFFD written in the text, are valid")
    func wellFormed() {
        // é U+00E9, € U+20AC, 😀 U+1F600, U+FFFD, U+10FFFF, U+D7FF (the last scalar before the surrogates).
        let bytes: [UInt8] = [
            0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0xEF, 0xBF, 0xBD,
            0xF4, 0x8F, 0xBF, 0xBF, 0xED, 0x9F, 0xBF,
        ]
        let decoded = Self.decodeAll(bytes)
        #expect(decoded.map(\.scalar) == [0xE9, 0x20AC, 0x1F600, 0xFFFD, 0x10FFFF, 0xD7FF])
        #expect(decoded.allSatisfy { $0.isValid })
        #expect(bytes.withUnsafeBufferPointer { UTF8Decoding.firstInvalidSequence(in: $0) } == nil)
    }

    @Test(
        "ill-formed inputs decode as Swift's String(decoding:as:) does",
        arguments: [
            [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80],
            [0xE2, 0x82], [0xE2, 0x82, 0x41], [0xF0, 0x9F, 0x98], [0x80, 0xBF, 0xC2], [0xFF, 0xFE, 0x61],
            [0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0xE9, 0x69], [0xF0, 0x80, 0x80, 0x80], [0xDF],
        ] as [[UInt8]])
    func matchesSwift(bytes: [UInt8]) {
        let swift = String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)
        #expect(Self.decodeAll(bytes).map(\.scalar) == swift)
    }

    @Test(
        "the first invalid sequence: its offset and maximal subpart, past runs of ASCII",
        arguments: [
            ([0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0xE2, 0x82], 9, 2),
            ([0xC3, 0xA9, 0xC3, 0x28], 2, 1),
            ([0x61, 0xED, 0xA0, 0x80], 1, 1),
            ([0xF0, 0x9F, 0x98, 0x41], 0, 3),
            ([0x80], 0, 1),
        ] as [([UInt8], Int, Int)])
    func firstInvalid(bytes: [UInt8], offset: Int, length: Int) {
        let found = bytes.withUnsafeBufferPointer { UTF8Decoding.firstInvalidSequence(in: $0) }
        #expect(found?.offset == offset && found?.length == length)
    }

    @Test("an empty buffer is valid")
    func empty() {
        #expect([UInt8]().withUnsafeBufferPointer { UTF8Decoding.firstInvalidSequence(in: $0) } == nil)
    }
}
