import Testing

@testable import Measure

/// `OnePassTables`' pages, as the CJK run loop finds them from a three-byte sequence's bytes.
@Suite struct OnePassTablesTests {
    /// For every scalar a three-byte UTF-8 sequence spells (U+0800–U+FFFF but the surrogates), the page and place the
    /// run loop reads off its bytes (`page(ofThreeBytes:)`, `place(ofThreeBytes:)`) are the ones `slot(of:)` uses,
    /// `scalar >> pageShift` and `scalar & (pageSize - 1)`; the bytes come from Swift's own encoder. And every
    /// overlong three-byte sequence (E0 80–9F …, a scalar below U+0800 spelled long) reads as a page below
    /// `0x800 >> pageShift`, which the run loop refuses.
    @Test func pagesReadOffTheBytesAreTheScalarsPages() {
        var checked = 0
        for value in UInt32(0x800)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let bytes = Array(String(Character(scalar)).utf8)
            #expect(bytes.count == 3)
            let word = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | 0x4100_0000
            if OnePassTables.page(ofThreeBytes: word) != Int(value >> OnePassTables.pageShift)
                || OnePassTables.place(ofThreeBytes: word) != Int(value) & (OnePassTables.pageSize - 1)
            {
                Issue.record("U+\(String(value, radix: 16)) read as another page or place")
            }
            checked += 1
        }
        #expect(checked == 0x1_0000 - 0x800 - 0x800)
        for second in UInt32(0x80)...0x9F {
            for third in UInt32(0x80)...0xBF {
                let word = 0xE0 | second << 8 | third << 16
                #expect(OnePassTables.page(ofThreeBytes: word) < 0x800 >> OnePassTables.pageShift)
            }
        }
    }
}
