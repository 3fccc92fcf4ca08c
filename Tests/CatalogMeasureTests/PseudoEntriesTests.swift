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
                (
                    CatalogEntry(
                        file: "en.xliff", locale: "en", key: "quit", text: "Quit",
                        position: SourcePosition(line: 1, column: 1)),
                    "*.xliff", "en", CatalogFormat.xliff
                ),
            ])
        #expect(made.warnings.isEmpty)
        #expect(made.entries.map(\.entry.key) == ["quit", "save"])
        let save = made.entries[1].entry
        #expect(save.text == "Save %@ Save %@")
        #expect(save.locale == "double")
        #expect(save.sourceText == "Save %@")
        #expect(save.file == "de.xliff")
        #expect(made.entries[0].entry.sourceText == nil)
        #expect(made.entries[0].entry.file == "en.xliff")
    }
}
