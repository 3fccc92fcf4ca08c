import Testing

@testable import Catalogs

@Suite struct GlobPatternTests {
    @Test(arguments: [
        ("button.*", "button.buy", true), ("button.*", "button.", true), ("button.*", "buttons.buy", false),
        ("*.title", "onboarding.page1.title", true), ("*.title", "title", false), ("tab_?", "tab_1", true),
        ("tab_?", "tab_12", false), ("[ab]*", "alpha", true), ("[ab]*", "gamma", false), ("[!ab]*", "gamma", true),
        ("[a-c]x", "bx", true), ("[a-c]x", "dx", false), ("*", "", true), ("a*b*c", "axxbyyc", true),
        ("a*b*c", "axxbyy", false), ("ключ.*", "ключ.один", true), ("[abc", "[abc", true),
    ])
    func matchesWholeTexts(pattern: String, text: String, expected: Bool) {
        #expect(GlobPattern(pattern).matches(text) == expected)
    }
}

@Suite struct LocaleMatchTests {
    @Test func languagesMatchTheirRegionsAndScripts() {
        #expect(LocaleMatch.matches("zh", "zh-Hans"))
        #expect(LocaleMatch.matches("zh-Hant", "zh-Hant-TW"))
        #expect(LocaleMatch.matches("pt_BR", "pt-br"))
        #expect(!LocaleMatch.matches("zh-Hant", "zh-Hans"))
        #expect(!LocaleMatch.matches("en", "eu"))
        #expect(LocaleMatch.specificity("zh-Hant", "zh-Hant-TW") == 2)
    }
}

@Suite struct CatalogConfigTests {
    static let json = """
        {
          "sourceLocale": "en",
          "width": 280, "maxLines": 2, "textStyle": "body",
          "placeholders": { "object": "Alexandra" },
          "fonts": {
            "default": ["DejaVu Sans", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"],
            "zh": [{"path": "/x/cjk.ttc", "faceIndex": 2}],
            "zh-Hant": [{"family": "Noto Sans CJK TC", "style": "Bold"}]
          },
          "rules": [
            { "keys": "button.*", "width": 120, "maxLines": 1 },
            { "keys": "button.long*", "locales": ["de"], "size": 13 },
            { "keys": "*", "files": "*.stringsdict", "maxLines": 0 }
          ]
        }
        """

    func entry(_ key: String, locale: String = "en", file: String = "App/en.lproj/Localizable.strings")
        -> CatalogEntry
    {
        CatalogEntry(file: file, locale: locale, key: key, text: "x", position: SourcePosition(line: 1, column: 1))
    }

    @Test func rulesApplyInOrderOverTheBase() throws {
        let config = try CatalogConfigParser.parse(Array(Self.json.utf8), file: "c.json")
        #expect(config.sourceLocale == "en")
        #expect(config.placeholders == ["object": "Alexandra"])
        let base = config.defaults
        #expect(base == ConstraintSettings(width: 280, maxLines: 2, textStyle: "body"))
        #expect(config.settings(for: entry("title"), base: base) == base)
        #expect(
            config.settings(for: entry("button.buy"), base: base)
                == ConstraintSettings(width: 120, maxLines: 1, textStyle: "body"))
        // The German rule replaces the text style by a fixed size; other locales keep the style.
        #expect(
            config.settings(for: entry("button.longer", locale: "de"), base: base)
                == ConstraintSettings(width: 120, maxLines: 1, size: 13))
        #expect(config.settings(for: entry("button.longer", locale: "fr"), base: base).size == nil)
        // `files` matches the path's last components.
        #expect(
            config.settings(for: entry("n", file: "App/en.lproj/Localizable.stringsdict"), base: base).maxLines
                == 0)
    }

    @Test func fontsArePickedByTheMostSpecificLocale() throws {
        let config = try CatalogConfigParser.parse(Array(Self.json.utf8), file: "c.json")
        #expect(config.fonts(for: "zh-Hant-TW") == [.family("Noto Sans CJK TC", style: "Bold")])
        #expect(config.fonts(for: "zh-Hans") == [.file(path: "/x/cjk.ttc", faceIndex: 2)])
        #expect(
            config.fonts(for: "de") == [
                .family("DejaVu Sans", style: nil),
                .file(
                    path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
                    faceIndex: 0),
            ])
        #expect(CatalogConfig().fonts(for: "de") == nil)
    }

    @Test(arguments: [
        ("{\"width\": -3}", 1, 11, "\"width\" must be a positive number of points"),
        ("{\n  \"maxLine\": 2}", 2, 3, "unknown setting \"maxLine\""),
        ("{\"rules\": [{\"width\": 100}]}", 1, 12, "a rule needs \"keys\" (a glob)"),
        ("{\"textStyle\": \"huge\"}", 1, 15, "unknown text style \"huge\""),
        ("{\"fonts\": {\"ja\": []}}", 1, 18, "fonts for \"ja\" must be a non-empty array"),
        ("{\"size\": 12, \"textStyle\": \"body\"}", 1, 27, "give \"size\" or \"textStyle\", not both"),
        ("[1]", 1, 1, "the config must be a JSON object"),
        // A name given twice, at the top or in a rule: said where it comes again (last wins replaced it silently).
        (
            "{\"width\": 100, \"width\": 5}", 1, 16,
            "\"width\" is given more than once in one object (first at line 1, column 2)"
        ),
        (
            "{\"rules\": [{\"keys\": \"a.*\", \"width\": 50,\n \"keys\": \"b.*\"}]}", 2, 2,
            "\"keys\" is given more than once in one object (first at line 1, column 13)"
        ),
    ])
    func mistakesAreReportedWhereTheyAre(json: String, line: Int, column: Int, message: String) {
        #expect {
            try CatalogConfigParser.parse(Array(json.utf8), file: "c.json")
        } throws: { error in
            guard let error = error as? CatalogError else { return false }
            return error.file == "c.json" && error.position == SourcePosition(line: line, column: column)
                && error.message.hasPrefix(message)
        }
    }

    @Test func partsNoEntryUsesAreReported() throws {
        let config = try CatalogConfigParser.parse(
            Array(
                """
                {"fonts": {"default": ["DejaVu Sans"], "zh_Hans": ["Noto Sans CJK SC"], "ja": ["Noto Sans CJK JP"]},
                 "rules": [{"keys": "button.*", "width": 1}, {"keys": "buton.*", "width": 1}]}
                """.utf8), file: "c.json")
        let entries = [entry("button.buy"), entry("title", locale: "zh-Hans")]
        #expect(
            config.unusedParts(for: entries) == [
                "rule 2 (keys \"buton.*\") matches no entry",
                "fonts for \"ja\" match no entry's locale (locales: en, zh-Hans)",
            ])
    }
}
