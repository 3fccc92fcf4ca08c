import Testing

@testable import Catalogs

/// Rules whose variables blow up when expanded naively: each is refused (or expanded) in time linear in the rule,
/// with a readable reason, and the file's other keys are still read.
///
/// The time limits only guard against a hang (the inputs used to take from seconds to forever); they are not
/// speed checks.
@Suite(.timeLimit(.minutes(1))) struct HostileExpansionTests {
    /// A stringsdict key `chain` whose format is `%#@v1@` and whose variable `vN` has `forms` forms, each
    /// `%#@vN+1@` written `references` times (the last variable's forms are `x`), plus a plain key `fine`.
    static func stringsDictChain(depth: Int, forms: Int = 1, references: Int = 2) -> String {
        let categories = ["one", "other", "few", "many"]
        let variables = (1...depth).map { level in
            let text =
                level < depth
                ? Array(repeating: "%#@v\(level + 1)@", count: references).joined(separator: " ") : "x"
            let formKeys = categories.prefix(forms).map { "<key>\($0)</key><string>\(text)</string>" }.joined()
            return "<key>v\(level)</key><dict>\(formKeys)</dict>"
        }
        return "<key>chain</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@v1@</string>"
            + variables.joined() + "</dict>\n" + stringsDictPluralRule("fine", forms: [("other", "still here")])
    }

    @Test("a 30-deep chain of variables that each reference the next twice is refused before expanding")
    func doublingChain() throws {
        let document = try parseStringsDict(Self.stringsDictChain(depth: 30))
        #expect(document.skipped.map(\.key) == ["chain"])
        #expect(document.skipped.map(\.reason) == [.malformed("the forms expand to more than 1 MB of text")])
        #expect(variantTexts(document) == ["COUNT.other=still here"])
    }

    @Test("the same chain with two forms per variable (2^30 combinations) is refused as quickly")
    func doublingChainWithTwoForms() throws {
        let document = try parseStringsDict(Self.stringsDictChain(depth: 30, forms: 2))
        #expect(document.skipped.map(\.reason) == [.malformed("the forms expand to more than 1 MB of text")])
        #expect(document.entries.map(\.key) == ["fine"])
    }

    @Test("a chain of 13 two-form variables referencing the next once is 8192 combinations: refused by count")
    func combinationsOfAChain() throws {
        let document = try parseStringsDict(Self.stringsDictChain(depth: 13, forms: 2, references: 1))
        #expect(document.skipped.map(\.reason) == [.malformed("more than 4096 combinations of forms")])
        let twelve = try parseStringsDict(Self.stringsDictChain(depth: 12, forms: 2, references: 1))
        #expect(twelve.entries.filter { $0.key == "chain" }.count == 4096)
        #expect(twelve.skipped.isEmpty)
    }

    @Test("a short doubling chain still expands, to exactly the text it means")
    func shortDoublingChain() throws {
        let document = try parseStringsDict(Self.stringsDictChain(depth: 10))
        let chain = try #require(document.entries.first { $0.key == "chain" })
        #expect(chain.text == Array(repeating: "x", count: 512).joined(separator: " "))
        #expect(chain.variant == (1...10).map { "v\($0).one" }.joined(separator: "/"))
        #expect(document.skipped.isEmpty)
    }

    @Test("a variable referenced from the format and from a form counts once: 4096 combinations, not 2^24")
    func sharedVariablesAreCountedOnce() throws {
        let names = (1...12).map { "v\($0)" }
        let references = names.map { "%#@\($0)@" }.joined()
        let twoForms = names.map {
            "<key>\($0)</key><dict><key>one</key><string>1</string><key>other</key><string>n</string></dict>"
        }.joined()
        let body =
            "<key>shared</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@all@ "
            + references + "</string><key>all</key><dict><key>other</key><string>" + references
            + "</string></dict>" + twoForms + "</dict>"
        let document = try parseStringsDict(body)
        #expect(document.skipped.isEmpty)
        #expect(document.entries.count == 4096)
        let ones = String(repeating: "1", count: 12)
        #expect(document.entries.first?.text == ones + " " + ones)
        #expect(document.entries.first?.variant == (["all.other"] + names.map { "\($0).one" }).joined(separator: "/"))
    }

    @Test("a cycle a → b → a names its variables; the other keys go on")
    func cycleNamesItsVariables() throws {
        let document = try parseStringsDict(
            """
            <key>loop</key>
            <dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@a@</string>
            <key>a</key><dict><key>one</key><string>%#@b@</string></dict>
            <key>b</key><dict><key>other</key><string>again %#@a@</string></dict>
            </dict>
            \(stringsDictPluralRule("fine", forms: [("other", "ok")]))
            """)
        #expect(document.skipped.map(\.reason) == [.malformed("variable a references itself (a → b → a)")])
        #expect(variantTexts(document) == ["COUNT.other=ok"])
    }

    @Test("a 100-variable cycle is reported shortened, without recursing 100 deep")
    func longCycle() throws {
        func ring(_ count: Int) -> String {
            (0..<count).map {
                "<key>c\($0)</key><dict><key>other</key><string>%#@c\(($0 + 1) % count)@</string></dict>"
            }.joined()
        }
        let document = try parseStringsDict(
            "<key>ring</key><dict><key>NSStringLocalizedFormatKey</key>"
                + "<string>%#@c0@</string>" + ring(100) + "</dict>")
        // 64 variables nest before the 65th would: the depth limit comes first.
        #expect(document.skipped.map(\.reason) == [.malformed("variables nested more than 64 deep")])
        let short = try parseStringsDict(
            "<key>ring</key><dict><key>NSStringLocalizedFormatKey</key>"
                + "<string>%#@c0@</string>" + ring(10) + "</dict>")
        #expect(
            short.skipped.map(\.reason) == [
                .malformed("variable c0 references itself (c0 → c1 → c2 → c3 → … → c9 → c0)")
            ])
    }

    // MARK: - String Catalog substitutions

    /// A String Catalog with key `chain` (value `%#@s1@`, substitutions `sN` → `%#@sN+1@ %#@sN+1@`) and key `fine`.
    static func xcstringsChain(depth: Int, formatSpecifier: String = "lld", lastForm: String = "x") -> [UInt8] {
        let substitutions = (1...depth).map { level in
            let text = level < depth ? "%#@s\(level + 1)@ %#@s\(level + 1)@" : lastForm
            return "\"s\(level)\": {\"formatSpecifier\": \"\(formatSpecifier)\", \"variations\": {\"plural\": "
                + "{\"other\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"\(text)\"}}}}}"
        }
        return Array(
            ("{\"sourceLanguage\": \"en\", \"version\": \"1.0\", \"strings\": {"
                + "\"chain\": {\"localizations\": {\"en\": {\"stringUnit\": {\"state\": \"translated\", "
                + "\"value\": \"%#@s1@\"}, \"substitutions\": {" + substitutions.joined(separator: ", ") + "}}}}, "
                + "\"fine\": {\"localizations\": {\"en\": {\"stringUnit\": {\"state\": \"translated\", "
                + "\"value\": \"Fine\"}}}}}}").utf8)
    }

    @Test("a 30-deep doubling chain of substitutions is refused before expanding; the other key is read")
    func substitutionDoublingChain() throws {
        let document = try XCStringsParser.parse(Self.xcstringsChain(depth: 30), file: "x.xcstrings", locale: "")
        #expect(document.skipped.map(\.reason) == [.malformed("the substitutions expand to more than 1 MB of text")])
        #expect(document.entries.map(\.key) == ["fine"])
        #expect(document.entries.map(\.text) == ["Fine"])
    }

    @Test("%arg repeated in a form, with a long formatSpecifier, counts what each %arg becomes")
    func argumentGrowth() throws {
        let specifier = String(repeating: "l", count: 2000) + "d"
        let manyArguments = String(repeating: "%arg", count: 1000)
        let document = try XCStringsParser.parse(
            Self.xcstringsChain(depth: 1, formatSpecifier: specifier, lastForm: manyArguments),
            file: "x.xcstrings", locale: "")
        #expect(document.skipped.map(\.reason) == [.malformed("the substitutions expand to more than 1 MB of text")])
        let few = try XCStringsParser.parse(
            Self.xcstringsChain(depth: 1, formatSpecifier: specifier, lastForm: "%arg %arg"),
            file: "x.xcstrings", locale: "")
        #expect(few.entries.first { $0.key == "chain" }?.text == "%" + specifier + " %" + specifier)
    }

    @Test("a short doubling chain of substitutions expands to the text it means")
    func shortSubstitutionChain() throws {
        let document = try XCStringsParser.parse(Self.xcstringsChain(depth: 8), file: "x.xcstrings", locale: "")
        let chain = try #require(document.entries.first { $0.key == "chain" })
        #expect(chain.text == Array(repeating: "x", count: 128).joined(separator: " "))
        #expect(document.skipped.isEmpty)
    }

    // MARK: - XLIFF

    @Test("20,000 substitution units of one key are grouped in linear time and listed briefly")
    func manySubstitutionUnits() throws {
        let units = (0..<20_000).map {
            "<trans-unit id=\"k|==|substitutions.s\($0).plural.other\"><source>x</source><target>y</target>"
                + "</trans-unit>"
        }
        let xliff =
            "<xliff version=\"1.2\"><file original=\"a\" source-language=\"en\" target-language=\"de\"><body>"
            + units.joined() + "<trans-unit id=\"fine\"><source>a</source><target>b</target></trans-unit>"
            + "</body></file></xliff>"
        let document = try XLIFFParser.parse(Array(xliff.utf8), file: "de.xliff", locale: "")
        #expect(document.entries.map(\.key) == ["fine"])
        #expect(
            document.skipped.map(\.reason) == [
                .malformed(
                    "no NSStringLocalizedFormatKey to say how the variables s0, s1, s2, s3, s4, s5, s6, s7 and 19992 more "
                        + "combine")
            ])
    }
}
