import Testing

@testable import Catalogs

/// The baseline file (`CatalogBaseline`): what a record identifies, the written bytes (sorted, one record a line),
/// reading it back, and every way a file can be wrong, reported with its line and column.
@Suite("Baseline file")
struct BaselineFileTests {
    static let workingDirectory = "/repo"

    func record(
        _ key: String, locale: String = "de", file: String = "App/de.lproj/Localizable.strings",
        text: String = "Rückerstattung", line: Int = 1, contentSize: String? = "L"
    ) -> BaselineEntry {
        BaselineEntry(
            ReportFixtures.measured(
                file: file, locale: locale, key: key, text: text, line: line,
                width: 130, lines: 2, contentSize: contentSize),
            root: "/repo", workingDirectory: Self.workingDirectory)
    }

    @Test func aRecordDoesNotDependOnTheLineButOnTheText() {
        #expect(record("refund", line: 3) == record("refund", line: 300))
        #expect(record("refund", text: "Rückerstattung") != record("refund", text: "Erstattung"))
        // ./App, App and /repo/App are one file under the root /repo.
        #expect(
            record("refund", file: "./App/de.lproj/Localizable.strings")
                == record("refund", file: "/repo/App/de.lproj/Localizable.strings"))
        #expect(record("refund").file == "App/de.lproj/Localizable.strings")
    }

    @Test func theDigestIsFNV1a64OfTheCatalogText() {
        // FNV-1a 64 of the empty string is the offset basis, and of "a" the published test vector
        // (draft-eastlake-fnv, appendix C): af63dc4c8601ec8c.
        #expect(BaselineEntry.digest("") == "fnv1a64:cbf29ce484222325")
        #expect(BaselineEntry.digest("a") == "fnv1a64:af63dc4c8601ec8c")
    }

    @Test func theFileIsSortedWithOneRecordALineAndReadsBack() throws {
        let baseline = CatalogBaseline(entries: [
            record("b.key"), record("a.key", locale: "fr"), record("a.key"),
            record("a.key"),
        ])
        #expect(baseline.entries.count == 3)
        let text = baseline.rendered()
        let lines = text.split(separator: "\n")
        #expect(lines[0] == "{")
        #expect(lines[1] == "  \"version\": 1,")
        #expect(
            lines[4].hasPrefix(
                "    {\"file\": \"App/de.lproj/Localizable.strings\", \"table\": null, \"locale\": \"de\", \"key\": \"a.key\", \"variant\": \"\", \"contentSize\": \"L\", \"textDigest\": \"fnv1a64:"
            ))
        #expect(lines[5].contains("\"locale\": \"de\", \"key\": \"b.key\""))
        #expect(lines[6].contains("\"locale\": \"fr\", \"key\": \"a.key\""))
        #expect(lines.count == 9)
        let read = try CatalogBaseline.parse(Array(text.utf8), file: "baseline.json")
        #expect(read == baseline)
        // Writing what was read gives the same bytes: no churn in version control.
        #expect(read.rendered() == text)
    }

    @Test func badFilesAreTypedErrorsWithTheirPlace() {
        func error(_ text: String) -> String {
            do {
                _ = try CatalogBaseline.parse(Array(text.utf8), file: "b.json")
                return "no error"
            } catch {
                return error.description
            }
        }
        #expect(error("[]") == "b.json:1:1: baseline: the file must be a JSON object")
        #expect(
            error(#"{"version": 2, "overflows": []}"#)
                == "b.json:1:13: baseline: \"version\" must be 1 (the version this measure reads), not the number 2")
        #expect(error(#"{"version": 1}"#) == "b.json:1:1: baseline: \"overflows\" must be an array")
        #expect(
            error("{\"version\": 1, \"overflows\": [\n  {\"file\": 3}]}")
                == "b.json:2:12: baseline: \"file\" must be a string, not the number 3")
        #expect(
            error(
                "{\"version\": 1, \"overflows\": [\n  {\"file\": \"a\", \"locale\": \"de\", \"key\": \"k\", "
                    + "\"variant\": \"\", \"contentSize\": \"\", \"textDigest\": \"md5:00\"}]}"
            )
            .hasPrefix("b.json:2:93: baseline: \"textDigest\" must be fnv1a64:"))
        #expect(
            error(#"{"version": 1, "overflows": [{"file": "a"}]}"#)
                == "b.json:1:30: baseline: an overflow needs \"locale\"")
        // Another tool's JSON, a name twice (a merge gone wrong: the last won, here the record's digest) and names a
        // baseline does not have are refused where they are.
        #expect(
            error(#"{"version": 1, "tool": "SwiftLint", "overflows": []}"#)
                == "b.json:1:24: baseline: \"tool\" must be \"TextSize measure catalog\" (this file was not written "
                + "by measure catalog --write-baseline), not \"SwiftLint\"")
        #expect(
            error(#"{"version": 1, "tool": 1, "overflows": []}"#).hasSuffix("--write-baseline), not the number 1"))
        let digest = "\"textDigest\": \"fnv1a64:0123456789abcdef\""
        #expect(
            error(
                "{\"version\": 1, \"overflows\": [\n  {\"file\": \"a\", \"locale\": \"de\", \"key\": \"k\", "
                    + "\"variant\": \"\", \"contentSize\": \"\", \(digest), \(digest)}]}")
                == "b.json:2:121: baseline: \"textDigest\" is given more than once in one object (first at line 2, column 79)"
        )
        #expect(
            error(#"{"version": 1, "overflows": [], "overflow": []}"#)
                == "b.json:1:33: baseline: unknown field \"overflow\" (a baseline has version, tool, overflows)")
        #expect(
            error(#"{"version": 1, "overflows": [{"file": "a", "lokale": "de"}]}"#)
                == "b.json:1:44: baseline: unknown field \"lokale\" in an overflow (it has file, table, locale, key, "
                + "variant, contentSize, textDigest)")
        // Not JSON at all: the JSON reader's own error, with its place.
        #expect(error("{\"version\": 1,").hasPrefix("b.json:1:"))
    }
}
