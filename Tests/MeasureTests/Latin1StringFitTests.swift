import TestSupport
import Testing

@testable import Measure

/// A string of Latin-1 alone is decoded, broken, measured and fitted in one pass over its bytes
/// (`LineFitter.fitLatin1String`). It must give what the general path — decoder, `LineBreaker.analyze`, the fitter
/// with its segment cache — gives for the same text, to the bit: the size, every line's byte range, width and
/// metrics. Checked on hostile text (every Latin-1 break class, controls, tabs, CR LF, NEL, soft hyphens, ligature
/// pairs, words wider than a line) over several cascades and every option that changes how lines are fitted.
@Suite struct Latin1StringFitTests {
    /// Fragments the random strings are made of: letters (with DejaVu Sans's ligature starts f, ff, fi, fl), kerning
    /// pairs, spaces, every punctuation and number class, controls and hard breaks.
    static let fragments: [String] = [
        "a", "e", "hello", "world", "AVATAR", "To", "Va", "Ty.", "r.", "f", "fi", "ffl", "office", "Ærø", "façade",
        "naïve", "ß", "ÿ", " ", " ", " ", "  ", "\u{A0}", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}",
        "\u{AD}", "\u{0}", "\u{1}", "\u{1B}", "\u{7F}", "\u{9F}", "-", "--", "5", "1,234.56", "$", "£", "%", "¢",
        "°", "±", "(", ")", "[", "]", "{", "}", "¡", "¿", "!", "?", "\"", "'", "«", "»", ",", ".", ":", ";", "/",
        "|", "´", "©", "®", "×", "÷", "ª", "µ", "¹²³", "¼", "#", "&", "@", "_", "~",
        "Donaudampfschifffahrtsgesellschaftskapitän", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    ]

    /// Deterministic hostile strings: `count` of them, 0 to 24 fragments each.
    static func strings(seed: UInt64, count: Int) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            (0..<random.next(25)).map { _ in fragments[random.next(fragments.count)] }.joined()
        }
    }

    /// The cascades: DejaVu Sans alone (kerning, ligatures), Noto Sans CJK first (its own Latin), and Accanthis (an
    /// OTF with CFF outlines) before DejaVu Sans, which fills in what Accanthis lacks.
    static let cascades: [[(String, Int)]] = [
        [(TestFonts.dejaVuSans, 0)],
        [(TestFonts.notoSansCJK, 2), (TestFonts.dejaVuSans, 0)],
        [(TestFonts.accanthis, 0), (TestFonts.dejaVuSans, 0)],
    ]

    /// Both paths over `strings`, each from a session of its own.
    static func expectSameLayouts(_ measurer: TextMeasurer, _ strings: [String], _ label: String) {
        let differing = LayoutComparison.differing(
            strings, measurer.makeSession(), onePass: true, measurer.makeSession(), referenceOnePass: false)
        #expect(differing.isEmpty, "\(label): \(differing.joined(separator: "\n"))")
    }

    /// Every measurer of the grid the one-pass tests compare paths over — widths 0, 1, 15, 41.5, 120 and 200, kerned
    /// and plain, with and without a segment cache — with its label.
    static func fittingGrid(_ fonts: FontCascade) -> [(TextMeasurer, String)] {
        [0.0, 1, 15, 41.5, 120, 200].flatMap { width in
            [true, false].flatMap { features in
                [0, 1 << 20].map { cacheBytes in
                    (
                        TextMeasurer(
                            cascade: fonts, pointSize: 17,
                            options: MeasureOptions(maxWidth: width, usesFontFeatures: features),
                            segmentCacheBytes: cacheBytes),
                        "width \(width), features \(features), cache \(cacheBytes)"
                    )
                }
            }
        }
    }

    /// The options that change how lines are fitted, at 90 pt, each with its label (`language` one more).
    static func fittingOptions(languages: [String] = ["de"]) -> [(String, MeasureOptions)] {
        var tracked = TextAttributes()
        tracked.tracking = 1.5
        var kerned = TextAttributes()
        kerned.kern = -0.75
        return [
            ("single line", MeasureOptions(maxWidth: 90, usesLineFragmentOrigin: false)),
            ("trailing line break", MeasureOptions(maxWidth: 90, countsTrailingLineBreak: true)),
            ("font leading", MeasureOptions(maxWidth: 90, usesFontLeading: true)),
            ("tab interval", MeasureOptions(maxWidth: 90, tabInterval: 7)),
            (
                "Hangul word priority",
                MeasureOptions(maxWidth: 90, lineBreaking: LineBreakOptions(hangulWordPriority: true))
            ),
            ("loose CJ", MeasureOptions(maxWidth: 90, lineBreaking: LineBreakOptions(resolvesCJToNonstarter: false))),
            ("tracking", MeasureOptions(maxWidth: 90, attributes: tracked)),
            ("kern attribute", MeasureOptions(maxWidth: 90, attributes: kerned)),
        ] + languages.map { ("language \($0)", MeasureOptions(maxWidth: 90, language: $0)) }
    }

    @Test(arguments: 0..<3)
    func widthsFeaturesAndCaches(cascade: Int) throws {
        let strings = Self.strings(seed: UInt64(100 + cascade), count: 300)
        let fonts = try FontCascade(loading: Self.cascades[cascade].map { FontSource(path: $0.0, faceIndex: $0.1) })
        for (measurer, label) in Self.fittingGrid(fonts) {
            Self.expectSameLayouts(measurer, strings, "cascade \(cascade), \(label)")
        }
    }

    @Test func optionsThatChangeFitting() throws {
        let strings = Self.strings(seed: 7, count: 300)
        let fonts = try FontCascade(loading: [FontSource(path: TestFonts.dejaVuSans)])
        let variants = Self.fittingOptions()
        for (label, options) in variants {
            Self.expectSameLayouts(TextMeasurer(cascade: fonts, pointSize: 13.5, options: options), strings, label)
        }
    }

    @Test func theOnePassTakesLatin1AndGivesUpOnAnythingElse() throws {
        let session = try TestFonts.dejaVu(size: 17, width: 80).makeSession()
        // Ill-formed UTF-8 and scalars past U+00FF leave it to the general path (which measures them as U+FFFD or
        // as themselves), at the start, in the middle and at the end.
        let cases: [[UInt8]] = [
            Array("hello wörld".utf8), Array("hello w\u{100}rld".utf8), [0x61, 0x80, 0x62], [0x61, 0xC3], [0xC3, 0x61],
            [0xC0, 0x80], [0xC1, 0xBF, 0x20, 0x61], [0x61, 0x20, 0xC2], [0xFF], Array("naïve ☃".utf8), [],
        ]
        for bytes in cases {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(session.layout(text, onePass: true) == session.layout(text, onePass: false), "\(bytes)")
            #expect(session.measure(utf8: bytes[...]) == session.layout(text, onePass: false).size, "\(bytes)")
        }
    }

    @Test func theStringsOfTheOlderOnePassSegmentTest() throws {
        // `Latin1SegmentTests.strings`, at its widths: the one-pass fit against the general path.
        let fonts = try FontCascade(loading: [
            FontSource(path: TestFonts.dejaVuSans), FontSource(path: TestFonts.notoSansCJK, faceIndex: 2),
        ])
        for width in [0.0, 40, 120, 200, 320] {
            let measurer = TextMeasurer(cascade: fonts, pointSize: 17, options: MeasureOptions(maxWidth: width))
            Self.expectSameLayouts(measurer, Latin1SegmentTests.strings, "width \(width)")
        }
    }

    @Test func segmentsPlacedAfterOnesTheOnePassPlaced() throws {
        // `placeLatin1`'s common case (`placeAfterOnePass`): a segment after one the pass placed on a line with
        // content — fitted, wrapped before it, or (a word wider than a line) left to the general placement that
        // breaks it — and what it leaves on the line for the next. "To Va" in DejaVu Sans 17 pt (units as in
        // `aHandComputedLine`): at 30 pt, "To " is 1251 + 1253 − 348 + 651 = 2807 units (23.30 pt) to the pen, 2156
        // (17.90 pt) to its last glyph, and "Va" 1401 + 1255 − 159 = 2497 (20.73 pt) does not fit after it: two
        // lines, "To " and "Va".
        let fonts = try FontCascade(loading: [FontSource(path: TestFonts.dejaVuSans)])
        let narrow = TextMeasurer(cascade: fonts, pointSize: 17, options: MeasureOptions(maxWidth: 30)).makeSession()
        let layout = narrow.layout("To Va", onePass: true)
        #expect(layout.lines.map(\.utf8Range) == [0..<3, 3..<5])
        #expect(layout.lines.count == 2 && close(layout.lines[0].width, 2156.0 * 17 / 2048))
        #expect(layout.lines.count == 2 && close(layout.lines[1].width, 2497.0 * 17 / 2048))
        #expect(close(layout.size.width, 2497.0 * 17 / 2048) && layout.size.lineCount == 2)
        // Against the general path: words after words, pairs kerned across breaks after hyphens ("-V" −120 units,
        // "-T" −188, "-Y" −243: uharfbuzz 0.57) and after slashes (which kern nothing), words wider than a line after
        // others, hard breaks between, at widths around those of the words.
        let strings = [
            "To Va", "To Va To Va To Va", "a AAAAAAAAAAAAAAAA b", "To Donaudampfschifffahrtsgesellschaftskapitän Va",
            "To-Va-To-Va", "AV/AV/AV", "x\ny Va", "Va\u{85}To Va", "1,234 To Va", "Ty. Va. To.", "office fi ffl To",
            "ÆØÅ façade naïve Va", "To  Va   To", "To\tVa To", "T o V a T o V a", "x-T x-V x-Y x-W L-T F-A",
            "«T» «V» A/V/T/Y", "T-o-V-a-Y-o", "1-T 2-V ¿T ¡V",
            // A segment the pass does not measure (a ligature's possible start, a tab) after one the common case
            // placed ("x-", "To-", after a first segment the general placement put on the line): placed by `place`,
            // kerned against the line's last glyph and font, which the common case set: "-o" is kerned +38 units
            // (uharfbuzz 0.57 shaping "-o" with `kern`: 2030 units, against 739 + 1253).
            "a x-office b To-office", "a x-o\tb To-o\tb",
        ]
        for width in [0.0, 1, 10, 17.9, 23.3, 25, 30, 41.5, 44, 60, 120] {
            for features in [true, false] {
                let measurer = TextMeasurer(
                    cascade: fonts, pointSize: 17, options: MeasureOptions(maxWidth: width, usesFontFeatures: features))
                Self.expectSameLayouts(measurer, strings, "width \(width), features \(features)")
            }
        }
    }

    @Test func aHandComputedLine() throws {
        // "To Va" in DejaVu Sans 17 pt (2048 units per em), kerned: T 1251, o 1253, space 651, V 1401, a 1255, with
        // the pairs To −348 and Va −159 (fontTools: hmtx and the GPOS 'kern' pairs `KerningTests` reads); the space
        // between "o" and "V" kerns with neither. One line, no wrapping, through the one-pass fit.
        let session = try TestFonts.measurer([(TestFonts.dejaVuSans, 0)], size: 17, features: true).makeSession()
        let layout = session.layout("To Va", onePass: true)
        let units = 1251.0 + 1253 - 348 + 651 + 1401 + 1255 - 159
        #expect(close(layout.size.width, units * 17 / 2048))
        #expect(layout.size.lineCount == 1)
        #expect(layout.lines.map(\.utf8Range) == [0..<5])
    }
}
