import Foundation
import Testing

@testable import MeasureCLI

/// `--attributes`, `--mode` and `--scale` on `measure text` and `measure batch`. DejaVu Sans 14 pt lines are
/// 2384 × 14 / 2048 = 16.296875 pt; "hello world hello world hello world" needs 2 lines at width 200.
@Suite struct AttributesCommandTests {
    static let line14 = 2384.0 * 14 / 2048
    static let text = [
        "text", "hello world hello world hello world", "--font", Workspace.dejaVu, "--size", "14",
        "--width", "200", "--json",
    ]

    func json(_ arguments: [String]) throws -> [String: Any] {
        let result = Workspace.run(arguments)
        #expect(result.status == 0, "\(result.error)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    }

    @Test func attributesInlineAndFromAFile() throws {
        let inline = try json(Self.text + ["--attributes", "{\"lineSpacing\": 4}"])
        #expect(abs((inline["height"] as? Double ?? 0) - (2 * Self.line14 + 4)) < 1e-9)
        #expect(inline["truncated"] == nil)  // no line limit, no truncation field
        let workspace = try Workspace()
        defer { workspace.remove() }
        let file = try workspace.write("attributes.json", "{\"numberOfLines\": 1}")
        let limited = try json(Self.text + ["--attributes", "@" + file])
        #expect(limited["lines"] as? Int == 1)
        #expect(limited["truncated"] as? Bool == true)
        #expect(limited["truncatedLine"] as? Int == 1)
        #expect(abs((limited["height"] as? Double ?? 0) - Self.line14) < 1e-9)
    }

    @Test func labelModeRoundsAtTheScale() throws {
        // 16.296875 pt × 2 lines = 32.59375 → 32.5 + 0.5 at @2x = 33.0; at @3x 97.78 px → 98 px = 32.666… pt.
        let at2 = try json(Self.text + ["--mode", "label"])
        #expect(at2["height"] as? Double == 33)
        let at3 = try json(Self.text + ["--mode", "label", "--scale", "3"])
        #expect(abs((at3["height"] as? Double ?? 0) - 98.0 / 3) < 1e-9)
        let view = try json(Self.text + ["--mode", "textView"])
        #expect(view["lines"] as? Int == 2)
        #expect(abs((view["height"] as? Double ?? 0) - (2 * Self.line14 + 16)) < 1e-9)
    }

    @Test func batchAppliesTheAttributesToEveryLine() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let input = try workspace.write("in.txt", "hello\\nworld\nhello\n")
        let result = Workspace.run([
            "batch", "--font", Workspace.dejaVu, "--size", "14", "--width", "200",
            "--input", input, "--threads", "2", "--attributes", "{\"lineSpacing\": 4}",
        ])
        #expect(result.status == 0)
        let heights = result.output.split(separator: "\n").map { $0.split(separator: "\t")[1] }
        #expect(heights == ["36.5938", "16.2969"])  // 2 × 16.296875 + 4, and one line
    }

    @Test func badAttributesAreUsageErrors() {
        for bad in [
            "{\"lineSpasing\": 4}", "not json", "{\"runs\": [{\"location\": 0, \"length\": 1, \"font\": 1}]}",
            "{\"runs\": [{\"length\": 1}]}", "{\"font\": \"Helvetica\"}",
        ] {
            let result = Workspace.run(Self.text + ["--attributes", bad])
            #expect(result.status == 64)
            #expect(result.error.contains("--attributes"))
        }
        #expect(Workspace.run(Self.text + ["--mode", "window"]).status == 64)
        #expect(Workspace.run(Self.text + ["--scale", "0"]).status == 64)
    }

    /// A file given to `--attributes @FILE` is an input, as a font file is: one that cannot be read, or whose JSON is
    /// not attributes, exits 1 naming the file (not 64 with the usage line, which says the command line is wrong).
    @Test func anAttributesFileThatCannotBeUsedIsAnInputError() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let missing = Workspace.run(Self.text + ["--attributes", "@/no/such/file.json"])
        #expect(missing.status == 1)
        #expect(
            missing.error == "measure: --attributes @/no/such/file.json: No such file or directory\n",
            "\(missing.error)")
        let folder = Workspace.run(Self.text + ["--attributes", "@" + workspace.directory.path])
        #expect(folder.status == 1)
        #expect(folder.error.hasSuffix(": it is a directory\n"), "\(folder.error)")
        let bad = try workspace.write("bad.json", "{\"lineSpasing\": 4}")
        let unusable = Workspace.run(Self.text + ["--attributes", "@" + bad])
        #expect(unusable.status == 1)
        #expect(unusable.error.hasPrefix("measure: --attributes @\(bad): "), "\(unusable.error)")
        #expect(unusable.error.contains("lineSpasing"), "\(unusable.error)")
        #expect(!unusable.error.contains("USAGE"))
        // The command line is checked first: a wrong --mode is a usage error whatever the file holds.
        #expect(Workspace.run(Self.text + ["--attributes", "@" + bad, "--mode", "windowx"]).status == 64)
        // The same on every command that takes --attributes.
        let batch = Workspace.run([
            "batch", "--font", Workspace.dejaVu, "--size", "14", "--width", "200", "--attributes", "@" + bad,
        ])
        #expect(batch.status == 1)
        let stream = Workspace.run(["stream", "--font", Workspace.dejaVu, "--attributes", "@/no/such/file.json"])
        #expect(stream.status == 1)
    }
}
