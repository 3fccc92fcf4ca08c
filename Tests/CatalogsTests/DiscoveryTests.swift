import Foundation
import Testing

@testable import Catalogs

@Suite struct LocaleFolderTests {
    @Test(arguments: [
        ("de.lproj", "de"), ("zh-Hans.lproj", "zh-Hans"), ("zh-Hant-TW.lproj", "zh-Hant-TW"), ("pt_BR.lproj", "pt-BR"),
        ("en-US.lproj", "en-US"),
    ])
    func lprojFoldersNameTheirLocale(folder: String, locale: String) {
        #expect(LocaleFolder.lproj(folder) == .some(locale))
    }

    /// Older projects named their folders after the language in English, and Apple's bundles still find them: the
    /// codes are ISO 639-1's for those names (Norwegian is Bokmål, as Apple reads it). `Chinese` names no script, so
    /// it stays as written; a code that is also a name in another case is left alone.
    @Test(arguments: [
        ("English.lproj", "en"), ("Japanese.lproj", "ja"), ("German.lproj", "de"), ("French.lproj", "fr"),
        ("Norwegian.lproj", "nb"), ("Traditional Chinese.lproj", "zh-Hant"), ("Chinese.lproj", "Chinese"),
        ("english.lproj", "english"),
    ])
    func legacyLanguageNamesAreTheirCodes(folder: String, locale: String) {
        #expect(LocaleFolder.lproj(folder) == .some(locale))
    }

    @Test func baseLprojIsTheSourceLanguageAndOtherFoldersAreNone() {
        #expect(LocaleFolder.lproj("Base.lproj") == .some(nil))
        #expect(LocaleFolder.lproj("Resources") == nil)
    }

    @Test(arguments: [
        ("values", "en"), ("values-de", "de"), ("values-zh-rCN", "zh-CN"), ("values-zh-rTW", "zh-TW"),
        ("values-pt-rBR", "pt-BR"), ("values-iw", "iw"), ("values-b+sr+Latn", "sr-Latn"),
        ("values-mcc310-en-rUS", "en-US"), ("values-land", "en"), ("values-de-land", "de"), ("values-v21", "en"),
        ("values-kn-rIN", "kn-IN"), ("values-night", "en"), ("values-car", "en"), ("values-de-car", "de"),
    ])
    func androidValuesFoldersFollowTheQualifierRules(folder: String, locale: String) {
        #expect(LocaleFolder.androidValues(folder, defaultLocale: "en") == locale)
    }

    @Test func theDefaultLocaleIsConfigurable() {
        #expect(LocaleFolder.androidValues("values", defaultLocale: "fr") == "fr")
        #expect(LocaleFolder.androidValues("drawable-de", defaultLocale: "en") == nil)
    }
}

@Suite struct CatalogDiscoveryTests {
    /// Some SDK bundles ship one table per language named by it (Intercom's `IntercomTranslations.bundle/ar.strings`,
    /// `ja.strings`…), outside any `.lproj`: such a file is its language's, grouped with its neighbours, where it was
    /// measured and reported as the default locale; so is one in a folder named by its language. A name that is no
    /// language stays without one.
    @Test(arguments: [
        ("SDK/Translations.bundle/ar.strings", "ar", "SDK/Translations.bundle/*.strings"),
        ("SDK/Translations.bundle/pt_BR.strings", "pt-BR", "SDK/Translations.bundle/*.strings"),
        ("SDK/Translations.bundle/zh-Hans.stringsdict", "zh-Hans", "SDK/Translations.bundle/*.stringsdict"),
        ("SDK/Translations.bundle/fil.strings", "fil", "SDK/Translations.bundle/*.strings"),
        // In a folder named by its language (fastlane frameit's screenshots, owncloud's `doc/images/ar/`).
        ("fastlane/screenshots/de-DE/title.strings", "de-DE", "fastlane/screenshots/*/title.strings"),
        ("doc/images/zh_TW/keyword.strings", "zh-TW", "doc/images/*/keyword.strings"),
        ("ar/Localizable.strings", "ar", "*/Localizable.strings"),
        ("Resources/default/title.strings", "", "Resources/default/title.strings"),
        ("App/Localizable.strings", "", "App/Localizable.strings"),
        ("App/app.strings", "", "App/app.strings"),
        ("App/en-.strings", "", "App/en-.strings"),
    ])
    func stringsFilesOutsideLprojAreNamedByTheirLanguage(path: String, locale: String, group: String) {
        let source = CatalogDiscovery.classify(path, defaultLocale: "en", sourceLocale: "en")
        #expect(source?.locale == locale)
        #expect(source?.group == group)
    }

    @Test func filesAreClassifiedByExtensionAndFolder() {
        let strings = CatalogDiscovery.classify(
            "App/de.lproj/Localizable.strings", defaultLocale: "en",
            sourceLocale: "en")
        #expect(
            strings
                == CatalogSource(
                    path: "App/de.lproj/Localizable.strings", format: .strings, locale: "de",
                    group: "App/*.lproj/Localizable.strings"))
        let android = CatalogDiscovery.classify(
            "res/values-zh-rCN/strings.xml", defaultLocale: "en",
            sourceLocale: "en")
        #expect(
            android
                == CatalogSource(
                    path: "res/values-zh-rCN/strings.xml", format: .androidXML, locale: "zh-CN",
                    group: "res/values*/strings.xml"))
        #expect(
            CatalogDiscovery.classify("A/Base.lproj/Main.strings", defaultLocale: "en", sourceLocale: "fr")?.locale
                == "fr")
        #expect(
            CatalogDiscovery.classify("Cat.xcstrings", defaultLocale: "en", sourceLocale: "en")?.format
                == .xcstrings)
        #expect(CatalogDiscovery.classify("de.xlf", defaultLocale: "en", sourceLocale: "en")?.format == .xliff)
        #expect(CatalogDiscovery.classify("layout/main.xml", defaultLocale: "en", sourceLocale: "en") == nil)
        #expect(
            CatalogDiscovery.classify(
                "layout/main.xml", explicit: true, defaultLocale: "en",
                sourceLocale: "en")?.format == .androidXML)
        #expect(CatalogDiscovery.classify("README.md", defaultLocale: "en", sourceLocale: "en") == nil)
    }

    @Test func foldersAreWalkedInPathOrderPassingOverBuildOutput() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("discovery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for path in [
            "b/de.lproj/L.strings", "a/en.lproj/L.strings", ".build/x/en.lproj/L.strings",
            "res/values/strings.xml", "res/layout/main.xml", "Pods/P/en.lproj/P.strings", "notes.txt",
        ] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try Data("\"a\" = \"b\";".utf8).write(to: url)
        }
        let found = CatalogDiscovery.find(
            [root.path, root.path + "/missing"], defaultLocale: "en",
            sourceLocale: "en")
        #expect(
            found.sources.map { String($0.path.dropFirst(root.path.count + 1)) }
                == ["a/en.lproj/L.strings", "b/de.lproj/L.strings", "res/values/strings.xml"])
        #expect(found.errors.map(\.message) == ["no such file or directory"])
        // Hidden folders are not listed; build output and package caches are, by path.
        #expect(found.passedOverFolders == [root.path + "/Pods"])
    }

    @Test func symbolicLinksBackUpTheTreeAreFollowedOnce() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("loop-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("App/en.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("\"a\" = \"b\";".utf8).write(to: folder.appendingPathComponent("L.strings"))
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("App/self").path,
            withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("up").path,
            withDestinationPath: "..")
        let found = CatalogDiscovery.find([root.path], defaultLocale: "en", sourceLocale: "en")
        #expect(found.sources.count == 1)
    }

    @Test func anExplicitFileOfUnknownKindIsAnError() {
        let found = CatalogDiscovery.find(["/etc/hostname"], defaultLocale: "en", sourceLocale: "en")
        #expect(found.sources.isEmpty)
        #expect(found.errors.count == 1)
    }
}

@Suite struct DuplicateEntryTests {
    @Test func aRepeatedAndroidNameKeepsTheLaterAndReportsTheEarlier() throws {
        let xml = """
            <resources>
              <string name="a">first</string>
              <string name="b">other</string>
              <string name="a">second</string>
            </resources>
            """
        let source = CatalogSource(
            path: "res/values/strings.xml", format: .androidXML, locale: "en",
            group: "res/values*/strings.xml")
        let document = try CatalogParsing.parse(Array(xml.utf8), source: source)
        #expect(document.entries.map(\.text) == ["other", "second"])
        #expect(document.skipped.map(\.reason) == [.malformed("duplicate key, overridden at line 4")])
        #expect(document.skipped.first?.position.line == 2)
    }
}
