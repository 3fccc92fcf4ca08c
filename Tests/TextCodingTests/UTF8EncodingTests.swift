import Testing
import TextCoding

/// The one UTF-8 encoder against the standard library's (an independent implementation): every boundary of the
/// four lengths, the scalars beside the surrogates, and a sweep over every 97th scalar value.
@Suite struct UTF8EncodingTests {
    static let boundaries: [UInt32] = [
        0, 0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFEFF, 0xFFFD, 0xFFFF, 0x1_0000, 0x1F600, 0x10_FFFF,
    ]

    static func standard(_ value: UInt32) -> [UInt8] {
        Array(String(Character(Unicode.Scalar(value)!)).utf8)
    }

    @Test(arguments: boundaries)
    func appendsWhatTheStandardLibraryEncodes(_ value: UInt32) {
        var out: [UInt8] = [0xAA]
        UTF8Encoding.append(value, to: &out)
        #expect(out == [0xAA] + Self.standard(value))
        #expect(UTF8Encoding.count(of: value) == Self.standard(value).count)
    }

    @Test func writesIntoABufferAndReturnsTheNextIndex() {
        let values = stride(from: UInt32(0), through: 0x10_FFFF, by: 97).filter { !(0xD800...0xDFFF).contains($0) }
        let expected = values.flatMap(Self.standard)
        let written = [UInt8](unsafeUninitializedCapacity: values.count * 4) { buffer, count in
            var index = 0
            for value in values { index = UTF8Encoding.write(value, into: buffer, at: index) }
            count = index
        }
        #expect(written == expected)
    }

    @Test func jsonStringsEscapeOnlyWhatMustBe() {
        // RFC 8259 §7: quote, backslash and U+0000–U+001F; everything else raw.
        #expect(
            JSONString.quoted("a\"b\\c\n\t\u{01}é😀\u{2028}\u{7F}") == "\"a\\\"b\\\\c\\n\\t\\u0001é😀\u{2028}\u{7F}\"")
    }
}
