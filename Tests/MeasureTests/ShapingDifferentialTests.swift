import Foundation
import Testing

@testable import Measure

/// The two shaping paths proven equal: over every corpus of `../shared/reference` and the bench corpora, each string
/// the automatic shaper measures on the fast path alone (no segment of it went to HarfBuzz) has the same width
/// (≤ 0.001 pt) and line count when HarfBuzz shapes everything (`ShaperChoice.harfBuzz`), kerned and plain, wrapped
/// and not.
///
/// Skipped with a message where `../shared/reference` is missing; the bench corpora are used where `make corpora`
/// has built them.
@Suite(.enabled(if: ReferenceData.isAvailable, "../shared/reference is not beside this checkout"))
struct ShapingDifferentialTests {
    static let noto = "/usr/share/fonts/truetype/noto/"
    static let corpora: [(name: String, font: String, face: Int, language: String?)] = [
        ("en", TestFonts.dejaVuSans, 0, "en"), ("de", TestFonts.dejaVuSans, 0, "de"),
        ("zh", TestFonts.notoSansCJK, 2, "zh-Hans"), ("ja", TestFonts.notoSansCJK, 0, "ja"),
        ("ko", TestFonts.notoSansCJK, 1, "ko"), ("ar", noto + "NotoSansArabic-Regular.ttf", 0, "ar"),
        ("fa", noto + "NotoSansArabic-Regular.ttf", 0, "fa"), ("he", noto + "NotoSansHebrew-Regular.ttf", 0, "he"),
        ("hi", noto + "NotoSansDevanagari-Regular.ttf", 0, "hi"), ("th", noto + "NotoSansThai-Regular.ttf", 0, "th"),
    ]

    /// The bench corpora built by `make corpora`, if present.
    static var benchCorpora: [(name: String, lines: [ArraySlice<UInt8>])] {
        let build = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("corpora/build")
        return ["latin", "cjk", "complex"].compactMap { name in
            guard let data = FileManager.default.contents(atPath: build.appendingPathComponent("\(name).txt").path)
            else { return nil }
            return (name, Array(EscapedLines.lines(in: [UInt8](data)).prefix(4000)))
        }
    }

    struct Comparison {
        var fastStrings = 0
        var differing: [String] = []
    }

    /// Measures each string with both shapers in sessions of their own and compares the strings the automatic one
    /// kept on the fast path.
    func compare(
        _ lines: [ArraySlice<UInt8>], cascade: FontCascade, language: String?, width: Double,
        features: Bool
    ) -> Comparison {
        func session(_ shaper: ShaperChoice) -> MeasureSession {
            TextMeasurer(
                cascade: cascade, pointSize: 17,
                options: MeasureOptions(
                    maxWidth: width, usesFontFeatures: features, language: language,
                    shaper: shaper)
            ).makeSession()
        }
        let automatic = session(.automatic), harfBuzz = session(.harfBuzz)
        var result = Comparison()
        for line in lines {
            let before = automatic.statistics.shapedSegments
            let fast = automatic.measure(utf8: line)
            guard automatic.statistics.shapedSegments == before else { continue }
            result.fastStrings += 1
            let shaped = harfBuzz.measure(utf8: line)
            if abs(fast.width - shaped.width) > 0.001 || fast.lineCount != shaped.lineCount {
                result.differing.append(
                    "\(String(decoding: line, as: UTF8.self).prefix(60)): fast \(fast.width) "
                        + "/ \(fast.lineCount), HarfBuzz \(shaped.width) / \(shaped.lineCount)")
            }
        }
        return result
    }

    @Test(arguments: ["en", "de", "zh", "ja", "ko", "ar", "fa", "he", "hi", "th"], [0.0, 200.0])
    func fastPathEqualsHarfBuzzOnReferenceCorpora(corpus: String, width: Double) throws {
        let entry = Self.corpora.first { $0.name == corpus }!
        try #require(FileManager.default.fileExists(atPath: entry.font), "\(entry.font): make deps installs it")
        let cascade = try FontCascade(loading: [FontSource(path: entry.font, faceIndex: entry.face)])
        let lines = try ReferenceData.corpus(corpus)
        for features in [true, false] {
            let result = compare(lines, cascade: cascade, language: entry.language, width: width, features: features)
            let examples = result.differing.prefix(3).joined(separator: "; ")
            #expect(
                result.differing.isEmpty,
                """
                \(corpus) at \(width), features \(features): \(result.differing.count)/\(result.fastStrings) \
                fast-path strings differ: \(examples)
                """)
        }
    }

    @Test(.enabled(if: !benchCorpora.isEmpty, "the bench corpora are not built (make corpora)"))
    func fastPathEqualsHarfBuzzOnBenchCorpora() throws {
        let cascade = try FontCascade(loading: [
            FontSource(path: TestFonts.dejaVuSans), FontSource(path: TestFonts.notoSansCJK, faceIndex: 2),
        ])
        for (name, lines) in Self.benchCorpora {
            let result = compare(lines, cascade: cascade, language: nil, width: 200, features: true)
            let examples = result.differing.prefix(3).joined(separator: "; ")
            #expect(
                result.differing.isEmpty,
                "\(name): \(result.differing.count)/\(result.fastStrings) differ: \(examples)")
        }
    }

    /// The fast path is chosen for most Latin and CJK text: the proof must not route everything to HarfBuzz.
    @Test func fastPathCarriesLatinAndCJK() throws {
        for corpus in ["en", "zh"] {
            let entry = Self.corpora.first { $0.name == corpus }!
            let cascade = try FontCascade(loading: [FontSource(path: entry.font, faceIndex: entry.face)])
            let lines = try ReferenceData.corpus(corpus)
            let result = compare(lines, cascade: cascade, language: entry.language, width: 200, features: true)
            #expect(
                Double(result.fastStrings) / Double(lines.count) >= 0.8,
                "\(corpus): \(result.fastStrings)/\(lines.count) strings on the fast path")
        }
    }
}
