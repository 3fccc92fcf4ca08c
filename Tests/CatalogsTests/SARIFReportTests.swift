import Foundation
import Testing

@testable import Catalogs

@Suite("SARIF report")
struct SARIFReportTests {
    /// Two file errors (one without a position), two overflows (one of them in a path needing percent-encoding) and
    /// one entry that fits; paths absolute, relative to the working directory, and outside the base.
    private func report(titleLine: Int = 12, titleSize: String? = "AX3") -> CatalogReport {
        CatalogReport(
            entries: [
                ReportFixtures.measured(
                    file: "/repo/App/de.lproj/Localizable.strings", key: "title",
                    variant: "plural.one", text: "Einstellungen", line: titleLine, column: 5,
                    width: 298.5, lines: 3, maxLines: 2, textStyle: "body",
                    contentSize: titleSize, sourceWidth: 200),
                ReportFixtures.measured(
                    file: "App/fr.lproj/Localizable.strings", locale: "fr", key: "title",
                    text: "Titre", width: 50, lines: 1),
                ReportFixtures.measured(
                    file: "../Other Dir/é#1.xcstrings", key: "k", text: "x", line: 7, column: 3,
                    width: 10, lines: 2),
            ],
            fileErrors: [
                CatalogError(
                    file: "/repo/App/es.lproj/Localizable.strings",
                    position: SourcePosition(line: 3, column: 7), message: "expected ';', found '\"'"),
                CatalogError(file: "/elsewhere/x.strings", position: nil, message: "cannot read: permission denied"),
            ])
    }

    private func render(_ report: CatalogReport, resultLimit: Int = CatalogSARIFReport.defaultResultLimit)
        throws -> [String: Any]
    {
        let text = CatalogSARIFReport.render(
            report, toolVersion: "1.2.3", informationURI: "https://example.org/ts",
            baseDirectory: "/repo", workingDirectory: "/repo/sub",
            resultLimit: resultLimit)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func run(_ log: [String: Any]) throws -> [String: Any] {
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        return try #require(runs.first)
    }

    private func results(_ log: [String: Any]) throws -> [[String: Any]] {
        try #require(try run(log)["results"] as? [[String: Any]])
    }

    private func location(_ result: [String: Any]) throws -> [String: Any] {
        let locations = try #require(result["locations"] as? [[String: Any]])
        #expect(locations.count == 1)
        return try #require(locations.first?["physicalLocation"] as? [String: Any])
    }

    @Test("log, run and tool: schema, version, driver, both rules with descriptions")
    func header() throws {
        let log = try render(report())
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        #expect(log["version"] as? String == "2.1.0")
        let run = try run(log)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "TextSize measure")
        #expect(driver["version"] as? String == "1.2.3")
        #expect(driver["informationUri"] as? String == "https://example.org/ts")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(
            rules.map { $0["id"] as? String }
                == [
                    "textsize/overflow", "textsize/catalog-error", "textsize/entry-failed", "textsize/entry-malformed",
                ])
        for rule in rules {
            #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            #expect(((rule["fullDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            #expect(rule["name"] is String)
        }
        #expect((rules[0]["defaultConfiguration"] as? [String: String])?["level"] == "warning")
        #expect((rules[1]["defaultConfiguration"] as? [String: String])?["level"] == "error")
        #expect((rules[2]["defaultConfiguration"] as? [String: String])?["level"] == "error")
        #expect((rules[3]["defaultConfiguration"] as? [String: String])?["level"] == "error")
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let bases = try #require(run["originalUriBaseIds"] as? [String: [String: String]])
        #expect(bases["%SRCROOT%"]?["uri"] == "file:///repo/")
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == true)
        #expect((invocation["toolExecutionNotifications"] as? [Any])?.isEmpty == true)
    }

    @Test("one result per file error, then per overflow worst first; the fitting entry has none")
    func resultsInOrder() throws {
        let results = try results(try render(report()))
        #expect(
            results.map { $0["ruleId"] as? String }
                == ["textsize/catalog-error", "textsize/catalog-error", "textsize/overflow", "textsize/overflow"])
        #expect(results.map { $0["ruleIndex"] as? Int } == [1, 1, 0, 0])
        #expect(results.map { $0["level"] as? String } == ["error", "error", "warning", "warning"])
    }

    @Test("an entry that could not be measured is an error result at its line, after the file errors")
    func failedEntryResult() throws {
        var withFailure = report()
        withFailure.failed = [
            ReportFixtures.failed(
                file: "/repo/App/th.lproj/Localizable.strings", locale: "th",
                key: "retry", line: 9,
                message: "no font for U+0E01 THAI CHARACTER KO KAI")
        ]
        let all = try results(try render(withFailure))
        #expect(all.map { $0["ruleIndex"] as? Int } == [1, 1, 2, 0, 0])
        let result = all[2]
        #expect(result["ruleId"] as? String == "textsize/entry-failed")
        #expect(result["level"] as? String == "error")
        #expect(
            (result["message"] as? [String: String])?["text"]
                == "th: \"retry\" cannot be measured: no font for U+0E01 THAI CHARACTER KO KAI")
        let physical = try location(result)
        #expect(
            physical["artifactLocation"] as? [String: String]
                == ["uri": "App/th.lproj/Localizable.strings", "uriBaseId": "%SRCROOT%"])
        #expect((physical["region"] as? [String: Int])?["startLine"] == 9)
        // Within the limit, failed entries come before overflows.
        let limited = try results(try render(withFailure, resultLimit: 3))
        #expect(limited.map { $0["ruleIndex"] as? Int } == [1, 1, 2])
    }

    /// A malformed entry makes the run exit 2, so it is an error result too (after the failed entries); an entry
    /// skipped for another reason is not a result.
    @Test("an entry skipped as malformed is an error result at its place; one not translatable is none")
    func malformedEntryResult() throws {
        var withSkips = report()
        withSkips.skipped = [
            SkippedEntry(
                file: "/repo/App/de.lproj/Localizable.strings", locale: "de", key: "k2",
                position: SourcePosition(line: 2, column: 1), reason: .malformed("lone UTF-16 surrogate \\UD800")),
            SkippedEntry(
                file: "/repo/App/de.lproj/Localizable.strings", locale: "de", key: "brand",
                position: SourcePosition(line: 3, column: 1), reason: .notTranslatable),
        ]
        let all = try results(try render(withSkips))
        #expect(all.map { $0["ruleIndex"] as? Int } == [1, 1, 3, 0, 0])
        let result = all[2]
        #expect(result["ruleId"] as? String == "textsize/entry-malformed")
        #expect(result["level"] as? String == "error")
        #expect(
            (result["message"] as? [String: String])?["text"]
                == "de: \"k2\" was not measured: malformed: lone UTF-16 surrogate \\UD800")
        #expect((try location(result)["region"] as? [String: Int])?["startLine"] == 2)
    }

    /// A malformed entry's key is closed where it ends, as an overflow's is (a key holding U+202E reversed the rest
    /// of the message: "was not measured: …").
    @Test func aMalformedEntrysKeyClosesWhatItLeavesOpen() throws {
        var skipped = report()
        skipped.skipped = [
            SkippedEntry(
                file: "/repo/App/de.lproj/Localizable.strings", locale: "de", key: "\u{202E}k",
                position: SourcePosition(line: 2, column: 1), reason: .malformed("lone UTF-16 surrogate \\UD800"))
        ]
        let result = try results(try render(skipped))[2]
        #expect(
            (result["message"] as? [String: String])?["text"]
                == "de: \"\u{202E}k\u{202C}\" was not measured: malformed: lone UTF-16 surrogate \\UD800")
    }

    /// No two results of a run share a fingerprint: a key written three times is two malformed results of one
    /// identity, which code scanning would have merged into one alert; the second is numbered (`#2`). The first
    /// keeps the fingerprint it always had.
    @Test func resultsOfOneIdentityGetFingerprintsOfTheirOwn() throws {
        var twice = report()
        twice.skipped = [2, 3].map { line in
            SkippedEntry(
                file: "/repo/App/de.lproj/Localizable.strings", locale: "de", key: "dup",
                position: SourcePosition(line: line - 1, column: 1),
                reason: .malformed("duplicate key, overridden at line \(line)"))
        }
        let all = try results(try render(twice))
        let prints = all.compactMap { ($0["partialFingerprints"] as? [String: String])?["primaryLocationLineHash"] }
        #expect(prints.count == all.count)
        #expect(Set(prints).count == prints.count, "\(prints)")
        let uri = "App/de.lproj/Localizable.strings"
        let fields = [uri, "textsize/entry-malformed", "de", "dup", ""]
        #expect(prints[2] == StableHash.hex(fields))
        #expect(prints[3] == StableHash.hex(fields + ["#2"]))
    }

    /// SARIF §3.11.5: a literal brace is doubled (a single one opens a placeholder); §3.11.6: `[text](target)` is an
    /// embedded link, so the `]` that would close one is escaped with a backslash (and a backslash before it
    /// doubled); other brackets, such as the message's own `[plural.one]`, are shown as written.
    @Test("braces and brackets of catalog text are escaped in messages")
    func messagesEscapeBracesAndBrackets() throws {
        #expect(CatalogSARIFReport.plainMessage("Only {0} of {1}") == "Only {{0}} of {{1}}")
        #expect(CatalogSARIFReport.plainMessage("see [details](1)") == #"see [details\](1)"#)
        #expect(CatalogSARIFReport.plainMessage(#"[a\](b) \ c [d]"#) == #"[a\\\](b) \ c [d]"#)
        #expect(CatalogSARIFReport.plainMessage("plain") == "plain")
        var linked = report()
        linked.entries[0].entry.text = "Nur {0} [hier](1)"
        linked.entries[0].measuredText = "Nur {0} [hier](1)"
        let result = try #require(
            try results(try render(linked)).first { $0["ruleId"] as? String == "textsize/overflow" })
        let text = try #require((result["message"] as? [String: String])?["text"])
        #expect(text.hasSuffix(#"Text: "Nur {{0}} [hier\](1)""#))
        #expect(text.contains(" [plural.one] "))
    }

    @Test("an overflow result: message, relative URI under %SRCROOT%, region, fingerprint, properties")
    func overflowResult() throws {
        let result = try results(try render(report()))[2]
        #expect(
            (result["message"] as? [String: String])?["text"]
                == "de: \"title\" [plural.one] @AX3 needs 3 lines, 2 allowed (width 298.5 pt of 300 pt, ×1.49 the source "
                + "language's width). Text: \"Einstellungen\"")
        let physical = try location(result)
        #expect(
            physical["artifactLocation"] as? [String: String]
                == ["uri": "App/de.lproj/Localizable.strings", "uriBaseId": "%SRCROOT%"])
        #expect(physical["region"] as? [String: Int] == ["startLine": 12, "startColumn": 5])
        let fingerprint = try #require((result["partialFingerprints"] as? [String: String])?["primaryLocationLineHash"])
        #expect(fingerprint.count == 16)
        #expect(fingerprint.allSatisfy { "0123456789abcdef".contains($0) })
        let properties = try #require(result["properties"] as? [String: Any])
        #expect(properties["locale"] as? String == "de")
        #expect(properties["key"] as? String == "title")
        #expect(properties["variant"] as? String == "plural.one")
        #expect(properties["contentSize"] as? String == "AX3")
        #expect(properties["textStyle"] as? String == "body")
        #expect(properties["lines"] as? Int == 3)
        #expect(properties["allowedLines"] as? Int == 2)
        #expect(properties["width"] as? Double == 298.5)
        #expect(properties["maxWidth"] as? Double == 300)
        #expect(properties["growth"] as? Double == 1.4925)
        #expect(properties["text"] as? String == "Einstellungen")
    }

    @Test("paths outside the working directory and with reserved characters become percent-encoded references")
    func encodedPath() throws {
        let result = try results(try render(report()))[3]
        let physical = try location(result)
        #expect((physical["artifactLocation"] as? [String: String])?["uri"] == "Other%20Dir/%C3%A9%231.xcstrings")
        #expect(physical["region"] as? [String: Int] == ["startLine": 7, "startColumn": 3])
        #expect(
            (result["message"] as? [String: String])?["text"]
                == "de: \"k\" needs 2 lines, 1 allowed (width 10 pt of 300 pt). Text: \"x\"")
        let properties = try #require(result["properties"] as? [String: Any])
        #expect(properties["growth"] is NSNull)
        #expect(properties["contentSize"] is NSNull)
    }

    @Test("file errors: with a region where the place is known, at line 1 otherwise (code scanning needs a line)")
    func fileErrors() throws {
        let results = try results(try render(report()))
        let placed = try location(results[0])
        #expect((placed["artifactLocation"] as? [String: String])?["uri"] == "App/es.lproj/Localizable.strings")
        #expect(placed["region"] as? [String: Int] == ["startLine": 3, "startColumn": 7])
        #expect((results[0]["message"] as? [String: String])?["text"] == "expected ';', found '\"'")
        let unplaced = try location(results[1])
        #expect((unplaced["artifactLocation"] as? [String: String])?["uri"] == "../elsewhere/x.strings")
        #expect(unplaced["region"] as? [String: Int] == ["startLine": 1])
        #expect((results[1]["partialFingerprints"] as? [String: String])?["primaryLocationLineHash"]?.count == 16)
    }

    @Test("fingerprints follow the string, not its line, and tell sizes and locales apart")
    func fingerprints() throws {
        func fingerprint(_ report: CatalogReport) throws -> String? {
            let result = try results(try render(report))[2]
            return (result["partialFingerprints"] as? [String: String])?["primaryLocationLineHash"]
        }
        let original = try fingerprint(report())
        #expect(original != nil)
        #expect(try fingerprint(report(titleLine: 40)) == original)
        #expect(try fingerprint(report(titleSize: "AX5")) != original)
        #expect(try fingerprint(report(titleSize: nil)) != original)
        let measured = report().entries[0]
        var french = measured
        french.entry.locale = "fr"
        var otherVariant = measured
        otherVariant.entry.variant = "plural.other"
        let uri = "App/de.lproj/Localizable.strings"
        #expect(CatalogSARIFReport.fingerprint(measured, uri: uri) != CatalogSARIFReport.fingerprint(french, uri: uri))
        #expect(
            CatalogSARIFReport.fingerprint(measured, uri: uri)
                != CatalogSARIFReport.fingerprint(otherVariant, uri: uri))
        #expect(CatalogSARIFReport.fingerprint(measured, uri: uri) == original)
    }

    @Test("beyond the result limit: file errors, then the worst overflows, and a notification")
    func resultLimit() throws {
        let log = try render(report(), resultLimit: 3)
        let results = try results(log)
        #expect(
            results.map { $0["ruleId"] as? String }
                == ["textsize/catalog-error", "textsize/catalog-error", "textsize/overflow"])
        #expect((results[2]["properties"] as? [String: Any])?["key"] as? String == "title")
        let invocation = try #require((try run(log)["invocations"] as? [[String: Any]])?.first)
        let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notifications.count == 1)
        #expect(notifications.first?["level"] as? String == "warning")
        #expect(
            (notifications.first?["message"] as? [String: String])?["text"]
                == "1 of 4 results were left out: at most 3 are written (the file errors, then the failed entries, then "
                + "the malformed entries, then the worst overflows).")
    }

    @Test("empty report: a valid log with no results")
    func empty() throws {
        let log = try render(CatalogReport())
        #expect(try results(log).isEmpty)
        #expect(try run(log)["tool"] != nil)
    }

    @Test("control characters and quotes in keys and text are escaped and read back intact")
    func controls() throws {
        let key = "a\u{1}\"b\u{1B}"
        let text = "line\nnext\u{0}"
        let report = CatalogReport(entries: [
            ReportFixtures.measured(
                file: "/repo/x.strings", key: key, text: text,
                width: 1, lines: 3)
        ])
        let output = CatalogSARIFReport.render(
            report, toolVersion: "1", informationURI: "https://example.org",
            baseDirectory: "/repo", workingDirectory: "/")
        #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let log = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let result = try #require(try results(log).first)
        let properties = try #require(result["properties"] as? [String: Any])
        #expect(properties["key"] as? String == key)
        #expect(properties["text"] as? String == text)
        let message = try #require((result["message"] as? [String: String])?["text"])
        #expect(message.hasSuffix("Text: \"line⏎next␀\""))
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test("artifact URIs are relative, normalised and percent-encoded")
    func artifactURIs() {
        #expect(
            ArtifactURI.relativeReference("/repo/a/b.strings", base: "/repo", workingDirectory: "/x")
                == "a/b.strings")
        #expect(
            ArtifactURI.relativeReference("a/./b/../c.strings", base: "/repo", workingDirectory: "/repo")
                == "a/c.strings")
        #expect(
            ArtifactURI.relativeReference("/other/x.strings", base: "/repo/sub", workingDirectory: "/")
                == "../../other/x.strings")
        #expect(
            ArtifactURI.relativeReference("x y/ü?#%:.strings", base: ".", workingDirectory: "/r")
                == "x%20y/%C3%BC%3F%23%25%3A.strings")
        #expect(
            ArtifactURI.relativeReference("/repo//a.strings", base: "/repo/", workingDirectory: "/")
                == "a.strings")
        #expect(ArtifactURI.relativeReference("/w/p/a.strings", base: "p", workingDirectory: "/w") == "a.strings")
        #expect(
            ArtifactURI.relativeReference("/r/a(1)+b@c.strings", base: "/r", workingDirectory: "/")
                == "a(1)+b@c.strings")
        #expect(ArtifactURI.directoryURI("/my repo", workingDirectory: "/") == "file:///my%20repo/")
        #expect(ArtifactURI.directoryURI("/", workingDirectory: "/w") == "file:///")
        #expect(ArtifactURI.directoryURI(".", workingDirectory: "/w/x") == "file:///w/x/")
    }

    @Test("FNV-1a matches the reference vectors; parts are separated")
    func stableHash() {
        #expect(StableHash.hex(StableHash.fnv1a64("".utf8)) == "cbf29ce484222325")
        #expect(StableHash.hex(StableHash.fnv1a64("a".utf8)) == "af63dc4c8601ec8c")
        #expect(StableHash.hex(StableHash.fnv1a64("foobar".utf8)) == "85944171f73967e8")
        #expect(StableHash.hex([]) == "cbf29ce484222325")
        #expect(StableHash.hex(["ab", "c"]) != StableHash.hex(["a", "bc"]))
        #expect(StableHash.hex(["a"]) == StableHash.hex(StableHash.fnv1a64([0x61, 0x00])))
    }

    @Test("a run that found no catalog is not a successful run; the run's warnings are notifications")
    func failedRunsAndWarnings() throws {
        let empty = try #require(
            try JSONSerialization.jsonObject(
                with: Data(
                    CatalogSARIFReport.render(
                        CatalogReport(), toolVersion: "1", baseDirectory: "/repo",
                        warnings: ["rule 2 (keys \"x\") matches no entry"]
                    ).utf8)) as? [String: Any])
        let invocation = try #require((try run(empty)["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notifications.map { $0["level"] as? String } == ["error", "warning"])
        #expect(
            notifications.compactMap { ($0["message"] as? [String: Any])?["text"] as? String }
                == ["no catalog file was found in the paths given", "rule 2 (keys \"x\") matches no entry"])
        let found = try #require((try run(try render(report()))["invocations"] as? [[String: Any]])?.first)
        #expect(found["executionSuccessful"] as? Bool == true)
    }

    @Test("an entry of one of an XLIFF file's tables names it in its properties; others have none")
    func tableProperty() throws {
        var entry = ReportFixtures.measured(file: "/repo/de.xliff", key: "a", text: "x", width: 1, lines: 3)
        entry.entry.table = "App/en.lproj/Localizable.strings"
        let plain = ReportFixtures.measured(file: "/repo/de.strings", key: "b", text: "y", width: 1, lines: 3)
        let results = try results(try render(CatalogReport(entries: [entry, plain])))
        let tables = results.map { ($0["properties"] as? [String: Any])?["table"] }
        #expect(tables.first as? String == "App/en.lproj/Localizable.strings")
        #expect(tables.last is NSNull)
    }

    @Test(
        "informationUri takes absolute URIs only",
        arguments: [
            ("https://example.com/a", true), ("https://github.com/o/r#readme", true), ("urn:isbn:0451450523", true),
            ("http://exa mple.com/a b", false), ("relative/path", false), ("", false), ("/", false),
            ("https://github.com/o/r e\"po", false), ("https://x.org/%zz", false), ("1http://x", false),
        ])
    func absoluteURIs(text: String, isAbsolute: Bool) {
        #expect(ArtifactURI.isAbsoluteURI(text) == isAbsolute)
    }
}
