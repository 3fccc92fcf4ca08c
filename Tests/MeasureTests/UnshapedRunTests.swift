import Foundation
import TestSupport
import Testing

@testable import Measure

/// A segment that crosses a script run (`使っ`, `(青`, `“sudo`) is shaped run by run (`LayoutEngine.shapeSegment`);
/// a run of a simple script with no trigger glyph, no possible ligature and one scalar per cluster is written without
/// HarfBuzz (`writeRunUnshaped`), as HarfBuzz would shape it. The reference here is HarfBuzz itself: the same
/// measurer with `shapesEveryRun` set shapes every run, and both must give the same layouts to the bit — size, and
/// every line's range, width and metrics — over several cascades and every option that changes widths.
@Suite struct UnshapedRunTests {
    /// Fragments that make segments crossing a script run (kanji and kana with no break between them, an opening
    /// bracket or quote after another script, fullwidth brackets around Latin) or that sit around them.
    static let fragments: [String] = [
        "使っ", "行った", "待って", "持ってる", "言っ", "カ漢", "漢カ", "ちょっと", "キャッシュ", "(青", "(参", "(デ", "(데",
        "（daemon）", "《UNIX", "《行", "「バ", "“sudo ", "“apt-", "\"x\" ", "(RMS)", "(Linux ", "‘Ωμέγα’", "«Привет»",
        "(AV", "“To", "(Va", "(office", "“fi", "Ўў(漢", "漢字", "ひらがな", "カタカナ", "한국어", "。", "、", "「", "」", " ",
        "abc", "Debian ", "AVAVA", "WAVE", "1,234", "-", "—", "\t", "\n", "e\u{301}", "مرحبا", "😀", "1⁄2", "⁄",
        "\u{302E}", "\u{064B}",
    ]

    /// Deterministic strings of 1 to 24 fragments.
    static func strings(seed: UInt64, count: Int) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            (0...random.next(24)).map { _ in fragments[random.next(fragments.count)] }.joined()
        }
    }

    /// The layouts of `strings` from `measurer` and from its copy that shapes every run, each with sessions of its
    /// own, with and without the one-pass fits; returns how many runs the first wrote without HarfBuzz.
    static func expectSameLayouts(_ measurer: TextMeasurer, _ strings: [String], _ label: String) -> Int {
        var reference = measurer
        reference.shapesEveryRun = true
        let unshaped = measurer.makeSession()
        let shaped = reference.makeSession()
        let differing = [true, false].flatMap { onePass in
            LayoutComparison.differing(strings, unshaped, onePass: onePass, shaped, referenceOnePass: onePass)
        }
        #expect(differing.isEmpty, "\(label): \(differing.joined(separator: "\n"))")
        #expect(shaped.unshapedRuns == 0)
        return unshaped.unshapedRuns
    }

    @Test(arguments: 0..<3)
    func widthsFeaturesAndCaches(cascade: Int) throws {
        let strings = Self.strings(seed: UInt64(400 + cascade), count: 120)
        let fonts = try FontCascade(
            loading: OnePassFitTests.cascades[cascade].map { FontSource(path: $0.0, faceIndex: $0.1) })
        for (measurer, label) in Latin1StringFitTests.fittingGrid(fonts) {
            let written = Self.expectSameLayouts(measurer, strings, "cascade \(cascade), \(label)")
            // Without font features nothing kerns across segments, so no segment crosses a script run.
            if measurer.options.usesFontFeatures {
                #expect(written > 100, "\(label): only \(written) runs were written without HarfBuzz")
            }
        }
    }

    /// Letter spacing (tracking, kern), languages and the other fitting options, on the bench's cascade.
    @Test func options() throws {
        let strings = Self.strings(seed: 410, count: 120)
        let fonts = try FontCascade(
            loading: OnePassFitTests.cascades[0].map { FontSource(path: $0.0, faceIndex: $0.1) })
        for (label, options) in Latin1StringFitTests.fittingOptions(languages: ["ja", "zh-Hans", "ko", "de"]) {
            let measurer = TextMeasurer(cascade: fonts, pointSize: 17, options: options)
            #expect(Self.expectSameLayouts(measurer, strings, label) > 0, "\(label): no run written without HarfBuzz")
        }
    }

    /// Runs with a trigger glyph, which HarfBuzz must shape because some lookup of the font other than `kern` and
    /// `liga` applies to it in the measurer's language: DejaVu Sans's Serbian and Macedonian `б` (`locl`), Noto Sans
    /// CJK's Japanese forms of ASCII and `・`, its traditional Chinese dashes and quotes, its `——` and `…` in any
    /// language (each case seen to differ when the trigger check is taken out).
    @Test(
        arguments: [
            (0, "sr", "漢字(бx abc(б漢"), (0, "mk", "漢字“бб"), (0, "ja", "漢字(・x"), (1, nil, "漢字“—— abc(…漢"),
            (1, "ja", "漢字(\"x 漢字“!! abc(%漢"), (1, "zh-Hant", "漢字(—x abc(\'漢"), (2, "sr", "abc(б漢"),
        ] as [(Int, String?, String)])
    func triggerGlyphsAreShaped(cascade: Int, language: String?, text: String) throws {
        let fonts = try FontCascade(
            loading: OnePassFitTests.cascades[cascade].map { FontSource(path: $0.0, faceIndex: $0.1) })
        var options = MeasureOptions(maxWidth: 1000)
        options.language = language
        let measurer = TextMeasurer(cascade: fonts, pointSize: 17, options: options)
        _ = Self.expectSameLayouts(measurer, [text], "cascade \(cascade), \(language ?? "no language")")
    }

    /// What sends text to HarfBuzz whatever its glyphs: U+2044, around which the fraction features of Accanthis
    /// ADF apply (lookups the trigger sets leave out for that reason), and a mark standing as a cluster of its own
    /// (after a line break or a tab), which HarfBuzz gives no width or a dotted circle. The same layouts as
    /// HarfBuzz's, and no run written without it.
    @Test func fractionSlashesAndLoneMarks() throws {
        for (cascade, texts) in [
            ([(TestFonts.accanthis, 0)], ["1⁄2", "3 1⁄4 x", "(1⁄2)", "a\n1⁄2"]),
            ([(TestFonts.notoSansCJK, 2)], ["\u{302E}", "한\n\u{302E}한", "\t\u{302F}"]),
            ([(TestFonts.dejaVuSans, 0)], ["\u{064B}", "x\n\u{0301}y", "\t\u{0308}"]),
        ] {
            let fonts = try FontCascade(loading: cascade.map { FontSource(path: $0.0, faceIndex: $0.1) })
            let measurer = TextMeasurer(cascade: fonts, pointSize: 17, options: MeasureOptions(maxWidth: 1000))
            // Every shaped segment of these holds the slash or the mark, so no run of them is written.
            #expect(Self.expectSameLayouts(measurer, texts, fonts.fonts[0].path) == 0)
        }
    }

    /// A font that kerns by its legacy 'kern' table: HarfBuzz splits each pair's value between the two glyphs'
    /// advances (half on the first, the rest on the second), so a pair whose second glyph is a trailing space that
    /// hangs leaves half of its value outside the segment's visible width; such runs stay HarfBuzz's. The font is the
    /// font is `legacyKernFont`.
    @Test func legacyKernTablesAreShaped() throws {
        let patched = try Self.legacyKernFont()
        #expect(patched.openTypeFeatures.kernsByLegacyTable)
        #expect(patched.openTypeFeatures.kerning(4, 1) == -400)
        let fonts = try FontCascade([patched, try Font(path: TestFonts.notoSansCJK, faceIndex: 2)])
        for width in [0.0, 30, 200] {
            let measurer = TextMeasurer(cascade: fonts, pointSize: 17, options: MeasureOptions(maxWidth: width))
            _ = Self.expectSameLayouts(measurer, ["漢(a ", "漢“a ", "漢(Ta Wa ", "漢(ava e"], "width \(width)")
        }
    }

    /// The repository's legacy-kern subset of DejaVu Serif with its pair a v (glyphs 4, 8; −20) made a space (4, 1;
    /// −400), patched in memory (the pairs stay sorted).
    static func legacyKernFont() throws -> Font {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFonts.legacyKernSubset)))
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        let kern = try #require(
            (0..<u16(4)).map { 12 + 16 * $0 }.first { bytes[$0..<$0 + 4] == [0x6B, 0x65, 0x72, 0x6E] })
        let pairs = u32(kern + 8) + 4 + 6 + 8  // table header, subtable header, format 0 header
        let pair = try #require((0..<u16(pairs - 8)).map { pairs + 6 * $0 }.first { u16($0) == 4 && u16($0 + 2) == 8 })
        bytes[pair + 3] = 1  // right glyph: space
        (bytes[pair + 4], bytes[pair + 5]) = (0xFE, 0x70)  // −400
        return try Font(data: Data(bytes), name: "legacy kern, a space −400")
    }

    /// `ShaperChoice.harfBuzz` shapes every run by HarfBuzz, these included.
    @Test func theHarfBuzzShaperShapesEveryRun() throws {
        let fonts = try FontCascade(
            loading: OnePassFitTests.cascades[0].map { FontSource(path: $0.0, faceIndex: $0.1) })
        let measurer = TextMeasurer(
            cascade: fonts, pointSize: 17, options: MeasureOptions(maxWidth: 200, shaper: .harfBuzz))
        let session = measurer.makeSession()
        for text in Self.strings(seed: 420, count: 40) { _ = session.measure(text) }
        #expect(session.unshapedRuns == 0)
    }

    /// Runs that must still be shaped — a possible ligature (`ffi`, `fi` in DejaVu Sans), a base with a mark — each
    /// against the same string with the ligature or the mark taken out: one run fewer is written without HarfBuzz.
    /// Each text is one segment after CJK text, so that its opening quote or bracket crosses into it.
    @Test func runsHarfBuzzMustShape() throws {
        let fonts = try FontCascade(
            loading: OnePassFitTests.cascades[0].map { FontSource(path: $0.0, faceIndex: $0.1) })
        let measurer = TextMeasurer(cascade: fonts, pointSize: 17, options: MeasureOptions(maxWidth: 500))
        for (shaped, control) in [("漢字“office", "漢字“ovoice"), ("漢字(fix", "漢字(fox"), ("漢字“e\u{301}x", "漢字“ex")] {
            let withLigatureOrMark = Self.expectSameLayouts(measurer, [shaped], shaped)
            let without = Self.expectSameLayouts(measurer, [control], control)
            #expect(withLigatureOrMark < without, "\(shaped): \(withLigatureOrMark), \(control): \(without)")
        }
        // Arabic after a bracket: right to left and a script that shapes; the same layouts either way.
        _ = Self.expectSameLayouts(measurer, ["漢字(مرحبا", "(مرحبا) abc", "abc (مرحبا)"], "Arabic")
    }
}
