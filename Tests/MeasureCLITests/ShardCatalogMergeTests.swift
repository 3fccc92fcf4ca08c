import Cache
import Foundation
import MeasureStore
import Testing

/// The equality test for `measure catalog --shard`, on the team's sample catalogs (`corpora/catalogs`, every
/// format in five languages): N shard runs merged with `measure db merge` hold exactly the sizes one unsharded run
/// stores (`measure db export`, `measured_at` left out, sorted, byte for byte) and the same catalog entry records;
/// and the shards' reports together are the unsharded report, entry for entry — source widths included, because a
/// key's translations stay in its source's shard.
@Suite struct ShardCatalogMergeTests {
    static let catalogs = ShardRunner.root.appendingPathComponent("corpora/catalogs").path

    /// The `entries` of a `--format json` report without `cached`, each written again with sorted keys, sorted.
    /// `cached` says where this run found a size, which depends on what else the run measured before (a text shared
    /// by keys of two shards is measured by both); everything else must not depend on the shard.
    static func reportEntries(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            sourceLocation: sourceLocation)
        let entries = try #require(object["entries"] as? [Any], sourceLocation: sourceLocation)
        return try entries.map { entry in
            var entry = try #require(entry as? [String: Any], sourceLocation: sourceLocation)
            entry["cached"] = nil
            return String(
                decoding: try JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys]),
                as: UTF8.self)
        }.sorted()
    }

    /// Every catalog entry record of `keys` in `database`, with its settings by digest (ids differ between
    /// databases) and without its time stamp, sorted.
    static func records(_ database: String, keys: Set<String>) throws -> [String] {
        let store = try SizeStore(path: database, access: .readOnly)
        defer { store.close() }
        let digests = Dictionary(try store.allSettings().map { ($0.id, $0.digest.hexString) }) { first, _ in first }
        return try keys.flatMap { key in
            try store.catalogEntries(key: key).map { stored in
                let record = stored.record
                return [
                    record.key, record.locale, record.file, record.variant, record.contentSize,
                    digests[record.settings] ?? "?", record.text, "\(String(describing: record.allowedLines))",
                    "\(String(describing: stored.size))", "\(stored.pointSize)", "\(stored.maxWidth)",
                ]
                .joined(separator: "|")
            }
        }.sorted()
    }

    @Test("merged shard databases equal one process's, for N = 3, 4")
    func mergedShardsEqualOneProcess() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let checking = [
            "catalog", Self.catalogs, "--config", Self.catalogs + "/textsize-catalog.json",
            "--format", "json", "--no-progress", "--threads", "2",
        ]

        let single = try ShardRunner.run(checking + ["--db", workspace.path("single.db")], in: workspace)
        // The samples overflow on purpose (exit 1); 2 would mean a file or entry could not be used.
        #expect(single.status == 1, "\(single.error)")
        let reference = try ShardRunner.exportWithoutTimes(workspace.path("single.db"), in: workspace)
        let referenceEntries = try Self.reportEntries(single.output)
        try #require(reference.count > 100 && referenceEntries.count > 100)
        let keys = Set(
            try referenceEntries.map { entry in
                let object = try #require(try JSONSerialization.jsonObject(with: Data(entry.utf8)) as? [String: Any])
                return try #require(object["key"] as? String)
            })
        let referenceRecords = try Self.records(workspace.path("single.db"), keys: keys)
        #expect(referenceRecords.count == referenceEntries.count)

        // N = 1 is the batch test's; each catalog run costs seconds in a debug build.
        for count in [3, 4] {
            var databases: [String] = []
            var entries: [String] = []
            for index in 0..<count {
                let database = workspace.path("shard-\(index)-of-\(count).db")
                databases.append(database)
                let run = try ShardRunner.run(
                    checking + ["--db", database, "--shard", "\(index)/\(count)"],
                    in: workspace)
                #expect(run.status == 0 || run.status == 1, "\(run.error)")
                entries += try Self.reportEntries(run.output)
            }
            #expect(entries.sorted() == referenceEntries, "N = \(count)")

            let merged = workspace.path("merged-\(count).db")
            let merge = try ShardRunner.run(["db", "merge", merged] + databases, in: workspace)
            #expect(merge.status == 0, "\(merge.error)")
            #expect(try ShardRunner.exportWithoutTimes(merged, in: workspace) == reference, "N = \(count)")
            #expect(try Self.records(merged, keys: keys) == referenceRecords, "N = \(count)")
        }

        // A shard run again into its own database prunes only its own records: the merge is still the whole.
        let rerun = try ShardRunner.run(
            checking + ["--db", workspace.path("merged-3.db"), "--shard", "1/3"],
            in: workspace)
        #expect(rerun.status == 0 || rerun.status == 1, "\(rerun.error)")
        #expect(try Self.records(workspace.path("merged-3.db"), keys: keys) == referenceRecords)
        #expect(try ShardRunner.exportWithoutTimes(workspace.path("merged-3.db"), in: workspace) == reference)
    }
}
