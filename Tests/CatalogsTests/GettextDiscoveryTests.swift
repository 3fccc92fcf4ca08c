import Foundation
import Testing

@testable import Catalogs

/// Where gettext catalogs are found and what their paths say: locales from `LC_MESSAGES` folders and file names,
/// POSIX locale names as BCP 47 tags, templates as the source language.
@Suite struct GettextDiscoveryTests {
    @Test(
        "gettext locale names become BCP 47 tags",
        arguments: [
            ("de", "de"), ("pt_BR", "pt-BR"), ("es_419", "es-419"), ("de_DE.UTF-8", "de-DE"), ("zh_CN", "zh-CN"),
            ("zh_Hans", "zh-Hans"), ("zh-Hant-TW", "zh-Hant-TW"), ("sr@latin", "sr-Latn"),
            ("sr_RS@latin", "sr-Latn-RS"),
            ("uz@cyrillic", "uz-Cyrl"), ("ca@valencia", "ca-valencia"), ("en@quot", "en-x-quot"),
            ("en@boldquot", "en-x-boldquot"), ("ast", "ast"),
        ])
    func localeNames(_ name: String, _ tag: String) {
        #expect(LocaleFolder.gettextLocale(name) == tag)
    }

    @Test("names that are not locales", arguments: ["C", "POSIX", "German", "de_", "app-v2", "", "de@", "x@latin"])
    func notLocales(_ name: String) {
        #expect(LocaleFolder.gettextLocale(name) == nil)
    }

    @Test(
        "a catalog's path gives its locale and group: the LC_MESSAGES folder, else a file name shaped like a locale",
        arguments: [
            ("share/locale/de/LC_MESSAGES/app.po", "de", "share/locale/*/LC_MESSAGES/app.po"),
            ("share/locale/pt_BR/LC_MESSAGES/app.mo", "pt-BR", "share/locale/*/LC_MESSAGES/app.mo"),
            ("po/de.po", "de", "po/*.po"),
            ("po/pt_BR.po", "pt-BR", "po/*.po"),
            ("po/sr@latin.po", "sr-Latn", "po/*.po"),
            ("po/ast.po", "ast", "po/*.po"),
            ("i18n/de.mo", "de", "i18n/*.mo"),
            ("i18n/ast_ES.po", "ast-ES", "i18n/*.po"),
            // A bare three-letter name outside po/ is taken for a text domain: the header decides.
            ("i18n/app.po", "", "i18n/app.po"),
            ("translations/messages.po", "", "translations/messages.po"),
            ("C/LC_MESSAGES/app.mo", "", "C/LC_MESSAGES/app.mo"),
        ])
    func paths(_ path: String, _ locale: String, _ group: String) throws {
        let source = try #require(CatalogDiscovery.classify(path, defaultLocale: "en", sourceLocale: "en"))
        #expect(source == CatalogSource(path: path, format: .gettext, locale: locale, group: group))
    }

    @Test("a .pot template is the source language, in the group of the .po files beside it")
    func template() throws {
        let source = try #require(CatalogDiscovery.classify("po/app.pot", defaultLocale: "en", sourceLocale: "fr"))
        #expect(source == CatalogSource(path: "po/app.pot", format: .gettext, locale: "fr", group: "po/*.po"))
    }

    @Test("a folder walk finds .po, .pot and .mo files and nothing else gettext writes")
    func folderWalk() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gettext-walk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for file in ["po/de.po", "po/app.pot", "po/de.gmo", "po/LINGUAS", "locale/fr/LC_MESSAGES/app.mo"] {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
        let found = CatalogDiscovery.find([root.path], defaultLocale: "en", sourceLocale: "en")
        #expect(found.errors.isEmpty)
        #expect(
            found.sources.map { "\($0.path.dropFirst(root.path.count + 1)) \($0.format) \($0.locale)" } == [
                "locale/fr/LC_MESSAGES/app.mo gettext fr", "po/app.pot gettext en", "po/de.po gettext de",
            ])
    }
}
