import TestSupport
import Testing

@testable import Measure

/// The runs of attributed text at scale: which run each byte is in, for any overlap, from a reference written here;
/// runs of one font and size sharing one session; the limits on how many runs and styles a text may have.
@Suite struct AttributedRunsTests {
    /// The definition, spelled out: a byte belongs to the last run whose UTF-16 range holds the unit at which its
    /// grapheme cluster starts.
    static func referenceIndex(_ text: String, runs: [TextRun]) -> [Int] {
        var index: [Int] = []
        var unit = 0
        for character in text {
            var owner = -1
            for (number, run) in runs.enumerated() where unit >= run.location && unit - run.location < run.length {
                owner = number
            }
            index += Array(repeating: owner, count: character.utf8.count)
            unit += character.utf16.count
        }
        return index
    }

    /// A run in the measurer's own font and size is no run (it split words and moved line breaks: "abc de fghi" at
    /// 40 pt in 20 pt took 11 lines, a space on a line of its own), and a run in another copy of the same face is
    /// measured stretch by stretch to the same lines and widths: the spaces ending a line hang whichever run they
    /// are in ("  " was 12.7 pt wide), a space after a cut inside a word hangs on its line, and a no-break space
    /// ending a stretch is counted once (it is no hanging space).
    @Test(arguments: [
        ("abc de fghi", 40.0, 20.0), ("  ", 17.0, 20.0), ("\u{A0} x \u{A0}", 17.0, 0.0), ("hello world", 17.0, 30.0),
    ])
    func runsInTheSameFaceMeasureAsNoRun(text: String, size: Double, width: Double) throws {
        func measured(_ runs: [TextRun], fonts: [(String, Int)]) throws -> TextLayout {
            var options = MeasureOptions(maxWidth: width, usesFontFeatures: false)
            options.attributes.runs = runs
            options.attributes.paragraph.lineSpacing = 0.5  // attributed either way
            return try TestFonts.measurer(fonts, size: size, options: options).layout(text)
        }
        let single = [(TestFonts.dejaVuSans, 0)], twice = single + single
        let plain = try measured([], fonts: single)
        for (runs, fonts) in [
            ([TextRun(location: 0, length: 1, font: 0)], single), ([TextRun(location: 0, length: 1, font: 1)], twice),
        ] {
            let layout = try measured(runs, fonts: fonts)
            #expect(layout.lines.map(\.utf8Range) == plain.lines.map(\.utf8Range), "\(runs)")
            #expect(
                abs(layout.size.width - plain.size.width) < 1e-9 && abs(layout.size.height - plain.size.height) < 1e-9)
        }
    }

    /// A run boundary inside a grapheme cluster does not split it: 👨‍👩‍👧 (UTF-16 units 6…13 of "emoji 👨‍👩‍👧 x")
    /// under a run from unit 8 is all in the text's own run, and under a run from unit 6 to 9 all in that run; so
    /// the family measures as one glyph, as without runs (it was 63.63 pt at 17 pt, three faces).
    @Test func aGraphemeClusterIsInOneRun() throws {
        let text = "emoji \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} x"
        let family = 6..<24  // its UTF-8 bytes
        let inside = AttributedLayout.runIndex(Array(text.utf8), runs: [TextRun(location: 8, length: 10)])
        #expect(inside[family].allSatisfy { $0 == -1 })
        let starting = AttributedLayout.runIndex(Array(text.utf8), runs: [TextRun(location: 6, length: 3)])
        #expect(starting[family].allSatisfy { $0 == 0 })
        var options = MeasureOptions()
        options.attributes.runs = [TextRun(location: 8, length: 10, pointSize: 17)]
        let cascade = [(TestFonts.dejaVuSans, 0), (TestFonts.notoColorEmoji, 0)]
        let withRun = try TestFonts.measurer(cascade, size: 17, options: options).measure(text)
        let plain = try TestFonts.measurer(cascade, size: 17).measure(text)
        #expect(abs(withRun.width - plain.width) < 1e-9)
    }

    @Test func eachByteIsInTheLastRunHoldingItsScalar() {
        var random = SplitMix64(seed: 18)
        let pieces = ["a", " ", "é", "中", "😀", "\u{0301}", "\n", "ß"]
        for _ in 0..<300 {
            let text = (0..<random.next(40)).map { _ in pieces[random.next(pieces.count)] }.joined()
            let units = text.utf16.count
            let runs = (0..<random.next(8)).map { _ in
                TextRun(
                    location: random.next(units + 3), length: random.next(units + 3),
                    pointSize: Double(10 + random.next(3)))
            }
            #expect(
                AttributedLayout.runIndex(Array(text.utf8), runs: runs) == Self.referenceIndex(text, runs: runs),
                "\(text.debugDescription) \(runs)")
        }
        // A run reaching past the largest integer ends with the text, not in an overflow.
        let far = [TextRun(location: 2, length: Int.max)]
        #expect(AttributedLayout.runIndex(Array("abcd".utf8), runs: far) == [-1, -1, 0, 0])
    }

    @Test func runsOfOneFontAndSizeShareASession() throws {
        var options = MeasureOptions(maxWidth: 120)
        options.attributes.runs =
            (0..<1_000).map { TextRun(location: 2 * $0, length: 1, pointSize: 20) }
            + [TextRun(location: 1, length: 1, font: 0, pointSize: 24), TextRun(location: 3, length: 1, pointSize: 24)]
        let measurer = try TestFonts.measurer([(TestFonts.dejaVuSans, 0)], size: 17, options: options)
        let session = measurer.makeSession()
        #expect(session.runSession(0) === session.runSession(999))
        #expect(session.runSession(1_000) === session.runSession(1_001))
        #expect(session.runSession(0) !== session.runSession(1_000))
        #expect(session.runSession(0).measurer.pointSize == 20)
        #expect(session.runSession(1_001).measurer.pointSize == 24)
        // What they measure is what a run alone measures: every other letter at 20 pt, the rest at 17.
        let size = session.measure("abababab")
        let a20 = try TestFonts.dejaVu(size: 20).measure("a").width
        let b17 = try TestFonts.dejaVu(size: 17).measure("b").width
        let b24 = try TestFonts.dejaVu(size: 24).measure("b").width
        #expect(abs(size.width - (4 * a20 + 2 * b17 + 2 * b24)) < 1e-9)
    }

    @Test func tooManyRunsOrStylesAreRefusedNotMeasured() {
        var attributes = TextAttributes()
        attributes.runs = Array(repeating: TextRun(location: 0, length: 1), count: TextAttributes.maximumRuns)
        #expect(attributes.rangeProblem == nil)
        attributes.runs.append(TextRun(location: 0, length: 1))
        #expect(attributes.rangeProblem == "100001 runs are more than 100000")
        attributes.runs = (0..<TextAttributes.maximumRunStyles).map {
            TextRun(location: 0, length: 1, pointSize: Double(1 + $0))
        }
        #expect(attributes.rangeProblem == nil)
        attributes.runs.append(TextRun(location: 0, length: 1, pointSize: 999))
        #expect(attributes.rangeProblem == "the runs have 257 different fonts and sizes, more than 256")
        #expect(throws: TextAttributesError.self) {
            try TextAttributes(
                json: "{\"runs\": ["
                    + (1...300).map { "{\"location\": 0, \"length\": 1, \"size\": \($0)}" }
                    .joined(separator: ",") + "]}")
        }
    }
}
