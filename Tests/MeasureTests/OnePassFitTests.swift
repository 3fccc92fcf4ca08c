import Foundation
import TestSupport
import Testing

@testable import Measure

/// A string that is not Latin-1 alone but whose every scalar is a grapheme cluster of its own, with no dictionary
/// breaking and no bidi, is decoded, broken, measured and fitted in one pass over its bytes (`LineFitter.fitOnePass`).
/// It must give what the general path — decoder, `LineBreaker.analyze`, the fitter with its segment cache and
/// HarfBuzz — gives for the same text, to the bit: the size, every line's byte range, width and metrics. Checked on
/// hostile text mixing what the pass walks (ideographs, kana, Hangul, CJK and fullwidth punctuation, quotes, dashes,
/// Greek, Cyrillic, emoji, Unicode spaces and separators, Latin-1 with its ligature and kerning pairs, tabs and hard
/// breaks) with what sends a string to the general path (marks, joiners, jamo, flags, Arabic, Hebrew, Thai,
/// Devanagari), over several cascades and every option that changes how lines are fitted.
@Suite struct OnePassFitTests {
    /// Fragments the pass walks.
    static let walked: [String] = [
        "漢字", "中文", "東京", "日本語", "國", "\u{2000B}", "ひらがな", "カタカナ", "ぁ", "ァ", "ー", "ゝ", "々",
        "한국어", "가나다", "읽", "。", "、", "，", "．", "：", "；", "！", "？", "「", "」", "『", "』", "（", "）", "【",
        "】", "〈", "〉", "・", "…", "‥", "〜", "～", "￥", "＄", "％", "１２３", "ＡＢＣ", "ｶﾀｶﾅ", "“", "”", "‘", "’",
        "—", "–", "‐", "‑", "€", "™", "•", "Ωμέγα", "Привет", "Ľubomír", "ı", "ĳ", "œ", "\u{3000}", "\u{2002}",
        "\u{202F}", "\u{2060}", "\u{200B}", "\u{2028}", "\u{2029}", "😀", "✂", "☺", "©", "a", "To",
        "Va", "AV", "fi", "ffl", "office", "hello", " ", "  ", "-", "(", ")", "[", "5", "1,234", "$", "%", "\t",
        "\n", "\r\n", "\u{85}", "\u{AD}", "\u{1}", "\u{A0}", "«", "»", ".", ",", "!", "?", "'", "\"",
        "Donaudampfschifffahrtsgesellschaftskapitän", "長長長長長長長長長長長長長長長長長長長長長長長長",
    ]

    /// Fragments that send a string to the general path (U+FEFF has a bidi hint; U+3164 is a default-ignorable with a
    /// script).
    static let general: [String] = [
        "e\u{301}", "\u{301}", "\u{200D}", "👍🏽", "👨\u{200D}👩\u{200D}👧", "❤\u{FE0F}", "🇯🇵", "\u{1100}\u{1161}\u{11A8}",
        "مرحبا", "שלום", "สวัสดี", "नमस्ते", "\u{FEFF}", "\u{3164}",
    ]

    /// Deterministic hostile strings: `count` of them, 0 to 29 fragments each; one in five may hold fragments that
    /// send it to the general path.
    static func strings(seed: UInt64, count: Int) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let pieces = random.next(5) == 0 ? walked + general : walked
            return (0..<random.next(30)).map { _ in pieces[random.next(pieces.count)] }.joined()
        }
    }

    /// The cascades: DejaVu Sans then Noto Sans CJK SC (the bench's), Noto Sans CJK first (its own Latin, and its
    /// kerning for every pair), and DejaVu Sans, Noto Sans CJK and Noto Color Emoji (emoji from the bitmap font).
    static let cascades: [[(String, Int)]] = [
        [(TestFonts.dejaVuSans, 0), (TestFonts.notoSansCJK, 2)],
        [(TestFonts.notoSansCJK, 2), (TestFonts.dejaVuSans, 0)],
        [(TestFonts.dejaVuSans, 0), (TestFonts.notoSansCJK, 0), (TestFonts.notoColorEmoji, 0)],
    ]

    /// Both paths over `strings`, the general path from a session of its own, the one pass from `session` (a new one
    /// when nil); returns the one pass's session, whose counters say what it took.
    @discardableResult
    static func expectSameLayouts(
        _ measurer: TextMeasurer, _ strings: [String], _ label: String, in session: MeasureSession? = nil
    ) -> MeasureSession {
        let onePass = session ?? measurer.makeSession()
        let general = measurer.makeSession()
        let differing = LayoutComparison.differing(strings, onePass, onePass: true, general, referenceOnePass: false)
        #expect(differing.isEmpty, "\(label): \(differing.joined(separator: "\n"))")
        #expect(general.onePassStrings == 0)
        return onePass
    }

    @Test(arguments: 0..<3)
    func widthsFeaturesAndCaches(cascade: Int) throws {
        let strings = Self.strings(seed: UInt64(200 + cascade), count: 250)
        let fonts = try FontCascade(loading: Self.cascades[cascade].map { FontSource(path: $0.0, faceIndex: $0.1) })
        for (measurer, label) in Latin1StringFitTests.fittingGrid(fonts) {
            let measured = Self.expectSameLayouts(measurer, strings, "cascade \(cascade), \(label)").onePassStrings
            // Most strings are walked (the others are Latin-1 alone or hold what the pass leaves).
            #expect(measured > strings.count / 2, "only \(measured) strings took the one pass")
        }
    }

    @Test(arguments: 0..<2)
    func optionsThatChangeFitting(cascade: Int) throws {
        let strings = Self.strings(seed: 9, count: 250)
        let fonts = try FontCascade(loading: Self.cascades[cascade].map { FontSource(path: $0.0, faceIndex: $0.1) })
        let variants = Latin1StringFitTests.fittingOptions(languages: ["ja", "zh-Hant", "ko"])
        for (label, options) in variants {
            let measured = Self.expectSameLayouts(
                TextMeasurer(cascade: fonts, pointSize: 13.5, options: options), strings, "\(label), cascade \(cascade)"
            ).onePassStrings
            #expect(measured > strings.count / 2, "\(label): only \(measured) strings took the one pass")
        }
    }

    @Test(arguments: 0..<3)
    func theCasesAReviewFound(cascade: Int) throws {
        // A Hangul filler (default-ignorable, script Hangul) alone as a segment: the general path's look back over the
        // one-scalar segments finds its script, so "(b" crosses a run there; the pass leaves such strings to it. And a
        // hard break after a scalar of a font that kerns: nothing kerns with it (which shows on a single line, where
        // the break's advance carries into the line's width).
        let fonts = try FontCascade(loading: Self.cascades[cascade].map { FontSource(path: $0.0, faceIndex: $0.1) })
        let strings = [
            "\u{3164}〓(b", "\u{FFA0}漢(A", "’\n’", "’\u{2028}V", "“A\r\nV”", "漢’\u{85}x", "To\u{2029}Va", "AV\n\nAV",
        ]
        for options in [
            MeasureOptions(maxWidth: 0), MeasureOptions(maxWidth: 0, usesLineFragmentOrigin: false),
            MeasureOptions(maxWidth: 30, usesLineFragmentOrigin: false),
        ] {
            Self.expectSameLayouts(
                TextMeasurer(cascade: fonts, pointSize: 17, options: options), strings, "cascade \(cascade)")
        }
    }

    @Test func latin1TextWhoseFirstFontShapesSomeOfIt() throws {
        // With Noto Sans CJK first, some Latin-1 glyphs are shaping triggers, so the Latin-1 pass stands aside and this
        // one takes Latin-1 strings too, leaving the segments with those scalars to `place` (and HarfBuzz).
        let fonts = try FontCascade(loading: Self.cascades[1].map { FontSource(path: $0.0, faceIndex: $0.1) })
        let strings = Latin1StringFitTests.strings(seed: 31, count: 300)
        for width in [0.0, 40, 120] {
            for features in [true, false] {
                let measurer = TextMeasurer(
                    cascade: fonts, pointSize: 17, options: MeasureOptions(maxWidth: width, usesFontFeatures: features))
                let measured = Self.expectSameLayouts(measurer, strings, "width \(width), features \(features)")
                    .onePassStrings
                #expect(measured > strings.count / 2, "only \(measured) Latin-1 strings took the one pass")
            }
        }
    }

    @Test func whatThePassWalksAndWhatItLeaves() throws {
        let fonts = try FontCascade(loading: Self.cascades[2].map { FontSource(path: $0.0, faceIndex: $0.1) })
        let measurer = TextMeasurer(cascade: fonts, pointSize: 17, options: MeasureOptions(maxWidth: 60))
        let walked = [
            "漢字かな交じり文", "한국어 문장", "“Quoted” — dashed", "Ωμέγα Привет", "😀 ☺", "漢\u{FFFD}字", "a\u{2028}b",
            "「括弧」、句読点。", "\u{20000}\u{2000B}",
        ]
        let left = [
            "e\u{301}", "漢字\u{200D}", "👍🏽", "❤\u{FE0F}", "🇯🇵", "\u{1100}\u{1161}", "مرحبا", "שלום", "สวัสดี", "नमस्ते",
            "\u{3164}〓(b", "가\u{FFA0}나", "\u{FEFF}漢字", "plain Latin-1 naïve", "",
        ]
        for text in walked {
            let session = measurer.makeSession()
            let fused = session.layout(text, onePass: true)
            #expect(session.onePassStrings == 1, "\(text.debugDescription) did not take the one pass")
            #expect(fused == measurer.makeSession().layout(text, onePass: false), "\(text.debugDescription)")
        }
        for text in left {
            let session = measurer.makeSession()
            let fused = session.layout(text, onePass: true)
            #expect(session.onePassStrings == 0, "\(text.debugDescription) took the one pass")
            #expect(fused == measurer.makeSession().layout(text, onePass: false), "\(text.debugDescription)")
        }
    }

    @Test func illFormedUTF8() throws {
        let measurer = try TestFonts.measurer(
            Self.cascades[0], size: 17, options: MeasureOptions(maxWidth: 50), features: true)
        let session = measurer.makeSession()
        let general = measurer.makeSession()
        // Truncated and overlong sequences, surrogates, bytes that never start one, around walkable scalars.
        let cases: [[UInt8]] = [
            Array("漢".utf8) + [0xE6, 0xBC], [0xE6] + Array("字".utf8), [0xED, 0xA0, 0x80] + Array("。".utf8),
            Array("漢".utf8) + [0xE0, 0x80, 0x80, 0x41], [0xF0, 0x9F, 0x98] + Array("漢".utf8),
            [0xF4, 0x90, 0x80, 0x80, 0xE3, 0x80, 0x82], [0xC0, 0xAF, 0xE3, 0x81, 0x82],
            [0xFF, 0xFE] + Array("かな".utf8),
            Array("漢字".utf8) + [0x80, 0x80],
        ]
        for bytes in cases {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(session.measure(utf8: bytes[...]) == general.layout(text, onePass: false).size, "\(bytes)")
        }
        // Every case is walked: U+FFFD is a scalar like any other, and no case's first byte beyond Latin-1 (0xE6,
        // 0xED, 0xF0, 0xF4, 0xE3 after the Latin-1 bytes C0 AF, 0xFF) is one the pass gives up on at once.
        #expect(session.onePassStrings == cases.count)
    }

    /// Fragments for the run loop of the one-pass fit (`LineFitter.placeRun`): first (the first 19) ideographs and
    /// kana, each a segment of its own, among them pairs Noto Sans CJK kerns across segments (あて, いて, かは, うフ,
    /// えへ); then scalars that join the one before them (、。，》ーッょ, ASCII letters, digits and spaces, hard
    /// breaks, Latin ligature and kerning pairs), scalars that end a run (an opening bracket or a hyphen, whose break
    /// looks ahead; Latin-1 beyond ASCII and emoji, of another length; a tab), U+3000 and U+FFFD, and scalars that
    /// send the whole string to the general path (U+0800, right to left; a combining mark).
    static let runs: [String] = [
        "漢", "字", "文", "書", "國", "あ", "て", "い", "か", "は", "う", "フ", "え", "へ", "ぁ", "ソ", "ー", "々", "가",
        "。", "、", "，", "》", "ッ", "ょ", "「", "」", "（", "A", "V", "To", "fi", "office", "1,234", " ", "\n",
        "\r\n", "\t", "-", "é", "😀", "\u{800}", "\u{FFFD}", "\u{3000}", "e\u{301}",
    ]

    /// Deterministic strings of `runs` fragments: `count` of them, 0 to `fragments` − 1 fragments each, mostly
    /// ideographs and kana (the first 19) so that runs are long, and one fragment in `anyOneIn` from the whole list,
    /// which ends them anywhere.
    static func runStrings(seed: UInt64, count: Int, fragments: Int, anyOneIn: Int) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            (0..<random.next(fragments)).map { _ in
                Self.runs[random.next(random.next(anyOneIn) == 0 ? Self.runs.count : 19)]
            }.joined()
        }
    }

    @Test(arguments: 0..<3)
    func runsOfSegments(cascade: Int) throws {
        let strings = Self.runStrings(seed: UInt64(500 + cascade), count: 200, fragments: 60, anyOneIn: 4)
        let fonts = try FontCascade(loading: Self.cascades[cascade].map { FontSource(path: $0.0, faceIndex: $0.1) })
        for (measurer, label) in Latin1StringFitTests.fittingGrid(fonts) {
            let onePass = Self.expectSameLayouts(measurer, strings, "cascade \(cascade), \(label)")
            // Most strings' ideographs and kana are placed by the loop for runs.
            let placed = onePass.runSegments
            #expect(placed > 5 * strings.count, "\(label): \(placed) placed in runs")
        }
    }

    @Test func whatRunsTake() throws {
        // Each string's run goes on past its joiners, and at least `placed` of its segments are placed by the run loop
        // (once the session has made the entries of its scalars: the first layout makes them); at 40 pt the long
        // ones also break inside segments. A hard break ends a run (the break after it is mandatory, which the general
        // loop takes), and with Noto Sans CJK first its digits and comma are glyphs it shapes, which end a run too.
        let strings: [(text: String, placed: Int)] = [
            ("漢字，漢字。漢字", 5), ("漢A漢BC漢", 4), ("漢 漢  漢", 2), ("漢office漢fi漢", 4), ("漢字\n漢字\r\n漢字", 3),
            ("漢ーーーーーーーー漢字", 2), ("漢ABCDEFGHIJKLMNOP漢字", 3), ("漢AV漢To漢", 4), ("漢1,234漢字", 1),
            ("漢》》漢字", 2), ("あッて、いょ。", 2),
            // Hangul from U+D000 on (하 합 한 했), whose UTF-8 starts with ED as the surrogates' does.
            ("하합한했하합", 4),
        ]
        for cascade in Self.cascades.indices {
            let fonts = try FontCascade(loading: Self.cascades[cascade].map { FontSource(path: $0.0, faceIndex: $0.1) })
            for width in [0.0, 40] {
                let measurer = TextMeasurer(cascade: fonts, pointSize: 17, options: MeasureOptions(maxWidth: width))
                for (text, placed) in strings {
                    let label = "cascade \(cascade), width \(width), \(text.debugDescription)"
                    let session = measurer.makeSession()
                    _ = session.layout(text, onePass: true)
                    let before = session.runSegments
                    let fused = session.layout(text, onePass: true)
                    let inRun = session.runSegments - before
                    #expect(inRun >= placed, "\(label): \(inRun) in a run")
                    #expect(fused == measurer.makeSession().layout(text, onePass: false), "\(label)")
                }
            }
        }
    }

    @Test(arguments: 0..<2)
    func runsUnderEveryFittingOption(cascade: Int) throws {
        // The options that change fitting (a trailing line break counted, which reads the run's last scalar; hard
        // breaks not honoured on a single line; font leading; tracking and kern attributes; languages).
        let strings = Self.runStrings(seed: UInt64(600 + cascade), count: 150, fragments: 50, anyOneIn: 3)
        let fonts = try FontCascade(loading: Self.cascades[cascade].map { FontSource(path: $0.0, faceIndex: $0.1) })
        for (label, options) in Latin1StringFitTests.fittingOptions(languages: ["ja", "zh-Hant", "ko"]) {
            let measurer = TextMeasurer(cascade: fonts, pointSize: 13.5, options: options)
            // Twice over, so that the second time every entry and transition is made and runs go on.
            let onePass = Self.expectSameLayouts(measurer, strings, "\(label), cascade \(cascade)")
            Self.expectSameLayouts(
                measurer, strings + strings.map { $0 + "\n" }, "\(label), cascade \(cascade), again", in: onePass)
            #expect(onePass.runSegments > 5 * strings.count, "\(label): \(onePass.runSegments) placed in runs")
        }
    }

    @Test func illFormedUTF8InsideRuns() throws {
        // The run loop decodes three-byte sequences itself: an overlong one (E0 80–9F …) or a surrogate (ED A0–BF …)
        // must not pass for the scalar its bits spell, which the session may have met (Ω, Á; U+D7FF is the last
        // scalar before the surrogates) — it is U+FFFD, one per maximal ill-formed subpart, as the decoder and
        // `String(decoding:as:)` have it; so is a sequence cut short. U+0800, the first three-byte scalar, is
        // Samaritan, written right to left: the general path measures that string.
        for cascade in Self.cascades {
            let measurer = try TestFonts.measurer(
                cascade, size: 17, options: MeasureOptions(maxWidth: 0), features: true)
            let session = measurer.makeSession()
            for text in ["漢字Ω字", "漢字Á字", "漢字\u{D7FF}字", "漢字\u{FFFD}\u{FFFD}\u{FFFD}字漢"] {
                _ = session.layout(text, onePass: true)
            }
            let middles: [(bytes: [UInt8], walked: Bool)] = [
                ([0xE0, 0x8E, 0xA9], true), ([0xE0, 0x83, 0x81], true), ([0xED, 0x9F, 0xBF], true),
                ([0xED, 0xA0, 0x80], true), ([0xE6, 0xBC], true), ([0xE0, 0xA0, 0x80], false),
            ]
            for (middle, walked) in middles {
                let bytes = Array("漢字".utf8) + middle + Array("字漢".utf8)
                let (runs, strings) = (session.runSegments, session.onePassStrings)
                let size = session.measure(utf8: bytes[...])
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(size == measurer.makeSession().layout(text, onePass: false).size, "\(middle)")
                #expect((session.runSegments > runs) == walked, "\(middle): runs")
                #expect(session.onePassStrings - strings == (walked ? 1 : 0), "\(middle): one pass")
            }
        }
    }

    @Test func handComputedRuns() throws {
        // Noto Sans CJK SC (1000 units per em): あ, て, い, か and は each advance 1000 units, and its `kern` feature
        // gives あ→て −20, い→て −30 and か→は −40 units, て→い and て→か nothing (fontTools 4.x: hmtx, and the GPOS
        // PairPos lookups of `kern`). Every position between these hiragana (ID) is a break (UAX #14 LB31), so each is a
        // segment of its own and pairs are kerned across segments, within the one Hiragana run: at 17 pt the line is
        // 6 × 17 − (20 + 30 + 40) × 0.017 = 100.47 pt; at 40 pt, two to a line, あて 33.66, いて 33.49, かは 33.32.
        for features in [true, false] {
            let wide = try TestFonts.measurer([(TestFonts.notoSansCJK, 2)], size: 17, features: features)
                .makeSession()
            // The first time, each new scalar's entry is made by the general loop, which ends a run at it; the second
            // time あ, て, い, て and か are placed in the run, and は, which ends the string, by the general loop.
            let first = wide.layout("あていてかは", onePass: true)
            let placedFirst = wide.runSegments
            let one = wide.layout("あていてかは", onePass: true)
            #expect(first == one)
            #expect(close(one.size.width, features ? 100.47 : 102))
            #expect(one.size.lineCount == 1)
            #expect(wide.runSegments - placedFirst == 5)
            let narrow = try TestFonts.measurer(
                [(TestFonts.notoSansCJK, 2)], size: 17, options: MeasureOptions(maxWidth: 40), features: features
            ).makeSession()
            _ = narrow.layout("あていてかは", onePass: true)
            let three = narrow.layout("あていてかは", onePass: true)
            #expect(close(three.size.width, features ? 33.66 : 34))
            #expect(three.lines.map(\.utf8Range) == [0..<6, 6..<12, 12..<18])
            let widths = features ? [33.66, 33.49, 33.32] : [34.0, 34, 34]
            #expect(three.lines.count == 3 && zip(three.lines.map(\.width), widths).allSatisfy { close($0, $1) })
            #expect(wide.onePassStrings == 2 && narrow.onePassStrings == 2)
            #expect(narrow.runSegments > 0)
            // An ideograph is the left glyph of no pair of the font (its 'kern' lookup covers kana and punctuation
            // only, fontTools 4.68), so the run loop keeps no font for a line ending with 漢 and looks nothing up
            // before て; い→て still kerns: 4 × 17 − 30 × 0.017 = 67.49 pt, as the general path has it. The first
            // time, 漢's entry is made by the general loop; the second, 漢, て and い are placed in the run.
            _ = wide.layout("漢ていて", onePass: true)
            let placedBefore = wide.runSegments
            let mixed = wide.layout("漢ていて", onePass: true)
            #expect(wide.runSegments - placedBefore == 3)
            #expect(close(mixed.size.width, features ? 67.49 : 68))
            #expect(mixed == wide.layout("漢ていて", onePass: false))
        }
    }

    @Test func handComputedLines() throws {
        // Noto Sans CJK SC (1000 units per em): 漢, 字 and 。 each advance 1000 units (fontTools 4.x, hmtx), so 17 pt
        // each, with no pair kerned between them. UAX #14: 漢 ÷ 字 × 。 (no break before CL), so at 40 pt "字。"
        // (34 pt) does not fit after "漢" (17 pt) and starts the second line.
        for features in [true, false] {
            let measurer = try TestFonts.measurer([(TestFonts.notoSansCJK, 2)], size: 17, features: features)
            let session = measurer.makeSession()
            let one = session.layout("漢字。", onePass: true)
            #expect(close(one.size.width, 51))
            #expect(one.size.lineCount == 1)
            let narrow = try TestFonts.measurer(
                [(TestFonts.notoSansCJK, 2)], size: 17, options: MeasureOptions(maxWidth: 40), features: features
            ).makeSession()
            let two = narrow.layout("漢字。", onePass: true)
            #expect(close(two.size.width, 34))
            #expect(two.size.lineCount == 2)
            #expect(two.lines.map(\.utf8Range) == [0..<3, 3..<9])
            #expect(session.onePassStrings == 1 && narrow.onePassStrings == 1)
        }
    }
}
