import Foundation

@testable import ArgumentParsing
@testable import MeasureCLI

// Test-only command tree, independent of the throwaway demo in main.swift.

struct FixtureRoot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure", abstract: "Measure rendered text.", version: "1.2.3",
        subcommands: [FixtureText.self, FixtureFonts.self, FixtureFail.self])
    init(_ values: ParsedValues) {}
    func run(output: any OutputSink) {}
}

struct FixtureText: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text", abstract: "Measure a string.",
        discussion: """
            Fonts are tried in the order given; the first one that has a glyph for a character is used for it.

            Example:
              measure text 'Hello' --font a.ttf --size 12
            """,
        options: [
            .repeated("font", short: "f", valueName: "file", help: "Font file to try, in order."),
            .repeated("face-index", valueName: "n", help: "Face index within the preceding --font."),
            .single("size", short: "s", valueName: "pt", help: "Point size.", isRequired: true),
            .single(
                "line-height", valueName: "factor", help: "Line height as a multiple of the size.",
                defaultValue: "1.2"),
            .single("x", valueName: "offset", help: "Horizontal offset."),
            .flag(
                "verbose", short: "v",
                help: "Print every font that was considered, and why it was accepted or rejected."),
        ],
        positionals: [.required("string", help: "The text to measure.")])

    var string: String
    var size: Double
    var lineHeight: Double
    var x: Double?
    var verbose: Bool
    var fonts: [(path: String, faceIndex: Int)] = []

    init(_ values: ParsedValues) throws(UsageError) {
        string = values.positional("string")!
        size = try values.double("size")!
        lineHeight = try values.double("line-height")!
        x = try values.double("x")
        verbose = values.flag("verbose")
        for occurrence in values.occurrences(of: ["font", "face-index"]) {
            if occurrence.name == "font" {
                fonts.append((occurrence.value, 0))
            } else if fonts.isEmpty {
                throw UsageError("--face-index must follow a --font")
            } else {
                fonts[fonts.count - 1].faceIndex = try occurrence.parsed(as: Int.self)
            }
        }
    }

    func run(output: any OutputSink) {
        let fontList = fonts.map { "\($0.path)#\($0.faceIndex)" }.joined(separator: ",")
        output.writeOutput(
            "string=\(string) size=\(size) lineHeight=\(lineHeight) "
                + "x=\(x.map { "\($0)" } ?? "nil") verbose=\(verbose) fonts=\(fontList)\n")
    }
}

struct FixtureFonts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts", abstract: "Inspect font files.", subcommands: [FixtureFontsList.self])
    init(_ values: ParsedValues) {}
    func run(output: any OutputSink) {}
}

struct FixtureFontsList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the faces in font files.",
        options: [
            .single("limit", short: "n", valueName: "count", help: "Show at most this many faces."),
            .single("very-long-option-name", valueName: "value", help: "Has a label too long for the help column."),
        ],
        positionals: [
            .optional("style", help: "Only list faces with this style name."),
            .variadic("files", help: "Font files."),
        ])

    var style: String?
    var files: [String]
    var limit: Int?

    init(_ values: ParsedValues) throws(UsageError) {
        style = values.positional("style")
        files = values.positionals("files")
        limit = try values.int("limit")
    }

    func run(output: any OutputSink) {
        output.writeOutput(
            "style=\(style ?? "nil") files=\(files.joined(separator: "|")) limit=\(limit.map(String.init) ?? "nil")\n")
    }
}

struct FixtureFailure: LocalizedError {
    var errorDescription: String? { "cannot open 'x.ttf'" }
}

enum PlainFailure: Error { case broken }

struct FixtureFail: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fail", abstract: "Fail in a chosen way.",
        positionals: [.required("mode", help: "env, plain, cocoa, code, usage or ok.")])

    var mode: String

    init(_ values: ParsedValues) {
        mode = values.positional("mode")!
    }

    func run(output: any OutputSink) throws {
        output.writeOutput("running \(mode)\n")
        switch mode {
        case "env": throw FixtureFailure()
        case "plain": throw PlainFailure.broken
        case "cocoa": _ = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent/x.ttf"))
        case "code": throw ExitCode(3)
        case "usage": throw UsageError("--size must be positive")
        default: break
        }
    }
}

/// What one run of the fixture tool produced.
struct RunResult: Equatable {
    var status: Int32
    var output: String
    var error: String
}

func measure(_ arguments: String...) -> RunResult {
    let sink = CapturingOutputSink()
    let status = CommandRunner.run(FixtureRoot.self, arguments: arguments, output: sink)
    return RunResult(status: status, output: sink.standardOutput, error: sink.standardError)
}

/// Parses arguments for `measure text` directly, without the runner.
func parseText(_ arguments: String...) throws(UsageError) -> ParsedValues {
    try ArgumentParser.parseLeaf(arguments, config: FixtureText.configuration)
}

let textUsage = """
    USAGE: measure text <string> [--font <file> ...] [--face-index <n> ...]
                        --size <pt> [--line-height <factor>] [--x <offset>]
                        [--verbose]

    """

/// The stderr text of a usage error of `measure text`.
func textError(_ message: String) -> String {
    "measure text: \(message)\n" + textUsage
}
