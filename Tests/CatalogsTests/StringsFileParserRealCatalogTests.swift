import Foundation
import TestSupport
import Testing

@testable import Catalogs

/// The real `.strings` files in ../shared/catalogs (see its SOURCES.md), with the quirks SOURCES.md lists.
@Suite(.enabled(if: SharedCatalogs.isAvailable, SharedCatalogs.missingReason))
struct StringsFileParserRealCatalogTests {
    /// Every `.strings` file under element-x-ios and mastodon-ios-utf16-sample with its entry count, copied from the
    /// tables in SOURCES.md.
    static let expectedCounts: [(String, Int)] = [
        ("element-x-ios/de.lproj/InfoPlist.strings", 6),
        ("element-x-ios/de.lproj/Localizable.strings", 1715),
        ("element-x-ios/de.lproj/SAS.strings", 64),
        ("element-x-ios/en-US.lproj/Localizable.strings", 1716),
        ("element-x-ios/en.lproj/InfoPlist.strings", 6),
        ("element-x-ios/en.lproj/Localizable.strings", 1716),
        ("element-x-ios/en.lproj/SAS.strings", 64),
        ("element-x-ios/en.lproj/Untranslated.strings", 15),
        ("element-x-ios/es.lproj/InfoPlist.strings", 6),
        ("element-x-ios/es.lproj/Localizable.strings", 1715),
        ("element-x-ios/es.lproj/SAS.strings", 64),
        ("element-x-ios/fa.lproj/InfoPlist.strings", 6),
        ("element-x-ios/fa.lproj/Localizable.strings", 1715),
        ("element-x-ios/fa.lproj/SAS.strings", 64),
        ("element-x-ios/fr.lproj/InfoPlist.strings", 6),
        ("element-x-ios/fr.lproj/Localizable.strings", 1715),
        ("element-x-ios/fr.lproj/SAS.strings", 64),
        ("element-x-ios/it.lproj/InfoPlist.strings", 6),
        ("element-x-ios/it.lproj/Localizable.strings", 1715),
        ("element-x-ios/it.lproj/SAS.strings", 64),
        ("element-x-ios/ja.lproj/InfoPlist.strings", 6),
        ("element-x-ios/ja.lproj/Localizable.strings", 1715),
        ("element-x-ios/ja.lproj/SAS.strings", 64),
        ("element-x-ios/ko.lproj/InfoPlist.strings", 6),
        ("element-x-ios/ko.lproj/Localizable.strings", 1715),
        ("element-x-ios/nl.lproj/InfoPlist.strings", 6),
        ("element-x-ios/nl.lproj/Localizable.strings", 1715),
        ("element-x-ios/nl.lproj/SAS.strings", 64),
        ("element-x-ios/pl.lproj/InfoPlist.strings", 6),
        ("element-x-ios/pl.lproj/Localizable.strings", 1715),
        ("element-x-ios/pt-BR.lproj/InfoPlist.strings", 6),
        ("element-x-ios/pt-BR.lproj/Localizable.strings", 1715),
        ("element-x-ios/pt-BR.lproj/SAS.strings", 64),
        ("element-x-ios/ru.lproj/InfoPlist.strings", 6),
        ("element-x-ios/ru.lproj/Localizable.strings", 1715),
        ("element-x-ios/ru.lproj/SAS.strings", 64),
        ("element-x-ios/zh-Hans.lproj/InfoPlist.strings", 6),
        ("element-x-ios/zh-Hans.lproj/Localizable.strings", 1715),
        ("element-x-ios/zh-Hans.lproj/SAS.strings", 64),
        ("element-x-ios/zh-Hant-TW.lproj/InfoPlist.strings", 6),
        ("element-x-ios/zh-Hant-TW.lproj/Localizable.strings", 1715),
        ("mastodon-ios-utf16-sample/en.lproj/Root.strings", 4),
    ]

    /// Parses a file under catalogs/, with the locale taken from its `.lproj` folder as discovery would.
    static func parse(_ path: String) throws -> CatalogDocument {
        let locale = path.split(separator: "/").first { $0.hasSuffix(".lproj") }.map { String($0.dropLast(6)) } ?? ""
        return try StringsFileParser.parse(try SharedCatalogs.bytes(path), file: path, locale: locale)
    }

    /// The entry for `key`, required.
    static func entry(
        _ key: String, in document: CatalogDocument,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CatalogEntry {
        try #require(document.entries.first { $0.key == key }, sourceLocation: sourceLocation)
    }

    @Test("every .strings file parses with the entry count SOURCES.md gives", arguments: expectedCounts)
    func entryCounts(path: String, count: Int) throws {
        let document = try Self.parse(path)
        #expect(document.entries.count == count)
        #expect(document.skipped.isEmpty)
        #expect(Set(document.entries.map(\.key)).count == count)
        #expect(document.entries.allSatisfy { $0.file == path && $0.variant.isEmpty && $0.state == nil })
    }

    @Test("the table above lists every .strings file in the two folders")
    func tableIsComplete() throws {
        var found: [String] = []
        for folder in ["element-x-ios", "mastodon-ios-utf16-sample"] {
            let root = SharedCatalogs.url(folder)
            let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
            while let relative = enumerator.nextObject() as? String {
                if relative.hasSuffix(".strings") { found.append(folder + "/" + relative) }
            }
        }
        #expect(found.sorted() == Self.expectedCounts.map(\.0).sorted())
    }

    @Test("ja: an escaped quote pair around the value")
    func japaneseQuotes() throws {
        let document = try Self.parse("element-x-ios/ja.lproj/Localizable.strings")
        let entry = try Self.entry("screen_create_new_recovery_key_list_item_3_reset_all", in: document)
        #expect(entry.text == "\"すべてリセット\"")
        #expect(entry.locale == "ja")
        #expect(entry.position == SourcePosition(line: 731, column: 58))
    }

    @Test("ko: a value that ends with an escaped line break")
    func koreanTrailingNewline() throws {
        let document = try Self.parse("element-x-ios/ko.lproj/Localizable.strings")
        let entry = try Self.entry("dialog_file_too_large_to_upload_subtitle", in: document)
        #expect(entry.text == "허용되는 최대 파일 크기: %1$@\n")
        #expect(entry.position == SourcePosition(line: 447, column: 46))
    }

    @Test("de: inline markup stays in the text")
    func germanMarkup() throws {
        let document = try Self.parse("element-x-ios/de.lproj/Localizable.strings")
        let entry = try Self.entry("screen_create_new_recovery_key_list_item_1", in: document)
        #expect(entry.text == "Öffne <b>%1$@</b> auf einem <b>Desktop-Gerät</b>")
        #expect(entry.position == SourcePosition(line: 728, column: 48))
        #expect(document.entries.contains { $0.key == "screen_link_new_device_desktop_warning" } == false)
    }

    @Test("en: dotted and capitalized keys, escapes, paragraph breaks, typographic punctuation")
    func englishQuirks() throws {
        let document = try Self.parse("element-x-ios/en.lproj/Localizable.strings")
        let dotted = try Self.entry("a11y.encryption_details", in: document)
        #expect(dotted.text == "Encryption details")
        #expect(dotted.position == SourcePosition(line: 64, column: 29))
        let capitalized = try Self.entry("Notification", in: document)
        #expect(capitalized.position == SourcePosition(line: 508, column: 18))
        #expect(
            try Self.entry("screen_advanced_settings_live_location_section_footer", in: document).text
                == "Make sure \"Precise Location” is enabled for this app. To change the permission go to %1$@.")
        #expect(
            try Self.entry("dialog_confirm_link_message", in: document).text
                == "The link %1$@ is taking you to another site %2$@\n\nAre you sure you want to continue?")
        #expect(
            try Self.entry("screen_account_provider_signin_title", in: document).text
                == "You’re about to sign in to %@")
        let untranslated = try Self.entry("screen_link_new_device_desktop_warning", in: document)
        #expect(untranslated.position == SourcePosition(line: 953, column: 44))
    }

    @Test("en and en-US hold the same keys and differ in 18 texts")
    func nearIdenticalLocales() throws {
        let en = try Self.parse("element-x-ios/en.lproj/Localizable.strings")
        let us = try Self.parse("element-x-ios/en-US.lproj/Localizable.strings")
        #expect(en.entries.map(\.key) == us.entries.map(\.key))
        let differences = zip(en.entries, us.entries).filter { $0.text != $1.text }
        #expect(differences.count == 18)
        #expect(us.entries.first?.locale == "en-US")
    }

    @Test("SAS.strings has no line break at its end; its last entry still parses")
    func noTrailingNewline() throws {
        let document = try Self.parse("element-x-ios/en.lproj/SAS.strings")
        let last = try #require(document.entries.last)
        #expect(last.key == "unicorn")
        #expect(last.text == "Unicorn")
        #expect(last.position == SourcePosition(line: 64, column: 13))
    }

    @Test("the UTF-16LE sample: a block comment, then four keys equal to their values")
    func utf16Sample() throws {
        let path = "mastodon-ios-utf16-sample/en.lproj/Root.strings"
        let bytes = try SharedCatalogs.bytes(path)
        #expect(Array(bytes.prefix(2)) == [0xFF, 0xFE])
        let document = try Self.parse(path)
        #expect(
            keyTextPairs(document) == [
                ["Group", "Group"], ["Name", "Name"], ["none given", "none given"], ["Enabled", "Enabled"],
            ])
        #expect(
            document.entries.map(\.position) == [
                SourcePosition(line: 3, column: 11), SourcePosition(line: 4, column: 10),
                SourcePosition(line: 5, column: 16), SourcePosition(line: 6, column: 13),
            ])
        #expect(document.entries.first?.locale == "en")
    }

    @Test("expanding en's placeholders replaces all 288 of them (counted with grep)")
    func expandEnglish() throws {
        let document = try Self.parse("element-x-ios/en.lproj/Localizable.strings")
        let expander = PlaceholderExpander(syntax: .apple)
        var total = 0
        for entry in document.entries {
            let expansion = expander.expand(entry.text)
            total += expansion.placeholderCount
            #expect(
                !expansion.text.contains("%@") && !expansion.text.contains("$@")
                    && !expansion.text.contains("$d"), "\(entry.key): \(expansion.text)")
        }
        #expect(total == 288)
    }

    @Test("cut real files parse or throw, never trap")
    func truncatedRealFiles() throws {
        let utf16 = try SharedCatalogs.bytes("mastodon-ios-utf16-sample/en.lproj/Root.strings")
        for length in 0...utf16.count {
            #expect(StringsFileParserFuzzTests.parseSurvives(Array(utf16[0..<length])))
        }
        let german = try SharedCatalogs.bytes("element-x-ios/de.lproj/Localizable.strings")
        for length in stride(from: 0, through: german.count, by: 997) {
            #expect(StringsFileParserFuzzTests.parseSurvives(Array(german[0..<length])))
        }
    }
}
