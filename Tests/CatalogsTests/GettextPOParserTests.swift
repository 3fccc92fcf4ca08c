import Testing

@testable import Catalogs

/// `.po` files written by hand: keys, contexts, plural forms, locales and positions, every expected value worked out
/// from the text of the test.
@Suite struct GettextPOParserTests {
    static let german = """
        # German translation.
        msgid ""
        msgstr ""
        "Language: de\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

        #: src/main.c:10
        msgid "Open"
        msgstr "Öffnen"

        msgctxt "menu"
        msgid "Open"
        msgstr "Öffnen…"

        #, c-format
        msgid "%d file"
        msgid_plural "%d files"
        msgstr[0] "%d Datei"
        msgstr[1] "%d Dateien"

        msgid ""
        "A long "
        "text"
        msgstr ""
        "Ein langer "
        "Text"
        """

    static func parse(_ text: String, file: String = "po/de.po", locale: String = "de") throws -> CatalogDocument {
        try GettextParser.parse(Array(text.utf8), file: file, locale: locale)
    }

    @Test("one entry per message, keyed by msgid, a context joined with U+0004, in file order")
    func keysAndTexts() throws {
        let document = try Self.parse(Self.german)
        #expect(document.format == .gettext)
        #expect(document.skipped.isEmpty)
        #expect(document.entries.map(\.key) == ["Open", "menu\u{4}Open", "%d file", "%d file", "A long text"])
        #expect(document.entries.map(\.variant) == ["", "", "plural.0", "plural.1", ""])
        #expect(document.entries.map(\.text) == ["Öffnen", "Öffnen…", "%d Datei", "%d Dateien", "Ein langer Text"])
        #expect(document.entries.allSatisfy { $0.locale == "de" && $0.file == "po/de.po" && $0.state == "translated" })
    }

    @Test("the msgid is the source text; plural forms past the first compare with msgid_plural")
    func sourceTexts() throws {
        let document = try Self.parse(Self.german)
        #expect(document.entries.map(\.sourceText) == ["Open", "Open", "%d file", "%d files", "A long text"])
        // With one form (Japanese), the one form serves every number: it compares with the plural.
        let japanese = try Self.parse(
            """
            msgid ""
            msgstr "Plural-Forms: nplurals=1; plural=0;\\n"

            msgid "%d file"
            msgid_plural "%d files"
            msgstr[0] "%d 個のファイル"
            """, locale: "ja")
        #expect(japanese.entries.map(\.variant) == ["plural.0"])
        #expect(japanese.entries.map(\.sourceText) == ["%d files"])
    }

    @Test("positions are where each msgstr's first string starts")
    func positions() throws {
        let document = try Self.parse(Self.german)
        // `msgstr "Öffnen"` is line 10, its quote at column 8; `msgstr[1] "%d Dateien"` line 20, column 11;
        // the multi-line msgstr starts with `""` on line 25, column 8.
        #expect(
            document.entries.map(\.position) == [
                SourcePosition(line: 10, column: 8), SourcePosition(line: 14, column: 8),
                SourcePosition(line: 19, column: 11), SourcePosition(line: 20, column: 11),
                SourcePosition(line: 25, column: 8),
            ])
    }

    @Test("the header's Language is the locale when the path gives none, as a BCP 47 tag")
    func languageHeader() throws {
        let text = "msgid \"\"\nmsgstr \"Language: pt_BR\\n\"\n\nmsgid \"Yes\"\nmsgstr \"Sim\"\n"
        #expect(try Self.parse(text, file: "app.po", locale: "").entries.map(\.locale) == ["pt-BR"])
        // The path's locale wins over the header's.
        #expect(try Self.parse(text, file: "pt.po", locale: "pt").entries.map(\.locale) == ["pt"])
        // Neither: empty, for the run's default locale.
        #expect(
            try Self.parse("msgid \"Yes\"\nmsgstr \"Ja\"\n", file: "app.po", locale: "").entries.map(\.locale)
                == [""])
    }

    @Test("nplurals=3 gives three variants; a missing or empty form is skipped for its variant only")
    func threeForms() throws {
        let document = try Self.parse(
            """
            msgid ""
            msgstr "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

            msgid "%d day"
            msgid_plural "%d days"
            msgstr[0] "%d день"
            msgstr[1] "%d дня"
            msgstr[2] "%d дней"

            msgid "%d hour"
            msgid_plural "%d hours"
            msgstr[0] "%d час"
            msgstr[1] ""

            msgid "%d week"
            msgid_plural "%d weeks"
            msgstr[0] "%d неделя"
            """, file: "ru.po", locale: "ru")
        #expect(
            document.entries.map { "\($0.key) \($0.variant) \($0.text)" } == [
                "%d day plural.0 %d день", "%d day plural.1 %d дня", "%d day plural.2 %d дней",
                "%d hour plural.0 %d час", "%d week plural.0 %d неделя",
            ])
        #expect(
            document.skipped.map { "\($0.key) \($0.variant) \($0.reason)" } == [
                "%d hour plural.1 no value: empty msgstr[1]",
                "%d hour plural.2 no value: no msgstr[2] (the header's Plural-Forms says nplurals=3)",
                "%d week plural.1 no value: no msgstr[1] (the header's Plural-Forms says nplurals=3)",
                "%d week plural.2 no value: no msgstr[2] (the header's Plural-Forms says nplurals=3)",
            ])
    }

    @Test("without Plural-Forms a plural message keeps the forms it has")
    func noPluralFormsHeader() throws {
        let document = try Self.parse(
            "msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"x\"\nmsgstr[1] \"y\"\nmsgstr[2] \"z\"\n")
        #expect(document.entries.map(\.variant) == ["plural.0", "plural.1", "plural.2"])
    }

    @Test("CRLF and CR line ends, a BOM, leading blanks and several strings on one line")
    func lineEnds() throws {
        let document = try Self.parse("\u{FEFF}msgid \"a\"\r\n  msgstr \"b\" \"c\"\r\n\rmsgid \"d\"\rmsgstr \"e\"\r")
        #expect(document.entries.map(\.text) == ["bc", "e"])
        #expect(
            document.entries.map(\.position) == [
                SourcePosition(line: 2, column: 10),
                SourcePosition(line: 5, column: 8),
            ])
    }

    @Test("a key that comes again replaces the earlier one, which is reported")
    func duplicates() throws {
        let document = try CatalogParsing.parse(
            Array("msgid \"a\"\nmsgstr \"1\"\n\nmsgid \"a\"\nmsgstr \"2\"\n".utf8),
            source: CatalogSource(path: "de.po", format: .gettext, locale: "de", group: "*.po"))
        #expect(document.entries.map(\.text) == ["2"])
        #expect(document.skipped.map(\.reason) == [.malformed("duplicate key, overridden at line 5")])
    }

    @Test("a template's msgids are its entries (singular and plural), without state or source text")
    func template() throws {
        let document = try Self.parse(
            """
            msgid ""
            msgstr ""
            "Content-Type: text/plain; charset=CHARSET\\n"
            "Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"

            msgctxt "button"
            msgid "Print"
            msgstr ""

            msgid "%d page"
            msgid_plural "%d pages"
            msgstr[0] ""
            msgstr[1] ""
            """, file: "po/app.pot", locale: "en")
        #expect(
            document.entries.map { "\($0.key)|\($0.variant)|\($0.text)" } == [
                "button\u{4}Print||Print", "%d page|plural.0|%d page", "%d page|plural.1|%d pages",
            ])
        #expect(document.entries.allSatisfy { $0.state == nil && $0.sourceText == nil && $0.locale == "en" })
        #expect(document.skipped.isEmpty)
    }
}
