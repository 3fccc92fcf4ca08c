import Foundation
import Measure
import Testing

@testable import ArgumentParsing
@testable import MeasureCLI

/// `measure compare`, in-process, over small hand-made corpora and references. Widths are DejaVu Sans advances at
/// 14 pt: "hello" = 1298 + 1260 + 569 + 569 + 1253 = 4949 units, the space 651, "world" = 1675 + 1253 + 842 + 569 + 1300
/// = 5639; "hello world" = 11239 × 14 / 2048 = 76.8291015625 pt, one line (1901 + 483) / 2048 × 14 = 16.296875 high.
@Suite struct CompareCommandTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let helloWorld = 11239.0 * 14 / 2048
    static let hello = 4949.0 * 14 / 2048

    /// A fresh folder for one test's files.
    let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("compare-\(UUID())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    func file(_ name: String, _ contents: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(contents.utf8).write(to: url)
        return url.path
    }

    func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let sink = CapturingOutputSink()
        let status = CommandRunner.run(MeasureCommand.self, arguments: arguments, output: sink)
        return (status, sink.standardOutput, sink.standardError)
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The `differences` array as cause → (count, example lines).
    func groups(_ object: [String: Any]) throws -> [String: (count: Int, lines: [Int])] {
        let differences = try #require(object["differences"] as? [[String: Any]])
        var result: [String: (count: Int, lines: [Int])] = [:]
        for group in differences {
            let examples = try #require(group["examples"] as? [[String: Any]])
            result[try #require(group["cause"] as? String)] = (
                try #require(group["count"] as? Int),
                examples.compactMap { $0["line"] as? Int }
            )
        }
        return result
    }

    /// Width 0, one reference: "hello world" exact; "hello" 0.5 pt narrower than the reference (a width difference,
    /// break rule); 中, which DejaVu Sans does not map, 2 pt narrower (fallback font). |Δ| = 0, 0.5, 2: median 0.5,
    /// p95 (nearest rank 3 of 3) 2, max 2; every line count agrees.
    @Test func widthZeroFiguresAndCauses() throws {
        let notdef = Double(try Font(path: Self.dejaVu).notdefAdvance) * 14 / 2048
        let corpus = try file("corpus.txt", "hello world\nhello\n中\n")
        let reference = try file(
            "ref.tsv",
            """
            \(Self.helloWorld)\t16.2969\t1
            \(Self.hello + 0.5)\t16.2969\t1
            \(notdef + 2)\t16.2969\t1

            """)
        let result = run([
            "compare", reference, "--corpus", corpus, "--font", Self.dejaVu, "--size", "14",
            "--width", "0", "--json", "--threads", "1",
        ])
        #expect(result.status == 0, "\(result.error)")
        let object = try json(result.output)
        #expect(Set(object.keys) == ["references", "differences"])
        let references = try #require(object["references"] as? [[String: Any]])
        #expect(references.count == 1)
        let figures = references[0]
        #expect(
            Set(figures.keys) == [
                "path", "strings", "lineAgreement", "lineAgreementShare", "widthErrorMedian",
                "widthErrorP95", "widthErrorMax",
            ])
        #expect(figures["path"] as? String == reference)
        #expect(figures["strings"] as? Int == 3)
        #expect(figures["lineAgreement"] as? Int == 3)
        #expect(figures["lineAgreementShare"] as? Double == 1)
        #expect(abs(try #require(figures["widthErrorMedian"] as? Double) - 0.5) < 1e-9)
        #expect(abs(try #require(figures["widthErrorP95"] as? Double) - 2) < 1e-9)
        #expect(abs(try #require(figures["widthErrorMax"] as? Double) - 2) < 1e-9)
        let causes = try groups(object)
        #expect(causes.keys.sorted() == ["break rule", "fallback font", "shaped text", "width rounding"])
        #expect(causes["break rule"]?.count == 1 && causes["break rule"]?.lines == [2])
        #expect(causes["fallback font"]?.count == 1 && causes["fallback font"]?.lines == [3])
        #expect(causes["width rounding"]?.count == 0 && causes["shaped text"]?.count == 0)
        // An example carries our size and each reference's.
        let differences = try #require(object["differences"] as? [[String: Any]])
        let example = try #require(
            (differences.first { $0["cause"] as? String == "break rule" }?["examples"]
                as? [[String: Any]])?.first)
        #expect(Set(example.keys) == ["line", "text", "width", "lines", "reference"])
        #expect(example["text"] as? String == "hello")
        #expect(example["width"] as? Double == Self.hello)
        #expect(example["lines"] as? Int == 1)
        let theirs = try #require(example["reference"] as? [[String: Any]])
        #expect(theirs.count == 1 && theirs[0]["lines"] as? Int == 1)
    }

    /// Width 76.8391015625 (0.01 over "hello world"), two references:
    /// 1 "hello world": ours 1 line ending 0.01 pt from the limit, both say 2 → width rounding;
    /// 2 "hello": all say 1;
    /// 3 "hello hello" (72.11 pt): A says 1, B 2 → the references disagree, not listed;
    /// 4 "éé" with U+0301: both say 2 → shaped text;
    /// 5 中: both say 2 → fallback font;
    /// 6 "hello\nworld": ours 2, both say 3 → break rule.
    /// A agrees on 2 and 3, B on 2; the references agree on 1, 2, 4, 5, 6, and we on 2 of those: 1/5.
    @Test func twoReferencesAgreementAndGrouping() throws {
        let corpus = try file("corpus.txt", "hello world\nhello\nhello hello\ne\u{301}e\u{301}\n中\nhello\\nworld\n")
        let a = try file("a.tsv", "10\t20\t2\n10\t20\t1\n10\t20\t1\n10\t20\t2\n10\t20\t2\n10\t20\t3\n")
        let b = try file("b.tsv", "10\t20\t2\n10\t20\t1\n10\t20\t2\n10\t20\t2\n10\t20\t2\n10\t20\t3\n")
        let arguments = [
            "compare", a, b, "--corpus", corpus, "--font", Self.dejaVu, "--size", "14",
            "--width", "\(Self.helloWorld + 0.01)",
        ]
        let result = run(arguments + ["--json", "--list", "1"])
        #expect(result.status == 0, "\(result.error)")
        let object = try json(result.output)
        #expect(Set(object.keys) == ["references", "agreementWhereReferencesAgree", "differences"])
        let references = try #require(object["references"] as? [[String: Any]])
        #expect(references.map { $0["lineAgreement"] as? Int } == [2, 1])
        let agree = try #require(object["agreementWhereReferencesAgree"] as? [String: Any])
        #expect(agree["strings"] as? Int == 5)
        #expect(agree["agreeing"] as? Int == 1)
        #expect(agree["share"] as? Double == 0.2)
        let causes = try groups(object)
        #expect(causes["width rounding"]?.count == 1 && causes["width rounding"]?.lines == [1])
        #expect(causes["fallback font"]?.count == 1 && causes["fallback font"]?.lines == [5])
        #expect(causes["shaped text"]?.count == 1 && causes["shaped text"]?.lines == [4])
        #expect(causes["break rule"]?.count == 1 && causes["break rule"]?.lines == [6])

        // The text report says the same.
        let text = run(arguments + ["--list", "0"])
        #expect(text.status == 0)
        #expect(text.output.contains("a.tsv: line count agrees on 2/6 (33.33%)"), "\(text.output)")
        #expect(text.output.contains("measure agrees on 1/5 (20.00%)"))
        #expect(text.output.contains("differs from every reference on line count: 4 strings"))
        #expect(text.output.contains("  width rounding: 1\n  fallback font: 1\n"))
        #expect(!text.output.contains("line 1:"))
        let listed = run(arguments)
        // "hello\nworld" is as wide as "world": 5639 × 14 / 2048 = 38.5479 pt.
        #expect(listed.output.contains("    line 6: measure 38.5479 pt, 2 lines; "), "\(listed.output)")
        #expect(listed.output.contains("a.tsv 10.0000 pt, 3 lines; b.tsv 10.0000 pt, 3 lines: \"hello\\nworld\""))
    }

    /// Examples show at most 80 characters of their string.
    @Test func longStringsAreShortened() throws {
        let long = String(repeating: "x", count: 100)
        let corpus = try file("corpus.txt", long + "\n")
        let reference = try file("ref.tsv", "1\t1\t5\n")
        let result = run([
            "compare", reference, "--corpus", corpus, "--font", Self.dejaVu, "--size", "14",
            "--width", "0", "--json",
        ])
        let causes = try #require(try json(result.output)["differences"] as? [[String: Any]])
        let examples = causes.flatMap { ($0["examples"] as? [[String: Any]]) ?? [] }
        #expect(examples.map { $0["text"] as? String } == [String(repeating: "x", count: 79) + "…"])
    }

    /// In label, text-view and attributed layouts a line's range leaves its hard break out, so a blank line inside
    /// a string was taken for the next segment of the line before it, and an empty range trapped
    /// (`(1...0)`, SIGILL). Each string differs from the reference (99 lines), so its cause is worked out.
    @Test(arguments: [
        ["--mode", "label"], ["--mode", "textView"], ["--attributes", #"{"alignment":"center"}"#],
        ["--attributes", #"{"lineSpacing":1}"#, "--count-trailing-newline"],
    ])
    func blankLinesInAStringUnderEveryLayout(options: [String]) throws {
        let corpus = try file("corpus.txt", "a\\n\\nb\n\\n\na\\n\n")
        let reference = try file("ref.tsv", "10\t20\t99\n10\t20\t99\n10\t20\t99\n")
        let result = run(
            [
                "compare", reference, "--corpus", corpus, "--font", Self.dejaVu, "--size", "17", "--width", "30",
                "--json",
            ]
                + options)
        #expect(result.status == 0, "\(result.error)")
        let causes = try groups(try json(result.output))
        #expect(causes.values.reduce(0) { $0 + $1.count } == 3)
        #expect((causes["width rounding"]?.count ?? 0) == 0)
    }

    @Test func rowCountMismatchIsAnError() throws {
        let corpus = try file("corpus.txt", "hello\nworld\nhello world\n")
        let reference = try file("short.tsv", "1\t2\t1\n1\t2\t1\n")
        let result = run([
            "compare", reference, "--corpus", corpus, "--size", "14", "--width", "0",
            "--font", Self.dejaVu,
        ])
        #expect(result.status == 1)
        #expect(
            result.error == "measure: \(reference) has 2 rows but the corpus has 3 strings; they must match line "
                + "for line\n")
        #expect(result.output.isEmpty)
    }

    @Test func unreadableOrMalformedFilesExitWith1() throws {
        let corpus = try file("corpus.txt", "hello\n")
        let reference = try file("ref.tsv", "1\t2\t1\n")
        let bad = try file("bad.tsv", "1\ttwo\t1\n")
        let common = ["--size", "14", "--width", "0", "--font", Self.dejaVu]
        let missingCorpus = run(["compare", reference, "--corpus", "/no/such/corpus.txt"] + common)
        #expect(missingCorpus.status == 1)
        #expect(missingCorpus.error == "measure: cannot read /no/such/corpus.txt: No such file or directory\n")
        let missingReference = run(["compare", "/no/such/ref.tsv", "--corpus", corpus] + common)
        #expect(missingReference.status == 1)
        #expect(missingReference.error.contains("cannot read /no/such/ref.tsv: No such file or directory"))
        let malformed = run(["compare", bad, "--corpus", corpus] + common)
        #expect(malformed.status == 1)
        #expect(malformed.error.contains("bad.tsv:1: not a reference row"))
        let font = run([
            "compare", reference, "--corpus", corpus, "--size", "14", "--width", "0", "--font",
            "/no/such.ttf",
        ])
        #expect(font.status == 1)
    }

    @Test(arguments: [
        (["compare", "--corpus", "c.txt", "--size", "14", "--width", "0"], "missing argument '<references>'"),
        (["compare", "r.tsv", "--size", "14", "--width", "0"], "missing required option '--corpus <file>'"),
        (["compare", "r.tsv", "--corpus", "c.txt", "--width", "0"], "missing required option '--size <pt>'"),
        (
            ["compare", "r.tsv", "--corpus", "c.txt", "--size", "14", "--width", "0", "--list", "-1"],
            "--list must be 0 or more"
        ),
        (
            ["compare", "r.tsv", "--corpus", "c.txt", "--size", "14", "--width", "0", "--threads", "0"],
            "--threads must be 1 or more"
        ),
    ])
    func usageErrorsExitWith64(arguments: [String], message: String) {
        let result = run(arguments)
        #expect(result.status == 64)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(result.output.isEmpty)
    }
}

/// `measure compare` over the real reference data of `../shared/reference`, when it is there.
@Suite(.enabled(if: SharedReference.isAvailable, "../shared/reference is not beside this checkout"))
struct CompareReferenceTests {
    @Test func englishAt200AgreesWithPangoPlain() throws {
        let directory = SharedReference.directory
        let pango = directory.appendingPathComponent("out/pango-plain-en-200.tsv").path
        let skia = directory.appendingPathComponent("out/skia-en-200.tsv").path
        let sink = CapturingOutputSink()
        let status = CommandRunner.run(
            MeasureCommand.self,
            arguments: [
                "compare", pango, skia, "--corpus", directory.appendingPathComponent("corpus/en.txt").path,
                "--font", CompareCommandTests.dejaVu, "--size", "17", "--width", "200", "--plain", "--json",
            ], output: sink)
        #expect(status == 0, "\(sink.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(sink.standardOutput.utf8))
                as? [String: Any])
        let references = try #require(object["references"] as? [[String: Any]])
        #expect(references.count == 2)
        #expect(references.allSatisfy { $0["strings"] as? Int == 5000 })
        let share = try #require(references[0]["lineAgreementShare"] as? Double)
        #expect(share >= 0.99, "line counts equal pango-plain for \(share * 100)% of en at 200 pt")
        #expect(object["agreementWhereReferencesAgree"] is [String: Any])
        #expect((object["differences"] as? [[String: Any]])?.count == 4)
    }
}

/// Finds `../shared/reference` as `ReferenceAccuracyTests` does: $TEXTSIZE_SHARED/reference, else beside the
/// repository.
enum SharedReference {
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
}
