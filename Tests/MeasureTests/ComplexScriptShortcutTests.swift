import TestSupport
import Testing

@testable import Measure

/// The shortcuts that complex-script strings take (issue 12's speed): each must give what the long way gives.
///
/// - Right-to-left text with nothing that can change its levels gets level 1 without ICU's algorithm; ICU's own
///   answer, from a resolver with the shortcut off, is the reference, over generated strings of every bidi class
///   the shortcut accepts and of those it must refuse.
/// - A segment with a one-scalar cluster of a script that shapes goes to its shaped key without the plain key's
///   lookup; a session without a segment cache, which measures every cluster and decides from what it notes, is the
///   reference, on strings with default-ignorable scalars of real scripts (which note nothing), marks on emoji and
///   tabs around them.
/// - Runs of one script's letters and marks skip the script itemizer's rules; the expected scripts are worked out
///   by hand from UAX #24 and the itemizer's documented rules.
@Suite struct ComplexScriptShortcutTests {
    /// Scalars of the classes the shortcut accepts: R (Hebrew letters, RLM), AL (Arabic letters, ALM, U+061F), NSM
    /// (harakat, Hebrew points), WS, S (tab), ON (brackets, "!"), CS (",", ".", ":", NBSP, U+060C), ES ("+", "-"),
    /// ET ("%", "#", "$") and BN (ZWNJ, ZWJ, soft hyphen).
    static let accepted: [UInt32] = [
        0x05D0, 0x05D1, 0x05E9, 0x05DC, 0x05D5, 0x05DD, 0x200F, 0x0627, 0x0644, 0x0645, 0x0631, 0x062D, 0x0628,
        0x061C, 0x061F, 0x064B, 0x064E, 0x0650, 0x0652, 0x05B0, 0x05BC, 0x0020, 0x0009, 0x0021, 0x0028, 0x0029,
        0x005B, 0x005D, 0x002C, 0x002E, 0x003A, 0x00A0, 0x060C, 0x002B, 0x002D, 0x0025, 0x0023, 0x0024, 0x200C,
        0x200D, 0x00AD,
    ]
    /// Scalars it must refuse: L ("a", LRM), EN ("1"), AN (U+0661), B (LF, U+2029) and the explicit controls.
    static let refused: [UInt32] = [0x0061, 0x200E, 0x0031, 0x0661, 0x000A, 0x2029, 0x2067, 0x2069, 0x202B, 0x202C]

    static func levels(_ scalars: [UInt32], base: BidiBase, shortcut: Bool) -> ([UInt8], UInt8) {
        let result = BidiResolverTests.resolve(scalars, base: base, with: BidiResolver(usesShortcut: shortcut))
        return (result.levels, result.paragraph)
    }

    @Test func rightToLeftTextGetsICUsLevelsWithoutICU() {
        // By hand (P2/P3, W1–W7, N1, L1): every scalar of "שלום, עולם!" and "(مرحبا)" is at level 1.
        for text in ["שלום, עולם!", "(مرحبا)", "\u{200C}اسم\u{200C} "] {
            let scalars = text.unicodeScalars.map(\.value)
            let (levels, paragraph) = Self.levels(scalars, base: .natural, shortcut: true)
            #expect(paragraph == 1 && levels == [UInt8](repeating: 1, count: scalars.count), "\(text)")
        }
        var random = SplitMix64(seed: 12)
        for round in 0..<4000 {
            var scalars = (0..<random.next(40)).map { _ in Self.accepted[random.next(Self.accepted.count)] }
            // Most strings are of accepted classes only (with a letter, or none: then no strong character), the
            // rest hold one refused scalar somewhere.
            if random.next(3) > 0 { scalars.insert(Self.accepted[random.next(14)], at: random.next(scalars.count + 1)) }
            if random.next(5) == 0 {
                scalars.insert(Self.refused[random.next(Self.refused.count)], at: random.next(scalars.count + 1))
            }
            for base in [BidiBase.natural, .rightToLeft, .leftToRight] {
                let fast = Self.levels(scalars, base: base, shortcut: true)
                let icu = Self.levels(scalars, base: base, shortcut: false)
                #expect(
                    fast.0 == icu.0 && fast.1 == icu.1,
                    "round \(round) \(base): \(scalars.map { String($0, radix: 16) })")
            }
        }
    }

    static func measurer(cacheBytes: Int, width: Double) throws -> TextMeasurer {
        let noto = "/usr/share/fonts/truetype/noto/"
        let cascade = try FontCascade(loading: [
            FontSource(path: TestFonts.dejaVuSans), FontSource(path: noto + "NotoSansThai-Regular.ttf"),
            FontSource(path: noto + "NotoSansKhmer-Regular.ttf"), FontSource(path: noto + "NotoSansLao-Regular.ttf"),
            FontSource(path: noto + "NotoSansMongolian-Regular.ttf"),
            FontSource(path: TestFonts.notoSansCJK, faceIndex: 2), FontSource(path: TestFonts.notoColorEmoji),
        ])
        return TextMeasurer(
            cascade: cascade, pointSize: 17, options: MeasureOptions(maxWidth: width), segmentCacheBytes: cacheBytes)
    }

    static let shapingStrings = [
        "สวัสดีครับยินดีต้อนรับ", "กข\u{17B4}ค ก\u{17B4}", "\u{17B4}ក ក\u{17B5}", "ไทย\u{3164}한글 ไทย\u{FFA0}",
        "ก ᠠ\u{180E}ᠡ ข", "ก \u{115F}\u{1161} ข\u{1160}", "ภาษาไทย PDF 2 MB", "😀\u{0E31} ก 👍🏽ก", "กขค\tงจฉ\tช",
        "ก\u{200B}ข\u{2060}ค", "ລາວ ສະບາຍດີ", "សួស្តីស្វាគមន៍", "\u{0E01}\u{034F}\u{0E02}", "ก\u{FE0F}ข ๑๒๓",
    ]

    @Test(arguments: [0.0, 30, 80, 200])
    func segmentsThatSurelyShapeMeasureAsWithoutTheCache(width: Double) throws {
        let reference = try Self.measurer(cacheBytes: 0, width: width).makeSession()
        let cached = try Self.measurer(cacheBytes: 4 << 20, width: width).makeSession()
        for round in 0..<2 {
            for text in Self.shapingStrings {
                let expected = reference.layout(text)
                let measured = cached.layout(text)
                #expect(measured.size == expected.size, "\(text) at \(width), round \(round)")
                #expect(measured.lines.map(\.width) == expected.lines.map(\.width), "\(text) at \(width)")
                #expect(cached.measure(text) == reference.measure(text), "\(text) at \(width)")
            }
        }
    }

    @Test func aThaiWordIsLookedUpOnceUnderItsShapedKey() throws {
        // ICU breaks สวัสดีครับ as สวัสดี|ครับ: two segments, each with one-scalar Thai clusters, so each is one
        // lookup of its shaped key (a miss, then a hit), and the plain key is never asked.
        let session = try Self.measurer(cacheBytes: 4 << 20, width: 0).makeSession()
        _ = session.measure("สวัสดีครับ")
        #expect(session.statistics.segmentCache.misses == 2)
        #expect(session.statistics.segmentCache.hits == 0)
        _ = session.measure("สวัสดีครับ")
        #expect(session.statistics.segmentCache.misses == 2)
        #expect(session.statistics.segmentCache.hits == 2)
    }

    static func scripts(_ text: String) -> [Script] {
        let scalars = text.unicodeScalars.map(\.value)
        var scripts = [Script](repeating: .common, count: scalars.count)
        scalars.withUnsafeBufferPointer { input in
            scripts.withUnsafeMutableBufferPointer { ScriptItemizer.resolve(input, into: $0.baseAddress!) }
        }
        return scripts
    }

    @Test func runsOfLettersAndMarksKeepTheirScripts() {
        // Thai letters and marks (Script Thai, no extensions) alternate; the space and digits are Common and join
        // the run before them (rule 2); "abc" starts a Latin run; "(" opens in the Latin run and ")" closes there,
        // even after Thai (rule 3); U+0E3F THAI CURRENCY SYMBOL BAHT is Common (Scripts.txt), so it joins "ok ".
        #expect(
            Self.scripts("กั้นกั้น 12 abc(ที่)ok ฿")
                == [Script](repeating: .thai, count: 12) + [Script](repeating: .latin, count: 4)
                + [Script](repeating: .thai, count: 3) + [Script](repeating: .latin, count: 5))
        // Arabic letters, a tatweel (extensions Adlm Arab … Syrc: stays Arabic), harakat (Inherited), ZWNJ
        // (Inherited), then Hebrew: the space joins the Arabic run (nine scalars).
        #expect(
            Self.scripts("بـــَِ\u{200C}ب אב")
                == [Script](repeating: .arabic, count: 9) + [Script](repeating: .hebrew, count: 2))
    }
}
