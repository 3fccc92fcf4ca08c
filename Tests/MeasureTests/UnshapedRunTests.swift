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
        "abc", "Debian ", "AVAVA", "WAVE", "1,234", "-", "—", "\t", "\n", "e\u{301}", "مرحبا", "😀",
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
        var differing: [String] = []
        for text in strings {
            for onePass in [true, false] {
                let written = unshaped.layout(text, onePass: onePass)
                let expected = shaped.layout(text, onePass: onePass)
                if written != expected && differing.count < 5 {
                    differing.append("\(text.debugDescription) (one pass \(onePass)): \(written) against \(expected)")
                }
            }
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
