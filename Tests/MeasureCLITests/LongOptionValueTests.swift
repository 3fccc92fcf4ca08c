import Foundation
import Testing

@testable import ArgumentParsing
@testable import MeasureCLI

/// A long value on the command line (a pasted file, a runaway script) is quoted in its error as its first 60 Unicode
/// scalars and `…`: the message stays a line, where it repeated the whole value (a 100 KB `--width` was 100 KB of
/// stderr).
@Suite struct LongOptionValueTests {
    static let long = String(repeating: "é", count: 5_000)

    func run(_ arguments: [String]) -> (status: Int32, error: String) {
        let sink = CapturingOutputSink()
        let status = CommandRunner.run(MeasureCommand.self, arguments: arguments, output: sink)
        return (status, sink.standardError)
    }

    /// Each command line with the long value it quotes.
    static let cases: [([String], String)] = [
        (["text", "hi", "--size", "12", "--width", long], long),
        (["text", "hi", "--size", "12", "--width", "100", "--language", long], long),
        (["text", "--" + long], "--" + long),
        ([long], long),
        (["text", "hi", long, "--size", "12", "--width", "100"], long),
        (["db", "export", "--format", long, "x.db"], long),
        (["catalog", "x", "--width", "100", "--platform", long], long),
        (["catalog", "x", "--width", "100", "--pseudo", long], long),
        (["catalog", "x", "--width", "100", "--text-style", long], long),
        (["catalog", "x", "--width", "100", "--content-size", long], long),
    ]

    @Test(arguments: cases)
    func aLongValueIsQuotedShort(arguments: [String], value: String) {
        let result = run(arguments)
        #expect(result.status != 0)
        let first = result.error.split(separator: "\n").first.map(String.init) ?? ""
        // Its first 60 scalars and an ellipsis, then the quote that closes it.
        let quoted = String(String.UnicodeScalarView(value.unicodeScalars.prefix(60))) + "…"
        #expect(first.contains(quoted), "\(first.prefix(200))")
        #expect(first.contains(quoted + "'") || first.contains(quoted + "\""), "\(first.prefix(200))")
        #expect(first.unicodeScalars.count < 300, "\(first.prefix(200))")
    }

    /// A value of exactly 60 scalars is quoted whole, without an ellipsis; 61 are cut.
    @Test func theCutIsAtSixtyScalars() {
        let sixty = String(repeating: "7x", count: 30)
        #expect(UsageError.excerpt(sixty) == sixty)
        #expect(UsageError.excerpt(sixty + "y") == sixty + "…")
        // Cut by scalars, not characters: a flag's two regional indicators are two scalars.
        #expect(UsageError.excerpt(String(repeating: "🇫🇷", count: 31)) == String(repeating: "🇫🇷", count: 30) + "…")
    }
}
