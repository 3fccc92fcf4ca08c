import Foundation
import Testing

@testable import Catalogs

/// Discovery of ARB folders: locales from the names, one group per folder, the source locale's file as every file's
/// template, and the template's metadata filling a translation that has none.
@Suite struct ARBTemplateTests {
    /// A fresh folder with `files` (name → content) in `l10n/`.
    func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("arb-\(UUID().uuidString)")
        let l10n = root.appendingPathComponent("l10n")
        try FileManager.default.createDirectory(at: l10n, withIntermediateDirectories: true)
        for (name, content) in files {
            try Data(content.utf8).write(to: l10n.appendingPathComponent(name))
        }
        return root
    }

    @Test func discoveryFindsARBFilesWithLocalesGroupAndTemplate() throws {
        let root = try folder(["app_en.arb": "{}", "app_de.arb": "{}", "app_pt_BR.arb": "{}", "notes.txt": ""])
        defer { try? FileManager.default.removeItem(at: root) }
        let found = CatalogDiscovery.find([root.path], defaultLocale: "en", sourceLocale: "en")
        let l10n = root.path + "/l10n/"
        #expect(found.errors.isEmpty)
        #expect(found.sources.map(\.path) == [l10n + "app_de.arb", l10n + "app_en.arb", l10n + "app_pt_BR.arb"])
        #expect(found.sources.map(\.locale) == ["de", "en", "pt-BR"])
        #expect(Set(found.sources.map(\.format)) == [.arb])
        #expect(Set(found.sources.map(\.group)) == [l10n + "*.arb"])
        #expect(Set(found.sources.map(\.template)) == [l10n + "app_en.arb"])
        // Another source locale, another template.
        let german = CatalogDiscovery.find([root.path], defaultLocale: "en", sourceLocale: "de")
        #expect(Set(german.sources.map(\.template)) == [l10n + "app_de.arb"])
    }

    @Test func templateFallsBackToTheSameLanguageThenToAFileWithoutALocale() {
        func sources(_ names: [String]) -> [CatalogSource] {
            names.map { CatalogDiscovery.classify("l10n/" + $0, defaultLocale: "en", sourceLocale: "en")! }
        }
        let regional = ARBTemplate.assigningTemplates(
            to: sources(["intl_de.arb", "intl_en_US.arb", "intl_en_GB_oxendict.arb"]), sourceLocale: "en")
        #expect(Set(regional.map(\.template)) == ["l10n/intl_en_US.arb"])
        let unnamed = ARBTemplate.assigningTemplates(
            to: sources(["intl_de.arb", "intl_messages.arb"]),
            sourceLocale: "en")
        #expect(Set(unnamed.map(\.template)) == ["l10n/intl_messages.arb"])
        let none = ARBTemplate.assigningTemplates(to: sources(["intl_de.arb", "intl_fr.arb"]), sourceLocale: "en")
        #expect(none.allSatisfy { $0.template == nil })
    }

    @Test func aTranslationTakesItsPlaceholdersFromTheTemplate() throws {
        let template = #"""
            {
              "@@locale": "en",
              "welcome": "Welcome, {name}",
              "@welcome": {"description": "Home screen", "placeholders": {"name": {"type": "String", "example": "Alexandra"}}},
              "items": "{count, plural, =1{1 item} other{{count} items}}",
              "@items": {"placeholders": {"count": {"type": "double"}}},
              "saved": "Saved {date}",
              "@saved": {"placeholders": {"date": {"type": "DateTime", "format": "yMMMMEEEEd"}}}
            }
            """#
        let translation = #"""
            {
              "welcome": "Willkommen, {name}",
              "@welcome": {},
              "items": "{count, plural, =1{1 Element} other{{count} Elemente}}",
              "saved": "Gespeichert am {date}"
            }
            """#
        let root = try folder(["app_en.arb": template, "app_de.arb": translation])
        defer { try? FileManager.default.removeItem(at: root) }
        let found = CatalogDiscovery.find([root.path], defaultLocale: "en", sourceLocale: "en")
        let german = try #require(found.sources.first { $0.locale == "de" })
        let document = try CatalogParsing.parse(german)
        #expect(
            document.entries.map { [$0.locale, $0.key, $0.variant, $0.text] } == [
                ["de", "welcome", "", "Willkommen, Alexandra"],
                ["de", "items", "count.=1", "1 Element"],
                ["de", "items", "count.other", "%f Elemente"],
                ["de", "saved", "", "Gespeichert am Wednesday, September 30, 2026"],
            ])
        // The template itself, with its own metadata.
        let english = try #require(found.sources.first { $0.locale == "en" })
        #expect(try CatalogParsing.parse(english).entries.first?.text == "Welcome, Alexandra")
        // Named alone, the translation has no template: the String sample stands in.
        let alone = CatalogDiscovery.find([german.path], defaultLocale: "en", sourceLocale: "en")
        #expect(try CatalogParsing.parse(try #require(alone.sources.first)).entries.first?.text == "Willkommen, %@")
    }
}
