import Testing

@testable import ArgumentParsing
@testable import MeasureCLI

@Suite struct HelpTests {
    static let rootHelp = """
        OVERVIEW: Measure rendered text.

        USAGE: measure <subcommand>

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          text                    Measure a string.
          fonts                   Inspect font files.
          fail                    Fail in a chosen way.

          See 'measure help <subcommand>' for detailed help.

        """

    static let textHelp = """
        OVERVIEW: Measure a string.

        Fonts are tried in the order given; the first one that has a glyph for a
        character is used for it.

        Example:
          measure text 'Hello' --font a.ttf --size 12

        USAGE: measure text <string> [--font <file> ...] [--face-index <n> ...]
                            --size <pt> [--line-height <factor>] [--x <offset>]
                            [--verbose]

        ARGUMENTS:
          <string>                The text to measure.

        OPTIONS:
          -f, --font <file>       Font file to try, in order. (can be repeated)
          --face-index <n>        Face index within the preceding --font. (can be
                                  repeated)
          -s, --size <pt>         Point size.
          --line-height <factor>  Line height as a multiple of the size. (default: 1.2)
          --x <offset>            Horizontal offset.
          -v, --verbose           Print every font that was considered, and why it was
                                  accepted or rejected.
          -h, --help              Show help information.

        """

    static let fontsHelp = """
        OVERVIEW: Inspect font files.

        USAGE: measure fonts <subcommand>

        OPTIONS:
          -h, --help              Show help information.

        SUBCOMMANDS:
          list                    List the faces in font files.

          See 'measure help fonts <subcommand>' for detailed help.

        """

    static let fontsListHelp = """
        OVERVIEW: List the faces in font files.

        USAGE: measure fonts list [<style>] [<files> ...] [--limit <count>]
                                  [--very-long-option-name <value>]

        ARGUMENTS:
          <style>                 Only list faces with this style name.
          <files> ...             Font files.

        OPTIONS:
          -n, --limit <count>     Show at most this many faces.
          --very-long-option-name <value>
                                  Has a label too long for the help column.
          -h, --help              Show help information.

        """

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func rootHelp(arguments: [String]) {
        let sink = CapturingOutputSink()
        #expect(CommandRunner.run(FixtureRoot.self, arguments: arguments, output: sink) == 0)
        #expect(sink.standardOutput == Self.rootHelp)
        #expect(sink.standardError == "")
    }

    @Test(arguments: [
        ["help", "text"], ["text", "--help"], ["text", "-h"],
        ["text", "--fnt", "--help"],  // help wins over errors earlier on the line
        ["text", "hi", "extra", "-h", "--", "x"],
    ])
    func subcommandHelp(arguments: [String]) {
        let sink = CapturingOutputSink()
        #expect(CommandRunner.run(FixtureRoot.self, arguments: arguments, output: sink) == 0)
        #expect(sink.standardOutput == Self.textHelp)
        #expect(sink.standardError == "")
    }

    @Test func helpAfterDoubleDashIsAnArgument() {
        #expect(
            measure("text", "-s", "1", "--", "--help")
                == RunResult(
                    status: 0, output: "string=--help size=1.0 lineHeight=1.2 x=nil verbose=false fonts=\n", error: ""))
    }

    @Test func nestedGroupHelp() {
        #expect(measure("help", "fonts") == RunResult(status: 0, output: Self.fontsHelp, error: ""))
        #expect(measure("fonts", "--help") == RunResult(status: 0, output: Self.fontsHelp, error: ""))
        #expect(measure("help", "fonts", "list") == RunResult(status: 0, output: Self.fontsListHelp, error: ""))
        #expect(measure("fonts", "list", "-h") == RunResult(status: 0, output: Self.fontsListHelp, error: ""))
    }

    @Test func missingSubcommandPrintsHelpToStandardErrorWithUsageStatus() {
        #expect(measure() == RunResult(status: 64, output: "", error: Self.rootHelp))
        #expect(measure("fonts") == RunResult(status: 64, output: "", error: Self.fontsHelp))
    }

    @Test func everyHelpLineFitsIn80Columns() {
        for text in [Self.rootHelp, Self.textHelp, Self.fontsHelp, Self.fontsListHelp] {
            for line in text.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
        }
    }

    @Test func wrapNeverSplitsItemsAndTrimsTrailingSpaces() {
        #expect(HelpFormatter.wrap([], first: "USAGE: x ", indent: "  ") == "USAGE: x")
        let long = String(repeating: "a", count: 90)
        #expect(HelpFormatter.wrap(["b", long, "c"], first: "> ", indent: "  ") == "> b\n  \(long)\n  c")
        #expect(HelpFormatter.row("--x", "") == "  --x")
    }
}
