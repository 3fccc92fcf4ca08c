import Foundation
import TestSupport
import Testing

@testable import Measure

/// Measuring shapes without mark positioning (`mark`, `mkmk`, `abvm`, `blwm`) where `MarkPositioning` proves those
/// features only attach marks: every advance, cluster, `.notdef` and first glyph must be what shaping with them
/// gives, in every script the corpora hold; the proof must refuse the fonts whose mark features do more; and Hebrew
/// keeps them.
@Suite struct MarkPositioningTests {
    static let noto = "/usr/share/fonts/truetype/noto/"
    /// `Tests/FontFixtures` (fonts made for these tests by its `make-fonts.py`).
    static let fixtures =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FontFixtures").path + "/"

    /// What fontTools reads in each font (`TTFont(path)["GPOS"].table`: the lookups the four features list, Extension
    /// lookups resolved; GSUB lists none under them in any of these): only types 4, 5, 6 in the first seven, with no
    /// cursive lookup after the first of them; a SinglePos (type 1, `XAdvance` −1233 on the combining marks) in DejaVu
    /// Sans Mono's `mark`; chained contextual positioning (type 8) in Noto Looped Thai's and Noto Sans Khmer's; in
    /// Noto Sans Sinhala and Kannada, mark attachment only, but a cursive lookup (type 3) and, after the first mark
    /// lookup, a contextual one (type 8).
    @Test(
        arguments: [
            (noto + "NotoSansArabic-Regular.ttf", true), (noto + "NotoSansDevanagari-Regular.ttf", true),
            (noto + "NotoSansThai-Regular.ttf", true), (noto + "NotoSansHebrew-Regular.ttf", true),
            ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", true), (noto + "NotoNastaliqUrdu-Regular.ttf", true),
            (noto + "NotoSansMyanmar-Regular.ttf", true),
            ("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", false),
            (noto + "NotoLoopedThai-Regular.ttf", false), (noto + "NotoSansKhmer-Regular.ttf", false),
            (noto + "NotoColorEmoji.ttf", false),
            // A cursive lookup and a later contextual one, which might call it (not read further: refused).
            (noto + "NotoSansSinhala-Regular.ttf", false), (noto + "NotoSansKannada-Regular.ttf", false),
            // A cursive lookup after the mark lookup, and before it (`Tests/FontFixtures/make-fonts.py`).
            (fixtures + "MarkCursMC.ttf", false), (fixtures + "MarkCursCM.ttf", true),
        ])
    func theProofFollowsTheFontsLookups(path: String, expected: Bool) throws {
        let face = try #require(HarfBuzzFace(path: path, faceIndex: 0), "\(path)")
        #expect(face.onlyMovesMarks == expected, "\(path)")
    }

    /// Words of each script with their marks: harakat and shadda, Persian with ZWNJ, Urdu, Devanagari with nukta,
    /// virama and conjuncts, Thai tone marks and vowels above and below, Myanmar medials and tones, Latin with
    /// combining accents.
    static let samples: [(font: String, script: String, rightToLeft: Bool, words: [String])] = [
        (
            noto + "NotoSansArabic-Regular.ttf", "Arab", true,
            ["مَرْحَبًا", "العَرَبِيَّة", "كِتَابٌ", "لا", "ﷲ", "مُحَمَّدٌ", "سلام", "می‌خواهم", "کتابخانه‌ها", "٣٤٥"]
        ),
        (noto + "NotoNastaliqUrdu-Regular.ttf", "Arab", true, ["اردو", "پاکستان", "خوش آمدید", "بِسْمِ"]),
        (
            noto + "NotoSansDevanagari-Regular.ttf", "Deva", false,
            ["नमस्ते", "हिन्दी", "क्षत्रिय", "श्रीमान्", "ज़िंदगी", "द्वारा", "कृष्ण", "र्क", "प्रश्न", "ॐ"]
        ),
        (
            noto + "NotoSansThai-Regular.ttf", "Thai", false,
            ["สวัสดีครับ", "ภาษาไทย", "น้ำ", "ที่นี่", "กรุงเทพมหานคร", "ปั้น", "ฤๅษี", "ญี่ปุ่น"]
        ),
        (noto + "NotoSansMyanmar-Regular.ttf", "Mymr", false, ["မြန်မာ", "ကျေးဇူးတင်ပါတယ်", "နိုင်ငံ"]),
        ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "Latn", false, ["e\u{301}", "x\u{303}\u{323}", "Ṩ̈", "ǘ"]),
    ]

    /// Every word shaped by a shaper that drops mark positioning and by one that keeps it: everything measuring
    /// reads of the result must be the same.
    static func expectSameAdvances(font: String, script: String, rightToLeft: Bool, words: [String]) throws -> Int {
        let face = try #require(HarfBuzzFace(path: font, faceIndex: 0), "\(font)")
        let tag = script.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let dropping = HarfBuzzShaper(language: nil, kerns: true, ligates: true)
        let keeping = HarfBuzzShaper(language: nil, kerns: true, ligates: true, dropsMarkPositioning: false)
        var differing: [String] = []
        for word in words {
            let scalars = word.unicodeScalars.map(\.value)
            scalars.withUnsafeBufferPointer { text in
                dropping.shape(text, offset: 0, count: text.count, face: face, script: tag, rightToLeft: rightToLeft)
                keeping.shape(text, offset: 0, count: text.count, face: face, script: tag, rightToLeft: rightToLeft)
                for index in 0..<text.count
                where dropping.advances[index] != keeping.advances[index]
                    || dropping.clusterStarts[index] != keeping.clusterStarts[index]
                    || dropping.notdefAdvances[index] != keeping.notdefAdvances[index]
                    || (keeping.clusterStarts[index] && dropping.firstGlyphs[index] != keeping.firstGlyphs[index])
                {
                    if differing.count < 5 {
                        differing.append(
                            "\(word) at \(index): \(dropping.advances[index]) against \(keeping.advances[index])")
                    }
                }
            }
        }
        #expect(differing.isEmpty, "\(font): \(differing)")
        return face.onlyMovesMarks ? words.count : 0
    }

    @Test func advancesAreTheSameWithoutMarkPositioning() throws {
        var dropped = 0
        for sample in Self.samples {
            dropped += try Self.expectSameAdvances(
                font: sample.font, script: sample.script, rightToLeft: sample.rightToLeft, words: sample.words)
        }
        // Every sample font passes the proof, so every word was shaped without mark positioning.
        #expect(dropped == Self.samples.reduce(0) { $0 + $1.words.count })
    }

    /// The same over every word of the reference corpora in the complex scripts (their first 400 lines each).
    @Test(
        .enabled(if: ReferenceData.isAvailable, "../shared/reference is not beside this checkout"),
        arguments: [
            ("ar", "NotoSansArabic-Regular.ttf", "Arab", true), ("fa", "NotoSansArabic-Regular.ttf", "Arab", true),
            ("hi", "NotoSansDevanagari-Regular.ttf", "Deva", false), ("th", "NotoSansThai-Regular.ttf", "Thai", false),
        ])
    func referenceCorporaKeepTheirAdvances(corpus: String, font: String, script: String, rightToLeft: Bool) throws {
        var words = Set<String>()
        for line in try ReferenceData.corpus(corpus).prefix(400) {
            for word in line.split(separator: 0x20) { words.insert(String(decoding: word, as: UTF8.self)) }
        }
        let shaped = try Self.expectSameAdvances(
            font: Self.noto + font, script: script, rightToLeft: rightToLeft, words: words.sorted())
        #expect(shaped > 300, "\(corpus): \(shaped) words")
    }

    /// The font where a mark lookup runs before a cursive one: HarfBuzz 6.0 (`hb_shape` of "abc", with `mark` and
    /// without) gives 600, 800, 600 units and 600, 500, 600, so at 100 pt "abc" must measure 200 pt, as with mark
    /// positioning. With the two lookups the other way round HarfBuzz gives 600, 500, 600 either way: 170 pt, now
    /// shaped without mark positioning (the proof accepts that font).
    @Test(arguments: [("MarkCursMC.ttf", 200.0), ("MarkCursCM.ttf", 170.0)])
    func aMarkOffsetACursiveLookupReadsKeepsItsAdvance(font: String, width: Double) throws {
        let cascade = try FontCascade(loading: [FontSource(path: Self.fixtures + font, faceIndex: 0)])
        let measurer = TextMeasurer(cascade: cascade, pointSize: 100, options: MeasureOptions(maxWidth: 0))
        #expect(abs(measurer.measure("abc").width - width) < 1e-9, "\(font)")
    }

    /// Hebrew keeps mark positioning: with `mark` off, HarfBuzz 6.0 composes YOD + HIRIQ into U+FB1D's glyph, 306
    /// units wide, where with it the two are YOD (295 units) and a mark (0) — `hb_shape` of "יִ" in Noto Sans Hebrew
    /// with and without `-mark`, HarfBuzz 6.0.0.
    @Test func hebrewKeepsMarkPositioning() throws {
        let face = try #require(HarfBuzzFace(path: Self.noto + "NotoSansHebrew-Regular.ttf", faceIndex: 0))
        #expect(face.onlyMovesMarks)
        let shaper = HarfBuzzShaper(language: nil, kerns: true, ligates: true)
        let scalars: [UInt32] = [0x05D9, 0x05B4]
        let shaped = scalars.withUnsafeBufferPointer { text in
            shaper.shape(text, offset: 0, count: 2, face: face, script: 0x4865_6272, rightToLeft: true)
        }
        #expect(shaped)
        #expect(shaper.advances[0] + shaper.advances[1] == 295)
    }
}
