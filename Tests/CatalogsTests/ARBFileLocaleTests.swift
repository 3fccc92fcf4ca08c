import Testing

@testable import Catalogs

/// Locales from ARB file names, as Flutter's `gen-l10n` infers them (the first `_` after which an ISO 639-1
/// language begins a well-formed locale), written as tags.
@Suite struct ARBFileLocaleTests {
    @Test(arguments: [
        ("app_en.arb", "en"), ("intl_de.arb", "de"), ("app_pt_BR.arb", "pt-BR"), ("app_zh_Hant_TW.arb", "zh-Hant-TW"),
        ("intl_en.arb", "en"), ("app_zh_Hant.arb", "zh-Hant"), ("app_en_Shaw.arb", "en-Shaw"),
        ("my_app_fr_CA.arb", "fr-CA"), ("app_es_419.arb", "es-419"), ("app_fil.arb", "fil"), ("app_EN_us.arb", "en-US"),
    ])
    func namesWithALocale(_ name: String, _ locale: String) {
        #expect(ARBFileLocale.locale(fromFileName: name) == locale)
    }

    @Test(arguments: ["intl_messages.arb", "app.arb", "app_ckb.arb", "en.arb", "app_en_toolong_X.arb", "app_.arb"])
    func namesWithoutOne(_ name: String) {
        #expect(ARBFileLocale.locale(fromFileName: name) == nil)
    }

    @Test func theParserTakesAtAtLocaleOverTheName() throws {
        let bytes = Array(#"{"@@locale": "ckb", "a": "b"}"#.utf8)
        let document = try ARBParser.parse(bytes, file: "app_en.arb", locale: "en", template: nil)
        #expect(document.entries.map(\.locale) == ["ckb"])
        let unnamed = try ARBParser.parse(Array(#"{"a": "b"}"#.utf8), file: "app_en.arb", locale: "en", template: nil)
        #expect(unnamed.entries.map(\.locale) == ["en"])
    }
}
