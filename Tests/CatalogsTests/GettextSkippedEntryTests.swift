import Foundation
import Testing

@testable import Catalogs

/// Fuzzy, untranslated and obsolete messages: what is measured, what is skipped and counted, as `msgfmt --statistics`
/// counts them.
@Suite struct GettextSkippedEntryTests {
    static let sample = """
        msgid ""
        msgstr ""
        "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

        msgid "Open"
        msgstr "Öffnen"

        #, fuzzy, c-format
        msgid "Save %s"
        msgstr "Sichern %s"

        msgid "Quit"
        msgstr ""

        msgid "%d file"
        msgid_plural "%d files"
        msgstr[0] "%d Datei"
        msgstr[1] "%d Dateien"

        # Only the first form is empty: untranslated, as gettext tests msgstr[0].
        msgid "%d dir"
        msgid_plural "%d dirs"
        msgstr[0] ""
        msgstr[1] "%d Ordner"

        msgctxt "verb"
        msgid "Close"
        msgstr "Schließen"

        #~ msgid "Old"
        #~ msgstr "Alt"

        #, fuzzy
        #~ msgctxt "x"
        #~ msgid "Older"
        #~ msgid_plural "Olders"
        #~ msgstr[0] "Älter"
        #~ msgstr[1] "Älterer"
        """

    @Test("fuzzy messages are measured with state fuzzy; the rest are translated")
    func fuzzy() throws {
        let document = try GettextParser.parse(Array(Self.sample.utf8), file: "de.po", locale: "de")
        #expect(
            document.entries.map { "\($0.key)|\($0.variant)|\($0.state ?? "-")" } == [
                "Open||translated", "Save %s||fuzzy", "%d file|plural.0|translated", "%d file|plural.1|translated",
                "verb\u{4}Close||translated",
            ])
    }

    @Test("a fuzzy flag before a msgctxt is that message's (the manual's order: flags, previous msgid, msgctxt)")
    func fuzzyWithContext() throws {
        let text = """
            #, fuzzy
            msgctxt "verb"
            msgid "Open"
            msgstr "Öffnen"

            # translator comment
            #, fuzzy, c-format
            #| msgctxt "old"
            #| msgid "Close %s"
            msgctxt "menu"
            msgid "Close %s"
            msgstr "Schließen %s"

            msgctxt "noun"
            msgid "Open"
            msgstr "Offen"

            """
        let document = try GettextParser.parse(Array(text.utf8), file: "de.po", locale: "de")
        // msgfmt --statistics on this text: "1 translated message, 2 fuzzy translations."
        #expect(
            document.entries.map { "\($0.key)|\($0.state ?? "-")" } == [
                "verb\u{4}Open|fuzzy", "menu\u{4}Close %s|fuzzy", "noun\u{4}Open|translated",
            ])
        let folder = try GettextRealCatalogTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("de.po").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let stats = try GettextRealCatalogTests.run("msgfmt", ["--statistics", "-o", "/dev/null", path])
        let counts = GettextRealCatalogTests.statistics(stats.errors)
        #expect(counts.translated == 1 && counts.fuzzy == 2)
    }

    @Test("untranslated and obsolete messages are skipped, once each, with their reasons and places")
    func skipped() throws {
        let document = try GettextParser.parse(Array(Self.sample.utf8), file: "de.po", locale: "de")
        let untranslated = SkippedEntry.Reason.noValue("untranslated (empty msgstr)")
        let obsolete = SkippedEntry.Reason.noValue("obsolete (#~): no longer in the program's sources")
        #expect(
            document.skipped.map { "\($0.key)|\($0.reason)|\($0.position)" } == [
                "Quit|\(untranslated)|13:8", "%d dir|\(untranslated)|23:11",
                "Old|\(obsolete)|30:4", "x\u{4}Older|\(obsolete)|34:4",
            ])
        // msgfmt 0.21 on this text: "3 translated messages, 1 fuzzy translation, 2 untranslated messages." (Open,
        // %d file, verb/Close; Save; Quit, %d dir); it does not count obsolete messages.
        let messages = Set(document.entries.filter { $0.state == "translated" }.map(\.key))
        #expect(messages.count == 3)
        #expect(document.skipped.filter { $0.reason == untranslated }.count == 2)
        #expect(document.skipped.filter { $0.reason == obsolete }.count == 2)
    }

    @Test("the header's own fuzzy flag does not matter, and the header is not an entry")
    func fuzzyHeader() throws {
        let text = "#, fuzzy\nmsgid \"\"\nmsgstr \"Language: fr\\n\"\n\nmsgid \"Yes\"\nmsgstr \"Oui\"\n"
        let document = try GettextParser.parse(Array(text.utf8), file: "x.po", locale: "")
        #expect(document.entries.map { "\($0.key) \($0.locale) \($0.state ?? "")" } == ["Yes fr translated"])
        #expect(document.skipped.isEmpty)
    }
}
