import Foundation
import Testing

@testable import MeasureCLI

/// `measure stream` in-process: each result is `measure text --json`'s line for the same settings with the job's id
/// first, and widths match hand computations from DejaVu Sans advances.
@Suite struct StreamCommandTests {
    @Test func resultsAreMeasureTextJSONWithTheId() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let font = StreamFixtures.dejaVu
        let cases: [(job: String, text: String, arguments: [String])] = [
            (#"{"id": 1, "text": "hello world"}"#, "hello world", ["--font", font, "--size", "14", "--width", "0"]),
            (
                #"{"id": 2, "text": "hello world hello world hello world", "width": 200}"#,
                "hello world hello world hello world", ["--font", font, "--size", "14", "--width", "200"]
            ),
            (
                #"{"id": 3, "text": "hello world hello world hello world", "size": 17, "width": 120, "maxLines": 1}"#,
                "hello world hello world hello world",
                ["--font", font, "--size", "17", "--width", "120", "--attributes", #"{"numberOfLines": 1}"#]
            ),
            (
                #"{"id": 4, "text": "AV To fi\nffl", "width": 50, "attributes": {"lineSpacing": 4, "kern": 1.5}, "mode": "label", "scale": 3}"#,
                "AV To fi\nffl",
                [
                    "--font", font, "--size", "14", "--width", "50",
                    "--attributes", #"{"lineSpacing": 4, "kern": 1.5}"#, "--mode", "label", "--scale", "3",
                ]
            ),
            (
                #"{"id": 5, "text": "hello world", "fonts": ["DejaVu Sans"], "width": 30, "mode": "textView"}"#,
                "hello world", ["--font", font, "--size", "14", "--width", "30", "--mode", "textView"]
            ),
            (
                #"{"id": 6, "text": "hello wörld", "fonts": [{"path": "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"}], "size": 9.5, "width": 0}"#,
                "hello wörld",
                [
                    "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", "--size", "9.5",
                    "--width", "0",
                ]
            ),
            (
                #"{"id": 7, "text": "hello\tworld", "width": 0, "attributes": {"lineBreakMode": "tail"}}"#,
                "hello\tworld",
                [
                    "--font", font, "--size", "14", "--width", "0", "--attributes",
                    #"{"lineBreakMode": "tail"}"#,
                ]
            ),
        ]
        let result = try StreamFixtures.run(
            cases.map(\.job),
            [
                "--font", font, "--size", "14", "--width", "0",
                "--threads", "2",
            ],
            in: workspace)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.lines.count == cases.count)
        for (index, (line, expected)) in zip(result.lines, cases).enumerated() {
            #expect(
                line == StreamFixtures.withID("\(index + 1)", StreamFixtures.text(expected.text, expected.arguments)))
        }
    }

    @Test func widthsMatchTheHandComputation() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try StreamFixtures.run(
            [
                #"{"id": "a", "text": "hello world"}"#,
                #"{"id": "b", "text": "hello world hello world hello world", "width": 200}"#,
            ], ["--font", StreamFixtures.dejaVu, "--size", "14", "--width", "0", "--plain"], in: workspace)
        #expect(result.status == 0, "\(result.error)")
        let one = try #require(StreamFixtures.object(result.lines[0]))
        #expect(one["id"] as? String == "a")
        #expect(abs((one["width"] as? Double ?? 0) - StreamFixtures.helloWorld) < 1e-9)
        #expect(abs((one["height"] as? Double ?? 0) - StreamFixtures.line14) < 1e-9)
        #expect(one["lines"] as? Int == 1)
        #expect(one["ceiledWidth"] as? Int == 77)
        #expect(one["missingGlyphs"] as? Int == 0)
        // "hello world hello world hello " = 2 × 11239 + 2 × 651 + 4949 = 28729 units fits 200 pt; "world" wraps.
        let two = try #require(StreamFixtures.object(result.lines[1]))
        #expect(abs((two["width"] as? Double ?? 0) - 28729.0 * 14 / 2048) < 1e-9)
        #expect(abs((two["height"] as? Double ?? 0) - 2 * StreamFixtures.line14) < 1e-9)
        #expect(two["lines"] as? Int == 2)
        #expect(
            result.lines[0]
                == #"{"id": "a", "width": 76.8291015625, "height": 16.296875, "lines": 1, "ceiledWidth": 77, "ceiledHeight": 17, "missingGlyphs": 0}"#
        )
    }

    @Test func errorsTakeTheJobsPlaceAndTheStreamGoesOn() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try StreamFixtures.run(
            [
                #"{"id": 1, "text": "hello"}"#,
                #"{"id": 2, "text": "hello""#,
                #"{"id": 3}"#,
                #"{"id": 4, "text": "hello", "fonts": ["No Such Family Anywhere"]}"#,
                #"{"id": 5, "text": "hello", "fonts": ["/no/such/font.ttf"]}"#,
                #"{"id": 6, "text": "hello", "size": 20000}"#,
                "",
                "[1]",
                #"{"id": 9, "text": "hello", "attributes": {"runs": [{"location": 0, "length": 1, "font": 3}]}}"#,
                #"{"id": "last", "text": "hello"}"#,
            ], ["--font", StreamFixtures.dejaVu, "--size", "14", "--width", "0"], in: workspace)
        #expect(result.status == 0, "\(result.error)")
        let objects = result.lines.map { StreamFixtures.object($0) ?? [:] }
        #expect(objects.count == 9, "a blank line gives nothing: \(result.lines)")
        #expect(objects.map { "\($0["id"] ?? "?")" } == ["1", "<null>", "3", "4", "5", "6", "<null>", "9", "last"])
        #expect(objects[0]["width"] != nil && objects[8]["width"] != nil)
        let errors = objects.map { $0["error"] as? String ?? "" }
        #expect(errors[1].hasPrefix("line 2, column 26: expected ',' or '}'"))
        #expect(errors[2] == #"a job needs "text", the string to measure"#)
        #expect(errors[3].hasPrefix(#"no installed font has the family name "No Such Family Anywhere""#))
        #expect(errors[4].contains("/no/such/font.ttf"))
        #expect(errors[5].hasPrefix(#""size" must be a positive number of points, at most 10000"#))
        #expect(errors[6].hasPrefix("line 8: a job must be a JSON object"))
        #expect(errors[7].hasPrefix(#""attributes": a run's "font" is an index into the cascade (0…0), got 3"#))
    }

    /// A job without an id that fails after it was read — no size, a font that is not there, a run beyond the
    /// cascade — is named by its line, as one that is not JSON is (they came back as a bare `{"id": null, "error"}`,
    /// which under `--shard` nothing could place).
    @Test func aJobWithoutAnIdIsNamedByItsLineWhereverItFails() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try StreamFixtures.run(
            [
                #"{"text": "a", "fonts": ["No Such Family Anywhere"], "size": 12}"#,
                #"{"text": "b"}"#,
                #"{"text": "c", "size": 12, "fonts": ["/no/such/font.ttf"]}"#,
                #"{"text": "d", "size": 12, "attributes": {"runs": [{"location": 0, "length": 1, "font": 3}]}}"#,
                #"{"id": 5, "text": "e"}"#,
            ], ["--font", StreamFixtures.dejaVu, "--width", "0"], in: workspace)
        #expect(result.status == 0, "\(result.error)")
        let errors = result.lines.map { StreamFixtures.object($0)?["error"] as? String ?? "" }
        #expect(errors[0].hasPrefix(#"line 1: no installed font has the family name "No Such Family Anywhere""#))
        #expect(errors[1].hasPrefix("line 2: no size"))
        #expect(errors[2].hasPrefix("line 3: font file not found: /no/such/font.ttf"), "\(errors[2])")
        #expect(errors[3].hasPrefix(#"line 4: "attributes": a run's "font" is an index into the cascade"#))
        // A job with an id is named by its id.
        #expect(errors[4].hasPrefix("no size"))
    }

    @Test func sizeAndWidthComeFromTheJobOrTheCommandLine() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try StreamFixtures.run(
            [
                #"{"id": 1, "text": "hello", "size": 14}"#,
                #"{"id": 2, "text": "hello", "width": 10}"#,
                #"{"id": 3, "text": "hello", "size": 14, "width": 10}"#,
            ], ["--font", StreamFixtures.dejaVu], in: workspace)
        #expect(result.status == 0, "\(result.error)")
        let errors = result.lines.map { StreamFixtures.object($0)?["error"] as? String }
        #expect(errors[0]?.hasPrefix("no width") == true)
        #expect(errors[1]?.hasPrefix("no size") == true)
        #expect(errors[2] == nil)
    }

    @Test func anOverlongLineGivesAnErrorInPlace() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let long = #"{"id": 2, "text": ""# + String(repeating: "x", count: 5000) + #""}"#
        let result = try StreamFixtures.run(
            [#"{"id": 1, "text": "a"}"#, long, #"{"id": 3, "text": "b"}"#],
            [
                "--font", StreamFixtures.dejaVu, "--size", "14", "--width", "0",
                "--max-line-bytes", "1000",
            ], in: workspace)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.lines.count == 3)
        #expect(
            result.lines[1] == #"{"id": null, "error": "line 2: longer than 1000 bytes (--max-line-bytes); not read"}"#)
        #expect(StreamFixtures.object(result.lines[2])?["id"] as? Int == 3)
    }

    /// An `--input` that opens but cannot be read (a folder) is named in the error, as `measure batch` names it.
    @Test func anUnreadableInputIsNamed() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let folder = workspace.path("jobs")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let result = Workspace.run(["stream", "--input", folder, "--font", StreamFixtures.dejaVu, "--size", "14"])
        #expect(result.status == 1)
        #expect(result.error.contains("cannot read \(folder): Is a directory"), "\(result.error)")
        #expect(result.output.isEmpty)
    }

    @Test func theLastLineNeedsNoLineFeed() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let input = try workspace.write("jobs.ndjson", "{\"id\": 1, \"text\": \"a\"}\n{\"id\": 2, \"text\": \"b\"}")
        let result = Workspace.run([
            "stream", "--input", input, "--font", StreamFixtures.dejaVu, "--size", "14",
            "--width", "0",
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.split(separator: "\n").count == 2)
    }

    @Test(arguments: [
        (["--threads", "0"], "--threads must be 1 or more"),
        (["--measurers", "0"], "--measurers must be between 1 and 1024"),
        (["--max-line-bytes", "0"], "--max-line-bytes must be between 1"),
        (["--size", "0"], "--size must be a positive number"),
        (["--device-class", "x"], "--device-class needs --db"),
        (["--max-lines", "-2"], "--max-lines must be between 0 (no limit) and 100000"),
        (["--max-lines", "99999999999"], "--max-lines must be between 0 (no limit) and 100000"),
        // A job's own maxLines stops at 100,000: a larger default made every job fail, naming `numberOfLines`.
        (["--max-lines", "100001"], "--max-lines must be between 0 (no limit) and 100000"),
    ])
    func usageErrors(arguments: [String], message: String) {
        let result = Workspace.run(["stream", "--input", "/dev/null"] + arguments)
        #expect(result.status == 64)
        #expect(result.error.contains(message), "\(result.error)")
    }
}
