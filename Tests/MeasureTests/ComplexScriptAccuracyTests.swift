import Foundation
import Testing

@testable import Measure

/// Agreement with HarfBuzz and Pango on the complex-script corpora of `../shared/reference` (real UI strings in
/// Arabic, Persian, Hebrew, Hindi and Thai, one Noto font each, 17 pt, the fonts' default features): unwrapped widths
/// within 0.05 pt of HarfBuzz (`hb-`) and wrapped line counts equal to Pango's (`pango-`), each for ≥ 99% of strings
/// (Thai ≥ 98%, and Thai also at 120 pt, where its words are often wider than the line).
///
/// Skipped with a message where `../shared/reference` or the Noto fonts (Debian fonts-noto-core) are missing.
@Suite(
    .enabled(
        if: ReferenceData.isAvailable && ComplexScriptFonts.installed,
        "../shared/reference is not beside this checkout, or fonts-noto-core is not installed"))
struct ComplexScriptAccuracyTests {
    static let folder = "/usr/share/fonts/truetype/noto/"
    /// The corpora, their font (reference/README.md) and their language.
    static let corpora: [String: (font: String, language: String)] = [
        "ar": (folder + "NotoSansArabic-Regular.ttf", "ar"), "fa": (folder + "NotoSansArabic-Regular.ttf", "fa"),
        "he": (folder + "NotoSansHebrew-Regular.ttf", "he"), "hi": (folder + "NotoSansDevanagari-Regular.ttf", "hi"),
        "th": (folder + "NotoSansThai-Regular.ttf", "th"),
    ]

    func measure(_ corpus: String, width: Double, shaper: ShaperChoice = .automatic) throws -> [TextSize] {
        let entry = Self.corpora[corpus]!
        let lines = try ReferenceData.corpus(corpus)
        let options = MeasureOptions(maxWidth: width, language: entry.language, shaper: shaper)
        let measurer = try TestFonts.measurer([(entry.font, 0)], size: 17, options: options, features: true)
        return measurer.measureBatch(utf8: lines, threads: 2)
    }

    @Test(arguments: ["ar", "fa", "he", "hi", "th"])
    func unwrappedWidthsMatchHarfBuzz(corpus: String) throws {
        let ours = try measure(corpus, width: 0)
        let reference = try ReferenceData.output("hb-\(corpus)-0")
        try #require(ours.count == reference.count)
        let agreeing = zip(ours, reference).filter { abs($0.width - $1.width) <= 0.05 }.count
        #expect(
            Double(agreeing) / Double(ours.count) >= 0.99,
            "\(corpus): \(agreeing)/\(ours.count) widths within 0.05 pt of HarfBuzz")
        #expect(ours.allSatisfy { $0.missingGlyphs == 0 }, "the corpora hold only scalars their font maps")
    }

    @Test(arguments: ["ar", "fa", "he", "hi", "th"], [200.0, 320.0])
    func wrappedLineCountsMatchPango(corpus: String, width: Double) throws {
        try checkLineCounts(corpus: corpus, width: width, share: corpus == "th" ? 0.98 : 0.99)
    }

    /// Thai at 120 pt: words wider than the line are broken between clusters, as Pango breaks them.
    @Test func thaiLineCountsAtANarrowWidthMatchPango() throws {
        try checkLineCounts(corpus: "th", width: 120, share: 0.98)
    }

    private func checkLineCounts(corpus: String, width: Double, share: Double) throws {
        let ours = try measure(corpus, width: width)
        let pango = try ReferenceData.output("pango-\(corpus)-\(Int(width))")
        try #require(ours.count == pango.count)
        let agreeing = zip(ours, pango).filter { $0.lineCount == $1.lineCount }.count
        #expect(
            Double(agreeing) / Double(ours.count) >= share,
            "\(corpus) at \(Int(width)) pt: \(agreeing)/\(ours.count) line counts equal Pango's")
    }
}

/// Whether the Noto fonts of the complex-script references are installed.
enum ComplexScriptFonts {
    static var installed: Bool {
        ComplexScriptAccuracyTests.corpora.values.allSatisfy { FileManager.default.fileExists(atPath: $0.font) }
    }
}
