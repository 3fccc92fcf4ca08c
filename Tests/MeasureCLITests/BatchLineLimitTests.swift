import Foundation
import Testing

@testable import ArgumentParsing
@testable import MeasureCLI

/// `measure batch --max-line-bytes`: a line past the limit is not measured and never held whole, its output line is
/// `-<TAB>-<TAB>-`, and every other line is measured as without it.
@Suite struct BatchLineLimitTests {
    @Test func aLineTooLongIsPassedOverAndTheOthersAreMeasured() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // A short line, one of 1.1 MiB (longer than a block of input, 1 MiB, so it is passed over across blocks),
        // one of 20 bytes, the limit's own length, and a last line past the limit without a newline.
        let long = String(repeating: "x ", count: (1 << 19) + 50_000)
        let input = try workspace.write(
            "in.txt",
            "short\n" + long + "\nnot quite twenty b\n" + String(repeating: "y", count: 20) + "\n"
                + "tail too long, no newline")
        let expected = try workspace.write(
            "expected.txt", "short\nnot quite twenty b\n" + String(repeating: "y", count: 20) + "\n")
        let plain = Workspace.run(Workspace.batch(input: expected)).output.split(separator: "\n")
        #expect(plain.count == 3)
        let result = Workspace.run(Workspace.batch(input: input, ["--max-line-bytes", "20"]))
        #expect(result.status == 1)
        #expect(result.output == [plain[0], "-\t-\t-", plain[1], plain[2], "-\t-\t-"].joined(separator: "\n") + "\n")
        #expect(
            result.error
                == "measure batch: line 2 is longer than 20 bytes (--max-line-bytes); not measured\n"
                + "measure batch: line 5 is longer than 20 bytes (--max-line-bytes); not measured\n")
        // Within the default limit, the long line is measured like any other.
        let measured = Workspace.run(Workspace.batch(input: input))
        #expect(measured.status == 0)
        #expect(measured.output.split(separator: "\n").count == 5)
    }

    /// Under --shard every line is answered in exactly one shard, the passed-over ones too, and a database stores
    /// only what was measured.
    @Test func shardsAnswerEachLineOnceAndTheDatabaseStoresOnlyMeasuredLines() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let lines = (0..<40).map { $0 % 5 == 3 ? String(repeating: "w", count: 2_000 + $0) : "line \($0) hello" }
        let input = try workspace.write("in.txt", lines.joined(separator: "\n") + "\n")
        var answered: [Int: String] = [:]
        for index in 0..<3 {
            let database = workspace.path("shard-\(index).db")
            let result = Workspace.run(
                Workspace.batch(input: input, ["--max-line-bytes", "1000", "--shard", "\(index)/3", "--db", database]))
            #expect(result.status == 1)
            for line in result.output.split(separator: "\n") {
                let fields = line.split(separator: "\t", maxSplits: 1)
                let number = try #require(Int(fields[0]))
                #expect(answered[number] == nil, "line \(number) answered twice")
                answered[number] = String(fields[1])
            }
            #expect(
                result.error.hasSuffix(
                    "\nmeasured=\(result.output.split(separator: "\n").count { !$0.hasSuffix("-\t-\t-") }) cached=0\n"))
        }
        #expect(answered.keys.sorted() == Array(1...40))
        for number in 1...40 {
            #expect((answered[number] == "-\t-\t-") == ((number - 1) % 5 == 3), "line \(number)")
        }
    }

    /// The limit is on a line's bytes as read, wherever the line falls: a line of 2,500 `\n` escapes (5,000 bytes,
    /// 2,500 after its escapes are read) under a 4,000-byte limit was measured inside a block of input and passed
    /// over where it crossed into the next block. A `\r\n` line ending is not the line's.
    @Test(arguments: [0, (1 << 20) - 2_000])
    func theLimitIsOnTheBytesAsReadWhereverTheLineFalls(padding: Int) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let pad = String(repeating: "a", count: 99) + "\n"
        let prefix = String(repeating: pad, count: padding / 100)
        let input = try workspace.write(
            "in.txt",
            prefix + String(repeating: "\\n", count: 2_500) + "\n" + String(repeating: "x", count: 4_000) + "\r\n"
                + String(repeating: "y", count: 4_001) + "\r\nok\n")
        let result = Workspace.run(Workspace.batch(input: input, ["--max-line-bytes", "4000", "--threads", "1"]))
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(padding / 100)
        #expect(Array(lines.prefix(4).map { $0 == "-\t-\t-" }) == [true, false, true, false])
        let first = padding / 100 + 1
        #expect(
            result.error
                == "measure batch: line \(first) is longer than 4000 bytes (--max-line-bytes); not measured\n"
                + "measure batch: line \(first + 2) is longer than 4000 bytes (--max-line-bytes); not measured\n")
    }

    /// A line too long to hold is answered by shard 0 only, and only shard 0 fails for it (every shard said so and
    /// exited 1, failing every pod of an indexed Job over one line).
    @Test func aLineTooLongToHoldFailsOnlyTheShardThatAnswersIt() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let input = try workspace.write(
            "in.txt", "ok\n" + String(repeating: "z", count: (1 << 20) + 10) + "\nok2\n")
        let statuses = (0..<3).map { index in
            Workspace.run(Workspace.batch(input: input, ["--max-line-bytes", "4000", "--shard", "\(index)/3"]))
        }
        #expect(statuses.map(\.status) == [1, 0, 0])
        #expect(statuses[0].output.contains("2\t-\t-\t-\n"))
        #expect(statuses[1].error.isEmpty && statuses[2].error.isEmpty)
    }

    @Test(arguments: ["0", "-1", "1073741825", "many"])
    func theLimitMustBeUsable(value: String) throws {
        let result = Workspace.run(Workspace.batch(input: "/dev/null", ["--max-line-bytes", value]))
        #expect(result.status == 64)
    }
}
