import Testing

@testable import Catalogs

/// `XCStringsParser` on the hand-written fixtures of `XCStringsFixtures`; every expected value is written out here
/// (positions counted in the fixtures: a `"value"` line indented by N spaces has its string at column N+11).
@Suite struct XCStringsParserTests {
    private static let file = "Fixture.xcstrings"

    private func parse(_ text: String) throws(CatalogError) -> CatalogDocument {
        try XCStringsParser.parse(Array(text.utf8), file: Self.file, locale: "ignored")
    }

    private func entry(
        _ locale: String, _ key: String, variant: String = "", _ text: String, _ line: Int,
        _ column: Int, _ state: String?
    ) -> CatalogEntry {
        CatalogEntry(
            file: Self.file, locale: locale, key: key, variant: variant, text: text,
            position: SourcePosition(line: line, column: column), state: state)
    }

    private func skipped(
        _ locale: String, _ key: String, variant: String = "", _ line: Int, _ column: Int,
        _ reason: SkippedEntry.Reason
    ) -> SkippedEntry {
        SkippedEntry(
            file: Self.file, locale: locale, key: key, variant: variant,
            position: SourcePosition(line: line, column: column), reason: reason)
    }

    /// A localization named `""` has no language: reported as malformed where it is (line 3, its opening quote at
    /// column 3), not measured as a second source-language entry of the key.
    /// A lone surrogate escape skips the string unit it is in (or the key, which is the source text too), as in a
    /// `.strings` file, and every other entry of the file is still read: it was a file error that lost them all.
    @Test("a lone surrogate skips its entry, not the file")
    func loneSurrogateSkipsItsEntry() throws {
        let document = try parse(
            #"{"sourceLanguage": "en", "strings": {"#
                + #""good": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Gut"}}}}, "#
                + #""bad": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "x \uD800 y"}}}}, "#
                + #""\uDC00k": {}, "#
                + #""n": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "%#@c@"}, "#
                + #""substitutions": {"c": {"formatSpecifier": "lld", "variations": {"plural": {"#
                + #""one": {"stringUnit": {"state": "translated", "value": "\uDBFF\uD800"}}, "#
                + #""other": {"stringUnit": {"state": "translated", "value": "many"}}}}}}}}}}}"#)
        // German: only "good" (the others' units are skipped); English: each key's source text, but the bad key's.
        let german = document.entries.filter { $0.locale == "de" }
        #expect(german.map(\.key) == ["good"])
        #expect(german.first?.text == "Gut")
        #expect(document.entries.filter { $0.locale == "en" }.map(\.key) == ["good", "bad", "n"])
        let reasons = document.skipped.map { "\($0.key) \($0.reason)" }
        #expect(reasons.contains { $0.hasPrefix("bad ") && $0.contains(#"lone surrogate \uD800"#) }, "\(reasons)")
        #expect(reasons.contains { $0.hasPrefix("\u{FFFD}k ") && $0.contains(#"lone surrogate \uDC00"#) }, "\(reasons)")
        #expect(reasons.contains { $0.hasPrefix("n ") && $0.contains(#"lone surrogate \uDBFF"#) }, "\(reasons)")
    }

    /// Anywhere but a key or a string unit's value — a language, a variation's name, a format specifier — a lone
    /// surrogate would put U+FFFD into a locale or a measured text: the file is refused there, as before.
    @Test(arguments: [
        #"{"sourceLanguage": "e\uD800n", "strings": {"k": {}}}"#,
        #"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"d\uDC00e": {"stringUnit": {"value": "x"}}}}}}"#,
        #"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": {"stringUnit": {"value": "%#@c@"}, "substitutions": {"c": {"formatSpecifier": "d\uD800", "variations": {"plural": {"other": {"stringUnit": {"value": "x"}}}}}}}}}}}"#,
    ])
    func aLoneSurrogateOutsideAnEntryRefusesTheFile(text: String) {
        #expect(throws: CatalogError.self) { try parse(text) }
    }

    @Test("a localization with an empty language name is malformed")
    func emptyLanguage() throws {
        let document = try parse(
            """
            {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {
              "en": {"stringUnit": {"state": "translated", "value": "one"}},
              "": {"stringUnit": {"state": "translated", "value": "two"}}}}}}
            """)
        #expect(document.entries.map { [$0.locale, $0.text] } == [["en", "one"]])
        #expect(
            document.skipped == [skipped("", "k", 3, 3, .malformed("a localization with no language name"))])
    }

    @Test("string units: every state is measured, JSON escapes decoded, locales as written, source from the file")
    func statesAndEscapes() throws {
        let document = try parse(XCStringsFixtures.states)
        #expect(document.format == .xcstrings)
        #expect(document.sourceLocale == "en")
        #expect(
            document.entries == [
                entry("de", "greeting", "Hallo\n\"Welt\" é\t/", 10, 23, "translated"),
                entry("en", "greeting", "Hello", 16, 23, "new"),
                entry("fr", "greeting", "Bonjour", 22, 23, "needs_review"),
                entry("ja", "greeting", "こんにちは", 28, 23, "stale"),
                entry("zh-Hans", "greeting", "你好", 33, 23, nil),
            ])
        #expect(document.skipped.isEmpty)
    }

    @Test("plural and device variations, nested device→plural; bad variations are skipped with the reason")
    func variations() throws {
        let document = try parse(XCStringsFixtures.variations)
        #expect(
            document.entries == [
                entry("en", "items %lld", variant: "plural.one", "%lld item", 12, 29, "translated"),
                entry("en", "items %lld", variant: "plural.other", "%lld items", 18, 29, "translated"),
                entry("pl", "items %lld", variant: "plural.few", "%lld elementy", 30, 29, "needs_review"),
                entry("en", "platform", variant: "device.iphone/plural.one", "%lld iPhone", 58, 35, "translated"),
                entry("en", "platform", variant: "device.iphone/plural.other", "%lld iPhones", 64, 35, "translated"),
                entry("en", "platform", variant: "device.mac", "Mac", 73, 29, "translated"),
                entry("it", "platform", variant: "device.ipad", "iPad", 105, 29, "translated"),
            ])
        #expect(
            document.skipped == [
                skipped(
                    "pl", "items %lld", variant: "plural.several", 33, 15,
                    .malformed("unknown plural category 'several'")),
                skipped("pl", "items %lld", variant: "plural.many", 39, 24, .noValue("no stringUnit")),
                skipped(
                    "en", "platform", variant: "width", 77, 13,
                    .malformed("unknown variation kind 'width' (expected plural or device)")),
                skipped("de", "platform", 87, 16, .noValue("no stringUnit")),
                skipped("fr", "platform", 91, 26, .noValue("the stringUnit has no value")),
                skipped("it", "platform", 96, 26, .malformed("a stringUnit beside variations is not used")),
            ])
    }

    @Test("two substitutions with argNum 1/2: the product in reference order, %arg → %N$lld, combined states")
    func twoSubstitutions() throws {
        let document = try parse(XCStringsFixtures.substitutions)
        let key = "posts %lld %lld"
        #expect(
            document.entries.filter { $0.key == key && $0.locale == "en" } == [
                entry(
                    "en", key, variant: "people.one/posts.one", "%2$lld person wrote %1$lld post", 9, 23, "translated"),
                entry(
                    "en", key, variant: "people.one/posts.other", "%2$lld person wrote %1$lld posts", 9, 23,
                    "needs_review"),
                entry(
                    "en", key, variant: "people.other/posts.one", "%2$lld people wrote %1$lld post", 9, 23, "translated"
                ),
                entry(
                    "en", key, variant: "people.other/posts.other", "%2$lld people wrote %1$lld posts", 9, 23,
                    "needs_review"),
            ])
    }

    @Test("without argNum %arg is the bare specifier; a positional reference lends its position; %% and %arg stay")
    func specifiersWithoutArgNum() throws {
        let document = try parse(XCStringsFixtures.substitutions)
        #expect(
            document.entries.filter { $0.key == "posts %lld %lld" && $0.locale == "ja" } == [
                entry(
                    "ja", "posts %lld %lld", variant: "n.other/m.other", "%d 件 / %3$@ 人 (%2$@) / 100%% %arg", 57, 23,
                    "translated")
            ])
    }

    @Test("a form that references another substitution is expanded too")
    func nestedSubstitution() throws {
        let document = try parse(XCStringsFixtures.substitutions)
        #expect(
            document.entries.filter { $0.key == "nested" } == [
                entry(
                    "en", "nested", variant: "files.one/folders.one", "%1$lld file in %2$lld folder", 95, 23,
                    "translated"),
                entry(
                    "en", "nested", variant: "files.one/folders.other", "%1$lld file in %2$lld folders", 95, 23,
                    "translated"),
                entry(
                    "en", "nested", variant: "files.other/folders.one", "%1$lld files in %2$lld folder", 95, 23,
                    "translated"),
                entry(
                    "en", "nested", variant: "files.other/folders.other", "%1$lld files in %2$lld folders", 95, 23,
                    "translated"),
            ])
    }

    @Test("a substitution used twice takes one form; a form without value, under a device variation")
    func repeatedAndDeviceSubstitutions() throws {
        let document = try parse(XCStringsFixtures.substitutions)
        #expect(
            document.entries.filter { $0.key == "twice" } == [
                entry("en", "twice", variant: "n.one", "%lld of %lld", 187, 23, "translated"),
                entry("en", "twice", variant: "n.other", "%lld! of %lld!", 187, 23, "translated"),
                entry("fr", "twice", variant: "device.mac/n.one", "%1$lld fois sur Mac", 242, 29, "translated"),
            ])
    }

    @Test("cycles, undefined substitutions, a missing formatSpecifier and valueless forms are skipped")
    func substitutionProblems() throws {
        let document = try parse(XCStringsFixtures.substitutions)
        #expect(
            document.skipped == [
                skipped("de", "nested", 143, 23, .malformed("substitution 'a' refers to itself (a → b → a)")),
                skipped(
                    "fr", "nested", 177, 23,
                    .malformed("the value refers to %#@missing@ but the localization has no substitution 'missing'")),
                skipped("en", "twice", variant: "n.few", 201, 36, .noValue("the stringUnit has no value")),
                skipped(
                    "de", "twice", 219, 23,
                    .malformed("a form of substitution 'n' uses %arg, but the substitution has no formatSpecifier")),
            ])
        #expect(document.entries.count == 4 + 1 + 4 + 3)
    }

    @Test("keys without a source localization, {}, the empty key; shouldTranslate false; broken keys")
    func sourceTextAndTranslatability() throws {
        let document = try parse(XCStringsFixtures.sources)
        #expect(document.sourceLocale == "de")
        #expect(
            document.entries == [
                entry("de", "", "", 4, 5, nil),
                entry("de", "  ⸱  ", "  ⸱  ", 7, 5, nil),
                entry("fr", "  ⸱  ", "  ⸱  ", 12, 23, "translated"),
                entry("de", "Zeile\nzwei \"x\"", "Zeile\nzwei \"x\"", 17, 5, nil),
                entry("en", "Zeile\nzwei \"x\"", "Line\ntwo", 22, 23, "translated"),
                entry("de", "Marke", "TextSize™", 33, 23, "translated"),
                entry("de", "Logo", "Logo", 44, 5, nil),
            ])
        #expect(
            document.skipped == [
                skipped("en", "Marke", 36, 16, .notTranslatable),
                skipped("de", "Broken", 48, 16, .malformed("the key's value is a string, expected an object")),
                skipped("de", "Flag", 50, 27, .malformed("shouldTranslate is a string, expected true or false")),
                skipped("de", "List", 53, 25, .malformed("localizations is an array, expected an object")),
                skipped(
                    "de", "Bad unit", 61, 23,
                    .malformed("the stringUnit's state is the number 3, expected a string")),
                skipped(
                    "en", "Bad unit", 68, 23,
                    .malformed("the stringUnit's value is the number 5, expected a string")),
                skipped("fr", "Bad unit", 71, 16, .malformed("the localization is a string, expected an object")),
            ])
    }

    @Test("the locale argument is ignored: the catalog names its own languages")
    func localeArgumentIgnored() throws {
        let bytes = Array(XCStringsFixtures.states.utf8)
        let asGerman = try XCStringsParser.parse(bytes, file: Self.file, locale: "de")
        let asNothing = try XCStringsParser.parse(bytes, file: Self.file, locale: "")
        #expect(asGerman.entries == asNothing.entries)
        #expect(asGerman.sourceLocale == "en")
    }

    @Test("combined state: the first part that is not translated, a missing state counting as not translated")
    func combinedState() {
        #expect(XCStringsCollector.combinedState("translated", ["translated", "translated"]) == "translated")
        #expect(
            XCStringsCollector.combinedState("translated", ["translated", "needs_review", "new"]) == "needs_review")
        #expect(XCStringsCollector.combinedState("new", ["needs_review"]) == "new")
        #expect(XCStringsCollector.combinedState("translated", [nil]) == nil)
        #expect(XCStringsCollector.combinedState(nil, ["translated"]) == nil)
    }

    /// A file that is not a usable catalog, and the error it must throw.
    struct Unusable: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let line: Int
        let column: Int
        let message: String
        var testDescription: String { name }
    }

    static let unusable: [Unusable] = [
        Unusable(
            name: "top level is an array", text: "[]", line: 1, column: 1,
            message: "expected a String Catalog object, found an array"),
        Unusable(
            name: "no sourceLanguage", text: "{\n  \"strings\" : {}\n}", line: 1, column: 1,
            message: "expected a \"sourceLanguage\" member in the catalog, found none"),
        Unusable(
            name: "sourceLanguage is a number", text: #"{"sourceLanguage" : 1, "strings" : {}}"#, line: 1,
            column: 21, message: "expected the source language as a non-empty string, found the number 1"),
        Unusable(
            name: "sourceLanguage is empty", text: #"{"sourceLanguage" : "", "strings" : {}}"#, line: 1,
            column: 21, message: #"expected the source language as a non-empty string, found """#),
        Unusable(
            name: "no strings", text: #"{"sourceLanguage" : "en"}"#, line: 1, column: 1,
            message: "expected a \"strings\" member in the catalog, found none"),
        Unusable(
            name: "strings is an array", text: "{\"sourceLanguage\" : \"en\",\n  \"strings\" : []}", line: 2,
            column: 15, message: "expected \"strings\" to be an object, found an array"),
        Unusable(
            name: "invalid JSON inside", text: "{\"sourceLanguage\" : \"en\",\n  \"strings\" : {\"a\" : {},}}",
            line: 2, column: 24,
            message: "trailing comma before '}': JSON does not allow a comma after the last member"),
    ]

    @Test("a file that is not JSON or not a catalog throws with the file, line and column", arguments: unusable)
    func throwsForUnusableFiles(_ unusable: Unusable) {
        #expect(
            throws: CatalogError(
                file: Self.file,
                position: SourcePosition(
                    line: unusable.line,
                    column: unusable.column),
                message: unusable.message)
        ) {
            try parse(unusable.text)
        }
    }

    @Test("an empty catalog has no entries")
    func emptyCatalog() throws {
        let document = try parse(#"{"sourceLanguage" : "en", "strings" : {}, "version" : "1.0"}"#)
        #expect(document.entries.isEmpty)
        #expect(document.skipped.isEmpty)
        #expect(document.sourceLocale == "en")
    }
}

/// Limits that keep a hostile catalog from exhausting the stack or memory; their catalogs are generated, as no
/// hand-written fixture is that large.
@Suite struct XCStringsLimitTests {
    /// A catalog whose one `en` value is `value`, with the given substitutions (name → forms as JSON).
    private func catalog(value: String, substitutions: [(String, String)]) -> [UInt8] {
        let defined = substitutions.map { name, forms in
            "\"\(name)\": {\"formatSpecifier\": \"lld\", \"variations\": {\"plural\": {\(forms)}}}"
        }
        return Array(
            ("{\"sourceLanguage\": \"en\", \"strings\": {\"k\": {\"localizations\": {\"en\": {"
                + "\"stringUnit\": {\"state\": \"translated\", \"value\": \"\(value)\"}, "
                + "\"substitutions\": {\(defined.joined(separator: ", "))}}}}}}").utf8)
    }

    private func form(_ category: String, _ text: String) -> String {
        "\"\(category)\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"\(text)\"}}"
    }

    @Test("a chain of 100 substitutions is skipped, not recursed into")
    func deepChain() throws {
        let chain = (0..<100).map { index in
            ("s\(index)", form("other", index == 99 ? "%arg" : "%#@s\(index + 1)@"))
        }
        let document = try XCStringsParser.parse(
            catalog(value: "%#@s0@", substitutions: chain), file: "deep",
            locale: "")
        #expect(document.entries.isEmpty)
        #expect(document.skipped.map(\.reason) == [.malformed("the value uses more than 64 substitutions")])
    }

    @Test("a value with 100 substitutions is skipped")
    func manySubstitutions() throws {
        let many = (0..<100).map { ("s\($0)", form("other", "%arg")) }
        let value = (0..<100).map { "%#@s\($0)@" }.joined(separator: " ")
        let document = try XCStringsParser.parse(catalog(value: value, substitutions: many), file: "many", locale: "")
        #expect(document.entries.isEmpty)
        #expect(document.skipped.map(\.reason) == [.malformed("the value uses more than 64 substitutions")])
    }

    @Test("13 substitutions of two forms each (8,192 combinations) are skipped; 12 (4,096) are expanded")
    func combinationLimit() throws {
        let twoForms = form("one", "%arg") + ", " + form("other", "%arg")
        let thirteen = (0..<13).map { ("s\($0)", twoForms) }
        let tooMany = try XCStringsParser.parse(
            catalog(value: (0..<13).map { "%#@s\($0)@" }.joined(), substitutions: thirteen), file: "x", locale: "")
        #expect(tooMany.entries.isEmpty)
        #expect(tooMany.skipped.map(\.reason) == [.malformed("the substitutions give more than 4096 combinations")])
        let twelve = try XCStringsParser.parse(
            catalog(value: (0..<12).map { "%#@s\($0)@" }.joined(), substitutions: Array(thirteen.prefix(12))),
            file: "x", locale: "")
        #expect(twelve.entries.count == 4096)
        #expect(twelve.entries.first?.variant == (0..<12).map { "s\($0).one" }.joined(separator: "/"))
        #expect(twelve.entries.first?.text == String(repeating: "%lld", count: 12))
    }
}

@Suite struct XCStringsDuplicateTests {
    @Test func aKeyWrittenTwiceKeepsTheLaterAndReportsTheEarlier() throws {
        let json = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "k": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "first"}}}},
              "k": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "second"}}}}
            }}
            """
        let document = try XCStringsParser.parse(Array(json.utf8), file: "c.xcstrings", locale: "")
        #expect(document.entries.map(\.text) == ["second"])
        #expect(document.skipped.map(\.position) == [SourcePosition(line: 2, column: 3)])
        #expect(document.skipped.first?.reason == .malformed("duplicate key in \"strings\", overridden by a later one"))
    }
}
