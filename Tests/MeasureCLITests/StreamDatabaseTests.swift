import Foundation
import Testing

@testable import MeasureCLI
@testable import MeasureStore

/// `measure stream --db`: a second run answers from the size database with the same bytes, and says so on
/// standard error; jobs whose results show truncation are measured each time (the database keeps no truncation).
@Suite struct StreamDatabaseTests {
    static func jobs(_ count: Int) -> [String] {
        (0..<count).map { index in
            let width = [0, 60, 120, 200][index % 4]
            return
                #"{"id": \#(index), "text": "job \#(index) hello world\#(index % 3 == 0 ? "\\nsecond" : "") wrap wrap", "width": \#(width)\#(index % 5 == 0 ? #", "size": 17"# : "")}"#
        }
    }

    @Test func aSecondRunGivesTheSameBytesFromTheDatabase() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let database = workspace.path("sizes.db")
        let jobs =
            Self.jobs(300) + [
                #"{"id": "cut", "text": "hello world hello world", "width": 50, "maxLines": 1}"#,
                #"{"id": "bad", "text": "x", "size": -1}"#,
            ]
        let arguments = ["--font", StreamFixtures.dejaVu, "--size", "14", "--threads", "2"]
        let plain = try StreamFixtures.run(jobs, arguments, in: workspace)
        let first = try StreamFixtures.run(jobs, arguments + ["--db", database], in: workspace)
        let second = try StreamFixtures.run(jobs, arguments + ["--db", database], in: workspace)
        #expect(plain.status == 0 && first.status == 0 && second.status == 0, "\(first.error) \(second.error)")
        #expect(first.lines.count == 302)
        #expect(first.lines == plain.lines)
        #expect(second.lines == first.lines)
        #expect(first.error.hasSuffix("measured=301 cached=0\n"), "\(first.error)")
        // The truncated job is measured again; every other job is answered from the database.
        #expect(second.error.hasSuffix("measured=1 cached=300\n"), "\(second.error)")
        #expect(plain.error.isEmpty)
    }

    /// Jobs that measure one text under one setting make one row and count once, as `batch --db` counts them;
    /// é and e U+0301 are two texts (the store keys bytes).
    /// A cluster no one font maps whole, though each of its characters has a font (an emoji with a Bengali vowel sign
    /// after it, U+1F389 U+09C7, in the default cascade: Noto Color Emoji has the one, Noto Sans Bengali the other),
    /// is a missing glyph; an answer from the database, which does not keep the count, said 0 for it (a soak sweep:
    /// 597 of 300,000 results differed so). Texts every character of which one font maps, or that some font lacks a
    /// character of, were right before and stay so.
    @Test func missingGlyphsAreCountedAlikeFromTheDatabase() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let database = workspace.path("sizes.db")
        let jobs = [
            #"{"id": 1, "text": "ন🎉েম"}"#, #"{"id": 2, "text": "নেম"}"#, #"{"id": 3, "text": "a\uE000b"}"#,
            #"{"id": 4, "text": "abc 漢字 مرحبا"}"#,
        ]
        let arguments = ["--size", "17", "--width", "200"]
        let first = try StreamFixtures.run(jobs, arguments + ["--db", database], in: workspace)
        let second = try StreamFixtures.run(jobs, arguments + ["--db", database], in: workspace)
        #expect(first.status == 0 && second.status == 0, "\(first.error) \(second.error)")
        #expect(second.error.hasSuffix("measured=0 cached=4\n"), "\(second.error)")
        #expect(second.lines == first.lines)
        #expect(first.lines[0].contains(#""missingGlyphs": 1"#) && first.lines[1].contains(#""missingGlyphs": 0"#))
        #expect(first.lines[3].contains(#""missingGlyphs": 0"#))
    }

    @Test func aTextRepeatedInOneBlockIsOneRow() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let database = workspace.path("sizes.db")
        let jobs = [
            #"{"id": 1, "text": "OK"}"#, #"{"id": 2, "text": "OK"}"#, #"{"id": 3, "text": "OK"}"#,
            #"{"id": 4, "text": "caf\u00e9"}"#, #"{"id": 5, "text": "cafe\u0301"}"#,
        ]
        let arguments = ["--font", StreamFixtures.dejaVu, "--size", "14", "--width", "100", "--db", database]
        let first = try StreamFixtures.run(jobs, arguments, in: workspace)
        #expect(first.status == 0 && first.lines.count == 5)
        #expect(first.error.hasSuffix("measured=3 cached=0\n"), "\(first.error)")
        let stats = Workspace.run(["db", "stats", database])
        #expect(stats.output.contains("results:  3\n"), "\(stats.output)")
        let second = try StreamFixtures.run(jobs, arguments, in: workspace)
        #expect(second.lines == first.lines)
        #expect(second.error.hasSuffix("measured=0 cached=5\n"), "\(second.error)")
    }

    /// A database that cannot take the settings row (here: another connection holds the write lock past the busy
    /// timeout) stops the stream with the database's words and status 1, as every other database failure does:
    /// it used to answer each job with that error in its place and exit 0, which a caller checking the status only
    /// (the Spark recipe) would take for success.
    @Test func aDatabaseThatCannotRegisterTheSettingsStopsTheStream() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let database = workspace.path("sizes.db")
        try SizeStore(path: database).close()
        let other = try SQLiteConnection(path: database, mode: .readWrite)
        defer { other.close() }
        try other.execute("BEGIN IMMEDIATE")
        let result = try StreamFixtures.run(
            Self.jobs(3), ["--font", StreamFixtures.dejaVu, "--size", "14", "--db", database], in: workspace)
        #expect(result.status == 1)
        #expect(result.lines.isEmpty, "\(result.lines)")
        #expect(result.error.contains("is locked by another connection"), "\(result.error)")
        try other.execute("ROLLBACK")
    }

    @Test func theDatabaseHoldsWhatBatchStoresForTheSameSettings() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let database = workspace.path("sizes.db")
        let stream = try StreamFixtures.run(
            [#"{"id": 1, "text": "hello world"}"#, #"{"id": 2, "text": "hello"}"#],
            [
                "--font", StreamFixtures.dejaVu, "--size", "14", "--width", "200",
                "--db", database,
            ], in: workspace)
        #expect(stream.status == 0, "\(stream.error)")
        let input = try workspace.write("batch.txt", "hello world\nhello\n")
        let batch = Workspace.run(Workspace.batch(input: input, ["--db", database]))
        #expect(batch.status == 0, "\(batch.error)")
        #expect(batch.error.hasSuffix("measured=0 cached=2\n"), "\(batch.error)")
    }
}
