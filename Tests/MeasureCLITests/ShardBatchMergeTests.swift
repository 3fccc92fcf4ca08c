import Foundation
import Testing

/// The equality test for `measure batch --shard`: N shard runs, each with its own database, merged with
/// `measure db merge`, hold exactly what one unsharded run stores — `measure db export` of both, `measured_at` left
/// out, sorted, byte for byte equal — for N = 1, 3 and 4; and the shards' numbered outputs, put back in line order,
/// are the unsharded output. The reference is the single process, never a stored golden.
@Suite struct ShardBatchMergeTests {
    /// A few thousand varied lines: the first 240 lines of every `corpora/build` file (13 languages and scripts),
    /// then lines with escapes, an empty line, and 60 lines again (identical lines must share a shard).
    static func input() throws -> [String] {
        let folder = ShardRunner.root.appendingPathComponent("corpora/build")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".txt") }
        var lines: [String] = []
        for name in names.sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            lines += text.split(separator: "\n").prefix(240).map(String.init)
        }
        lines += ["two\\nlines", "a\\ttab", "back\\\\slash", "", "OK", "OK"]
        lines += lines.prefix(60)
        return lines
    }

    @Test("merged shard databases equal one process's, for N = 1, 3, 4")
    func mergedShardsEqualOneProcess() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let lines = try Self.input()
        try #require(lines.count > 3000)
        let input = try workspace.write("in.txt", lines.joined(separator: "\n") + "\n")
        let measuring = ["batch", "--size", "14", "--width", "200", "--threads", "2", "--input", input]

        let single = try ShardRunner.run(measuring + ["--db", workspace.path("single.db")], in: workspace)
        #expect(single.status == 0, "\(single.error)")
        let reference = try ShardRunner.exportWithoutTimes(workspace.path("single.db"), in: workspace)
        #expect(reference.count == Set(lines).count)

        for count in [1, 3, 4] {
            var numbered: [(number: Int, line: Substring)] = []
            var shardOfLine: [String: Set<Int>] = [:]
            var databases: [String] = []
            for index in 0..<count {
                let database = workspace.path("shard-\(index)-of-\(count).db")
                databases.append(database)
                let run = try ShardRunner.run(
                    measuring + ["--db", database, "--shard", "\(index)/\(count)"],
                    in: workspace)
                #expect(run.status == 0, "\(run.error)")
                for row in run.output.split(separator: "\n") {
                    let tab = try #require(row.firstIndex(of: "\t"))
                    let number = try #require(Int(row[..<tab]))
                    numbered.append((number, row[row.index(after: tab)...]))
                    if lines.indices.contains(number - 1) { shardOfLine[lines[number - 1], default: []].insert(index) }
                }
            }
            numbered.sort { $0.number < $1.number }
            // Every line exactly once, and together the unsharded output.
            #expect(numbered.map(\.number) == Array(1...lines.count), "N = \(count)")
            #expect(numbered.map { $0.line + "\n" }.joined() == single.output, "N = \(count)")
            #expect(
                shardOfLine.values.allSatisfy { $0.count == 1 }, "identical lines in different shards, N = \(count)")

            let merged = workspace.path("merged-\(count).db")
            let merge = try ShardRunner.run(["db", "merge", merged] + databases, in: workspace)
            #expect(merge.status == 0, "\(merge.error)")
            #expect(try ShardRunner.exportWithoutTimes(merged, in: workspace) == reference, "N = \(count)")
        }

        // Merging a shard again, or into a database that already holds everything, changes nothing.
        let again = try ShardRunner.run(
            [
                "db", "merge", workspace.path("merged-3.db"), workspace.path("shard-1-of-3.db"),
                workspace.path("merged-4.db"),
            ], in: workspace)
        #expect(again.status == 0, "\(again.error)")
        #expect(try ShardRunner.exportWithoutTimes(workspace.path("merged-3.db"), in: workspace) == reference)
    }
}
