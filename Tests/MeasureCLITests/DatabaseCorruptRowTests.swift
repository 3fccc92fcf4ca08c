import Cache
import Foundation
import MeasureStore
import Testing

@testable import ArgumentParsing
@testable import MeasureCLI

/// Size databases with rows another program, a bug or a hand edit damaged, given to every `measure` reader: none
/// traps; `batch --db` measures the damaged texts again and replaces their rows; `db verify` reports them; `db query`
/// and `db export` skip them with a count on standard error and exit status 1; `db merge` skips and counts them.
@Suite struct DatabaseCorruptRowTests {
    /// 28729 × 14 / 2048 = 196.3896484375 wide, 2 lines of 2384 × 14 / 2048 = 16.296875 at width 200 (the hand
    /// computation of MeasureCommandTests): the golden size of the first damaged text.
    static let golden = (
        text: "hello world hello world hello world", width: 196.3896484375, height: 32.59375,
        lines: 2
    )

    /// Each damaged text and the SQL that damages its row (SQLite reads 9e999 as infinity; a REAL column keeps text
    /// it cannot convert, an INTEGER column keeps a fraction as REAL).
    static let damages: [(text: String, set: String)] = [
        (golden.text, "line_count = -1"),
        ("bad infinite", "width = 9e999"),
        ("bad huge", "height = 1e308"),
        ("bad text", "width = 'wide'"),
        ("bad fraction", "line_count = 2.5"),
        ("bad null", "width = NULL"),
    ]
    static let goodTexts = ["good one", "good two", "good three"]

    /// A database of every text, measured by `measure batch --db`, then damaged; returns the workspace paths.
    static func damagedDatabase(in workspace: Workspace) throws -> (input: String, database: String) {
        let texts = goodTexts + damages.map(\.text)
        let input = try workspace.write("in.txt", texts.joined(separator: "\n") + "\n")
        let database = workspace.path("sizes.db")
        let first = Workspace.run(Workspace.batch(input: input, ["--db", database]))
        #expect(first.status == 0 && first.error == "measured=\(texts.count) cached=0\n")
        // Another program's schema, without NOT NULL on width (NaN is stored as NULL).
        let schema = try SQLiteConnection(path: database, mode: .readWrite)
        try schema.execute(
            """
            PRAGMA writable_schema = ON;
            UPDATE sqlite_schema SET sql = replace(sql, 'width REAL NOT NULL', 'width REAL') WHERE name = 'results';
            PRAGMA writable_schema = OFF;
            """)
        schema.close()
        let connection = try SQLiteConnection(path: database, mode: .readWrite)
        defer { connection.close() }
        for damage in damages {
            let statement = try connection.prepare("UPDATE results SET \(damage.set) WHERE text = ?1")
            try statement.withReset { statement throws(SQLiteError) in
                try statement.bind(damage.text, at: 1)
                try statement.run()
            }
            #expect(connection.changes == 1, "no row for \(damage.text)")
        }
        return (input, database)
    }

    @Test func batchMeasuresCorruptRowsAgainAndReplacesThem() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (input, database) = try Self.damagedDatabase(in: workspace)
        let plain = Workspace.run(Workspace.batch(input: input))
        #expect(plain.status == 0)
        let rerun = Workspace.run(Workspace.batch(input: input, ["--db", database]))
        #expect(rerun.status == 0)
        #expect(rerun.output == plain.output)
        #expect(rerun.error == "measured=\(Self.damages.count) cached=\(Self.goodTexts.count)\n")
        // The replaced rows read back valid and equal to a fresh measurement, bit for bit.
        let fresh = workspace.path("fresh.db")
        #expect(Workspace.run(Workspace.batch(input: input, ["--db", fresh])).status == 0)
        let repaired = try SizeStore(path: database, access: .readOnly)
        defer { repaired.close() }
        let reference = try SizeStore(path: fresh, access: .readOnly)
        defer { reference.close() }
        #expect(try repaired.corruptResults().isEmpty)
        for text in Self.goodTexts + Self.damages.map(\.text) {
            let sizes = try repaired.results(for: text).map(\.size)
            #expect(sizes.count == 1, "\(text)")
            #expect(sizes == (try reference.results(for: text).map(\.size)), "\(text)")
        }
        #expect(
            try repaired.results(for: Self.golden.text).map(\.size)
                == [StoredSize(width: Self.golden.width, height: Self.golden.height, lineCount: Self.golden.lines)])
        // And a third run answers everything from the repaired file.
        #expect(
            Workspace.run(Workspace.batch(input: input, ["--db", database])).error
                == "measured=0 cached=\(Self.goodTexts.count + Self.damages.count)\n")
        let verify = Workspace.run(["db", "verify", database, "--sample", "0"])
        #expect(verify.status == 0)
        #expect(verify.output.hasPrefix("integrity: ok\nrows: ok\n"))
    }

    @Test func verifyReportsCorruptRows() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (_, database) = try Self.damagedDatabase(in: workspace)
        let verify = Workspace.run(["db", "verify", database, "--sample", "0"])
        #expect(verify.status == 1)
        let lines = verify.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "integrity: ok")
        #expect(
            lines.dropFirst().first
                == "rows: 6 corrupt (6 stored sizes, 0 catalog entries), not used by any reader:")
        // The first five, each with its key and reason, then an ellipsis for the sixth.
        let examples = lines.dropFirst(2).prefix(6)
        #expect(examples.filter { $0.hasPrefix("  results: settings #1, text \"") }.count == 5)
        #expect(examples.last == "  …")
        #expect(
            verify.output.contains(
                "  results: settings #1, text \"hello world hello world hello world\": "
                    + "line_count is -1, outside 0…2147483647\n"))
        // Only the valid sizes are re-measured.
        #expect(verify.output.contains("sample: 3 of 9 stored sizes: 3 equal, 0 different"))
    }

    @Test func queryAndExportSkipCorruptRowsAndSaySo() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (_, database) = try Self.damagedDatabase(in: workspace)
        let good = Workspace.run(["db", "query", database, "--text", "good one"])
        #expect(good.status == 0 && good.error.isEmpty)
        for (text, _) in Self.damages {
            for json in [false, true] {
                let query = Workspace.run(["db", "query", database, "--text", text] + (json ? ["--json"] : []))
                #expect(query.status == 1, "\(text)")
                #expect(query.output.isEmpty, "\(text): \(query.output)")
                #expect(
                    query.error.hasPrefix(
                        "measure db query: skipped 1 corrupt row (measure db verify lists "
                            + "them; measure batch --db measures their texts again):\n  results: settings #1, text "),
                    "\(text): \(query.error)")
                #expect(query.error.hasSuffix("measure db query: not stored: \"\(text)\"\n"), "\(query.error)")
            }
        }
        let mixed = Workspace.run(["db", "query", database, "--text", "good two", "--text", "bad huge"])
        #expect(mixed.status == 1)
        #expect(mixed.output.hasPrefix("good two\t"))
        #expect(mixed.error.contains("height is 1e+308, outside 0…1000000000000000"))

        for format in ["csv", "ndjson"] {
            let export = Workspace.run(["db", "export", database, "--format", format])
            #expect(export.status == 1)
            #expect(
                export.error.hasPrefix(
                    "measure db export: skipped 6 corrupt rows (measure db verify lists "
                        + "them; measure batch --db measures their texts again):\n"))
            #expect(export.error.split(separator: "\n").count == 6)  // the count line and 5 examples
            let records = export.output.split(separator: format == "csv" ? "\r\n" : "\n")
            #expect(records.count == Self.goodTexts.count + (format == "csv" ? 1 : 0))
            for text in Self.goodTexts { #expect(export.output.contains(text)) }
            for (text, _) in Self.damages { #expect(!export.output.contains(text)) }
            if format == "ndjson" {
                for record in records {
                    #expect(try JSONSerialization.jsonObject(with: Data(record.utf8)) is [String: Any])
                }
            }
        }
    }

    /// A settings row edited behind the store's back (its point size no longer the one its digest was made of):
    /// export and query skip its sizes and say so, exit 1, as merge does — they printed the sizes under settings they
    /// were never measured with, and exited 0.
    @Test func exportAndQuerySkipSizesUnderAnEditedSettingsRow() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let input = try workspace.write("in.txt", "hello\nworld\n")
        let database = workspace.path("sizes.db")
        #expect(Workspace.run(Workspace.batch(input: input, ["--db", database])).status == 0)
        let connection = try SQLiteConnection(path: database, mode: .readWrite)
        try connection.execute("UPDATE settings SET point_size = 18")
        connection.close()
        let said =
            "  settings: settings #1: the row does not match its digest or its key text (edited or damaged); its "
            + "results are skipped\n"
        for arguments in [
            ["db", "export", database, "--format", "ndjson"], ["db", "export", database, "--format", "csv"],
        ] {
            let export = Workspace.run(arguments)
            #expect(export.status == 1)
            #expect(!export.output.contains("hello") && !export.output.contains("world"))
            // The settings row and the two sizes under it, as merge counts them.
            #expect(export.error.contains("skipped 3 corrupt rows") && export.error.contains(said))
        }
        let query = Workspace.run(["db", "query", database, "--text", "hello"])
        #expect(query.status == 1)
        #expect(query.output.isEmpty)
        #expect(query.error.contains(said))
        let merged = workspace.path("merged.db")
        let merge = Workspace.run(["db", "merge", merged, database])
        #expect(merge.output.contains("corrupt-skipped=3"))
    }

    @Test func mergeSkipsCorruptRowsAndCountsThem() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (input, database) = try Self.damagedDatabase(in: workspace)
        let merged = workspace.path("merged.db")
        let merge = Workspace.run(["db", "merge", merged, database])
        #expect(merge.status == 1)
        #expect(merge.output.contains("settings=1 results=3 added=3 identical=0"))
        #expect(merge.output.hasSuffix(" corrupt-skipped=6\n"))
        #expect(
            merge.error.hasPrefix(
                "measure db merge: skipped 6 corrupt rows of \(database) (measure db verify "
                    + "lists them):\n"))
        let store = try SizeStore(path: merged, access: .readOnly)
        #expect(try store.statistics().results == 3)
        #expect(try store.corruptResults().isEmpty)
        store.close()
        // The merged file answers the good texts and measures the others.
        #expect(
            Workspace.run(Workspace.batch(input: input, ["--db", merged])).error
                == "measured=\(Self.damages.count) cached=\(Self.goodTexts.count)\n")
    }

    @Test func aCatalogQuerySkipsCorruptEntries() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (_, database) = try Self.damagedDatabase(in: workspace)
        let connection = try SQLiteConnection(path: database, mode: .readWrite)
        try connection.execute(
            """
            INSERT INTO catalog_entries SELECT 'greeting', 'en', 'a.strings', '', '', settings_id, text_sha256, 1, 0
                FROM results WHERE text = 'good one';
            INSERT INTO catalog_entries SELECT 'greeting', 'de', 'a.strings', '', '', settings_id, text_sha256, -5, 0
                FROM results WHERE text = 'good two';
            INSERT INTO catalog_entries SELECT 'greeting', 'fr', 'a.strings', '', '', settings_id, text_sha256, 1, 0
                FROM results WHERE text = 'bad infinite';
            """)
        connection.close()
        for json in [false, true] {
            let query = Workspace.run(["db", "query", database, "--key", "greeting"] + (json ? ["--json"] : []))
            #expect(query.status == 1)
            #expect(query.output.split(separator: "\n").count == 1)
            #expect(query.output.contains("good one"))
            #expect(
                query.error == "measure db query: skipped 2 corrupt rows (measure db verify lists them; "
                    + "measure batch --db measures their texts again):\n"
                    + "  catalog_entries: key \"greeting\" (locale \"de\", file \"a.strings\"): allowed_lines is -5, "
                    + "outside 0…2147483647\n"
                    + "  catalog_entries: key \"greeting\" (locale \"fr\", file \"a.strings\"): its stored size is "
                    + "corrupt: width is inf, outside 0…1000000000000000\n")
        }
        let verify = Workspace.run(["db", "verify", database])
        #expect(verify.output.contains("rows: 7 corrupt (6 stored sizes, 1 catalog entry)"))
    }
}
