import Sharding
import Testing

@testable import MeasureCLI

/// `--shard I/N`: I from 0 to N−1, N from 1 to `Shard.maximumCount`; anything else is a usage error (exit 64) on
/// every command that takes it, before anything is measured.
@Suite struct ShardParsingTests {
    static let malformedShards = [
        "3/3", "-1/2", "a/b", "0/0", "0/100001", "1/99999999", "", "1", "1/", "/2", "1/2/3",
        " 1/2", "1/2 ", "+1/2", "1.0/2", "٣/٤", "0x1/2",
    ]

    @Test("valid shards parse")
    func valid() throws {
        #expect(try Shard.parse("0/1") == Shard(index: 0, count: 1))
        #expect(try Shard.parse("2/4").index == 2)
        #expect(try Shard.parse("2/4").count == 4)
        #expect(try Shard.parse("007/10").index == 7)
        #expect(try Shard.parse("99999/100000").description == "99999/100000")
        // Zero-padded as a template may write them, at any width.
        #expect(try Shard.parse("00000003/00000010") == Shard(index: 3, count: 10))
        #expect(try Shard.parse("0/000000000000000000000001") == Shard(index: 0, count: 1))
    }

    @Test("invalid shards are refused", arguments: malformedShards)
    func refused(_ text: String) {
        #expect(throws: ShardError.self) { try Shard.parse(text) }
    }

    @Test("the messages say what is wrong")
    func messages() {
        func message(_ text: String) -> String {
            do {
                _ = try Shard.parse(text)
                return ""
            } catch {
                return error.message
            }
        }
        #expect(message("3/3") == "the shard index must be 0 to 2 (N−1) for 3 shards, got 3")
        #expect(message("1/1") == "the shard index must be 0 to 0 (N−1) for 1 shard, got 1")
        #expect(message("0/0") == "the shard count must be 1 or more, got 0")
        #expect(message("0/100001") == "the shard count must be at most 100000, got 100001")
        #expect(message("a/b") == "a shard is I/N with I from 0 to N−1 (e.g. 0/4), got \"a/b\"")
        // A number too long to hold is out of range, not malformed (and does not overflow).
        #expect(message("1/99999999") == "the shard count must be at most 100000, got 99999999")
        #expect(message("1/000099999999") == "the shard count must be at most 100000, got 99999999")
        #expect(
            message("99999999999999999999999/2")
                == "the shard index must be less than the shard count, got 99999999999999999999999")
        // A long value is quoted as its first 60 scalars, as the command lines quote values.
        #expect(
            message(String(repeating: "x", count: 500)) == "a shard is I/N with I from 0 to N−1 (e.g. 0/4), got \""
                + String(repeating: "x", count: 60) + "…\"")
    }

    @Test("batch exits 64", arguments: ["3/3", "-1/2", "a/b", "0/0", "0/100001"])
    func batchUsage(_ text: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let input = try workspace.write("in.txt", "hello\n")
        let result = Workspace.run(Workspace.batch(input: input, ["--shard", text]))
        #expect(result.status == 64)
        #expect(result.error.contains("--shard: "), "\(result.error)")
        #expect(result.output.isEmpty)
    }

    /// `--shard` twice with two different shards is refused (the last one won: two pods did one shard's items); the
    /// same shard twice is that shard.
    @Test func twoDifferentShardsAreRefused() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let input = try workspace.write("in.txt", "hello\nworld\n")
        let twice = Workspace.run(Workspace.batch(input: input, ["--shard", "0/2", "--shard", "1/2"]))
        #expect(twice.status == 64)
        #expect(twice.error.contains("--shard: given as 0/2 and as 1/2; give one shard"), "\(twice.error)")
        #expect(twice.output.isEmpty)
        let same = Workspace.run(Workspace.batch(input: input, ["--shard", "1/2", "--shard", "01/2"]))
        let once = Workspace.run(Workspace.batch(input: input, ["--shard", "1/2"]))
        #expect(same.status == 0 && same.output == once.output && !once.output.isEmpty)
    }

    @Test("catalog exits 64", arguments: ["3/3", "-1/2", "a/b", "0/0", "0/100001"])
    func catalogUsage(_ text: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let catalog = try workspace.write("Localizable.strings", "\"a\" = \"b\";\n")
        let result = Workspace.run(["catalog", catalog, "--width", "100", "--shard", text])
        #expect(result.status == 64)
        #expect(result.error.contains("--shard: "), "\(result.error)")
    }
}
