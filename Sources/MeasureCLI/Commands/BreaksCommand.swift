import ArgumentParsing
import Foundation
import Measure

/// `measure breaks …`: a string's line-break opportunities in LineBreakTest.txt notation.
struct BreaksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "breaks",
        abstract: "Print line-break opportunities in LineBreakTest.txt notation (× 0061 × 0020 ÷ 0062 ÷).",
        discussion: """
            By default exactly what plain UAX #14 says (as LineBreakTest.txt tests it, with the numbers tailoring of \
            its Example 7); with --tailored, what the measurer uses (grapheme clusters never split, CJ as NS, and \
            Thai, Lao, Khmer and Myanmar broken between words by ICU's dictionaries, as measuring breaks them). \
            Strings come from the arguments or, when none is given, one per line from standard input (with \\n, \\t \
            and \\\\ escapes). One output line per string, in order; with --hex, a string that is not code points \
            gets an empty line, its error goes to standard error, the others are still answered, and the exit \
            status is 1.
            """,
        options: [
            .flag("hex", help: "Each string is code points in hex separated by spaces, e.g. \"0061 0020 0308\"."),
            .flag("tailored", help: "Show the measurer's break opportunities instead of plain UAX #14's."),
            .flag("hangul-word-priority", help: "With --tailored: break Korean between words only."),
        ],
        positionals: [.variadic("string", help: "Strings to analyse (default: standard input, one per line).")])

    var strings: [String]
    var hex: Bool
    var options: LineBreakOptions
    /// Whether the measurer's breaks are shown (its options, and dictionary breaks in SA text).
    var tailored: Bool

    init(_ values: ParsedValues) throws(UsageError) {
        strings = values.positionals("string")
        hex = values.flag("hex")
        let tailored = values.flag("tailored")
        if values.flag("hangul-word-priority") && !tailored {
            throw UsageError("--hangul-word-priority applies to --tailored breaks only")
        }
        var options = tailored ? LineBreakOptions.measurer : LineBreakOptions.uax14
        options.hangulWordPriority = values.flag("hangul-word-priority")
        self.options = options
        self.tailored = tailored
    }

    func run(output: any OutputSink) throws {
        var inputs = strings
        if inputs.isEmpty {
            let data = try FileHandle.standardInput.readToEnd() ?? Data()
            inputs = EscapedLines.lines(in: [UInt8](data)).map { String(decoding: $0, as: UTF8.self) }
        }
        var report = ""
        var failed = false
        for (number, input) in inputs.enumerated() {
            let scalars: [Unicode.Scalar]
            do {
                scalars = try hex ? Self.parseHex(input, line: number + 1) : Array(input.unicodeScalars)
            } catch {
                // One string that is not code points loses nothing else: its line stays, empty, so the output lines
                // still match the inputs.
                output.writeError("measure breaks: \(PrintableText.message("\(error)"))\n")
                failed = true
                report += "\n"
                continue
            }
            let breaks =
                tailored
                ? LineBreaker.measuringBreakOpportunities(in: scalars, options: options)
                : LineBreaker.breakOpportunities(in: scalars, options: options)
            report += LineBreaker.notation(for: scalars, breaks: breaks) + "\n"
        }
        output.writeOutput(report)
        if failed { throw ExitCode.failure }
    }

    /// The scalars of a line of hex code points such as "0061 0020 0308".
    static func parseHex(_ line: String, line number: Int) throws -> [Unicode.Scalar] {
        try line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { word in
            // Hex digits only: `UInt32(_:radix:)` also takes a sign ("+61", "-0" was U+0000).
            guard word.allSatisfy(\.isHexDigit), let value = UInt32(word, radix: 16), let scalar = Unicode.Scalar(value)
            else {
                throw BreaksError.badCodePoint(String(word), line: number)
            }
            return scalar
        }
    }
}

/// Why `measure breaks --hex` could not read a string.
enum BreaksError: Error, CustomStringConvertible {
    case badCodePoint(String, line: Int)

    var description: String {
        switch self {
        case .badCodePoint(let word, let line):
            return "input \(line): '\(word)' is not a Unicode scalar value in hex (0000–10FFFF, no surrogates)"
        }
    }
}
