import Foundation
import Testing
import TextCoding

@testable import Catalogs

@Suite("JSON report")
struct JSONReportTests {
    @Test("JSONString escapes quotes, backslashes and controls, and leaves everything else as UTF-8")
    func escaping() {
        #expect(JSONString.quoted("plain") == "\"plain\"")
        #expect(JSONString.quoted("") == "\"\"")
        #expect(JSONString.quoted("say \"hi\" \\ now") == #""say \"hi\" \\ now""#)
        #expect(JSONString.quoted("a\nb\rc\td") == #""a\nb\rc\td""#)
        #expect(JSONString.quoted("\u{0}\u{1}\u{8}\u{C}\u{1B}\u{1F}") == #""\u0000\u0001\u0008\u000c\u001b\u001f""#)
        #expect(JSONString.quoted("\u{7F}é😀\u{2028}\u{2029}中") == "\"\u{7F}é😀\u{2028}\u{2029}中\"")
        // A quote followed by a combining mark is one Character: the escape must not swallow or repeat it.
        #expect(JSONString.quoted("\"\u{301}x") == "\"\\\"\u{301}x\"")
        #expect(JSONString.quoted("\r\n") == #""\r\n""#)
        var out = "["
        JSONString.append("x\"", to: &out)
        #expect(out == #"["x\"""#)
    }

    @Test("escaped strings read back as the original through JSONSerialization")
    func roundTrip() throws {
        let original = "k\u{0}ey \"q\" \\ \u{1F}\r\n\t\u{7F} ü 👩🏽‍💻 \u{2028}"
        let parsed = try JSONSerialization.jsonObject(with: Data("[\(JSONString.quoted(original))]".utf8))
        #expect((parsed as? [String])?.first == original)
    }

    @Test("one entry, whole output")
    func wholeOutput() {
        let report = CatalogReport(
            files: [ReportFixtures.file("de.lproj/L.strings", locales: ["de"], entries: 1)],
            entries: [
                ReportFixtures.measured(
                    file: "de.lproj/L.strings", key: "k\"1", variant: "plural.one", text: "Zeile 1\nZeile\t2",
                    catalogText: "%d Zeile", line: 3, column: 5, width: 196.38964843750003, height: 41, lines: 2,
                    maxWidth: 200, maxLines: 1, pointSize: 17, textStyle: "body", contentSize: "L", state: "translated")
            ])
        let expected = """
            {
              "summary": {"files": 1, "entries": 1, "overflowing": 1, "skipped": 0, "failed": 0, "fileErrors": 0, \
            "locales": {"de": {"entries": 1, "overflowing": 1, "skipped": 0, "failed": 0}}},
              "files": [
                {"path": "de.lproj/L.strings", "format": "strings", "locales": ["de"], "entries": 1, "skipped": 0}
              ],
              "entries": [
                {"file": "de.lproj/L.strings", "line": 3, "column": 5, "locale": "de", "key": "k\\"1", \
            "variant": "plural.one", "text": "Zeile 1\\nZeile\\t2", "catalogText": "%d Zeile", \
            "width": 196.38964843750003, "height": 41, "lines": 2, "allowedLines": 1, "overflow": true, \
            "maxWidth": 200, "maxLines": 1, "pointSize": 17, "textStyle": "body", "contentSize": "L", \
            "state": "translated", "sourceText": null, "table": null, "naturalWidth": 196.38964843750003, \
            "sourceWidth": null, "growth": null, "cached": false, "pseudo": null, "level": null}
              ],
              "skipped": [],
              "failed": [],
              "fileErrors": [],
              "platform": null,
              "warnings": [],
              "fonts": [],
              "rules": [],
              "skippedByRules": 0,
              "baseline": null
            }

            """
        #expect(CatalogJSONReport.render(report) == expected)
    }

    @Test("empty report")
    func empty() {
        let expected = """
            {
              "summary": {"files": 0, "entries": 0, "overflowing": 0, "skipped": 0, "failed": 0, "fileErrors": 0, \
            "locales": {}},
              "files": [],
              "entries": [],
              "skipped": [],
              "failed": [],
              "fileErrors": [],
              "platform": null,
              "warnings": [],
              "fonts": [],
              "rules": [],
              "skippedByRules": 0,
              "baseline": null
            }

            """
        #expect(CatalogJSONReport.render(CatalogReport()) == expected)
    }

    @Test("a mixed report parses, with its summary, per-locale counts and every kind of row")
    func mixed() throws {
        let json = try parse(CatalogJSONReport.render(ReportFixtures.mixedReport()))
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["files"] as? Int == 2)
        #expect(summary["entries"] as? Int == 3)
        #expect(summary["overflowing"] as? Int == 2)
        #expect(summary["skipped"] as? Int == 1)
        #expect(summary["failed"] as? Int == 1)
        #expect(summary["fileErrors"] as? Int == 1)
        let locales = try #require(summary["locales"] as? [String: [String: Int]])
        #expect(locales["de"] == ["entries": 2, "overflowing": 1, "skipped": 1, "failed": 1])
        #expect(locales["fr"] == ["entries": 1, "overflowing": 1, "skipped": 0, "failed": 0])
        #expect(locales.count == 2)

        let entries = try #require(json["entries"] as? [[String: Any]])
        #expect(entries.count == 3)
        #expect(entries[0]["key"] as? String == "ok")
        #expect(entries[0]["overflow"] as? Bool == false)
        #expect(entries[0]["growth"] is NSNull)
        #expect(entries[1]["overflow"] as? Bool == true)
        #expect(entries[1]["growth"] as? Double == 1.4)
        #expect(entries[1]["sourceWidth"] as? Double == 200)
        #expect(entries[1]["column"] as? Int == 9)
        #expect(entries[2]["locale"] as? String == "fr")
        #expect(entries[2]["text"] as? String == "Réglages")
        #expect(entries[2]["growth"] as? Double == 1.45)

        let skipped = try #require(json["skipped"] as? [[String: Any]])
        #expect(skipped.count == 1)
        #expect(skipped[0]["key"] as? String == "brand")
        #expect(skipped[0]["reason"] as? String == "notTranslatable")
        #expect(skipped[0]["message"] is NSNull)
        #expect(skipped[0]["description"] as? String == "not translatable")
        #expect(skipped[0]["line"] as? Int == 4)

        let failed = try #require(json["failed"] as? [[String: Any]])
        #expect(failed.first?["message"] as? String == "no font for U+1F600")
        #expect(failed.first?["key"] as? String == "emoji")

        let errors = try #require(json["fileErrors"] as? [[String: Any]])
        #expect(errors.first?["file"] as? String == "es.lproj/Localizable.strings")
        #expect(errors.first?["line"] as? Int == 3)
        #expect(errors.first?["column"] as? Int == 7)
        #expect(errors.first?["message"] as? String == "expected ';' after the value, found '\"'")
    }

    @Test("unlimited lines give null allowedLines; skip reasons with messages; errors without a place")
    func nulls() throws {
        let report = CatalogReport(
            entries: [ReportFixtures.measured(key: "long", text: "a b c", width: 10, lines: 9, maxLines: 0)],
            skipped: [
                ReportFixtures.skipped(key: "m", reason: .malformed("unterminated string")),
                ReportFixtures.skipped(key: "n", reason: .noValue("no target")),
            ],
            fileErrors: [CatalogError(file: "x.xcstrings", position: nil, message: "cannot read")])
        let json = try parse(CatalogJSONReport.render(report))
        let entry = try #require((json["entries"] as? [[String: Any]])?.first)
        #expect(entry["allowedLines"] is NSNull)
        #expect(entry["maxLines"] as? Int == 0)
        #expect(entry["overflow"] as? Bool == false)
        let skipped = try #require(json["skipped"] as? [[String: Any]])
        #expect(skipped[0]["reason"] as? String == "malformed")
        #expect(skipped[0]["message"] as? String == "unterminated string")
        #expect(skipped[0]["description"] as? String == "malformed: unterminated string")
        #expect(skipped[1]["reason"] as? String == "noValue")
        #expect(skipped[1]["message"] as? String == "no target")
        let error = try #require((json["fileErrors"] as? [[String: Any]])?.first)
        #expect(error["line"] is NSNull)
        #expect(error["column"] is NSNull)
    }

    @Test("control characters in keys, text and paths are escaped and read back intact")
    func controls() throws {
        let key = "bell\u{7}\u{0}key"
        let text = "tab\tesc\u{1B}[31m\u{85}"
        let report = CatalogReport(entries: [
            ReportFixtures.measured(
                file: "a\u{1}.strings", key: key, text: text,
                width: 1, lines: 1)
        ])
        let output = CatalogJSONReport.render(report)
        #expect(output.contains(#""key": "bell\u0007\u0000key""#))
        #expect(output.contains(#""text": "tab\tesc\u001b[31m"#))
        #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let entry = try #require((try parse(output)["entries"] as? [[String: Any]])?.first)
        #expect(entry["key"] as? String == key)
        #expect(entry["text"] as? String == text)
        #expect(entry["file"] as? String == "a\u{1}.strings")
    }

    @Test("numbers are exact and non-finite ones become null")
    func numbers() {
        #expect(ReportText.jsonNumber(17) == "17")
        #expect(ReportText.jsonNumber(-0.0) == "0")
        #expect(ReportText.jsonNumber(0.1) == "0.1")
        #expect(ReportText.jsonNumber(59.367187500000007) == "59.36718750000001")
        #expect(ReportText.jsonNumber(1e20) == "1e+20")
        #expect(ReportText.jsonNumber(.infinity) == "null")
        #expect(ReportText.jsonNumber(.nan) == "null")
    }

    private func parse(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }
}
