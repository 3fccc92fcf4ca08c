import Foundation
import TestSupport
import Testing

@testable import Measure

/// A segment of the one-pass fit that crosses a script run (`使っ`, `った。`, `漢“sudo”`) is measured from its bytes
/// and entries when the script runs and fonts the general path would give it are settled by the text before it and in
/// it (`LineFitter.crossingSegmentMeasure`, `CrossingRunResolver`), instead of decoding and itemizing the whole string
/// and shaping the segment. It must give what the general path gives — `ScriptItemizer`, fonts moved to their
/// script's font, runs written by `writeRunUnshaped` or shaped by HarfBuzz — to the bit, and stand aside wherever the
/// general path would answer otherwise.
@Suite struct CrossingSegmentTests {
    /// Fragments that make segments of several scripts: ideographs and kana with the small kana, prolonged sound
    /// marks and punctuation no line may break before; Latin, Greek, Cyrillic, Hangul and Bopomofo; Common scalars
    /// with and without Script_Extensions (`、` `ー` `・` `゛` `〃`, `“`, digits, spaces); opening and closing brackets
    /// of every width; kerning pairs (`AV`, `To`, and Noto Sans CJK's kana) and ligature pairs (`fi`).
    static let fragments: [String] = [
        "漢", "字", "使", "っ", "た", "ます", "ゃ", "カタ", "ー", "ゝ", "々", "〆", "한", "국어", "ㄅㄆ", "Ωμ", "Пр",
        "AV", "To", "Va", "fi", "office", "ab", "s", "1", "２", "3.5", "。", "、", "・", "゛", "〃", "“", "”", "‘", "’",
        "(", ")", "（", "）", "「", "」", "【", "】", "[", "]", "〈", "〉", " ", "\u{3000}", "…", "—", "-", "/", ":",
        "$", "%", "あてい", "てかは", "😀",
    ]

    /// Deterministic strings of 1 to 16 fragments run together.
    static func strings(seed: UInt64, count: Int) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            (0...random.next(16)).map { _ in fragments[random.next(fragments.count)] }.joined()
        }
    }

    /// Cascades, with the fonts of scripts named as the default cascade names them: the bench's (DejaVu Sans, Noto
    /// Sans CJK SC), the same with Noto Sans CJK as the font of Han, kana, Hangul and Bopomofo (so Common scalars in
    /// those runs move to it), Noto Sans CJK first with DejaVu Sans as the font of Latin, Greek and Cyrillic, and
    /// with Noto Color Emoji last.
    static func cascade(_ index: Int) throws -> FontCascade {
        let dejaVu = try Font(path: TestFonts.dejaVuSans)
        let cjk = try Font(path: TestFonts.notoSansCJK, faceIndex: 2)
        switch index {
        case 0: return try FontCascade([dejaVu, cjk])
        case 1:
            return try FontCascade(
                [dejaVu, cjk], scriptFonts: ["Hani": 1, "Hira": 1, "Kana": 1, "Hang": 1, "Bopo": 1])
        case 2: return try FontCascade([cjk, dejaVu], scriptFonts: ["Latn": 1, "Grek": 1, "Cyrl": 1])
        default:
            let emoji = try Font(path: TestFonts.notoColorEmoji)
            return try FontCascade([dejaVu, cjk, emoji], scriptFonts: ["Hani": 1, "Hira": 1, "Kana": 1, "Zsye": 2])
        }
    }

    @Test(arguments: 0..<4)
    func sameAsTheGeneralPath(cascade: Int) throws {
        let fonts = try Self.cascade(cascade)
        let strings = Self.strings(seed: UInt64(300 + cascade), count: 300)
        var taken = 0
        for (measurer, label) in Latin1StringFitTests.fittingGrid(fonts) {
            taken +=
                OnePassFitTests.expectSameLayouts(measurer, strings, "cascade \(cascade), \(label)")
                .crossingSegments
        }
        // The path runs: many segments cross a run, and most are settled.
        #expect(taken > 250, "only \(taken) crossing segments measured in one pass")
    }

    /// Across paragraphs, which the itemizer itemizes one at a time: after LF, CR LF, CR or U+2029 the pass looks back
    /// no further than the paragraph's start, and no script placed before it is the one a leading Common scalar
    /// joins (U+2028 ends a line inside a paragraph) — the general path's answers, and HarfBuzz's for every run.
    @Test(arguments: 0..<4)
    func acrossParagraphs(cascade: Int) throws {
        let fonts = try Self.cascade(cascade)
        var random = SplitMix64(seed: UInt64(500 + cascade))
        let pieces = Self.fragments + ["\n", "\r\n", "\r", "\u{2029}", "\u{2028}", "\n-", "\n(", "\n“"]
        // And a paragraph that starts with Common scalars and holds two scripts in its first segment, whose look back
        // must stop at the paragraph's start ("字\n“AVΩ)": HarfBuzz 48.4102 in the default cascade; looking back
        // across the break, 50.6016).
        let crossing = ["字\n“AVΩ)", "漢字\n(AVΩ)", "か\r\n“ToПр", "字\u{2029}“VaΩμ", "使っ\n「AV」Ω"]
        let strings =
            (0..<300).map { _ in
                (0...random.next(16)).map { _ in pieces[random.next(pieces.count)] }.joined()
            } + crossing
        for (measurer, label) in Latin1StringFitTests.fittingGrid(fonts) {
            _ = OnePassFitTests.expectSameLayouts(measurer, strings, "cascade \(cascade), \(label), paragraphs")
            // And what HarfBuzz gives every run, itemized paragraph by paragraph.
            _ = UnshapedRunTests.expectSameLayouts(measurer, strings, "cascade \(cascade), \(label), paragraphs")
        }
    }

    @Test(arguments: 0..<4)
    func underEveryFittingOption(cascade: Int) throws {
        let fonts = try Self.cascade(cascade)
        let strings = Self.strings(seed: UInt64(400 + cascade), count: 200)
        for (label, options) in Latin1StringFitTests.fittingOptions(languages: ["ja", "zh-Hant", "ko"]) {
            let session = OnePassFitTests.expectSameLayouts(
                TextMeasurer(cascade: fonts, pointSize: 13.5, options: options), strings, "\(label), cascade \(cascade)"
            )
            #expect(session.crossingSegments > 10, "\(label): \(session.crossingSegments) taken")
        }
    }

    /// Which crossing segments the pass measures itself (`taken`) and which it leaves to the general path, one string
    /// at a time in a session of its own, with the bench's cascade (no fonts of scripts) unless `moved`.
    static func taken(_ text: String, moved: Bool = false) throws -> Int {
        let measurer = TextMeasurer(cascade: try cascade(moved ? 1 : 0), pointSize: 17, options: MeasureOptions())
        let session = measurer.makeSession()
        OnePassFitTests.expectSameLayouts(measurer, [text], text, in: session)
        return session.crossingSegments
    }

    @Test func whatItTakesAndWhatItLeaves() throws {
        // Han then a small kana, which no line may break before: settled by the ideograph.
        #expect(try Self.taken("使っている") == 1)
        // The same after "漢字", and "た。" after it is of one script ("。" is Common).
        #expect(try Self.taken("漢字使った。") == 1)
        // A Latin word after an opening quote after Han: "“" joins the Han run, "sudo" begins a Latin one.
        #expect(try Self.taken("漢“sudo") == 1)
        // The string's leading scalars take the first real script's run: "“" then Latin, then a small kana.
        #expect(try Self.taken("“abっ") == 1)
        // An opening bracket joins the run before it ("(か" after Han).
        #expect(try Self.taken("漢(かな") == 1)
        // A closing bracket takes its opening bracket's run: joins it ("(漢)っ"), or is of its script past it (")"
        // after "ab" is Han, as "(" after "漢" is).
        #expect(try Self.taken("(漢)っ") == 1)
        #expect(try Self.taken("漢(ab)っ") == 1)
        // Its opening bracket before the scalar that settles the run: which run it closes is not known here.
        #expect(try Self.taken("(漢 漢)っ") == 0)
        // "ー" (extensions Hira Kana) leaves the Latin run and begins one of two candidate scripts.
        #expect(try Self.taken("abーっ") == 0)
        // With Noto Sans CJK as the font of Han and kana, the space after "っ" moves to it, the font before it: the
        // general path shapes that. "“", used with no script in particular, stays in DejaVu Sans, the primary font
        // (`LayoutEngine.shapedFont`), and so is taken.
        #expect(try Self.taken("使っ", moved: true) == 1)
        #expect(try Self.taken("使っ ", moved: true) == 0)
        #expect(try Self.taken("漢“sudo", moved: true) == 1)
        // Up to `lookBehind` scalars back to the one that settles the run at the segment's start, and no further.
        let far = "漢" + String(repeating: " ", count: LineFitter.lookBehind + 1) + "“abっ"
        #expect(try Self.taken(far) == 0)
        let near = "漢" + String(repeating: " ", count: LineFitter.lookBehind - 2) + "“abっ"
        #expect(try Self.taken(near) == 1)
        // No look back at all when the segment's first scalar settles its run.
        #expect(try Self.taken("漢" + String(repeating: " ", count: LineFitter.lookBehind + 1) + "使っ") == 1)
    }

    /// A segment whose first and last real scripts agree but which holds another between them — `点击"Save"按钮` is
    /// one segment, no line may break before or after `"` — or whose kerned closing bracket takes its opening
    /// bracket's run (`は [-f]`: `]` is in the Hiragana run, `f` in a Latin one): HarfBuzz kerns no pair across those
    /// runs. Noto Sans CJK SC at 1,000 pt, one unit a point; the widths are Pango 1.50's (`pango-measure --size
    /// 1000 --width 0`, which itemizes by script with paired brackets, as `ScriptItemizer` does) and, by hand,
    /// HarfBuzz's runs: `中"` 1000 + 474, `d"` 620 + 474, `文` 1000 = 3568. The fast path had kerned `"d` (−33),
    /// `"S`, `"A`, `f]` and `f)` (+55) across the runs: 3535, 7167, 4055, 2627 and 4080.
    @Test func runBoundariesInsideASegment() throws {
        let fonts = try FontCascade([try Font(path: TestFonts.notoSansCJK, faceIndex: 2)])
        let expected: [(text: String, width: Double)] = [
            ("中\"d\"文", 3568), ("点击\"Save\"按钮", 7178), ("漢\"AV\"字", 4116), ("は [-f]", 2572),
            ("は (see f)", 4025),
        ]
        let measurer = TextMeasurer(cascade: fonts, pointSize: 1000, options: MeasureOptions())
        for (text, width) in expected {
            #expect(abs(measurer.measure(text).width - width) < 1e-6, "\(text)")
        }
        // Wrapped too, and with a text around them: the general path's answers, and HarfBuzz's run by run.
        let strings = expected.map(\.text) + expected.map { "漢字" + $0.text + " ok." }
        for width in [0.0, 1_500, 2_600, 5_000] {
            let wrapping = TextMeasurer(cascade: fonts, pointSize: 1000, options: MeasureOptions(maxWidth: width))
            _ = OnePassFitTests.expectSameLayouts(wrapping, strings, "width \(width)")
            _ = UnshapedRunTests.expectSameLayouts(wrapping, strings, "width \(width)")
        }
    }

    /// Brackets nested deeper than the resolver follows (`CrossingRunResolver.bracketCapacity` in the text it
    /// resolves) or than `BracketScan` follows before it (`BracketScan.capacity`, where the itemizer's ring of 64
    /// could drop some): the general path's answers, whichever way the pass goes (a review found that without the
    /// scan's limit `漢(` + 64 `[` + `)ab c]っ` measured 455.827 against 454.941 pt).
    @Test func deepBrackets() throws {
        let deep = String(repeating: "[", count: 64)
        var strings = ["漢(" + deep + ")ab c]っ", "漢(" + deep + "]ab c)っ", "(" + deep + "a)漢 b]っ"]
        for depth in [7, 8, 9, 55, 56, 57, 70] {
            let open = String(repeating: "(", count: depth)
            strings += [
                "漢" + open + "かっ" + String(repeating: ")", count: depth) + "っ", open + "漢 a)っ", "a" + open + "漢)っ b)っ",
            ]
        }
        for cascade in 0..<3 {
            let fonts = try Self.cascade(cascade)
            for width in [0.0, 120] {
                let measurer = TextMeasurer(cascade: fonts, pointSize: 17, options: MeasureOptions(maxWidth: width))
                OnePassFitTests.expectSameLayouts(measurer, strings, "cascade \(cascade), width \(width)")
            }
        }
    }

    /// A font that kerns by its legacy 'kern' table, whose pairs HarfBuzz splits between the two glyphs, with
    /// Noto Sans Mono CJK SC, which does not kern (so that one font alone kerns and the one-pass fit runs): a crossing
    /// segment with its pair `a` + space (−400 units) stays HarfBuzz's, one without that font's runs is taken.
    @Test func legacyKernTablesStayShaped() throws {
        let fonts = try FontCascade(
            [try UnshapedRunTests.legacyKernFont(), try Font(path: TestFonts.notoSansCJK, faceIndex: 7)])
        for width in [0.0, 30, 200] {
            let measurer = TextMeasurer(cascade: fonts, pointSize: 17, options: MeasureOptions(maxWidth: width))
            let session = OnePassFitTests.expectSameLayouts(
                measurer, ["漢(a ", "漢“a ", "漢(Ta Wa ", "漢(ava e"], "width \(width)")
            #expect(session.onePassStrings == 4)
            #expect(session.crossingSegments == 0)
            let control = OnePassFitTests.expectSameLayouts(measurer, ["使っ", "漢字使った"], "width \(width)")
            // (At 30 pt "使っ", 34 pt wide, is broken between its clusters: the general path's.)
            #expect(control.crossingSegments == (width == 30 ? 0 : 2))
        }
    }

    @Test func theResolverAgreesWithTheItemizer() {
        // Wherever `CrossingRunResolver` answers, its answer is `ScriptItemizer`'s, over random text: fed from the
        // start, and from every scalar that settles a run (a real script, one extension) with the brackets open
        // before it as `BracketScan` finds them.
        var random = SplitMix64(seed: 77)
        let pieces =
            Self.fragments + [
                "(", ")", "「", "」", "(", ")", "[", "]", "ー", "゛", "Ω", "я", "ㄅ", "᧐", "१", "၀", "ä", "\u{301}", "〔",
                "〕", "‹", "›",
            ]
        let table = ScriptTable.shared
        var answered = (fromStart: 0, fromInside: 0)
        for _ in 0..<2_000 {
            let text = (0...random.next(14)).map { _ in pieces[random.next(pieces.count)] }.joined()
            let scalars = text.unicodeScalars.map(\.value)
            var resolved = [Script](repeating: .common, count: scalars.count)
            scalars.withUnsafeBufferPointer { buffer in
                resolved.withUnsafeMutableBufferPointer { ScriptItemizer.resolve(buffer, into: $0.baseAddress!) }
            }
            let utf8 = Array(text.utf8)
            var sharedScan = BracketScan()
            var offsets: [Int] = []
            var offset = 0
            for scalar in text.unicodeScalars {
                offsets.append(offset)
                offset += String(scalar).utf8.count
            }
            for start in 0..<scalars.count {
                let properties = table.properties(of: scalars[start])
                guard start == 0 || properties.script.isReal && properties.extensions.count == 1 else { continue }
                var resolver = CrossingRunResolver()
                // A scan of its own for each start, and one carried on from the last start, as the fitter carries it.
                var scan = BracketScan()
                resolver.prefix = utf8.withUnsafeBufferPointer { scan.openPairs(before: offsets[start], in: $0) }
                let carried = utf8.withUnsafeBufferPointer { sharedScan.openPairs(before: offsets[start], in: $0) }
                #expect(carried == resolver.prefix, "\(text) from \(start)")
                var answers: [Script] = []
                for scalar in scalars[start...] {
                    guard let script = resolver.add(table.properties(of: scalar)) else { break }
                    answers.append(script)
                }
                for (step, answer) in answers.enumerated() {
                    let index = start + step
                    if answer == .common {
                        // The leading run: the first real script's, when it came.
                        guard let leading = resolver.leadingScript else { continue }
                        #expect(
                            resolved[index] == leading, "\(text) at \(index): \(resolved[index]), leading \(leading)")
                    } else {
                        #expect(
                            answer == resolved[index],
                            "\(text) from \(start) at \(index): \(resolved[index]), not \(answer)")
                    }
                    if start == 0 { answered.fromStart += 1 } else { answered.fromInside += 1 }
                }
            }
        }
        #expect(answered.fromStart > 5_000 && answered.fromInside > 5_000, "\(answered)")
    }
}
