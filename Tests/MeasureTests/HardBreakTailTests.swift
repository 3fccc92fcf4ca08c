import Testing

@testable import Measure

/// `LayoutEngine.endsWithHardBreak` reads only a string's last bytes; it must say what decoding the whole string says
/// of its last scalar. The decoding here is the standard library's (`String(decoding:as:)`, one U+FFFD per maximal
/// ill-formed subpart, as Unicode recommends and the package's decoder does), not the measurer's.
struct HardBreakTailTests {
    /// What a full decode says: the last scalar is LF, VT, FF, CR, NEL, LS or PS.
    static func decodedEndsWithHardBreak(_ bytes: [UInt8]) -> Bool {
        guard let last = String(decoding: bytes, as: UTF8.self).unicodeScalars.last else { return false }
        return [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(last.value)
    }

    static func tail(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { LayoutEngine.endsWithHardBreak($0) }
    }

    @Test func namedEndings() {
        #expect(!Self.tail([]))
        #expect(Self.tail(Array("line\n".utf8)))
        #expect(Self.tail(Array("line\r\n".utf8)))
        #expect(Self.tail(Array("line\u{0B}".utf8)))
        #expect(Self.tail(Array("行\u{85}".utf8)))  // C2 85
        #expect(Self.tail(Array("行\u{2028}".utf8)))  // E2 80 A8
        #expect(Self.tail(Array("行\u{2029}".utf8)))  // E2 80 A9
        #expect(!Self.tail(Array("行".utf8)))
        #expect(!Self.tail(Array("…".utf8)))  // E2 80 A6: a lead and continuations like LS's, another scalar
        #expect(!Self.tail([0x41, 0x85]))  // a lone continuation byte: U+FFFD
        #expect(!Self.tail([0x80, 0xA8]))
        #expect(!Self.tail([0xE2, 0x80]))  // cut short: U+FFFD
        #expect(Self.tail([0xF0, 0x9F, 0xE2, 0x80, 0xA8]))  // a cut-short sequence before LS ends at its lead
        #expect(Self.tail([0xE2, 0xC2, 0x85]))
    }

    /// Every ending of up to three bytes drawn from bytes that matter here — the hard breaks' own, other ASCII, lead
    /// bytes of each length, continuation bytes in and out of the ranges the leads allow, bytes never in UTF-8 (C0,
    /// C1, F5, FF) — after a few different beginnings, and every ending of four of them alone (a longest sequence and
    /// what comes before the three bytes the helper reads).
    @Test func everyShortEndingAgreesWithAFullDecode() {
        let alphabet: [UInt8] = [
            0x0A, 0x0B, 0x0C, 0x0D, 0x41, 0x80, 0x85, 0x9F, 0xA8, 0xA9, 0xBF, 0xC0, 0xC1, 0xC2, 0xC3, 0xE0, 0xE2, 0xED,
            0xF0, 0xF4, 0xF5, 0xFF,
        ]
        let beginnings: [[UInt8]] = [[], [0x61], Array("行".utf8), [0xE2, 0x80], [0xF0, 0x9F, 0x98]]
        var endings: [[UInt8]] = [[]]
        var checked = 0
        var disagreements: [[UInt8]] = []
        for length in 1...4 {
            endings = endings.flatMap { ending in alphabet.map { ending + [$0] } }
            for beginning in length < 4 ? beginnings : [[]] {
                for ending in endings {
                    let bytes = beginning + ending
                    checked += 1
                    if Self.tail(bytes) != Self.decodedEndsWithHardBreak(bytes) && disagreements.count < 5 {
                        disagreements.append(bytes)
                    }
                }
            }
        }
        #expect(checked == 5 * (22 + 484 + 10_648) + 234_256)
        #expect(disagreements == [])
    }
}
