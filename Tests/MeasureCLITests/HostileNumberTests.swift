import Foundation
import Measure
import Testing

@testable import ArgumentParsing
@testable import MeasureCLI

/// Numbers a hostile or careless user can type: each is refused where it enters, with a message naming the option,
/// instead of reaching a precondition (SIGILL) in the engine or an output writer. The bounds are `MeasureLimits`'
/// (10,000 pt sizes, ±1,000,000 pt lengths, 256 threads), the same for the CLI and the Swift API.
@Suite struct HostileNumberTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let sink = CapturingOutputSink()
        let status = CommandRunner.run(MeasureCommand.self, arguments: arguments, output: sink)
        return (status, sink.standardOutput, sink.standardError)
    }

    /// The inputs that trapped before, and their neighbours: every one is a usage error naming its option.
    @Test(arguments: [
        (["text", "hi", "--size", "1e16", "--width", "0"], "--size"),
        (["text", "hi", "--size", "10000.5", "--width", "0"], "--size"),
        (["text", "hi", "--size", "0", "--width", "0"], "--size"),
        (["text", "hi", "--size", "-3", "--width", "0"], "--size"),
        (["text", "hi", "--size", "12", "--width", "1e308"], "--width"),
        (["text", "hi", "--size", "12", "--width", "-1"], "--width"),
        (["batch", "--size", "1e300", "--width", "100"], "--size"),
        (["batch", "--size", "12", "--width", "2e6"], "--width"),
        (
            [
                "button", "--width", "1e308", "--height", "1e308", "--image", "1e308x1e308", "--title", "x", "--size",
                "18", "--json",
            ], "--width"
        ),
        (
            ["button", "--width", "100", "--height", "40", "--image", "1e308x1e308", "--title", "x", "--size", "18"],
            "--image"
        ),
        (
            [
                "button", "--width", "100", "--height", "40", "--image", "20x20", "--content-insets", "1e308,0,0,0",
                "--title-width", "10", "--title-height", "10",
            ], "--content-insets"
        ),
        (
            [
                "button", "--width", "100", "--height", "40", "--image", "20x20", "--recipe", "image-top", "--spacing",
                "-1e308", "--title-width", "10", "--title-height", "10",
            ], "--spacing"
        ),
        (
            [
                "button", "--width", "100", "--height", "40", "--image", "20x20", "--title-width", "1e300",
                "--title-height", "10",
            ], "--title-width"
        ),
        (
            ["button", "--width", "100", "--height", "40", "--image", "20x20", "--title", "x", "--size", "1e9"],
            "--size"
        ),
        (
            [
                "text", "hi", "--size", "12", "--width", "0", "--attributes",
                "{\"runs\": [{\"location\": 0, "
                    + "\"length\": 1, \"size\": 1e6}]}",
            ], "size"
        ),
        (
            ["text", "hi", "--size", "12", "--width", "0", "--attributes", "{\"numberOfLines\": 1e300}"],
            "numberOfLines"
        ),
        (["text", "hi", "--size", "12", "--width", "0", "--scale", "1e308"], "--scale"),
        (["text", "hi", "--size", "12", "--width", "0", "--segment-cache", "1e30"], "--segment-cache"),
        (
            [
                "text", "hi", "--size", "12", "--width", "0", "--font", HostileNumberTests.dejaVu, "--face-index",
                "99999999999999999999",
            ],
            "--face-index"
        ),
        (["catalog", "/nonexistent", "--width", "1e308"], "--width"),
        (["catalog", "/nonexistent", "--width", "100", "--size", "20000"], "--size"),
    ])
    func outOfRangeNumbersAreUsageErrors(arguments: [String], option: String) {
        let result = run(arguments)
        #expect(result.status == 64, "\(arguments)")
        #expect(result.output.isEmpty)
        #expect(result.error.contains(option), "\(result.error)")
    }

    /// A catalog config's widths and sizes have the command line's bounds: the top level's and every rule's, each
    /// named in the message with where the file wrote it (exit 2, a run that cannot start), read from a real config
    /// file. (Columns by hand: the value's first character, counted from 1.)
    @Test(arguments: [
        (
            "{\"width\": 1e300}",
            "config.json:1:11: \"width\" must be a positive number of points, at most 1000000; got 1e+300"
        ),
        (
            "{\"width\": 100, \"size\": 10001}",
            "config.json:1:24: \"size\" must be a positive number of points, at most 10000"
        ),
        (
            "{\"width\": 100, \"rules\": [{\"keys\": \"title.*\", \"width\": 2000000}]}",
            "config.json:1:55: the rule for \"title.*\": \"width\" must be a positive number of points, at most "
                + "1000000; got 2000000"
        ),
        (
            "{\"width\": 100, \"rules\": [{\"keys\": \"*\", \"size\": 1e9}]}",
            "config.json:1:48: the rule for \"*\": \"size\" must be a positive number of points"
        ),
    ])
    func catalogConfigNumbersHaveTheSameBounds(config: String, message: String) throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("hostile-config-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("en.lproj"),
            withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("\"title.ok\" = \"OK\";\n".utf8).write(
            to: folder.appendingPathComponent("en.lproj/Localizable.strings"))
        let configPath = folder.appendingPathComponent("config.json").path
        try Data(config.utf8).write(to: URL(fileURLWithPath: configPath))
        let result = run(["catalog", folder.path, "--config", configPath])
        #expect(result.status == 2, "\(result)")
        #expect(result.error.contains("config: " + folder.path), "\(result.error)")
        #expect(result.error.contains(message), "\(result.error)")
        // The command line's width, laid over the config's top level, is in range: nothing to name.
        if config == "{\"width\": 1e300}" {
            #expect(run(["catalog", folder.path, "--config", configPath, "--width", "100"]).status == 0)
        }
    }

    /// The largest values in range are measured, and what they give prints: 10,000 pt DejaVu Sans "hi" is
    /// (1298 + 569) font units × 10000 / 2048 = 9116.2109 pt wide (advances read with fontTools: h 1298, i 569).
    @Test func theLargestSizeMeasures() {
        let result = run(["text", "hi", "--font", Self.dejaVu, "--size", "10000", "--width", "1000000", "--plain"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("width:  \("9116.2109") pt\n"))
        #expect(result.output.contains("ceiled: 9117 × "))
    }

    /// A button at the bounds lays out and prints finite JSON: the sums of two million-point lengths are finite.
    @Test func aButtonAtTheBoundsPrints() throws {
        let result = run([
            "button", "--width", "1000000", "--height", "1000000", "--image", "1000000x1000000",
            "--title-width", "1000000", "--title-height", "1000000", "--content-insets",
            "-1000000,-1000000,-1000000,-1000000", "--json",
        ])
        #expect(result.status == 0, "\(result.error)")
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
        #expect(object is [String: Any])
        #expect(!result.output.contains("null"))
    }

    /// `--threads 100000` asked for 22 GB of sessions at 20,000 threads; it is lowered to 256 with a note, and the
    /// answer is the same as with one thread.
    @Test func hugeThreadCountsAreLowered() throws {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("threads-\(UUID()).txt").path
        try Data("hello world\nhi\n".utf8).write(to: URL(fileURLWithPath: input))
        defer { try? FileManager.default.removeItem(atPath: input) }
        let base = ["batch", "--font", Self.dejaVu, "--size", "14", "--width", "200", "--plain", "--input", input]
        let many = run(base + ["--threads", "100000"])
        let one = run(base + ["--threads", "1"])
        #expect(many.status == 0)
        #expect(many.error.contains("--threads 100000 lowered to \(MeasureLimits.maximumThreads)"))
        #expect(many.output == one.output)
        // hello world: 11239 units (fontTools hmtx sum) × 14 / 2048 = 76.8291.
        #expect(one.output.hasPrefix("76.8291\t"))
    }

    /// `catalog --threads 100000` was lowered to the machine's cores without a word, where `batch` says it lowers a
    /// count; now it says so too, and the answer is the one thread's.
    @Test func catalogSaysItLowersTheThreadCount() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("threads-\(UUID()).lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("\"k\" = \"hello world\";\n".utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        let base = ["catalog", folder.path, "--width", "50", "--format", "csv", "--no-progress"]
        let many = run(base + ["--threads", "100000"])
        let one = run(base + ["--threads", "1"])
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(many.status == one.status)
        #expect(many.error.contains("note: --threads 100000 lowered to \(cores), this machine's cores"))
        #expect(!one.error.contains("lowered"))
        #expect(many.output == one.output)
        #expect(run(base + ["--threads", "0"]).error.contains("--threads must be 1 or more, got 0"))
    }

    /// The Swift API takes the same ranges: the options a CLI user cannot give are `rangeProblem`s.
    @Test func theAPIUsesTheSameBounds() {
        #expect(MeasureOptions(maxWidth: 1e308).rangeProblem?.contains("maxWidth") == true)
        #expect(MeasureOptions(maxWidth: .infinity).rangeProblem == nil)
        #expect(MeasureOptions(maxWidth: 1_000_000).rangeProblem == nil)
        #expect(MeasureOptions(tabInterval: .infinity).rangeProblem?.contains("tabInterval") == true)
        #expect(!MeasureLimits.isValidPointSize(.nan))
        #expect(!MeasureLimits.isValidPointSize(10_000.000_1))
        #expect(MeasureLimits.isValidPointSize(10_000))
        #expect(!MeasureLimits.isValidLength(.infinity))
        #expect(!MeasureLimits.isValidLength(-.infinity, allowsNegative: true))
        #expect(!MeasureLimits.isValidLength(.nan, allowsNegative: true))
        #expect(MeasureLimits.isValidLength(-1_000_000, allowsNegative: true))
        #expect(!Size(width: 1e308, height: 1).isWithinLimits)
        #expect(!EdgeInsets(top: .nan).isWithinLimits)
    }

    /// The writers print every double: non-finite values as words (`null` in JSON), huge ones in exponent form.
    @Test func writersNeverTrap() {
        #expect(DecimalFormatter.string(.infinity, places: 4) == "inf")
        #expect(DecimalFormatter.string(-.infinity, places: 4) == "-inf")
        #expect(DecimalFormatter.string(.nan, places: 4) == "nan")
        #expect(DecimalFormatter.string(1e300, places: 4) == "1e+300")
        #expect(DecimalFormatter.string(-1e300, places: 0) == "-1e+300")
        #expect(DecimalFormatter.string(.greatestFiniteMagnitude, places: 9) == "1.7976931348623157e+308")
        #expect(DecimalFormatter.string(183.38867, places: 4) == "183.3887")
        #expect(DecimalFormatter.string(1e15, places: 4) == "1000000000000000.0000")
        // The widest that print digit by digit: 20 integer digits, and 9 decimals with zeros inside.
        #expect(DecimalFormatter.string(1.7e19, places: 0) == "17000000000000000000")
        #expect(DecimalFormatter.string(12.000000305, places: 9) == "12.000000305")
        #expect(DecimalFormatter.string(-0.5, places: 0) == "-0")  // an exact tie, to even, as printf's %.0f
        #expect(DecimalFormatter.string(0.04, places: 1) == "0.0")
        var integers: [UInt8] = []
        for value: UInt64 in [0, 9, 10, 1_000_000, .max] {
            DecimalFormatter.appendInteger(value, to: &integers)
            integers.append(UInt8(ascii: " "))
        }
        #expect(String(decoding: integers, as: UTF8.self) == "0 9 10 1000000 18446744073709551615 ")
        #expect(JSONText.number(.infinity) == "null")
        #expect(JSONText.number(.nan) == "null")
        #expect(JSONText.number(1e300) == "1e+300")
        #expect(JSONText.number(17) == "17")
    }
}
