import Testing

@testable import CatalogMeasure
@testable import Catalogs

/// How `--pseudo` makes its entries from a run's entries: from the source locale only, once per locale, never over a
/// locale the catalogs have, and saying so when it makes none.
@Suite("Pseudo entries")
struct PseudoEntriesTests {
    static func entry(
        _ locale: String, _ key: String, _ text: String,
        format: CatalogFormat = .strings
    ) -> CatalogRun.RunEntry {
        (
            CatalogEntry(
                file: "\(locale).lproj/L.strings", locale: locale, key: key, text: text,
                position: SourcePosition(line: 1, column: 1), state: "translated"),
            "*.lproj/L.strings", "en", format
        )
    }

    @Test("made from the source locale's entries, marked, without state")
    func fromSource() {
        let made = CatalogRun.pseudoEntries(
            [.double, .double],
            from: [
                Self.entry("en", "a", "Save"),
                Self.entry("de", "a", "Sichern"),
            ])
        #expect(made.warnings.isEmpty)
        #expect(made.entries.count == 1)
        let entry = made.entries[0].entry
        #expect(entry.locale == "double")
        #expect(entry.text == "Save Save")
        #expect(entry.pseudo == .double)
        #expect(entry.state == nil)
        #expect(made.entries[0].group == "*.lproj/L.strings")
    }

    @Test("Android entries keep their Java placeholders")
    func androidSyntax() {
        let made = CatalogRun.pseudoEntries([.accented], from: [Self.entry("en", "n", "%1$s", format: .androidXML)])
        #expect(made.entries.first?.entry.text == "[»%1$s«]")
    }

    @Test("a locale the catalogs have, or no source entry, generates nothing and warns")
    func warnings() {
        let existing = CatalogRun.pseudoEntries(
            [.accented],
            from: [
                Self.entry("en", "a", "Save"),
                Self.entry("en_XA", "a", "[Šåṽé]"),
            ])
        #expect(existing.entries.isEmpty)
        #expect(existing.warnings.count == 1)
        let noSource = CatalogRun.pseudoEntries([.bidi], from: [Self.entry("de", "a", "Sichern")])
        #expect(noSource.entries.isEmpty)
        #expect(noSource.warnings.first?.contains("no entry in the source locale") == true)
    }

    /// Catalogs that carry the source text beside each translation and have no file of the source locale (a
    /// translator's `de.xliff`, gettext `.mo` files) still get pseudo locales: each key once, from its source text —
    /// not from a translation, and not again for a second locale or for a key that has a source-locale entry.
    @Test("made from XLIFF or gettext source texts where no source-locale entry exists")
    func fromSourceTexts() {
        func translated(_ locale: String, _ key: String, _ text: String, source: String) -> CatalogRun.RunEntry {
            (
                CatalogEntry(
                    file: "\(locale).xliff", locale: locale, key: key, text: text,
                    position: SourcePosition(line: 3, column: 9), state: "translated", sourceText: source),
                "*.xliff", "en", CatalogFormat.xliff
            )
        }
        let made = CatalogRun.pseudoEntries(
            [.double],
            from: [
                translated("de", "save", "Sichern", source: "Save %@"),
                translated("fr", "save", "Enregistrer", source: "Save %@"),
                translated("de", "quit", "Beenden", source: "Quit"),
            ])
        #expect(made.warnings.isEmpty)
        #expect(made.entries.map(\.entry.key) == ["save", "quit"])
        let save = made.entries[0].entry
        #expect(save.text == "Save %@ Save %@")
        #expect(save.locale == "double")
        #expect(save.sourceText == "Save %@")
        #expect(save.file == "de.xliff")
        // A group with a source-locale entry is made from its source entries only: a key left in a translation
        // after it left the source catalog is no source text.
        let withSource = CatalogRun.pseudoEntries(
            [.double],
            from: [
                translated("de", "gone", "Weg", source: "Gone"),
                (
                    CatalogEntry(
                        file: "en.xliff", locale: "en", key: "quit", text: "Quit",
                        position: SourcePosition(line: 1, column: 1)),
                    "*.xliff", "en", CatalogFormat.xliff
                ),
            ])
        #expect(withSource.entries.map(\.entry.key) == ["quit"])
        #expect(withSource.entries[0].entry.sourceText == nil)
    }

    /// A gettext plural gives the source language's two forms, from `msgid` and `msgid_plural`; Polish's third
    /// form is not an English one.
    @Test("a gettext plural gives msgid's and msgid_plural's forms only")
    func gettextPlurals() {
        func form(_ index: Int, source: String) -> CatalogRun.RunEntry {
            var entry = CatalogEntry(
                file: "pl.po", locale: "pl", key: "%d file", text: "plik \(index)",
                position: SourcePosition(line: 9, column: 1), sourceText: source)
            entry.variant = "plural.\(index)"
            return (entry, "*.po", "en", CatalogFormat.gettext)
        }
        let made = CatalogRun.pseudoEntries(
            [.double], from: [form(0, source: "%d file"), form(1, source: "%d files"), form(2, source: "%d files")])
        #expect(made.entries.map(\.entry.variant) == ["plural.0", "plural.1"])
        #expect(made.entries.map(\.entry.text) == ["%d file %d file", "%d files %d files"])
    }
}
