import TestSupport
import Testing

@testable import Catalogs

/// Element counts of one AntennaPod `strings.xml`, from shared/catalogs/SOURCES.md ("Per-file element counts").
struct AntennaPodCounts: Sendable, CustomTestStringConvertible {
    var folder: String
    var strings: Int
    var plurals: Int
    var pluralItems: Int
    var notTranslatable: Int

    var testDescription: String { folder }
}

@Suite(.enabled(if: SharedCatalogs.isAvailable, SharedCatalogs.missingReason))
struct XMLCatalogsRealFileTests {
    static let antennaPod: [AntennaPodCounts] = [
        .init(folder: "values", strings: 808, plurals: 36, pluralItems: 73, notTranslatable: 10),
        .init(folder: "values-de", strings: 789, plurals: 34, pluralItems: 68, notTranslatable: 0),
        .init(folder: "values-fr", strings: 789, plurals: 34, pluralItems: 102, notTranslatable: 0),
        .init(folder: "values-es", strings: 789, plurals: 34, pluralItems: 102, notTranslatable: 0),
        .init(folder: "values-it", strings: 789, plurals: 34, pluralItems: 102, notTranslatable: 0),
        .init(folder: "values-pt-rBR", strings: 789, plurals: 34, pluralItems: 102, notTranslatable: 0),
        .init(folder: "values-ru", strings: 772, plurals: 34, pluralItems: 136, notTranslatable: 0),
        .init(folder: "values-pl", strings: 767, plurals: 31, pluralItems: 124, notTranslatable: 0),
        .init(folder: "values-nl", strings: 739, plurals: 25, pluralItems: 50, notTranslatable: 0),
        .init(folder: "values-ar", strings: 748, plurals: 26, pluralItems: 156, notTranslatable: 0),
        .init(folder: "values-iw", strings: 789, plurals: 34, pluralItems: 102, notTranslatable: 0),
        .init(folder: "values-fa", strings: 789, plurals: 34, pluralItems: 68, notTranslatable: 0),
        .init(folder: "values-ja", strings: 685, plurals: 18, pluralItems: 18, notTranslatable: 0),
        .init(folder: "values-ko", strings: 615, plurals: 7, pluralItems: 7, notTranslatable: 0),
        .init(folder: "values-zh-rCN", strings: 793, plurals: 30, pluralItems: 30, notTranslatable: 0),
        .init(folder: "values-zh-rTW", strings: 789, plurals: 34, pluralItems: 34, notTranslatable: 0),
    ]

    static func android(_ folder: String) throws -> CatalogDocument {
        let path = "AntennaPod/\(folder)/strings.xml"
        return try AndroidResourcesParser.parse(SharedCatalogs.bytes(path), file: path, locale: folder)
    }

    static func entry(_ document: CatalogDocument, _ key: String, variant: String = "") -> CatalogEntry? {
        document.entries.first { $0.key == key && $0.variant == variant }
    }

    @Test("every AntennaPod strings.xml parses; entries and skips account for every element", arguments: antennaPod)
    func antennaPodCounts(_ expected: AntennaPodCounts) throws {
        let document = try Self.android(expected.folder)
        let strings = document.entries.filter { $0.variant.isEmpty }
        let pluralEntries = document.entries.filter { $0.variant.hasPrefix("plural.") }
        let notTranslatable = document.skipped.filter { $0.reason == .notTranslatable }
        #expect(strings.count + notTranslatable.count == expected.strings)
        #expect(notTranslatable.count == expected.notTranslatable)
        #expect(Set(pluralEntries.map(\.key)).count == expected.plurals)
        #expect(pluralEntries.count == expected.pluralItems)
        #expect(strings.count + pluralEntries.count == document.entries.count)
        // Nothing is malformed or missing: in particular no entry is lost to the unescaped-apostrophe rule.
        #expect(document.skipped.count == notTranslatable.count)
        #expect(document.entries.allSatisfy { $0.locale == expected.folder })
    }

    @Test("AntennaPod spot values: CDATA, \\u0020, &amp;, \\', quoted trailing space, no-break space, positions")
    func antennaPodValues() throws {
        let english = try Self.android("values")
        #expect(Self.entry(english, "gpodnetsync_error_descr")?.text == "An error occurred during syncing: ")
        #expect(Self.entry(english, "gpodnetsync_error_descr")?.position == at(777, 44))
        #expect(Self.entry(english, "import_export_pref")?.text == "Backup & restore")
        #expect(Self.entry(english, "please_wait")?.text == "Please wait…")
        #expect(Self.entry(english, "general_expand_button")?.position == at(7, 42))
        #expect(Self.entry(english, "num_episodes", variant: "plural.one") != nil)
        #expect(
            english.skipped.contains {
                $0.key == "echo_listened_after_emoji_yoga" && $0.reason == .notTranslatable
            })

        let korean = try Self.android("values-ko")
        let playbackError = try #require(Self.entry(korean, "playback_error_generic"))
        #expect(
            playbackError.text == "미디어 파일을 재생할 수 없습니다.\n\n- 해당 에피소드를 삭제하고 다시 다운로드해 보십시오.\n"
                + "- 네트워크 연결이 올바른지 확인하고, VPN이나 로그인 페이지가 접근을 막고 있는 것은 아닌지 확인해 보십시오.\n"
                + "- 길게 눌러 \"미디어 주소\"를 웹브라우저에 공유해 브라우저에서는 재생되는지 보십시오. 재생되지 않으면, 팟캐스트 "
                + "제작자에게 연락하십시오.")
        #expect(playbackError.position == at(236, 41))
        #expect(
            Self.entry(korean, "synchronization_login_status")?.text
                == "%1$s 사용자로 (위치 %2$s) 로그인되어 있습니다. \n\n로그아웃한 뒤에 동기화 프로바이더를 다시 선택할 수 있습니다")
        #expect(Self.entry(korean, "gpodnetsync_error_descr")?.text == "동기화 중에 오류가 발생했습니다: ")

        let french = try Self.android("values-fr")
        #expect(
            Self.entry(french, "statistics_speed_not_counted")?.text
                == "Note\u{A0}: la vitesse de lecture n'est pas prise en compte.")
        #expect(Self.entry(french, "documentation_support")?.text == "Documentation & support")

        let german = try Self.android("values-de")
        #expect(
            Self.entry(german, "gpodnetsync_error_descr")?.text
                == "Ein Fehler ist beim Synchronisieren aufgetreten: ")
    }

    static let elementXLanguages = [
        "en", "de", "fr", "es", "it", "pt-BR", "ru", "pl", "nl", "fa", "ja", "ko", "zh-Hans", "zh-Hant-TW",
    ]

    static func stringsDict(_ language: String, _ name: String = "Localizable") throws -> CatalogDocument {
        let path = "element-x-ios/\(language).lproj/\(name).stringsdict"
        return try StringsDictParser.parse(SharedCatalogs.bytes(path), file: path, locale: language)
    }

    @Test(
        "every element-x Localizable.stringsdict parses with 42 keys and nothing skipped",
        arguments: elementXLanguages)
    func elementXStringsDict(_ language: String) throws {
        let document = try Self.stringsDict(language)
        #expect(Set(document.entries.map(\.key)).count == 42)
        #expect(document.skipped.isEmpty)
        #expect(document.entries.allSatisfy { $0.variant.hasPrefix("COUNT.") && $0.locale == language })
    }

    @Test("element-x Untranslated.stringsdict: 1 key, variable VARIABLE")
    func elementXUntranslated() throws {
        let document = try Self.stringsDict("en", "Untranslated")
        #expect(
            document.entries.map { "\($0.key) \($0.variant)=\($0.text)" } == [
                "untranslated_plural VARIABLE.one=One untranslated item",
                "untranslated_plural VARIABLE.other=%d untranslated items",
            ])
    }

    @Test("plural categories per language as SOURCES.md quirk 11 describes (pl has no other)")
    func elementXCategories() throws {
        func count(_ document: CatalogDocument, _ category: String) -> Int {
            document.entries.filter { $0.variant == "COUNT.\(category)" }.count
        }
        let polish = try Self.stringsDict("pl")
        #expect(polish.entries.count == 126)
        #expect(count(polish, "other") == 0)
        #expect([count(polish, "one"), count(polish, "few"), count(polish, "many")] == [42, 42, 42])
        let digits = polish.entries.filter { $0.key == "a11y_digits_entered" }
        #expect(
            digits.map { "\($0.variant)=\($0.text)@\($0.position)" } == [
                "COUNT.one=Wprowadzono %1$d cyfrę@18:12", "COUNT.few=Wprowadzono %1$d cyfry@14:12",
                "COUNT.many=Wprowadzono %1$d cyfr@16:12",
            ])
        let russian = try Self.stringsDict("ru")
        #expect(
            [count(russian, "one"), count(russian, "few"), count(russian, "many"), count(russian, "other")]
                == [42, 38, 38, 4])
        #expect(
            [
                count(try Self.stringsDict("ja"), "one"), count(try Self.stringsDict("ko"), "one"),
                count(try Self.stringsDict("zh-Hant-TW"), "one"), count(try Self.stringsDict("zh-Hans"), "one"),
            ]
                == [4, 5, 8, 0])
    }
}
