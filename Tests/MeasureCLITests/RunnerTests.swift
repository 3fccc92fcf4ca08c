import Testing

@testable import ArgumentParsing
@testable import MeasureCLI

@Suite struct RunnerTests {
    @Test func successfulRunWritesOnlyToStandardOutput() {
        #expect(
            measure(
                "text", "hi", "--font", "A", "--face-index", "1", "--font", "B", "--font", "C",
                "--face-index", "2", "--size", "-3", "--x=-1.5", "-v")
                == RunResult(
                    status: 0,
                    output: "string=hi size=-3.0 lineHeight=1.2 x=-1.5 verbose=true fonts=A#1,B#0,C#2\n",
                    error: ""))
        #expect(
            measure("fonts", "list", "a.ttf")
                == RunResult(status: 0, output: "style=a.ttf files= limit=nil\n", error: ""))
    }

    @Test func parseErrorsExitWithUsageStatusAndPrintMessageAndUsageLine() {
        #expect(
            measure("text", "hi", "-s", "1", "--fnt", "A")
                == RunResult(status: 64, output: "", error: textError("unknown option '--fnt'; did you mean '--font'?"))
        )
        #expect(
            measure("text", "hi", "-s", "1", "--font")
                == RunResult(status: 64, output: "", error: textError("missing value for '--font <file>'")))
        #expect(
            measure("text", "--size", "1")
                == RunResult(status: 64, output: "", error: textError("missing argument '<string>'")))
        #expect(
            measure("text", "hi")
                == RunResult(status: 64, output: "", error: textError("missing required option '--size <pt>'")))
        #expect(
            measure("text", "hi", "there", "-s", "1")
                == RunResult(status: 64, output: "", error: textError("unexpected argument 'there'")))
        #expect(
            measure("fonts", "list", "-n", "many")
                == RunResult(
                    status: 64, output: "",
                    error: """
                        measure fonts list: --limit expects an integer, got 'many'
                        USAGE: measure fonts list [<style>] [<files> ...] [--limit <count>]
                                                  [--very-long-option-name <value>]

                        """))
    }

    @Test func typeErrorsFromInitExitWithUsageStatus() {
        #expect(
            measure("text", "hi", "--size", "abc")
                == RunResult(status: 64, output: "", error: textError("--size expects a number, got 'abc'")))
        #expect(
            measure("text", "hi", "-s", "1", "--font", "a", "--face-index", "one")
                == RunResult(status: 64, output: "", error: textError("--face-index expects an integer, got 'one'")))
    }

    @Test func crossOptionValidationInInitExitsWithUsageStatus() {
        #expect(
            measure("text", "hi", "-s", "1", "--face-index", "1", "--font", "a")
                == RunResult(status: 64, output: "", error: textError("--face-index must follow a --font")))
    }

    @Test func groupErrors() {
        let rootUsage = "USAGE: measure <subcommand>\n"
        #expect(
            measure("txt")
                == RunResult(
                    status: 64, output: "",
                    error: "measure: unknown subcommand 'txt'; did you mean 'text'?\n" + rootUsage))
        #expect(
            measure("draw")
                == RunResult(status: 64, output: "", error: "measure: unknown subcommand 'draw'\n" + rootUsage))
        #expect(
            measure("--verison")
                == RunResult(
                    status: 64, output: "",
                    error: "measure: unknown option '--verison'; did you mean '--version'?\n" + rootUsage))
        #expect(
            measure("fonts", "lst")
                == RunResult(
                    status: 64, output: "",
                    error:
                        "measure fonts: unknown subcommand 'lst'; did you mean 'list'?\nUSAGE: measure fonts <subcommand>\n"
                ))
        #expect(
            measure("fonts", "--version").error
                == "measure fonts: unknown option '--version'\nUSAGE: measure fonts <subcommand>\n")
        #expect(
            measure("help", "nope")
                == RunResult(status: 64, output: "", error: "measure: unknown subcommand 'nope'\n" + rootUsage))
        #expect(
            measure("help", "text", "extra")
                == RunResult(status: 64, output: "", error: textError("unexpected argument 'extra'")))
    }

    @Test func versionOnlyOnRoot() {
        #expect(measure("--version") == RunResult(status: 0, output: "1.2.3\n", error: ""))
        #expect(
            measure("text", "--version", "-s", "1")
                == RunResult(status: 64, output: "", error: textError("unknown option '--version'")))
    }

    @Test func errorsThrownFromRun() {
        #expect(measure("fail", "ok") == RunResult(status: 0, output: "running ok\n", error: ""))
        #expect(
            measure("fail", "env")
                == RunResult(status: 1, output: "running env\n", error: "measure: cannot open 'x.ttf'\n"))
        #expect(measure("fail", "plain") == RunResult(status: 1, output: "running plain\n", error: "measure: broken\n"))
        #expect(
            measure("fail", "cocoa")
                == RunResult(
                    status: 1, output: "running cocoa\n",
                    error: "measure: /nonexistent/x.ttf: The file doesn’t exist.\n"))
        #expect(measure("fail", "code") == RunResult(status: 3, output: "running code\n", error: ""))
        #expect(
            measure("fail", "usage")
                == RunResult(
                    status: 64, output: "running usage\n",
                    error: """
                        measure fail: --size must be positive
                        USAGE: measure fail <mode>

                        """))
    }
}
