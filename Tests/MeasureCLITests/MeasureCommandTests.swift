import Foundation
import Measure
import Testing

@testable import ArgumentParsing
@testable import MeasureCLI

/// The real `measure` subcommands, run in-process through `CommandRunner` with captured output. Golden values are the
/// hand computations of `LineFittingTests` (DejaVu Sans advances read with fontTools).
@Suite struct MeasureCommandTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let seed = "hello world hello world hello world"

    func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let sink = CapturingOutputSink()
        let status = CommandRunner.run(MeasureCommand.self, arguments: arguments, output: sink)
        return (status, sink.standardOutput, sink.standardError)
    }

    func temporaryFile(_ contents: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("measure-\(UUID()).txt").path
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func textPrintsTheSeedsSize() {
        let result = run(["text", Self.seed, "--font", Self.dejaVu, "--size", "14", "--width", "200", "--plain"])
        #expect(result.status == 0)
        // 28729 units × 14 / 2048 = 196.3896; 2 × 2384 × 14 / 2048 = 32.59375.
        #expect(result.output == "width:  196.3896 pt\nheight: 32.5938 pt\nlines:  2\nceiled: 197 × 33 pt\n")
    }

    @Test func textJSONHasExactValues() throws {
        let result = run([
            "text", Self.seed, "--font", Self.dejaVu, "--size", "14", "--width", "200", "--json",
            "--lines", "--plain",
        ])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let width: Double = 28729.0 * 14 / 2048
        let height: Double = 2 * 2384.0 * 14 / 2048
        #expect(object["width"] as? Double == width)
        #expect(object["height"] as? Double == height)
        #expect(object["lines"] as? Int == 2)
        #expect(object["ceiledWidth"] as? Int == 197)
        #expect(object["ceiledHeight"] as? Int == 33)
        let lines = try #require(object["lineFragments"] as? [[String: Any]])
        #expect(lines.map { $0["text"] as? String } == ["hello world hello world hello ", "world"])
    }

    @Test func widthZeroIsUnconstrained() {
        let result = run([
            "text", Self.seed, "--font", Self.dejaVu, "--size", "14", "--width", "0", "--json", "--plain",
        ])
        // (3·4949 + 3·5639 + 5·651) × 14 / 2048 = 239.3896...
        let width: Double = 35019.0 * 14 / 2048
        #expect(result.output.hasPrefix("{\"width\": \(width), "))
        #expect(result.output.contains("\"lines\": 1"))
    }

    @Test func faceIndexAppliesToTheFontBeforeIt() {
        let result = run([
            "text", "我", "--font", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
            "--face-index", "2", "--size", "17", "--width", "0", "--json",
        ])
        #expect(result.status == 0)
        // One ideograph is 1000 units = 17 pt; the line is (1160 + 288) / 1000 × 17 = 24.616 pt.
        #expect(result.output.hasPrefix("{\"width\": 17, \"height\": 24.616"))
    }

    @Test(arguments: [
        (["text", "x", "--width", "10"], "missing required option '--size <pt>'"),
        (["text", "x", "--size", "12", "--width", "10", "--face-index", "1"], "--face-index must follow the --font"),
        (["text", "x", "--size", "0", "--width", "10"], "--size must be a positive number of points"),
        (
            ["text", "x", "--size", "12", "--width", "-5"],
            "--width (0 = unconstrained) must be between 0 and 1000000 points; got -5.0"
        ),
        (["batch", "--size", "12", "--width", "10", "--threads", "0"], "--threads must be 1 or more"),
        (["breaks", "--hangul-word-priority", "x"], "applies to --tailored breaks only"),
        (["text", "x", "--size", "12", "--width", "10", "--fnt", "a"], "did you mean '--font'?"),
    ])
    func usageErrorsExitWith64(arguments: [String], message: String) {
        let result = run(arguments)
        #expect(result.status == 64)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(result.output.isEmpty)
    }

    @Test func environmentErrorsExitWith1AndSayWhat() {
        let missing = run(["text", "x", "--font", "/no/such.ttf", "--size", "12", "--width", "10"])
        #expect(missing.status == 1)
        #expect(missing.error == "measure: font file not found: /no/such.ttf\n")
        let face = run(["text", "x", "--font", Self.dejaVu, "--face-index", "3", "--size", "12", "--width", "10"])
        #expect(face.status == 1)
        #expect(face.error.contains("face index 3 is out of range"))
        let input = run(["batch", "--size", "12", "--width", "10", "--input", "/no/such/input.txt"])
        #expect(input.status == 1)
        #expect(input.error == "measure: cannot read input file /no/such/input.txt: No such file or directory\n")
    }

    @Test func batchPrintsOneRowPerLineInOrder() throws {
        // The seed; an escaped line break (two empty lines' worth of text → 2 lines, no final extra); an empty line;
        // "l" at 14 pt = 569 × 14 / 2048 = 3.8896.
        let path = try temporaryFile("\(Self.seed)\nl\\nl\n\nl\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        for threads in ["1", "2"] {
            let result = run([
                "batch", "--font", Self.dejaVu, "--size", "14", "--width", "200", "--input", path,
                "--threads", threads, "--plain",
            ])
            #expect(result.status == 0)
            #expect(
                result.output == """
                    196.3896\t32.5938\t2
                    3.8896\t32.5938\t2
                    0.0000\t16.2969\t1
                    3.8896\t16.2969\t1

                    """)
        }
    }

    @Test func breaksPrintsLineBreakTestNotation() {
        #expect(run(["breaks", "--hex", "0020 0308"]).output == "× 0020 ÷ 0308 ÷\n")
        #expect(run(["breaks", "--hex", "--tailored", "0020 0308"]).output == "× 0020 × 0308 ÷\n")
        #expect(run(["breaks", "a b", "c"]).output == "× 0061 × 0020 ÷ 0062 ÷\n× 0063 ÷\n")
        // Thai: plain UAX #14 has × between SA letters; the measurer's breaks are ICU's dictionary word boundaries
        // (ภาษา | ไทย | ง่าย | นิด | เดียว, PyICU 72's BreakIterator.createLineInstance), where it wraps.
        let thai = "ภาษาไทยง่ายนิดเดียว"
        #expect(!run(["breaks", thai]).output.contains("÷ 0E"))
        #expect(
            run(["breaks", "--tailored", thai]).output
                == "× 0E20 × 0E32 × 0E29 × 0E32 ÷ 0E44 × 0E17 × 0E22 ÷ 0E07 × 0E48 × 0E32 × 0E22 ÷ 0E19 × 0E34 × 0E14 "
                + "÷ 0E40 × 0E14 × 0E35 × 0E22 × 0E27 ÷\n")
        // A sign is no hex digit: "+61" and "-0" (which read as U+0000) are refused.
        let signed = run(["breaks", "--hex", "--", "+61 -0"])
        #expect(signed.status == 1 && signed.error.contains("'+61' is not a Unicode scalar value"))
        let bad = run(["breaks", "--hex", "0061 D800"])
        #expect(bad.status == 1)
        #expect(bad.error.contains("'D800' is not a Unicode scalar value"))
        // One bad string among others: the others are answered, in their places.
        let mixed = run(["breaks", "--hex", "0061 0020 0062", "D800", "zz 0061", "0063"])
        #expect(mixed.status == 1)
        #expect(mixed.output == "× 0061 × 0020 ÷ 0062 ÷\n\n\n× 0063 ÷\n")
        #expect(
            mixed.error
                == "measure breaks: input 2: 'D800' is not a Unicode scalar value in hex (0000–10FFFF, no surrogates)\n"
                + "measure breaks: input 3: 'zz' is not a Unicode scalar value in hex (0000–10FFFF, no surrogates)\n")
    }

    @Test func versionNamesTheLibraries() {
        let result = run(["--version"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("measure \(TextSizeVersion.engine) (FreeType 2."))
        #expect(result.output.contains("SQLite 3."))
    }

    @Test(arguments: [
        (0.00005, "0.0001"), (196.38964843, "196.3896"), (2, "2.0000"), (0, "0.0000"),
        (16.296875, "16.2969"), (1234567.89999, "1234567.9000"),
    ])
    func decimalFormatting(value: Double, text: String) {
        #expect(DecimalFormatter.string(value, places: 4) == text)
    }

    /// The digits are the exact value's, correctly rounded with ties to even, as C's `%.4f` prints them (the
    /// reference engines' format): 85.12875 is 85.128749999…, which printed 85.1288 (the product 851287.5 rounded
    /// up); 1/32 = 0.03125 is an exact tie, printed to the even 0.0312. Checked against the C library's `%.*f`
    /// (`String(format:)`) over 200,000 values of the sizes this prints, at every number of places.
    @Test func decimalsRoundAsPrintfDoes() {
        #expect(DecimalFormatter.string(85.12875, places: 4) == "85.1287")
        #expect(DecimalFormatter.string(129.45925, places: 4) == "129.4592")
        #expect(DecimalFormatter.string(0.03125, places: 4) == "0.0312")
        #expect(DecimalFormatter.string(0.09375, places: 4) == "0.0938")
        // A fixed seed (SplitMix64), so that a failure names values that can be tried again.
        var generator = SplitMix64(seed: 0x7E57_5EED)
        var mismatches: [String] = []
        for index in 0..<200_000 {
            let places = index % 10
            // Halves and sums of font-unit fractions (exact binary ties) and arbitrary doubles.
            let value =
                index % 3 == 0
                ? Double(Int.random(in: 0...4_000_000, using: &generator)) / 32
                : Double.random(in: 0...10_000, using: &generator)
            let expected = String(format: "%.*f", places, value)
            if DecimalFormatter.string(value, places: places) != expected, mismatches.count < 5 {
                mismatches.append("\(value) at \(places): \(expected)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}

/// Steele, Lea and Flood's SplitMix64: a seeded generator, so that random test values repeat from run to run.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
