import Foundation
import Testing

@testable import Measure

/// Values a library caller may pass that a command-line user cannot (the command line checks them first): each is
/// either answered or named by a check the caller can run first, never a trap. Found by a review that used the
/// package as a client would. Heights are DejaVu Sans lines: (1901 + 483) / 2048 × 17 pt.
@Suite struct LibraryInputTests {
    typealias D = TestFonts.DejaVu
    static let line17 = (D.ascender + D.descender) / D.unitsPerEm * 17
    static let text = "hello world hello world hello world"

    /// A measurer with attributes prepares its text too, and each fit gives what the session gives at that width.
    @Test func aMeasurerWithAttributesPreparesText() throws {
        var attributes = TextAttributes()
        attributes.paragraph.lineSpacing = 4
        let spaced = try TestFonts.dejaVu(size: 17, width: 200, options: MeasureOptions(attributes: attributes))
        let prepared = spaced.prepare(Self.text)
        let session = spaced.makeSession()
        for width in [0.0, 120, 200, 320, 1000] {
            #expect(prepared.fit(maxWidth: width) == session.measure(Self.text, maxWidth: width), "\(width)")
        }
        // By hand: one line unconstrained; at 120 pt, three lines with 4 pt between each.
        #expect(close(prepared.fit(maxWidth: 0).height, Self.line17))
        let three = prepared.layout(maxWidth: 120)
        #expect(three.size.lineCount == 3)
        #expect(close(three.size.height, 3 * Self.line17 + 2 * 4))
        #expect(three.lines.count == 3)
        // A label with a line limit, in label mode (rounded to the @2x grid).
        var label = TextAttributes()
        label.numberOfLines = 1
        label.mode = .label
        let labelMeasurer = try TestFonts.dejaVu(size: 17, width: 200, options: MeasureOptions(attributes: label))
        let limited = labelMeasurer.prepare(Self.text).fit(maxWidth: 120)
        #expect(limited == labelMeasurer.makeSession().measure(Self.text, maxWidth: 120))
        #expect(limited.lineCount == 1)
    }

    /// A width a caller computed that is no length (negative, NaN) is unconstrained, as 0 is; so is infinity.
    @Test func perCallWidthsThatAreNoLengthAreUnconstrained() throws {
        let measurer = try TestFonts.dejaVu(size: 17)
        let session = measurer.makeSession()
        let prepared = measurer.prepare(Self.text)
        let unconstrained = session.measure(Self.text, maxWidth: 0)
        #expect(unconstrained.lineCount == 1)
        for width in [-1.0, -.infinity, .nan, .infinity] {
            #expect(session.measure(Self.text, maxWidth: width) == unconstrained, "\(width)")
            #expect(prepared.fit(maxWidth: width) == unconstrained, "\(width)")
            #expect(prepared.layout(maxWidth: width).size == unconstrained, "\(width)")
        }
    }

    /// Zero or negative threads (`cores - 1` on one core) is one thread, as a count above the limit is lowered.
    @Test func zeroThreadsIsOne() throws {
        let measurer = try TestFonts.dejaVu(size: 17, width: 120)
        let texts = [Self.text, "a", ""]
        let one = measurer.measureBatch(texts, threads: 1)
        #expect(measurer.measureBatch(texts, threads: 0) == one)
        #expect(measurer.measureBatch(texts, threads: -3) == one)
        #expect(BatchMeasurer(measurer: measurer, threads: 0).threads == 1)
        #expect(measurer.makeSessions(0).count == 1)
        #expect(BatchMeasurer(measurer: measurer, threads: 0).measure(texts) == one)
        #expect(one[0].lineCount == 3)
    }

    /// `TextMeasurer.problem` names, in words, what the initializer would trap on; nil when it makes a measurer.
    @Test func theMeasurersProblemsAreNamedBeforeInit() throws {
        let cascade = try FontCascade(loading: [FontSource(path: TestFonts.dejaVuSans, faceIndex: 0)])
        #expect(TextMeasurer.problem(cascade: cascade, pointSize: 17) == nil)
        for size in [0.0, -1, .nan, .infinity, 10_001] {
            let problem = try #require(TextMeasurer.problem(cascade: cascade, pointSize: size), "\(size)")
            #expect(problem.hasPrefix("pointSize must be a positive number of points"), "\(problem)")
        }
        for width in [-1.0, .nan, 1e308] {
            #expect(
                TextMeasurer.problem(cascade: cascade, pointSize: 17, options: MeasureOptions(maxWidth: width)) != nil,
                "\(width)")
        }
        var options = MeasureOptions()
        options.language = "not a tag!"
        #expect(TextMeasurer.problem(cascade: cascade, pointSize: 17, options: options) != nil)
        // A run whose font is not in the cascade: `MeasureOptions.rangeProblem` cannot know the cascade.
        var attributes = TextAttributes()
        attributes.runs = [TextRun(location: 0, length: 1, font: 1)]
        let runs = MeasureOptions(attributes: attributes)
        #expect(runs.rangeProblem == nil)
        #expect(
            TextMeasurer.problem(cascade: cascade, pointSize: 17, options: runs)
                == "a run's font is an index into the cascade (0…0); got 1")
        #expect(
            TextMeasurer.problem(cascade: cascade, pointSize: 17, segmentCacheBytes: -1)
                == "segmentCacheBytes must be 0 (no cache) or a budget under 4 GiB; got -1")
    }

    /// A recipe's spacing that is no length throws, as the method's `throws` says; a button's values that would trap
    /// are named first by `inputProblem`.
    @Test func buttonValuesThatAreNoLengthAreNamed() throws {
        let button = ButtonLayout(
            size: Size(width: 200, height: 44), imageSize: Size(width: 20, height: 20),
            title: .size(Size(width: 54, height: 21.5)))
        #expect(button.inputProblem == nil)
        for spacing in [Double.nan, .infinity, 2e6] {
            // Matched by case: NaN is equal to nothing, itself included.
            do throws(ButtonRecipeError) {
                _ = try button.applying(.imageTop, spacing: spacing)
                Issue.record("spacing \(spacing) gave insets")
            } catch {
                guard case .spacingOutOfRange(let given) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(given.isNaN == spacing.isNaN && (spacing.isNaN || given == spacing))
                #expect(error.description.hasPrefix("the spacing must be a number of points within ±"))
            }
        }
        #expect(try button.applying(.imageTop, spacing: 4).titleEdgeInsets != .zero)
        var bad = button
        bad.size = Size(width: .nan, height: 44)
        #expect(bad.inputProblem?.hasPrefix("the button's size must be within 0…") == true)
        bad = button
        bad.title = .size(Size(width: .nan, height: 20))
        #expect(bad.inputProblem?.hasPrefix("a title's size must be finite and not negative") == true)
        bad = button
        bad.scale = 0
        #expect(bad.inputProblem == "the scale must be positive; got 0.0")
        bad = button
        bad.imageEdgeInsets = EdgeInsets(top: -.infinity, left: 0, bottom: 0, right: 0)
        #expect(bad.inputProblem?.hasPrefix("imageEdgeInsets must each be within ±") == true)
    }

    /// Bytes too few for any font are "not a font" from memory as from a file (FreeType says "invalid stream
    /// operation" for the first and "unknown file format" for the second).
    @Test func shortBytesAreNotAFontFromMemoryOrFile() throws {
        let bytes = Data((0..<33).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        #expect(throws: FontError.notAFont(path: "g.bin")) { try Font(data: bytes, name: "g.bin") }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("short-\(UUID()).bin").path
        try bytes.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: FontError.notAFont(path: path)) { try Font(path: path) }
    }
}
