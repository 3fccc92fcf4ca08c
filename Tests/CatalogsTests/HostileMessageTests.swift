import Testing

@testable import Catalogs

/// Error and skip messages quote at most a short excerpt of the offending token (`CatalogExcerpt`: 40 characters,
/// control characters escaped), never a whole line or a long stretch of the file.
@Suite struct HostileMessageTests {
    /// The error `body` throws, or nil.
    static func error(_ body: () throws(CatalogError) -> CatalogDocument) -> CatalogError? {
        do throws(CatalogError) {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    @Test("an excerpt is cut at 40 characters with …, and escapes line breaks, controls and bidi overrides")
    func excerpt() {
        let line = "root:x:0:0:root:/root:/bin/bash\nbin:x:1:1:bin:/bin:/sbin/nologin"
        #expect(CatalogExcerpt.of(line) == "root:x:0:0:root:/root:/bin/bash\\nbin:x:1:…")
        #expect(CatalogExcerpt.of("a\u{1B}[31mb\u{202E}c\t") == "a\\u{1B}[31mb\\u{202E}c\\t")
        #expect(CatalogExcerpt.quoted("say \"hi\" \\ bye") == "\"say \\\"hi\\\" \\\\ bye\"")
        #expect(CatalogExcerpt.of(String(repeating: "é", count: 40)) == String(repeating: "é", count: 40))
        #expect(CatalogExcerpt.list((0..<10).map { "n\($0)" }) == "n0, n1, n2, n3, n4, n5, n6, n7 and 2 more")
    }

    @Test("a .strings key of 100,000 characters is quoted as 40 of them")
    func longStringsKey() throws {
        let key = String(repeating: "k", count: 100_000)
        let error = try #require(
            Self.error { () throws(CatalogError) in
                try StringsFileParser.parse(Array("\(key) x".utf8), file: "x.strings", locale: "en")
            })
        #expect(
            error.message == "expected '=' or ';' after the key \"" + String(repeating: "k", count: 40)
                + "…\", found 'x'")
    }

    @Test("a control character in a .strings key is shown escaped, keeping the message on one line")
    func controlCharacterInKey() throws {
        let error = try #require(
            Self.error { () throws(CatalogError) in
                try StringsFileParser.parse(Array("\"a\u{1B}[2Jb\" x".utf8), file: "x.strings", locale: "en")
            })
        #expect(error.message == "expected '=' or ';' after the key \"a\\u{1B}[2Jb\", found 'x'")
    }

    @Test("a mismatched end tag with a 10,000-character name quotes 40 characters of each name")
    func longElementName() throws {
        let name = String(repeating: "n", count: 10_000)
        let error = try #require(
            Self.error { () throws(CatalogError) in
                try AndroidResourcesParser.parse(
                    Array("<resources><\(name)></m></resources>".utf8),
                    file: "values/strings.xml", locale: "en")
            })
        let shown = String(repeating: "n", count: 40) + "…"
        #expect(
            error.message == "mismatched end tag: expected </\(shown)> to close <\(shown)> opened at 1:12, "
                + "found </m>")
    }

    @Test("an <integer> holding a long text quotes 40 characters of it")
    func longIntegerText() throws {
        let text = String(repeating: "9x", count: 5000)
        let error = try #require(
            Self.error { () throws(CatalogError) in
                try StringsDictParser.parse(
                    Array("<plist><dict><key>k</key><integer>\(text)</integer></dict></plist>".utf8),
                    file: "x.stringsdict", locale: "en")
            })
        #expect(
            error.message == "expected an integer in <integer>, found '"
                + String(repeating: "9x", count: 20) + "…'")
    }

    @Test("a JSON number of 10,000 digits is described by 40 of them")
    func longNumber() throws {
        let digits = String(repeating: "1", count: 10_000)
        let document = try XCStringsParser.parse(
            Array(
                ("{\"sourceLanguage\": \"en\", \"strings\": {\"k\": "
                    + "{\"localizations\": {\"en\": {\"stringUnit\": {\"value\": \(digits)}}}}}}").utf8),
            file: "x.xcstrings", locale: "")
        #expect(
            document.skipped.map(\.reason) == [
                .malformed(
                    "the stringUnit's value is the number " + String(repeating: "1", count: 40) + "…, expected a string"
                )
            ])
    }
}
