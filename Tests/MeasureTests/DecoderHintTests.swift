import Testing

@testable import Measure

/// The decoder's hints: the table it reads below U+2000 says what the per-scalar ranges say, for every scalar the
/// table covers (a range boundary off a multiple of 16 would show here).
@Suite struct DecoderHintTests {
    @Test func theBlockTableAgreesWithTheRanges() {
        for scalar in UInt32(0x0590)..<0x2000 {
            #expect(
                LayoutEngine.hintBlocks[Int(scalar >> 4)] == LayoutEngine.hints(of: scalar),
                "U+\(String(scalar, radix: 16))")
        }
        // Below U+0590 (Latin, Greek, Cyrillic, Armenian: the two-byte decoder reads these blocks too) no hint, but
        // the format seam hint of U+00A0–U+00AF (U+00AD SOFT HYPHEN's block).
        #expect(
            (0..<0x059).allSatisfy { LayoutEngine.hintBlocks[$0] == ($0 == 0x0A ? LayoutEngine.formatSeamHint : 0) })
        // By hand: Hebrew and Arabic have the bidi hint, Thai and Khmer the SA one, Devanagari neither.
        #expect(LayoutEngine.hintBlocks[0x05D] == LayoutEngine.bidiHint)
        #expect(LayoutEngine.hintBlocks[0x0E0] == LayoutEngine.southEastAsianHint)
        #expect(LayoutEngine.hintBlocks[0x178] == LayoutEngine.southEastAsianHint)
        #expect(LayoutEngine.hintBlocks[0x090] == 0)
    }
}
