import Testing

@testable import ArgumentParsing
@testable import MeasureCLI

@Suite struct ParsingTests {
    @Test func separateAndEqualsValueSyntax() throws {
        let values = try parseText("hello", "--size", "12", "--line-height=1.5", "--x=3")
        #expect(values.positional("string") == "hello")
        #expect(try values.double("size") == 12)
        #expect(try values.double("line-height") == 1.5)
        #expect(try values.double("x") == 3)
    }

    @Test func equalsSyntaxKeepsLaterEqualsSignsAndAllowsEmptyValue() throws {
        let values = try parseText("hi", "--size", "1", "--font=a=b.ttf", "--font=")
        #expect(values.strings("font") == ["a=b.ttf", ""])
    }

    @Test func shortOptionsAndFlags() throws {
        let values = try parseText("-s", "9", "-f", "a.ttf", "-v", "hi")
        #expect(try values.double("size") == 9)
        #expect(values.strings("font") == ["a.ttf"])
        #expect(values.flag("verbose"))
        #expect(!values.flag("x"))
        #expect(try parseText("hi", "--size", "1").flag("verbose") == false)
        #expect(try parseText("hi", "--size", "1", "--verbose").flag("verbose"))
    }

    @Test func defaultsApplyOnlyWhenAbsent() throws {
        #expect(try parseText("hi", "--size", "1").double("line-height") == 1.2)
        #expect(try parseText("hi", "--size", "1", "--line-height", "2").double("line-height") == 2)
        #expect(try parseText("hi", "--size", "1").double("x") == nil)
    }

    @Test func singleOptionGivenTwiceKeepsLastValue() throws {
        #expect(try parseText("hi", "--size", "1", "--size", "2").double("size") == 2)
    }

    @Test func repeatedOptionsKeepOrder() throws {
        let values = try parseText("hi", "--font", "c.ttf", "-f", "a.ttf", "--size", "1", "--font=b.ttf")
        #expect(values.strings("font") == ["c.ttf", "a.ttf", "b.ttf"])
        #expect(values.string("font") == "b.ttf")
    }

    @Test func interleavedRepeatedOptionsAreRecoverable() throws {
        let values = try parseText(
            "hi", "--font", "A", "--face-index", "1", "--font", "B", "--size", "12",
            "--font", "C", "--face-index", "2")
        #expect(
            values.occurrences(of: ["font", "face-index"]) == [
                OptionOccurrence(name: "font", value: "A"),
                OptionOccurrence(name: "face-index", value: "1"),
                OptionOccurrence(name: "font", value: "B"),
                OptionOccurrence(name: "font", value: "C"),
                OptionOccurrence(name: "face-index", value: "2"),
            ])
        #expect(try values.values("face-index", as: Int.self) == [1, 2])
        #expect(try OptionOccurrence(name: "face-index", value: "7").parsed(as: Int.self) == 7)
    }

    @Test func negativeNumbersAreOptionValues() throws {
        let values = try parseText("hi", "--size", "-3", "--x", "-1.5", "--line-height=-2")
        #expect(try values.double("size") == -3)
        #expect(try values.double("x") == -1.5)
        #expect(try values.double("line-height") == -2)
        #expect(try parseText("hi", "-s", "-.5").double("size") == -0.5)
        #expect(try parseText("hi", "-s", "-1e3").double("size") == -1000)
    }

    @Test func valuesThatStartLikeANegativeNumberAreOptionValues() throws {
        // An inset list such as "-5,0,0,0" is no number, but no option name starts with a digit or a dot.
        #expect(try parseText("hi", "-s", "1", "--font", "-5,0,0,0").strings("font") == ["-5,0,0,0"])
        #expect(try parseText("hi", "-s", "1", "--font", "-.5x2").strings("font") == ["-.5x2"])
        #expect(throws: UsageError("missing value for '--font <file>'")) {
            try parseText("hi", "-s", "1", "--font", "-v")
        }
    }

    @Test func doubleDashEndsOptions() throws {
        let values = try parseText("--size", "1", "--", "--font")
        #expect(values.positional("string") == "--font")
        #expect(values.strings("font") == [])
        #expect(try parseText("-s", "1", "--", "-3").positional("string") == "-3")
        #expect(try parseText("-s", "1", "--", "--").positional("string") == "--")
    }

    @Test func loneDashIsAPositionalAndAValue() throws {
        #expect(try parseText("-", "-s", "1").positional("string") == "-")
        #expect(try parseText("hi", "-s", "1", "--font", "-").strings("font") == ["-"])
    }

    @Test func optionalAndVariadicPositionals() throws {
        let config = FixtureFontsList.configuration
        let none = try ArgumentParser.parseLeaf([], config: config)
        #expect(none.positional("style") == nil)
        #expect(none.positionals("files") == [])
        let many = try ArgumentParser.parseLeaf(["Bold", "a.ttf", "-n", "2", "b.ttf", "--", "-c.ttf"], config: config)
        #expect(many.positional("style") == "Bold")
        #expect(many.positionals("files") == ["a.ttf", "b.ttf", "-c.ttf"])
        #expect(try many.int("limit") == 2)
    }

    /// A command that needs at least one input says so: the parser refuses none, and usage and help show the
    /// positional as required (`db merge`, `catalog` and `compare` showed `[<input> ...]` and then refused none).
    @Test func oneOrMorePositionals() throws {
        let config = CommandConfiguration(
            commandName: "merge", abstract: "Merge.",
            positionals: [.required("output", help: "Into."), .oneOrMore("input", help: "From.")])
        #expect(throws: UsageError("missing argument '<input>'")) {
            try ArgumentParser.parseLeaf(["out.db"], config: config)
        }
        let two = try ArgumentParser.parseLeaf(["out.db", "a.db", "--", "-b.db"], config: config)
        #expect(two.positional("output") == "out.db")
        #expect(two.positionals("input") == ["a.db", "-b.db"])
        let path = [
            CommandConfiguration(commandName: "measure", abstract: ""),
            CommandConfiguration(commandName: "db", abstract: ""), config,
        ]
        #expect(HelpFormatter.usage(for: path) == "USAGE: measure db merge <output> <input> ...")
        #expect(HelpFormatter.help(for: path).contains("\n  <input> ...             From.\n"))
    }

    @Test func typedPositional() throws {
        let values = try ArgumentParser.parseLeaf(["12", "x"], config: FixtureFontsList.configuration)
        #expect(try values.positional("style", as: Int.self) == 12)
        #expect(throws: UsageError("<style> expects an integer, got 'x'")) {
            try ArgumentParser.parseLeaf(["x"], config: FixtureFontsList.configuration)
                .positional("style", as: Int.self)
        }
    }

    @Test func valueConversionErrors() throws {
        #expect(throws: UsageError("--size expects a number, got 'abc'")) {
            try parseText("hi", "--size", "abc").double("size")
        }
        #expect(throws: UsageError("--size expects a number, got 'inf'")) {
            try parseText("hi", "--size=inf").double("size")
        }
        #expect(throws: UsageError("--size expects a number, got ''")) { try parseText("hi", "--size=").double("size") }
        #expect(throws: UsageError("--face-index expects an integer, got '1.5'")) {
            try parseText("hi", "-s", "1", "--face-index", "1.5").values("face-index", as: Int.self)
        }
        #expect(throws: UsageError("--face-index expects an integer, got 'x'")) {
            try OptionOccurrence(name: "face-index", value: "x").parsed(as: Int.self)
        }
    }

    @Test func parseErrors() {
        #expect(throws: UsageError("unknown option '--fnt'; did you mean '--font'?")) {
            try parseText("hi", "-s", "1", "--fnt", "a")
        }
        #expect(throws: UsageError("unknown option '--fnt'; did you mean '--font'?")) {
            try parseText("hi", "-s", "1", "--fnt=a")
        }
        #expect(throws: UsageError("unknown option '--sise'; did you mean '--size'?")) {
            try parseText("hi", "--sise", "1")
        }
        #expect(throws: UsageError("unknown option '--vrebose'; did you mean '--verbose'?")) {
            try parseText("hi", "-s", "1", "--vrebose")
        }
        #expect(throws: UsageError("unknown option '--zzz'")) { try parseText("hi", "-s", "1", "--zzz") }
        #expect(throws: UsageError("unknown option '-q'")) { try parseText("hi", "-s", "1", "-q") }
        #expect(throws: UsageError("unknown option '-sv'")) { try parseText("hi", "-sv", "1") }
        #expect(throws: UsageError("unknown option '-3'; to pass it as an argument, put '--' before it")) {
            try parseText("-s", "1", "-3")
        }
        #expect(throws: UsageError("missing value for '--font <file>'")) { try parseText("hi", "-s", "1", "--font") }
        #expect(throws: UsageError("missing value for '--font <file>'")) {
            try parseText("hi", "--font", "--size", "1")
        }
        #expect(throws: UsageError("missing value for '--size <pt>'")) { try parseText("hi", "-s", "--", "1") }
        #expect(throws: UsageError("'--verbose' does not take a value")) {
            try parseText("hi", "-s", "1", "--verbose=yes")
        }
        #expect(throws: UsageError("missing required option '--size <pt>'")) { try parseText("hi") }
        #expect(throws: UsageError("missing argument '<string>'")) { try parseText("--size", "1") }
        #expect(throws: UsageError("unexpected argument 'extra'")) { try parseText("hi", "extra", "--size", "1") }
    }

    @Test func editDistance() {
        #expect(ArgumentParser.editDistance("fnt", "font") == 1)
        #expect(ArgumentParser.editDistance("hepl", "help") == 1)
        #expect(ArgumentParser.editDistance("", "abc") == 3)
        #expect(ArgumentParser.editDistance("size", "size") == 0)
        #expect(ArgumentParser.editDistance("kitten", "sitting") == 3)
        #expect(ArgumentParser.suggestionSuffix(for: "--x", among: ["--y"]) == "")
        #expect(
            ArgumentParser.suggestionSuffix(for: "--face-indx", among: ["--font", "--face-index"])
                == "; did you mean '--face-index'?")
    }
}
