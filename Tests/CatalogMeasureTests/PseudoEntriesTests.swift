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
}
