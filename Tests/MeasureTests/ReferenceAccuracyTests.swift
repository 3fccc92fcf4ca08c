import Foundation
import Testing

@testable import Measure

/// Agreement with independent engines on the five reference corpora of `../shared/reference` (17 pt, plain advances):
/// unwrapped widths against HarfBuzz (`hb-plain`), wrapped line counts against Pango (`pango-plain`).
///
/// The reference data lives beside the repository, not in it. Where it is missing (a checkout without `../shared`)
/// these tests are skipped and say so; set TEXTSIZE_SHARED to point at another copy.
@Suite(.enabled(if: ReferenceData.isAvailable, "../shared/reference is not beside this checkout"))
struct ReferenceAccuracyTests {
    /// The corpora and the font face the references used for each (reference/README.md).
    static let corpora: [(name: String, font: String, face: Int)] = [
        ("en", TestFonts.dejaVuSans, 0), ("de", TestFonts.dejaVuSans, 0), ("zh", TestFonts.notoSansCJK, 2),
        ("ja", TestFonts.notoSansCJK, 0), ("ko", TestFonts.notoSansCJK, 1),
    ]

    func measure(_ corpus: String, font: String, face: Int, width: Double, features: Bool = false) throws
        -> [TextSize]
    {
        let lines = try ReferenceData.corpus(corpus)
        let measurer = try TestFonts.measurer(
            [(font, face)], size: 17, options: MeasureOptions(maxWidth: width),
            features: features)
        return measurer.measureBatch(utf8: lines, threads: 2)
    }

    /// Kerned unwrapped widths against HarfBuzz's kerned widths (`hb-`): median |Δ| ≤ 0.05 pt, p95 ≤ 0.2 pt.
    @Test(arguments: ["en", "de", "zh", "ja"])
    func kernedWidthsMatchHarfBuzz(corpus: String) throws {
        let entry = Self.corpora.first { $0.name == corpus }!
        let ours = try measure(corpus, font: entry.font, face: entry.face, width: 0, features: true)
        let reference = try ReferenceData.output("hb-\(corpus)-0")
        try #require(ours.count == reference.count)
        let errors = zip(ours, reference).map { abs($0.width - $1.width) }.sorted()
        let median = errors[errors.count / 2]
        let p95 = errors[Int((Double(errors.count) * 0.95).rounded(.up)) - 1]
        #expect(median <= 0.05, "\(corpus): median |Δ| \(median) pt against hb")
        #expect(p95 <= 0.2, "\(corpus): p95 |Δ| \(p95) pt against hb")
    }

    /// Where kerned Pango and Skia agree with each other on a string's line count, the kerned measurer agrees with
    /// them on ≥ 99.5% of strings, on every corpus and width.
    @Test(arguments: ["en", "de", "zh", "ja", "ko"], [200.0, 320.0])
    func kernedLineCountsMatchWherePangoAndSkiaAgree(corpus: String, width: Double) throws {
        let entry = Self.corpora.first { $0.name == corpus }!
        let ours = try measure(corpus, font: entry.font, face: entry.face, width: width, features: true)
        let pango = try ReferenceData.output("pango-\(corpus)-\(Int(width))")
        let skia = try ReferenceData.output("skia-\(corpus)-\(Int(width))")
        try #require(ours.count == pango.count && ours.count == skia.count)
        var agreed = 0
        var agreeing = 0
        for index in ours.indices where pango[index].lineCount == skia[index].lineCount {
            agreed += 1
            if ours[index].lineCount == pango[index].lineCount { agreeing += 1 }
        }
        #expect(
            Double(agreeing) / Double(agreed) >= 0.995,
            "\(corpus) at \(Int(width)) pt: \(agreeing)/\(agreed) where Pango and Skia agree")
    }

    /// Unwrapped widths equal HarfBuzz's exact plain widths within 0.01 pt for ≥ 99.5% of strings. Korean is left
    /// out: HarfBuzz applies Noto Sans CJK KR's `calt`, which widens spaces between Hangul (reference/README.md).
    @Test(arguments: ["en", "de", "zh", "ja"])
    func unwrappedWidthsMatchHarfBuzz(corpus: String) throws {
        let entry = Self.corpora.first { $0.name == corpus }!
        let ours = try measure(corpus, font: entry.font, face: entry.face, width: 0)
        let reference = try ReferenceData.output("hb-plain-\(corpus)-0")
        try #require(ours.count == reference.count)
        let agreeing = zip(ours, reference).filter { abs($0.width - $1.width) <= 0.01 }.count
        let share = Double(agreeing) / Double(ours.count)
        #expect(share >= 0.995, "\(corpus): \(agreeing)/\(ours.count) widths within 0.01 pt of hb-plain")
        // Line counts at width 0 are the hard breaks alone, so they must agree everywhere but where a final line
        // break makes an empty line (HarfBuzz counts it, boundingRect does not).
        let lineAgreement = zip(ours, reference).filter { $0.lineCount == $1.lineCount }.count
        #expect(Double(lineAgreement) / Double(ours.count) >= 0.995)
    }

    /// Wrapped line counts equal Pango's for ≥ 99% of strings on every corpus and width.
    @Test(arguments: ["en", "de", "zh", "ja", "ko"], [200.0, 320.0])
    func wrappedLineCountsMatchPango(corpus: String, width: Double) throws {
        let entry = Self.corpora.first { $0.name == corpus }!
        let ours = try measure(corpus, font: entry.font, face: entry.face, width: width)
        let reference = try ReferenceData.output("pango-plain-\(corpus)-\(Int(width))")
        try #require(ours.count == reference.count)
        let agreeing = zip(ours, reference).filter { $0.lineCount == $1.lineCount }.count
        let share = Double(agreeing) / Double(ours.count)
        #expect(share >= 0.99, "\(corpus) at \(Int(width)) pt: \(agreeing)/\(ours.count) line counts equal pango-plain")
    }
}

/// Finds and reads `../shared/reference`.
enum ReferenceData {
    /// The reference folder: $TEXTSIZE_SHARED/reference, else `../shared/reference` beside the repository.
    static let directory: URL = {
        if let shared = ProcessInfo.processInfo.environment["TEXTSIZE_SHARED"] {
            return URL(fileURLWithPath: shared).appendingPathComponent("reference")
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/reference")
    }()

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("corpus/en.txt").path)
    }

    /// A corpus's strings, unescaped.
    static func corpus(_ name: String) throws -> [ArraySlice<UInt8>] {
        let data = try Data(contentsOf: directory.appendingPathComponent("corpus/\(name).txt"))
        return EscapedLines.lines(in: [UInt8](data))
    }

    /// An engine's output: width, height and line count per string.
    static func output(_ name: String) throws -> [TextSize] {
        let text = try String(contentsOf: directory.appendingPathComponent("out/\(name).tsv"), encoding: .utf8)
        return text.split(separator: "\n").map { row in
            let fields = row.split(separator: "\t")
            return TextSize(width: Double(fields[0])!, height: Double(fields[1])!, lineCount: Int(fields[2])!)
        }
    }
}
