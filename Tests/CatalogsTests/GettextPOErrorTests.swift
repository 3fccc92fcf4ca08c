import Testing

@testable import Catalogs

/// Broken `.po` files: each problem skips its own message as malformed, at the line and column of the problem, and the
/// messages around it are still read; only what spoils the whole file throws.
@Suite struct GettextPOErrorTests {
    static let header = "msgid \"\"\nmsgstr \"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n\n"
    /// Two lines of header plus a blank line: a broken message written after `header` starts on line 4.
    static let good = "\n\nmsgid \"good\"\nmsgstr \"gut\"\n"

    @Test(
        "a grammar error skips its message at the problem's place",
        arguments: [
            ("msgid \"abc\nmsgstr \"x\"", 4, 7, "unterminated string: no closing '\"' on its line"),
            ("msgid \"a\"\nmsgstr \"x\\", 5, 10, "unterminated string: a backslash at the end of the line"),
            (
                "msgid \"a\"\nmsgstr \"x\" y", 5, 12,
                "expected a string or the end of the line after a string, found 'y'"
            ),
            (
                "msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"x\"\nmsgstr[2] \"y\"", 7, 1,
                "plural form has wrong index: expected msgstr[1], found msgstr[2]"
            ),
            (
                "msgid \"a\"\nmsgid_plural \"as\"\nmsgstr \"x\"", 6, 1,
                "msgstr in a message with msgid_plural, which needs msgstr[0], msgstr[1]…"
            ),
            (
                "msgid \"a\"\nmsgstr[0] \"x\"", 5, 1,
                "msgstr[0] in a message without msgid_plural (a message without plural forms has one msgstr)"
            ),
            (
                "msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[x] \"y\"", 6, 7,
                "expected msgstr[N] with a number N, found \"msgstr[x\""
            ),
            ("msgid \"a\"\nmsgstr \"x\"\nmsgstr \"y\"", 6, 1, "a second msgstr for the same msgid"),
            ("msgid \"a\"\nmsgstr", 5, 7, "expected a string after the keyword, found the end of the line"),
            ("msgid \"a\"\n  msgstr 'x'", 5, 10, "expected a string after the keyword, found '''"),
            (
                "msgid \"a\"\nmsgstt \"x\"", 5, 1,
                "expected a keyword (msgctxt, msgid, msgid_plural, msgstr, msgstr[N]), a string or a comment, found 'm'"
            ),
            (
                "hello world", 4, 1,
                "expected a keyword (msgctxt, msgid, msgid_plural, msgstr, msgstr[N]), a string or a comment, found 'h'"
            ),
            ("\"stray\"", 4, 1, "a string without a keyword (msgctxt, msgid, msgid_plural or msgstr) before it"),
            ("msgstr \"x\"", 4, 1, "msgstr without a msgid before it"),
            ("msgid \"a\"", 4, 1, "msgid without a msgstr after it"),
            ("msgid \"a\"\nmsgid_plural \"b\"\nmsgid_plural \"c\"", 6, 1, "a second msgid_plural"),
            ("msgid \"a\"\n#~ msgstr \"x\"", 5, 4, "an obsolete (#~) line inside a message that is not obsolete"),
        ])
    func grammarErrors(_ broken: String, _ line: Int, _ column: Int, _ message: String) throws {
        let document = try GettextParser.parse(
            Array((Self.header + broken + Self.good).utf8), file: "x.po",
            locale: "de")
        #expect(document.entries.map(\.key) == ["good"])
        #expect(document.skipped.count == 1)
        #expect(document.skipped.first?.position == SourcePosition(line: line, column: column))
        #expect(document.skipped.first?.reason == .malformed(message))
    }

    @Test("a msgctxt at the end of the file, or before another msgctxt, has no msgid")
    func contextWithoutID() throws {
        let text = "msgctxt \"a\"\nmsgctxt \"b\"\n\nmsgid \"x\"\nmsgstr \"y\"\n\nmsgctxt \"c\"\n"
        let document = try GettextParser.parse(Array(text.utf8), file: "x.po", locale: "de")
        // A blank line between msgctxt and msgid is white space, as in gettext's grammar.
        #expect(document.entries.map(\.key) == ["b\u{4}x"])
        #expect(
            document.skipped.map { "\($0.key) \($0.position) \($0.reason)" } == [
                "a\u{4} 1:1 malformed: msgctxt without a msgid after it",
                "c\u{4} 7:1 malformed: msgctxt without a msgid after it",
            ])
    }

    @Test("msgstr[N] at or past the header's nplurals is out of range; the message is skipped at that form")
    func outOfRange() throws {
        let text = Self.header + "msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"x\"\nmsgstr[1] \"y\"\nmsgstr[2] \"z\"\n"
        let document = try GettextParser.parse(Array(text.utf8), file: "x.po", locale: "de")
        #expect(document.entries.isEmpty)
        #expect(document.skipped.map(\.position) == [SourcePosition(line: 8, column: 11)])
        #expect(
            document.skipped.map(\.reason) == [
                .malformed("msgstr[2] is out of range: the header's Plural-Forms says nplurals=2 (msgstr[0]…msgstr[1])")
            ])
    }

    @Test("after a broken message the next one is read even without a blank line between them")
    func recovery() throws {
        let text = "msgid \"a\nmsgstr \"x\"\nmsgid \"b\"\nmsgstr \"y\"\nmsgctxt \"c\"\nmsgid \"d\"\nmsgstr \"z\"\n"
        let document = try GettextParser.parse(Array(text.utf8), file: "x.po", locale: "de")
        #expect(document.entries.map(\.key) == ["b", "c\u{4}d"])
        #expect(document.skipped.map(\.position) == [SourcePosition(line: 1, column: 7)])
        // A broken msgctxt keeps its msgid and msgstr with it: they are not measured without their context.
        let context = "msgctxt \"c\\q\"\nmsgid \"d\"\nmsgstr \"z\"\n\nmsgid \"e\"\nmsgstr \"f\"\n"
        let contextDocument = try GettextParser.parse(Array(context.utf8), file: "x.po", locale: "de")
        #expect(contextDocument.entries.map(\.key) == ["e"])
        #expect(contextDocument.skipped.count == 1)
    }

    @Test(
        "a broken Plural-Forms is reported at the header, and plural messages keep the forms they have",
        arguments: [
            ("nplurals=0; plural=0;", "the header's Plural-Forms says nplurals=0; a catalog has 1 to 64 plural forms"),
            (
                "nplurals=4294967296; plural=0;",
                "the header's Plural-Forms says nplurals=4294967296; a catalog has 1 to 64 plural forms"
            ),
            ("nplurals=two;", "the header's Plural-Forms has no number after nplurals= (\"nplurals=two;\")"),
            // As in Debian's ja/LC_MESSAGES/bfd.mo.
            ("nulurals=1; plural=0;", "the header's Plural-Forms has no nplurals= (\"nulurals=1; plural=0;\")"),
        ])
    func brokenPluralForms(_ pluralForms: String, _ message: String) throws {
        let text =
            "msgid \"\"\nmsgstr \"Plural-Forms: \(pluralForms)\\n\"\n\n"
            + "msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"x\"\nmsgstr[1] \"y\"\nmsgstr[2] \"z\"\n"
        let document = try GettextParser.parse(Array(text.utf8), file: "x.po", locale: "de")
        #expect(document.entries.map(\.text) == ["x", "y", "z"])
        #expect(document.skipped.map { "\($0.key)|\($0.position)" } == ["|2:8"])
        #expect(document.skipped.first?.reason == .malformed(message))
    }

    @Test(
        "what spoils the whole file throws, at the header",
        arguments: [
            (
                "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=BIG5\\n\"\n", 2,
                "the header's charset BIG5 can hide '\\' and '\"' inside its characters, so a .po file in it cannot be "
                    + "read byte by byte; convert it with msgconv -t UTF-8"
            ),
            (
                "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=NO-SUCH-CHARSET\\n\"\n", 2,
                "the header's charset NO-SUCH-CHARSET is not one this system can convert to UTF-8 (iconv does not know it)"
            ),
        ])
    func fileErrors(_ text: String, _ line: Int, _ message: String) {
        let error = thrownCatalogError { _ = try GettextParser.parse(Array(text.utf8), file: "x.po", locale: "de") }
        #expect(error == CatalogError(file: "x.po", position: SourcePosition(line: line, column: 8), message: message))
    }

    @Test("a UTF-16 file throws at its start")
    func utf16() {
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("msgid".utf8).flatMap { [$0, 0] }
        let error = thrownCatalogError { _ = try GettextParser.parse(bytes, file: "x.po", locale: "de") }
        #expect(error?.position == SourcePosition(line: 1, column: 1))
        #expect(error?.message.hasPrefix("a UTF-16 file") == true)
    }

    @Test("a file in which not one message can be read is not a catalog: the file fails at its first error")
    func nothingReadable() throws {
        // Bottles' po/zh_CN.po is a git symlink; checked out as a file it holds the target's name.
        let error = thrownCatalogError {
            _ = try GettextParser.parse(Array("zh_Hans.po".utf8), file: "x.po", locale: "de")
        }
        #expect(
            error
                == CatalogError(
                    file: "x.po", position: SourcePosition(line: 1, column: 1),
                    message: "not a gettext catalog, no message could be read: expected a keyword (msgctxt, msgid, "
                        + "msgid_plural, msgstr, msgstr[N]), a string or a comment, found 'z'"))
        // One readable message (here only the header) is enough for the file to be a catalog with a broken entry.
        let document = try GettextParser.parse(Array((Self.header + "zh_Hans.po\n").utf8), file: "x.po", locale: "de")
        #expect(document.skipped.map(\.position) == [SourcePosition(line: 4, column: 1)])
        // An empty file is an empty catalog.
        #expect(try GettextParser.parse([], file: "x.po", locale: "de").entries.isEmpty)
    }

    @Test("a template's unfilled Plural-Forms (nplurals=INTEGER) is not an error")
    func templateHeader() throws {
        let text =
            "msgid \"\"\nmsgstr \"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n\"\n\nmsgid \"a\"\nmsgstr \"\"\n"
        let document = try GettextParser.parse(Array(text.utf8), file: "po/app.pot", locale: "en")
        #expect(document.entries.map(\.text) == ["a"])
    }
}
