import Cache
import Foundation
import Measure
import MeasureStore
import Testing

@testable import ArgumentParsing
@testable import MeasureCLI

/// `measure batch --db` and `measure db …`, run in-process with captured output.
@Suite struct DatabaseCommandTests {
    @Test func batchWithADatabasePrintsTheSameAndMeasuresOnlyWhatIsNew() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let input = try workspace.write("in.txt", Workspace.corpus(700))
        let database = workspace.path("sizes.db")
        let plain = Workspace.run(Workspace.batch(input: input))
        #expect(plain.status == 0)
        #expect(plain.output.split(separator: "\n").count == 700)
        let first = Workspace.run(Workspace.batch(input: input, ["--db", database]))
        #expect(first.status == 0)
        #expect(first.output == plain.output)
        #expect(first.error == "measured=700 cached=0\n")
        let second = Workspace.run(Workspace.batch(input: input, ["--db", database, "--db-batch", "64"]))
        #expect(second.output == plain.output)
        #expect(second.error == "measured=0 cached=700\n")
        // 100 new strings after the known ones: only those are measured.
        let more = try workspace.write("more.txt", Workspace.corpus(700) + Workspace.corpus(100, prefix: "new"))
        let third = Workspace.run(Workspace.batch(input: more, ["--db", database]))
        #expect(third.error == "measured=100 cached=700\n")
        #expect(third.output.hasPrefix(plain.output))
        // Another width is other settings: everything is measured again, into the same file.
        let narrow = Workspace.run(Workspace.batch(input: input, width: "90", ["--db", database]))
        #expect(narrow.error == "measured=700 cached=0\n")
        #expect(narrow.output == Workspace.run(Workspace.batch(input: input, width: "90")).output)
    }

    @Test(arguments: [
        (["--db-batch", "10"], "--db-batch needs --db"),
        (["--device-class", "iphone"], "--device-class needs --db"),
        (["--db", "x.db", "--db-batch", "0"], "--db-batch must be 1 or more, got 0"),
    ])
    func databaseOptionsAreChecked(extra: [String], message: String) {
        let result = Workspace.run(Workspace.batch(input: "/dev/null", extra))
        #expect(result.status == 64)
        #expect(result.error.contains(message), "\(result.error)")
    }

    /// Labels are free text: a `/` or `;` inside one, or a label that is `-`, must not make two label sets export
    /// alike, nor split one. NDJSON writes them as objects (as `db query --json` does), CSV escapes them.
    @Test func exportedLabelsAreUnambiguous() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let input = try workspace.write("in.txt", "hi\n")
        let database = workspace.path("labels.db")
        for (width, labels) in [
            ("100", ["--device-class", "a/b", "--text-style", "c"]),
            ("200", ["--device-class", "a", "--text-style", "b/c"]),
            ("300", ["--device-class", "a", "--text-style", "b", "--content-size", "-"]),
            ("400", ["--device-class", "x;y"]),
        ] {
            #expect(
                Workspace.run(Workspace.batch(input: input, width: width, ["--db", database] + labels)).status == 0)
        }
        let ndjson = Workspace.run(["db", "export", database, "--format", "ndjson"])
        #expect(ndjson.status == 0)
        var labelsByWidth: [Double: [[String: String]]] = [:]
        for line in ndjson.output.split(separator: "\n") {
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            labelsByWidth[try #require(record["max_width"] as? Double)] = record["labels"] as? [[String: String]]
        }
        #expect(labelsByWidth[100] == [["deviceClass": "a/b", "textStyle": "c", "contentSize": ""]])
        #expect(labelsByWidth[200] == [["deviceClass": "a", "textStyle": "b/c", "contentSize": ""]])
        #expect(labelsByWidth[300] == [["deviceClass": "a", "textStyle": "b", "contentSize": "-"]])
        #expect(labelsByWidth[400] == [["deviceClass": "x;y", "textStyle": "", "contentSize": ""]])
        let csv = Workspace.run(["db", "export", database, "--format", "csv"]).output
        for cell in [#",a\/b/c/-,"#, #",a/b\/c/-,"#, #",a/b/\-,"#, #",x\;y/-/-,"#] {
            #expect(csv.contains(cell), "\(cell)")
        }
    }

    @Test func statsQueryAndExportDescribeWhatIsStored() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let input = try workspace.write("in.txt", "hello world hello world hello world\nline\\nbreak\n")
        let database = workspace.path("sizes.db")
        let labels = ["--device-class", "iphone", "--text-style", "body", "--content-size", "L"]
        #expect(Workspace.run(Workspace.batch(input: input, ["--db", database] + labels)).status == 0)
        #expect(Workspace.run(Workspace.batch(input: input, width: "0", ["--db", database])).status == 0)

        let stats = Workspace.run(["db", "stats", database])
        #expect(stats.status == 0)
        #expect(stats.output.contains("results:  4\nsettings: 2\nfonts:    1\nlabels:   1\n"))
        #expect(
            stats.output.contains(
                "#1: 2 results — DejaVu Sans Book 14 pt, width 200, engine \(TextSizeVersion.engine) [iphone/body/L]"))
        #expect(
            stats.output.contains(
                "#2: 2 results — DejaVu Sans Book 14 pt, width unconstrained, engine \(TextSizeVersion.engine)\n"))
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: Data(
                    Workspace.run(
                        ["db", "stats", database, "--json"]).output.utf8)) as? [String: Any])
        #expect(json["results"] as? Int == 4)
        #expect(json["schemaVersion"] as? Int == 2)
        #expect((json["bytes"] as? Int ?? 0) > 0)

        // 28729 × 14 / 2048 = 196.3896 wide, 2 lines of 2384 × 14 / 2048 (MeasureCommandTests' hand computation).
        let query = Workspace.run(["db", "query", database, "--text", "hello world hello world hello world"])
        #expect(query.status == 0)
        #expect(
            query.output.split(separator: "\n").map(String.init) == [
                "hello world hello world hello world\t196.3896\t32.5938\t2\t#1 DejaVu Sans Book 14 pt, width 200, "
                    + "engine \(TextSizeVersion.engine) [iphone/body/L]",
                "hello world hello world hello world\t239.3877\t16.2969\t1\t#2 DejaVu Sans Book 14 pt, width "
                    + "unconstrained, engine \(TextSizeVersion.engine)",
            ])
        let filtered = Workspace.run([
            "db", "query", database, "--text", "line\\nbreak", "--device-class", "iphone",
            "--json",
        ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(filtered.output.utf8)) as? [String: Any])
        #expect(object["text"] as? String == "line\nbreak")
        #expect(object["lines"] as? Int == 2)
        let missing = Workspace.run(["db", "query", database, "--text", "never measured"])
        #expect(missing.status == 1)
        #expect(missing.error == "measure db query: not stored: \"never measured\"\n")

        let csv = Workspace.run(["db", "export", database, "--format", "csv"])
        #expect(csv.status == 0)
        #expect(
            csv.output.hasPrefix(
                "settings,fonts,point_size,max_width,parameters,engine,labels,text,width,height,"
                    + "lines,measured_at\r\n"))
        #expect(csv.output.contains(",\"line\nbreak\",") && csv.output.contains(",196.3896484375,32.59375,2,"))
        let ndjson = Workspace.run(["db", "export", database, "--format", "ndjson"]).output
        let records = try ndjson.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(records.count == 4)
        #expect(Set(records.compactMap { $0["width"] as? Double }).contains(28729.0 * 14 / 2048))
        #expect(records.allSatisfy { ($0["parameters"] as? [String: Any])?["plain"] as? Bool == false })
        #expect(Workspace.run(["db", "export", database, "--format", "xml"]).status == 64)
    }

    /// `db query --input`: texts from a file, one per line as `measure batch` reads them (CRLF ends, escapes, a last
    /// line without its newline), after the `--text` ones; a text longer than a command line can hold (200,000
    /// scalars, over Linux's 128 KiB limit for one argument); texts stored nowhere said on standard error.
    @Test func textsFromAFileAreLookedUpAsBatchReadsThem() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let long = String(repeating: "x", count: 200_000)
        let input = try workspace.write("in.txt", "hello world\nhello\\nworld\n\(long)\n")
        let database = workspace.path("sizes.db")
        #expect(Workspace.run(Workspace.batch(input: input, width: "0", ["--db", database])).status == 0)
        let queries = try workspace.write("q.txt", "hello\\nworld\r\nnever measured\r\n\(long)")
        let query = Workspace.run(["db", "query", database, "--text", "hello world", "--input", queries])
        #expect(query.status == 1)
        let lines = query.output.split(separator: "\n").map {
            $0.split(separator: "\t").prefix(4).joined(separator: " ")
        }
        // Widths at 14 pt from DejaVu Sans's advances (fontTools hmtx; 2048 units per em; no pair of these letters
        // kerns, as statsQueryAndExportDescribeWhatIsStored's sum shows): "hello world" 11,239 units (h 1298, e 1260,
        // l 569 ×3, o 1253 ×2, space 651, w 1675, r 842, d 1300); "hello" and "world" on two lines, the wider
        // "world" 5,639; 200,000 × x (1212 each). A line is 2384 units high.
        #expect(lines.count == 3)
        #expect(lines[0] == "hello world \(DecimalFormatter.string(11_239.0 * 14 / 2048, places: 4)) 16.2969 1")
        #expect(lines[1] == "hello\\nworld \(DecimalFormatter.string(5_639.0 * 14 / 2048, places: 4)) 32.5938 2")
        #expect(lines[2] == "\(long) \(DecimalFormatter.string(200_000.0 * 1212 * 14 / 2048, places: 4)) 16.2969 1")
        #expect(query.error == "measure db query: not stored: \"never measured\"\n")
        // A line longer than --max-line-bytes is passed over, said by its number, and counts as not stored; a text
        // stored nowhere is quoted to 200 scalars.
        let limited = Workspace.run([
            "db", "query", database, "--input", queries, "--max-line-bytes", "100", "--text", long + "y",
        ])
        #expect(limited.status == 1)
        #expect(limited.output.split(separator: "\n").count == 1)
        #expect(limited.error.contains("line 3 is longer than 100 bytes (--max-line-bytes); not looked up\n"))
        #expect(!limited.error.contains("more texts not stored"))
        #expect(
            limited.error.contains(
                "not stored: \"\(String(repeating: "x", count: 200))… (200001 bytes)\"\n"))
        // Unreadable input, and --input with --key, are said as such.
        let missing = Workspace.run(["db", "query", database, "--input", workspace.path("none.txt")])
        #expect(missing.status == 1 && missing.error.contains("none.txt: No such file or directory"))
        #expect(Workspace.run(["db", "query", database, "--input", queries, "--key", "k"]).status == 64)
        #expect(Workspace.run(["db", "query", database, "--input", ""]).status == 64)
    }

    @Test func mergeCombinesDatabasesIdempotently() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let input = try workspace.write("in.txt", Workspace.corpus(50))
        let a = workspace.path("a.db"), b = workspace.path("b.db"), merged = workspace.path("merged.db")
        _ = Workspace.run(Workspace.batch(input: input, ["--db", a]))
        _ = Workspace.run(Workspace.batch(input: input, width: "120", ["--db", b]))
        let first = Workspace.run(["db", "merge", merged, a, b])
        #expect(first.status == 0)
        #expect(first.output.contains("total: settings=2 results=100 added=100 identical=0 conflicts=0"))
        let again = Workspace.run(["db", "merge", merged, b, a])
        #expect(again.output.contains("total: settings=2 results=100 added=0 identical=100 conflicts=0"))
        #expect(Workspace.run(["db", "stats", merged]).output.contains("results:  100\nsettings: 2\n"))
        // The merged file answers a batch like the originals.
        let rerun = Workspace.run(Workspace.batch(input: input, width: "120", ["--db", merged]))
        #expect(rerun.error == "measured=0 cached=50\n")
    }

    /// Every input unreadable: the output this run would have created is not left behind empty; one that existed
    /// stays.
    @Test func aMergeOfNothingLeavesNoNewFile() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let merged = workspace.path("merged.db")
        let result = Workspace.run(["db", "merge", merged, workspace.path("missing.db")])
        #expect(result.status == 1)
        #expect(!FileManager.default.fileExists(atPath: merged))
        #expect(!FileManager.default.fileExists(atPath: merged + "-wal"))
        let input = try workspace.write("in.txt", "x\n")
        _ = Workspace.run(Workspace.batch(input: input, ["--db", merged]))
        #expect(Workspace.run(["db", "merge", merged, workspace.path("missing.db")]).status == 1)
        #expect(Workspace.run(["db", "stats", merged]).output.contains("results:  1\n"))
        // A dangling symbolic link as the output existed: it is left, and the file SQLite made through it too.
        let link = workspace.path("link.db"), target = workspace.path("target.db")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(Workspace.run(["db", "merge", link, workspace.path("missing.db")]).status == 1)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target)
    }

    /// An input that is not a size database, between two that are: reported, and both others still merged.
    @Test func oneUnreadableInputLosesNoneOfTheOthers() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let input = try workspace.write("in.txt", Workspace.corpus(30))
        let a = workspace.path("a.db"), b = workspace.path("b.db"), merged = workspace.path("merged.db")
        let junk = try workspace.write("junk.db", "this is not a database, just text\n")
        _ = Workspace.run(Workspace.batch(input: input, ["--db", a]))
        _ = Workspace.run(Workspace.batch(input: input, width: "120", ["--db", b]))
        let missing = workspace.path("missing.db")
        let result = Workspace.run(["db", "merge", merged, a, junk, missing, b])
        #expect(result.status == 1)
        #expect(result.output.contains("\(a): settings=1 results=30 added=30"))
        #expect(result.output.contains("\(b): settings=1 results=30 added=30"))
        #expect(result.output.contains("total: settings=2 results=60 added=60"))
        #expect(result.error.contains("measure db merge: \(junk) is not an SQLite database"))
        #expect(result.error.contains("; \(junk) was not merged\n"))
        #expect(result.error.contains("; \(missing) was not merged\n"))
        #expect(Workspace.run(["db", "stats", merged]).output.contains("results:  60\nsettings: 2\n"))
    }

    @Test func verifyPassesAStoreAndCatchesATamperedSize() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let input = try workspace.write("in.txt", Workspace.corpus(40))
        let database = workspace.path("sizes.db")
        _ = Workspace.run(Workspace.batch(input: input, ["--db", database]))
        let good = Workspace.run(["db", "verify", database, "--sample", "0"])
        #expect(good.status == 0)
        #expect(
            good.output
                == "integrity: ok\nrows: ok\nsample: 40 of 40 stored sizes: 40 equal, 0 different, 0 could not be "
                + "re-measured, 0 skipped (engine other than \(TextSizeVersion.engine))\n")
        // Change one stored width behind the store's back.
        let connection = try SQLiteConnection(path: database, mode: .readWrite)
        defer { connection.close() }
        try connection.execute(
            "UPDATE results SET width = width + 0.5 WHERE text_sha256 = (SELECT text_sha256 "
                + "FROM results LIMIT 1)")
        let bad = Workspace.run(["db", "verify", database, "--sample", "0"])
        #expect(bad.status == 1)
        #expect(bad.output.contains("39 equal, 1 different"))
        #expect(bad.output.contains("different: \""))
    }

    /// A long stored text whose size differs is named by its first 80 scalars: the line was as long as the text (a
    /// 20 MB text made a 20 MB line).
    @Test func verifyNamesALongDifferentTextShortly() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let long = String(repeating: "wide ", count: 2_000)
        let input = try workspace.write("in.txt", long + "\n")
        let database = workspace.path("sizes.db")
        #expect(Workspace.run(Workspace.batch(input: input, ["--db", database])).status == 0)
        let connection = try SQLiteConnection(path: database, mode: .readWrite)
        try connection.execute("UPDATE results SET width = width + 0.5")
        connection.close()
        let bad = Workspace.run(["db", "verify", database, "--sample", "0"])
        #expect(bad.status == 1)
        let line = try #require(bad.output.split(separator: "\n").first { $0.hasPrefix("different: ") })
        #expect(line.hasPrefix("different: \"" + String(long.prefix(80)) + "…\" under #1: stored "))
        #expect(line.count < 300)
    }

    @Test func verifyFailsWhenAFontFileChanged() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let font = workspace.path("font.ttf")
        try FileManager.default.copyItem(atPath: Workspace.dejaVu, toPath: font)
        let input = try workspace.write("in.txt", "hello\n")
        let database = workspace.path("sizes.db")
        #expect(
            Workspace.run([
                "batch", "--font", font, "--size", "12", "--width", "0", "--input", input,
                "--db", database,
            ]).status == 0)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: font))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        let result = Workspace.run(["db", "verify", database])
        #expect(result.status == 1)
        #expect(result.output.contains("cannot re-measure: settings #1: font \(font) has changed"))
        #expect(result.output.contains("0 equal, 0 different, 1 could not be re-measured"))
        // And a batch with the changed font is new settings, never the old sizes.
        let rerun = Workspace.run([
            "batch", "--font", font, "--size", "12", "--width", "0", "--input", input,
            "--db", database,
        ])
        #expect(rerun.error == "measured=1 cached=0\n")
    }

    @Test func databaseErrorsAreReadable() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let text = try workspace.write("notes.txt", String(repeating: "not a database\n", count: 100))
        let input = try workspace.write("in.txt", "hello\n")
        let batch = Workspace.run(Workspace.batch(input: input, ["--db", text]))
        #expect(batch.status == 1)
        #expect(batch.error == "measure: \(text) is not an SQLite database (SQLITE_NOTADB); it was left unchanged\n")
        #expect(batch.output.isEmpty)
        let missing = workspace.path("missing.db")
        let stats = Workspace.run(["db", "stats", missing])
        #expect(stats.status == 1)
        #expect(stats.error.hasPrefix("measure: cannot open database \(missing): "))
        #expect(!FileManager.default.fileExists(atPath: missing))
        let directory = Workspace.run(Workspace.batch(input: input, ["--db", workspace.path("no/such/dir/x.db")]))
        #expect(directory.status == 1)
        #expect(directory.error.contains("cannot open database"))
    }
}
