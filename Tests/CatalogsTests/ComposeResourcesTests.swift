import Foundation
import Testing

@testable import Catalogs

/// Compose Multiplatform's string resources: the same XML as Android's, other text rules. The expected texts are
/// worked by hand from the Compose Gradle plugin's `handleSpecialCharacters` and the runtime's `replaceWithArgs`
/// (JetBrains/compose-multiplatform, `PrepareComposeResources.kt` and `StringResourcesUtils.kt`), as described in
/// `ComposeResourcesText`; the first case is the plugin's own unit test (`TestEscapedResourceSymbols`).
@Suite struct ComposeResourcesTests {
    /// The one `<string name="s">` holding `value`, parsed as Compose reads it.
    func composeText(_ value: String) throws -> String? {
        let xml =
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources><string name=\"s\">\(value)</string></resources>"
        return try AndroidResourcesParser.parse(
            Array(xml.utf8), file: "composeResources/values/strings.xml", locale: "en", dialect: .composeResources
        ).entries.first?.text
    }

    @Test("the plugin's own example: \\n \\t \\uXXXX decoded unless after a \\\\ pair, then \\\\ → \\")
    func pluginExample() {
        #expect(
            ComposeResourcesText.unescape(#"abc \n \\n \t \\t \u1234 \ua45f \\u1234 \\ \u355g"#)
                == "abc \n \\n \t \\t \u{1234} \u{a45f} \\u1234 \\ \\u355g")
    }

    @Test(
        "escapes as Compose decodes them",
        arguments: [
            (#"Don\'t"#, #"Don\'t"#),
            (#"Say \"hi\""#, #"Say \"hi\""#),
            (#"\\\n"#, "\\\n"),
            (#"\\\\n"#, #"\\n"#),
            (#"\uD83D\uDE00 smile"#, "\u{1F600} smile"),
            // The JVM's UTF-8 encoder writes `?` for a lone surrogate (`String.getBytes`'s replacement).
            (#"\uD83D alone \uDE00"#, "? alone ?"),
            (#"\u+123 \u12"#, #"\u+123 \u12"#),
            (#"\@string/x \?"#, #"\@string/x \?"#),
            ("end\\", "end\\"),
        ])
    func escapes(_ raw: String, _ shown: String) {
        #expect(ComposeResourcesText.unescape(raw) == shown)
    }

    @Test("only %N$s and %N$d are arguments; every other % is shown as written")
    func placeholders() {
        #expect(ComposeResourcesText.printfForm("%1$s of %2$d (50%)") == "%1$s of %2$d (50%%)")
        #expect(ComposeResourcesText.printfForm("%s %d %1$.2f %% %12$s") == "%%s %%d %%1$.2f %%%% %12$s")
        #expect(ComposeResourcesText.printfForm("%") == "%%")
        let expander = PlaceholderExpander(syntax: .android)
        #expect(
            expander.expand(ComposeResourcesText.printfForm("%1$s: %2$d%, %s")).text
                == "Alexandra Featherstonehaugh: 88888%, %s")
        // A position past any argument list: no trap, whatever is shown.
        _ = expander.expand(ComposeResourcesText.printfForm("%99999999999999999999999$s %0$d"))
    }

    @Test("values: text as written — apostrophes, quotes, white space, markup's text, CDATA, references")
    func values() throws {
        #expect(try composeText("Informa d'un error") == "Informa d'un error")
        #expect(try composeText("  \"quoted\"   and\n    indented  ") == "  \"quoted\"   and\n    indented  ")
        #expect(try composeText("<b>Bold</b> and <xliff:g id=\"n\">%1$s</xliff:g>") == "Bold and %1$s")
        #expect(try composeText("<![CDATA[<i>HTML</i> & more]]>") == "<i>HTML</i> & more")
        #expect(try composeText("@string/app_name") == "@string/app_name")
        #expect(try composeText("50% done") == "50%% done")
    }

    @Test("a values folder in composeResources is read by Compose's rules through discovery; elsewhere by aapt2's")
    func discovery() throws {
        #expect(
            AndroidResourcesParser.Dialect(forPath: "app/src/commonMain/composeResources/values-de/strings.xml")
                == .composeResources)
        #expect(AndroidResourcesParser.Dialect(forPath: "composeResources/values/strings.xml") == .composeResources)
        #expect(AndroidResourcesParser.Dialect(forPath: "app/src/main/res/values/strings.xml") == .aapt2)
        #expect(AndroidResourcesParser.Dialect(forPath: "composeResources/drawable/values/x.xml") == .aapt2)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("compose-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let xml = "<resources><string name=\"s\">Don't</string></resources>"
        for folder in ["composeResources/values-ca", "res/values-ca"] {
            let url = root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Data(xml.utf8).write(to: url.appendingPathComponent("strings.xml"))
        }
        let found = CatalogDiscovery.find([root.path], defaultLocale: "en", sourceLocale: "en")
        let documents = try found.sources.map { try CatalogParsing.parse($0) }
        #expect(documents.map { $0.entries.map(\.text) } == [["Don't"], []])
        #expect(documents[1].skipped.map { "\($0.reason)".hasPrefix("malformed: unescaped apostrophe") } == [true])
    }
}
