import TestSupport
import Testing

@testable import Measure

/// Words of a Myanmar run shaped together across the dictionary's word boundaries (`LineFitter.seamWindow`), where
/// Noto Sans Myanmar's contextual lookups act, as HarfBuzz, Pango and Skia shape a line's run whole.
///
/// Golden widths: HarfBuzz 6.0's advances (through uharfbuzz 0.57, 1,000 units an em, so a unit is 0.017 pt at
/// 17 pt), which Pango 1.50 and Skia m144 give too (to 0.001 pt):
/// - `ဖေါ်ပြ`, which ICU 72 breaks `ဖေါ်|ပြ`: e 618 + pha 675 + tall aa asat 547 (267 in `hmtx`, and 280 more from
///   the `kern` feature's chained contextual positioning before medial ra) + medial ra 229 + pa 676 = 2,745 units
///   (each word shaped alone: 1,560 + 905 = 2,465);
/// - `ဆုတ်နွှာ`, broken `ဆုတ်|နွှာ`: cha 1,127 + ta 1,124 + na.alt 630 + aa 455 = 3,336 units (the second word alone
///   starts with a 90-unit spacer glyph, sp4, that a contextual substitution leaves out after the first);
/// - `ဖေါ်က`, broken `ဖေါ်|က`: 1,560 + ka 1,124 = 2,684 units: no lookup acts across that boundary.
@Suite("Dictionary seams")
struct DictionarySeamTests {
    static let kerned = "\u{1016}\u{1031}\u{102B}\u{103A}\u{1015}\u{103C}"  // ဖေါ်ပြ
    static let spaced = "\u{1006}\u{102F}\u{1010}\u{103A}\u{1014}\u{103D}\u{103E}\u{102C}"  // ဆုတ်နွှာ
    static let plain = "\u{1016}\u{1031}\u{102B}\u{103A}\u{1000}"  // ဖေါ်က
    static let unit = 17.0 / 1_000

    static func measurer(width: Double, cacheBytes: Int = 4 << 20) throws -> TextMeasurer {
        let cascade = try FontCascade(loading: [
            FontSource(path: "/usr/share/fonts/truetype/noto/NotoSansMyanmar-Regular.ttf")
        ])
        return TextMeasurer(
            cascade: cascade, pointSize: 17, options: MeasureOptions(maxWidth: width), segmentCacheBytes: cacheBytes)
    }

    @Test("words measure as the run shaped whole", arguments: [0, 4 << 20])
    func unwrappedWidths(cacheBytes: Int) throws {
        let session = try Self.measurer(width: 0, cacheBytes: cacheBytes).makeSession()
        // Twice each, and interleaved, so that the second round reads the cache: a word's measure in one context is
        // never taken for its measure in another (`ဖေါ်` before `ပြ` and before `က`).
        for _ in 0..<2 {
            for (text, units) in [(Self.kerned, 2_745.0), (Self.plain, 2_684), (Self.spaced, 3_336)] {
                let size = session.measure(text)
                #expect(abs(size.width - units * Self.unit) < 0.001, "\(text)")
                #expect(size.lineCount == 1)
            }
            let twice = session.measure(Self.kerned + " " + Self.kerned)
            #expect(abs(twice.width - 5_750 * Self.unit) < 0.001)
        }
    }

    @Test("a grapheme boundary only --char-wrap breaks at is no seam: nothing is counted twice")
    func charWrapping() throws {
        let cascade = try FontCascade(loading: [
            FontSource(path: "/usr/share/fonts/truetype/noto/NotoSansMyanmar-Regular.ttf")
        ])
        var options = MeasureOptions(maxWidth: 0)
        options.lineBreakMode = .byCharWrapping
        let session = TextMeasurer(cascade: cascade, pointSize: 17, options: options).makeSession()
        // `တာ`: two grapheme clusters (U+102C is no SpacingMark), each a segment with --char-wrap and shaped alone
        // as before seams: ta 1,124 units, and aa 1,049 alone (a dotted circle 594 + 455); never the whole syllable
        // (1,579) on `တ` and aa again after it.
        let size = session.measure("\u{1010}\u{102C}")
        #expect(abs(size.width - 2_173 * Self.unit) < 0.001)
    }

    @Test("a run of Thai then Myanmar: the Myanmar words are shaped together")
    func thaiThenMyanmar() throws {
        let noto = "/usr/share/fonts/truetype/noto/"
        let cascade = try FontCascade(loading: [
            FontSource(path: noto + "NotoSansThai-Regular.ttf"), FontSource(path: noto + "NotoSansMyanmar-Regular.ttf"),
        ])
        let session = TextMeasurer(cascade: cascade, pointSize: 17, options: MeasureOptions(maxWidth: 0))
            .makeSession()
        // ไทย in Noto Sans Thai, HarfBuzz: 304 + 609 + 594 = 1,507 units; then ဖေါ်ပြ, 2,745. In either order.
        for text in ["ไทย" + Self.kerned, Self.kerned + "ไทย"] {
            #expect(abs(session.measure(text).width - (1_507 + 2_745) * Self.unit) < 0.001, "\(text)")
        }
    }

    @Test("with kerning off, the contextual substitutions still act across the words")
    func plainFeatures() throws {
        let cascade = try FontCascade(loading: [
            FontSource(path: "/usr/share/fonts/truetype/noto/NotoSansMyanmar-Regular.ttf")
        ])
        let session = TextMeasurer(
            cascade: cascade, pointSize: 17, options: MeasureOptions(maxWidth: 0, usesFontFeatures: false)
        ).makeSession()
        // HarfBuzz with kern, liga and clig off: ဆုတ်နွှာ still 3,336 units (no spacer after ဆုတ်), ဖေါ်ပြ 2,465
        // (tall aa asat without the 280 units of `kern`).
        #expect(abs(session.measure(Self.spaced).width - 3_336 * Self.unit) < 0.001)
        #expect(abs(session.measure(Self.kerned).width - 2_465 * Self.unit) < 0.001)
    }

    @Test("a seam is still a place to break a line")
    func breaksAtTheSeam() throws {
        // 46.665 pt whole does not fit 45 pt: the line breaks between the words; the second is 905 units alone.
        let layout = try Self.measurer(width: 45).makeSession().layout(Self.kerned)
        #expect(layout.size.lineCount == 2)
        #expect(abs(layout.lines[1].width - 905 * Self.unit) < 0.001)
        let fits = try Self.measurer(width: 47).makeSession().measure(Self.kerned)
        #expect(fits.lineCount == 1)
    }

    @Test("a prepared text fits as a session measures", arguments: [0.0, 20, 45, 47, 60, 100])
    func preparedTextAgrees(width: Double) throws {
        let measurer = try Self.measurer(width: 0)
        let session = measurer.makeSession()
        for text in [Self.kerned, Self.spaced, Self.plain, Self.kerned + Self.spaced + " " + Self.plain] {
            let prepared = measurer.prepare(text).fit(maxWidth: width)
            let measured = session.measure(text, maxWidth: width)
            #expect(abs(prepared.width - measured.width) < 1e-9, "\(text) at \(width)")
            #expect(prepared.lineCount == measured.lineCount, "\(text) at \(width)")
        }
    }

    /// Random Myanmar and Khmer text (consonants, medials, vowels, asat, the stackers, spaces; a fixed seed): a
    /// prepared text fits as a session measures it, with and without a segment cache, at widths from inside a word
    /// to wider than the text — the seams' context, kept or restored, is the same either way. No golden widths: the
    /// two paths are compared, and no input may trap.
    @Test("random text: a prepared text and a session agree", arguments: [0.0, 12, 40, 90, 200])
    func randomTextAgrees(width: Double) throws {
        let cascade = try FontCascade(loading: [
            FontSource(path: "/usr/share/fonts/truetype/noto/NotoSansMyanmar-Regular.ttf"),
            FontSource(path: "/usr/share/fonts/truetype/noto/NotoSansKhmer-Regular.ttf"),
        ])
        let cached = TextMeasurer(cascade: cascade, pointSize: 17, options: MeasureOptions(maxWidth: 0))
        let uncached = TextMeasurer(
            cascade: cascade, pointSize: 17, options: MeasureOptions(maxWidth: 0), segmentCacheBytes: 0)
        let pieces: [[UInt32]] = [
            [0x1000], [0x1001], [0x1015], [0x1016], [0x1010], [0x1014], [0x1019], [0x101B], [0x1031], [0x102B, 0x103A],
            [0x102C], [0x102F], [0x103C], [0x103D], [0x103E], [0x1037], [0x1039], [0x103A], [0x1004, 0x103A, 0x1039],
            [0x1780], [0x1781], [0x179F], [0x17D2], [0x17B6], [0x17C1], [0x0020], [0x200B],
        ]
        var seed: UInt64 = 0x5EED_0001
        let session = cached.makeSession()
        let plainSession = uncached.makeSession()
        for _ in 0..<150 {
            var scalars: [UInt32] = []
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = 1 + Int(seed >> 58)
            for _ in 0..<length {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                scalars += pieces[Int(seed >> 33) % pieces.count]
            }
            let text = String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
            let measured = session.measure(text, maxWidth: width)
            #expect(plainSession.measure(text, maxWidth: width) == measured, "\(scalars)")
            let prepared = cached.prepare(text).fit(maxWidth: width)
            #expect(abs(prepared.width - measured.width) < 1e-9, "\(scalars) at \(width)")
            #expect(prepared.lineCount == measured.lineCount, "\(scalars) at \(width)")
        }
    }
}
