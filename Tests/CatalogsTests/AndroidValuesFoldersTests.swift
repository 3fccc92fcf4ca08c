import Foundation
import Testing

@testable import Catalogs

#if canImport(Glibc)
    import Glibc
#endif

/// `@string/` references that leave their file: Android merges every file of a values folder and, on the device,
/// takes each name from the most specific folder that defines it (the locale's, then the language's, then `values`).
/// The expected texts are the ones a device in the folder's locale shows, worked out by hand from the files below.
@Suite struct AndroidValuesFoldersTests {
    /// A fresh `res/` folder holding `files` (path under `res/` → content, each wrapped in `<resources>`).
    func resources(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("android-\(UUID().uuidString)")
        let res = root.appendingPathComponent("res")
        for (path, body) in files {
            let url = res.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n\(body)\n</resources>\n".utf8).write(
                to: url)
        }
        return root
    }

    /// The document of `res/<path>`, read as discovery finds it.
    func parse(_ root: URL, _ path: String) throws -> CatalogDocument {
        let file = root.appendingPathComponent("res/" + path).path
        let source = try #require(CatalogDiscovery.classify(file, defaultLocale: "en", sourceLocale: "en"))
        return try CatalogParsing.parse(source)
    }

    func texts(_ document: CatalogDocument) -> [String] {
        document.entries.map { "\($0.locale) \($0.key)\($0.variant.isEmpty ? "" : "/" + $0.variant)=\($0.text)" }
    }

    func skips(_ document: CatalogDocument) -> [String] {
        document.skipped.map { "\($0.key)\($0.variant.isEmpty ? "" : "/" + $0.variant) \($0.reason)" }
    }

    @Test("fallback folders, in Android's precedence: network codes, then locale (both spellings), then the rest")
    func fallbackFolders() {
        #expect(AndroidValuesFolders.fallbacks(of: "values") == [])
        #expect(AndroidValuesFolders.fallbacks(of: "values-fr") == ["values-b+fr", "values"])
        #expect(
            AndroidValuesFolders.fallbacks(of: "values-fr-rCA")
                == ["values-b+fr+CA", "values-fr", "values-b+fr", "values"])
        // A region that changes the script (zh-TW is Traditional, zh Simplified) does not fall back to the language.
        #expect(AndroidValuesFolders.fallbacks(of: "values-zh-rTW") == ["values-b+zh+TW", "values"])
        #expect(AndroidValuesFolders.fallbacks(of: "values-pa-rPK") == ["values-b+pa+PK", "values"])
        #expect(AndroidValuesFolders.fallbacks(of: "values-b+zh+TW") == ["values-zh-rTW", "values"])
        // BCP 47 folders: `b+es` is `es`; a numeric region has one spelling; a script stays.
        #expect(
            AndroidValuesFolders.fallbacks(of: "values-b+es+419") == ["values-es", "values-b+es", "values"])
        #expect(AndroidValuesFolders.fallbacks(of: "values-b+sr+Latn") == ["values"])
        #expect(AndroidValuesFolders.fallbacks(of: "values-b+zh+Hant+TW") == ["values-b+zh+Hant", "values"])
        // Locale outranks orientation; network codes outrank the locale.
        #expect(
            AndroidValuesFolders.fallbacks(of: "values-fr-rCA-land") == [
                "values-b+fr+CA-land", "values-fr-rCA", "values-b+fr+CA", "values-fr-land", "values-b+fr-land",
                "values-fr", "values-b+fr", "values-land", "values",
            ])
        #expect(
            AndroidValuesFolders.fallbacks(of: "values-mcc310-en-rUS") == [
                "values-mcc310-b+en+US", "values-mcc310-en", "values-mcc310-b+en", "values-mcc310", "values-en-rUS",
                "values-b+en+US", "values-en", "values-b+en", "values",
            ])
        #expect(AndroidValuesFolders.fallbacks(of: "values-land") == ["values"])
        #expect(AndroidValuesFolders.fallbacks(of: "values-car") == ["values"])
        #expect(AndroidValuesFolders.fallbacks(of: "layout") == [])
    }

    @Test("a region's folder written in BCP 47 falls back to the language written the other way")
    func bcp47Spelling() throws {
        let root = try resources([
            "values/strings.xml": "<string name=\"app_name\">App</string><string name=\"ok\">OK</string>",
            "values-es/strings.xml": "<string name=\"ok\">Aceptar</string>",
            "values-b+es+419/strings.xml": "<string name=\"label\">@string/ok</string>",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(texts(try parse(root, "values-b+es+419/strings.xml")) == ["es-419 label=Aceptar"])
    }

    @Test("a reference takes its string from another file of the folder, then from the folders the locale falls to")
    func crossFileReferences() throws {
        let root = try resources([
            "values/strings.xml": """
            <string name="app_name">Podcasts</string>
            <string name="system_default">System default</string>
            <string name="c">C in English</string>
            <string name="b">@string/c</string>
            """,
            "values/donottranslate.xml": """
            <string name="brand" translatable="false">Acme</string>
            """,
            "values/arrays.xml": """
            <string-array name="languages"><item>@string/system_default</item><item>@string/brand</item>\
            <item>Deutsch</item></string-array>
            <string name="share_title">@string/app_name</string>
            """,
            "values-fr/strings.xml": """
            <string name="system_default">Par défaut</string>
            <string name="c">C en français</string>
            <string name="title">@string/app_name</string>
            """,
            "values-fr-rCA/strings.xml": """
            <string name="default_label">@string/system_default</string>
            <string name="by">Par @string/brand</string>
            <string name="brand_label">@string/brand</string>
            <string name="a">@string/b</string>
            <string name="missing">@string/nowhere</string>
            <string name="via">@string/missing</string>
            """,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let arrays = try parse(root, "values/arrays.xml")
        #expect(
            texts(arrays) == [
                "en languages/item.0=System default", "en languages/item.1=Acme", "en languages/item.2=Deutsch",
                "en share_title=Podcasts",
            ])
        #expect(arrays.skipped.isEmpty)
        #expect(
            texts(try parse(root, "values-fr/strings.xml")) == [
                "fr system_default=Par défaut", "fr c=C en français", "fr title=Podcasts",
            ])
        // b is the default folder's reference to c, and c is looked up again from the most specific folder: French.
        let canadian = try parse(root, "values-fr-rCA/strings.xml")
        #expect(
            texts(canadian) == [
                "fr-CA default_label=Par défaut", "fr-CA by=Par @string/brand", "fr-CA brand_label=Acme",
                "fr-CA a=C en français",
            ])
        #expect(
            skips(canadian) == [
                "missing no value: @string/nowhere is defined in no file of values-fr-rCA/, values-fr/, values/",
                "via no value: @string/missing leads to @string/nowhere, which is defined in no file of "
                    + "values-fr-rCA/, values-fr/, values/",
            ])
        // The bytes alone have no folder: the file's own strings only, as before.
        let bytes = try Array(Data(contentsOf: root.appendingPathComponent("res/values/arrays.xml")))
        let alone = try AndroidResourcesParser.parse(bytes, file: "arrays.xml", locale: "en")
        #expect(texts(alone) == ["en languages/item.2=Deutsch"])
        #expect(
            skips(alone) == [
                "languages/item.0 no value: @string/system_default is not a string this file defines",
                "languages/item.1 no value: @string/brand is not a string this file defines",
                "share_title no value: @string/app_name is not a string this file defines",
            ])
    }

    @Test("the file's own definition wins; a cycle through two folders is reported as a cycle")
    func ownFirstAndCycles() throws {
        let root = try resources([
            "values/strings.xml": """
            <string name="name">Default</string>
            <string name="b">@string/a</string>
            """,
            "values-de/strings.xml": """
            <string name="name">Eigen</string>
            <string name="label">@string/name</string>
            <string name="a">@string/b</string>
            """,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let german = try parse(root, "values-de/strings.xml")
        #expect(texts(german) == ["de name=Eigen", "de label=Eigen"])
        #expect(
            skips(german) == [
                "a malformed: @string/b never reaches a text: the references @string/b → @string/a → @string/b form a "
                    + "cycle"
            ])
    }

    @Test("a folder read before is read again when one of its files changes, is added or is removed")
    func editedFolder() throws {
        let root = try resources([
            "values/strings.xml": "<string name=\"app_name\">Podcasts</string>",
            "values-de/strings.xml": "<string name=\"title\">@string/app_name</string>",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(texts(try parse(root, "values-de/strings.xml")) == ["de title=Podcasts"])
        let values = root.appendingPathComponent("res/values")
        try Data("<resources><string name=\"app_name\">Podcast Player</string></resources>".utf8).write(
            to: values.appendingPathComponent("strings.xml"))
        #expect(texts(try parse(root, "values-de/strings.xml")) == ["de title=Podcast Player"])
        try Data("<resources><string name=\"app_name\">Brand</string></resources>".utf8).write(
            to: root.appendingPathComponent("res/values-de/brand.xml"))
        #expect(texts(try parse(root, "values-de/strings.xml")) == ["de title=Brand"])
        try FileManager.default.removeItem(at: root.appendingPathComponent("res/values-de/brand.xml"))
        try FileManager.default.removeItem(at: values.appendingPathComponent("strings.xml"))
        #expect(
            skips(try parse(root, "values-de/strings.xml")) == [
                "title no value: @string/app_name is defined in no file of values-de/, values/"
            ])
    }

    @Test("what is not a regular resources file beside it gives nothing: malformed XML, a FIFO, a link, another root")
    func hostileNeighbours() throws {
        let root = try resources([
            "values/strings.xml": """
            <string name="uses">@string/elsewhere</string>
            """,
            "values/other.xml": "<string name=\"unused\">x</string>",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let values = root.appendingPathComponent("res/values")
        // Broken XML that would define the name, a FIFO (never opened: it would block), a link to a file that does.
        try Data("<resources><string name=\"elsewhere\">broken".utf8).write(to: values.appendingPathComponent("b.xml"))
        #expect(mkfifo(values.appendingPathComponent("fifo.xml").path, 0o600) == 0)
        let outside = root.appendingPathComponent("outside.xml")
        try Data("<resources><string name=\"elsewhere\">linked</string></resources>".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(
            at: values.appendingPathComponent("link.xml"), withDestinationURL: outside)
        try Data("<plist><string name=\"elsewhere\">plist</string></plist>".utf8).write(
            to: values.appendingPathComponent("c.xml"))
        let document = try parse(root, "values/strings.xml")
        #expect(document.entries.isEmpty)
        #expect(skips(document) == ["uses no value: @string/elsewhere is defined in no file of values/"])
    }
}
