import Catalogs
import Testing

@Suite struct EntryConstraintTests {
    @Test func withoutALimitEachHardBreakAllowsOneMoreLine() {
        let box = EntryConstraint(width: 100, maxLines: nil, pointSize: 17)
        #expect(box.allowedLines(for: "one line") == 1)
        #expect(box.allowedLines(for: "a\nb") == 2)
        #expect(box.allowedLines(for: "a\r\nb\rc\u{2028}d") == 4)
        #expect(box.allowedLines(for: "") == 1)
        #expect(box.allowedLines(for: "a\u{0B}b\u{0C}c") == 3)  // VT and FF are mandatory breaks (UAX #14 BK)
        // NEL, LS, PS; their neighbours in UTF-8 (U+0084, U+2027, U+202A, U+00C2 Â) are not breaks.
        #expect(box.allowedLines(for: "a\u{85}b\u{2028}c\u{2029}d") == 4)
        #expect(box.allowedLines(for: "a\u{84}b\u{2027}c\u{202A}dÂe\u{2000}") == 1)
        #expect(box.allowedLines(for: "\r\n\r\n\n\r") == 5)
    }

    @Test func anExplicitLimitWinsAndZeroMeansUnlimited() {
        #expect(EntryConstraint(width: 100, maxLines: 2, pointSize: 17).allowedLines(for: "a\nb\nc") == 2)
        #expect(EntryConstraint(width: 100, maxLines: 0, pointSize: 17).allowedLines(for: "x") == Int.max)
    }

    @Test func growthIsWidthOverTheSourceWidth() {
        let entry = CatalogEntry(file: "f", locale: "de", key: "k", text: "x", position: .init(line: 1, column: 1))
        let box = EntryConstraint(width: 100, maxLines: 1, pointSize: 17)
        let measured = MeasuredEntry(
            entry: entry, measuredText: "x", constraint: box, width: 130, height: 20, lines: 2,
            sourceWidth: 100)
        #expect(measured.growth == 1.3)
        #expect(measured.overflows)
    }
}
