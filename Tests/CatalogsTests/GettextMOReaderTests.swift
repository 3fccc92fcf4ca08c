import Testing

@testable import Catalogs

/// Compiled `.mo` files built by `GettextMOFixture`, in both byte orders: the same entries as the `.po` they stand for.
@Suite struct GettextMOReaderTests {
    @Test(
        "both byte orders give the same entries: keys, variants, texts, source texts, message numbers",
        arguments: [false, true])
    func entries(bigEndian: Bool) throws {
        let bytes = GettextMOFixture.build(GettextMOFixture.german, bigEndian: bigEndian)
        let document = try GettextParser.parse(bytes, file: "de/LC_MESSAGES/app.mo", locale: "")
        #expect(document.format == .gettext)
        #expect(document.skipped.isEmpty)
        #expect(
            document.entries.map { "\($0.key)|\($0.variant)|\($0.text)|\($0.sourceText ?? "-")" } == [
                "%d file|plural.0|%d Datei|%d file", "%d file|plural.1|%d Dateien|%d files",
                "Open||Öffnen|Open", "menu\u{4}Open||Öffnen…|Open",
            ])
        // The header is message 1; the locale comes from its Language when the path gives none.
        #expect(document.entries.map(\.position.line) == [2, 2, 3, 4])
        #expect(
            document.entries.allSatisfy { $0.locale == "de" && $0.state == "translated" && $0.position.column == 1 })
    }

    @Test("a .mo and the .po it is compiled from give the same entries")
    func sameAsText() throws {
        let po = """
            msgid ""
            msgstr ""
            "Language: de\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

            msgid "%d file"
            msgid_plural "%d files"
            msgstr[0] "%d Datei"
            msgstr[1] "%d Dateien"

            msgid "Open"
            msgstr "Öffnen"

            msgctxt "menu"
            msgid "Open"
            msgstr "Öffnen…"
            """
        let text = try GettextParser.parse(Array(po.utf8), file: "de.po", locale: "de")
        let binary = try GettextParser.parse(
            GettextMOFixture.build(GettextMOFixture.german), file: "de.mo",
            locale: "de")
        func identity(_ entry: CatalogEntry) -> [String?] {
            [entry.key, entry.variant, entry.text, entry.state, entry.sourceText, entry.locale]
        }
        #expect(text.entries.map(identity) == binary.entries.map(identity))
    }

    @Test("an empty translation, a missing plural form and a Latin-1 charset")
    func variousMessages() throws {
        let bytes = GettextMOFixture.build([
            ("", "Content-Type: text/plain; charset=ISO-8859-1\nPlural-Forms: nplurals=3; plural=0;\n"),
            ("a\0as", "x\0y"),
            ("b", ""),
        ])
        var latin = bytes
        // Put é (0xE9 in Latin-1) in place of the "y": the file's last translation but one is "x\0y".
        let y = try #require(latin.lastIndex(of: UInt8(ascii: "y")))
        latin[y] = 0xE9
        let document = try GettextParser.parse(latin, file: "fr.mo", locale: "fr")
        #expect(document.entries.map { "\($0.variant) \($0.text)" } == ["plural.0 x", "plural.1 é"])
        #expect(
            document.skipped.map { "\($0.key) \($0.variant) \($0.reason)" } == [
                "a plural.2 no value: no msgstr[2] (the header's Plural-Forms says nplurals=3)",
                "b  no value: untranslated (empty msgstr)",
            ])
    }

    @Test("a .mo is read by its magic number whatever its name")
    func byContent() throws {
        let document = try GettextParser.parse(
            GettextMOFixture.build(GettextMOFixture.german), file: "de.po",
            locale: "de")
        #expect(document.entries.count == 4)
    }
}
