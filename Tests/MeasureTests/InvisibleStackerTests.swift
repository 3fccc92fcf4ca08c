import TestSupport
import Testing

@testable import Measure

/// No line ends after an invisible stacker (Indic_Syllabic_Category=Invisible_Stacker in `IndicSyllabicCategory.txt`:
/// U+1039 MYANMAR SIGN VIRAMA, U+17D2 KHMER SIGN COENG, U+1A60 TAI THAM SIGN SAKOT), where ICU 72's dictionary puts
/// a word boundary at times, inside a stacked syllable HarfBuzz shapes as one cluster.
///
/// The golden boundaries are ICU 72.1's line break iterator's (`ubrk_open(UBRK_LINE, "my", …)`, called from a small C
/// program on this machine): `တ္|တာ`, `င်္|က` (after the kinzi), `ဖေါ်|ပြ`. The widths are HarfBuzz 6.0's (through
/// uharfbuzz 0.57) for Noto Sans Myanmar (fonts-noto-core 20201225, 1,000 units an em) at 17 pt, and Pango 1.50 and
/// Skia m144 give the same to 0.001 pt: `တ္တာ` is ta (1,124 units) + ta.sub (0) + aa (455) = 1,579 units = 26.843 pt;
/// `င်္က` is ka (1,124) + kinzi (0) = 19.108 pt. Shaped as two pieces at ICU's boundary they measured ta + virama +
/// ta + aa = 2,703 units = 45.951 pt, and 29.206 pt.
@Suite("Invisible stackers")
struct InvisibleStackerTests {
    static let stacked = "\u{1010}\u{1039}\u{1010}\u{102C}"  // တ္တာ
    static let kinzi = "\u{1004}\u{103A}\u{1039}\u{1000}"  // င်္က

    @Test("the dictionary breaks no stacked syllable, and still breaks between syllables")
    func noBreakAfterAStacker() {
        typealias Breaks = DictionaryLineBreakerTests
        for text in [Self.stacked, Self.kinzi] {
            let scalars = Breaks.scalars(text)
            let result = Breaks.flags(for: scalars)
            #expect(result.succeeded)
            #expect(Breaks.breakPositions(result.flags).isEmpty, "\(text)")
            // The position after the stacker is a grapheme boundary (GB9c joins no Myanmar conjunct), so only the
            // stacker rule keeps ICU's boundary there out.
            let afterStacker = scalars.firstIndex(of: 0x1039)! + 1
            #expect(result.flags[afterStacker] & LineBreaker.graphemeBoundaryFlag != 0, "\(text)")
        }
        let syllables = "\u{1016}\u{1031}\u{102B}\u{103A}\u{1015}\u{103C}"  // ဖေါ်ပြ
        let result = Breaks.flags(for: Breaks.scalars(syllables))
        #expect(Breaks.breakPositions(result.flags) == [4])
    }

    @Test func theStackersOfTheSouthEastAsianScripts() {
        for scalar: UInt32 in [0x1039, 0x17D2, 0x1A60] {
            #expect(DictionaryLineBreaker.isInvisibleStacker(scalar))
        }
        // Myanmar's visible virama (asat), Khmer's viriam and a Thai phinthu are not.
        for scalar: UInt32 in [0x103A, 0x17D1, 0x0E3A, 0x1000, 0x0020] {
            #expect(!DictionaryLineBreaker.isInvisibleStacker(scalar))
        }
    }

    @Test("a stacked syllable measures as HarfBuzz shapes it whole", arguments: [0.0, 30, 200])
    func stackedSyllableWidth(width: Double) throws {
        let cascade = try FontCascade(loading: [
            FontSource(path: "/usr/share/fonts/truetype/noto/NotoSansMyanmar-Regular.ttf")
        ])
        let session = TextMeasurer(cascade: cascade, pointSize: 17, options: MeasureOptions(maxWidth: width))
            .makeSession()
        let stacked = session.measure(Self.stacked)
        #expect(abs(stacked.width - 1_579 * 17 / 1_000) < 0.001)
        #expect(stacked.lineCount == 1)
        let kinzi = session.measure(Self.kinzi)
        #expect(abs(kinzi.width - 1_124 * 17 / 1_000) < 0.001)
        #expect(kinzi.lineCount == 1)
    }
}
