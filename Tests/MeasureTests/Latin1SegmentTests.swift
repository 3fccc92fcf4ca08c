import Testing

@testable import Measure

/// Segments of Latin-1 text are measured in one pass from the engine's Latin-1 tables
/// (`LayoutEngine.latin1SegmentMeasure`) instead of through the segment cache; the general path measures everything
/// else. Both must give the same size to the bit: a string and the same string after U+2060 WORD JOINER (no width, no
/// kerning, no break it changes at the start, but not Latin-1, so the whole string takes the general path) must
/// measure alike, kerned and plain, at every width, with and without a segment cache.
@Suite struct Latin1SegmentTests {
    static let strings = [
        "hello world hello world", "AVATAR Tour LT AV To Va Ty. r. y.", "-T-V- A-T A-T", "«Bonjour», ¿Qué? ¡Sí!",
        "Ærø Ångström façade naïve Øresund", "1,234.56 £ 10 km 99% $5 (a) [b] {c}", "well-known self-evident",
        "office affluent fish flow ffi", "co\u{AD}operate soft\u{AD}hyphen", "tab\tseparated\tcolumns", "line\nbreak",
        "crlf\r\nline", "a   b    c", "trailing spaces   ", "Donaudampfschifffahrtsgesellschaftskapitän",
        "Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz und so weiter", "x", "\u{A0}a\u{A0}b",
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "\"quoted\" 'single' `back`",
        "\u{1}control\u{7F}chars\u{85}next", "×÷±§¶©®°µ¹²³¼½¾",
        "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿ",
    ]

    static func measurer(width: Double, features: Bool, cacheBytes: Int) throws -> TextMeasurer {
        let cascade = try FontCascade(loading: [
            FontSource(path: TestFonts.dejaVuSans),
            FontSource(path: TestFonts.notoSansCJK, faceIndex: 2),
        ])
        return TextMeasurer(
            cascade: cascade, pointSize: 17,
            options: MeasureOptions(maxWidth: width, usesFontFeatures: features), segmentCacheBytes: cacheBytes)
    }

    @Test(arguments: [0.0, 40, 120, 200, 320])
    func theOnePassMeasureIsTheGeneralOne(width: Double) throws {
        for features in [true, false] {
            for cacheBytes in [0, 4 << 20] {
                let session = try Self.measurer(width: width, features: features, cacheBytes: cacheBytes).makeSession()
                for text in Self.strings {
                    let general = session.layout("\u{2060}" + text)
                    let onePass = session.layout(text)
                    #expect(onePass.size == general.size, "\(text) at \(width), features \(features)")
                    // Line ends: the general path's are 3 bytes later (the word joiner's UTF-8).
                    #expect(onePass.lines.map(\.width) == general.lines.map(\.width), "\(text) at \(width)")
                }
            }
        }
    }

    @Test func latin1TextNeverReachesTheSegmentCache() throws {
        let session = try Self.measurer(width: 120, features: true, cacheBytes: 4 << 20).makeSession()
        for text in ["hello world hello world", "Einstellungen für Benachrichtigungen", "AV To Va"] {
            _ = session.measure(text)
        }
        #expect(session.statistics.segmentCache.hits == 0)
        #expect(session.statistics.segmentCache.misses == 0)
        // Nor does Greek, which the one-pass fit of other strings takes (`OnePassFitTests`).
        _ = session.measure("Ελληνικά κείμενο")
        #expect(session.statistics.segmentCache.hits == 0)
        #expect(session.statistics.segmentCache.misses == 0)
        // Text the one passes leave still goes through it: with a combining mark (U+0301), "Ελληνικά " misses, and
        // so do the plain key of "κει\u{301}μενο" and its shaped key (HarfBuzz places the mark); then all three hit.
        _ = session.measure("Ελληνικά κει\u{301}μενο")
        _ = session.measure("Ελληνικά κει\u{301}μενο")
        #expect(session.statistics.segmentCache.misses == 3)
        #expect(session.statistics.segmentCache.hits == 3)
    }

    @Test func theFontsLatin1PairMatrixHoldsItsKerning() throws {
        // DejaVu Sans's pairs as `KerningTests` has them from the GPOS 'kern' lookups: AV −131, To −348, Va −159,
        // LT −282, r. −188, we 0; controls, the soft hyphen and the zero column 256 never kern.
        let matrix = try Font(path: TestFonts.dejaVuSans).latin1Kerning
        let stride = Font.latin1KerningStride
        func pair(_ left: Character, _ right: Character) -> Int32 {
            matrix[Int(left.unicodeScalars.first!.value) * stride + Int(right.unicodeScalars.first!.value)]
        }
        #expect(matrix.count == stride * stride)
        #expect(
            [pair("A", "V"), pair("T", "o"), pair("V", "a"), pair("L", "T"), pair("r", ".")] == [
                -131, -348, -159, -282, -188,
            ])
        #expect(pair("w", "e") == 0)
        #expect(pair("\u{AD}", "T") == 0 && pair("\u{1}", "V") == 0)
        #expect((0..<stride).allSatisfy { matrix[$0 * stride + 256] == 0 && matrix[256 * stride + $0] == 0 })
    }
}
