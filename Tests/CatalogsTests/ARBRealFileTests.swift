import Foundation
import Testing

@testable import Catalogs

/// The ARB files of the Flutter app Aves (`Fixtures/arb/aves`, see its SOURCES.md), counted two ways: by the parser,
/// and by a small tally written here that does not use it (Foundation's `JSONSerialization` for the keys, a regular
/// expression for the case selectors of each plural), and by the counts made with Python recorded in SOURCES.md.
@Suite struct ARBRealFileTests {
    /// (locale, messages, entries) tallied with Python (SOURCES.md).
    static let counted: [(file: String, locale: String, messages: Int, entries: Int)] = [
        ("app_en.arb", "en", 722, 743), ("app_fi.arb", "fi", 191, 196), ("app_he.arb", "he", 81, 86),
        ("app_ckb.arb", "ckb", 314, 316),
    ]

    /// The independent tally: messages are the keys without `@`; a message with `, plural,` has one entry per case
    /// selector (`=N{`, `one{`…), any other message one.
    static func tally(_ relativePath: String) throws -> (messages: Int, entries: Int) {
        let object = try JSONSerialization.jsonObject(with: Data(try ARBFixtures.bytes(relativePath)))
        let bundle = try #require(object as? [String: Any])
        let selector = try NSRegularExpression(pattern: #"(=\d+|zero|one|two|few|many|other)\s*\{"#)
        var messages = 0, entries = 0
        for (key, value) in bundle where !key.hasPrefix("@") {
            messages += 1
            let text = try #require(value as? String)
            if text.contains(", plural,") {
                entries += selector.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
            } else {
                entries += 1
            }
        }
        return (messages, entries)
    }

    func sources() -> [CatalogSource] {
        CatalogDiscovery.find([ARBFixtures.path("aves")], defaultLocale: "en", sourceLocale: "en").sources
    }

    @Test func entriesMatchTheIndependentCounts() throws {
        let found = sources()
        #expect(found.count == Self.counted.count)
        for expected in Self.counted {
            let source = try #require(found.first { $0.path.hasSuffix("/" + expected.file) })
            let document = try CatalogParsing.parse(source)
            let tally = try Self.tally("aves/" + expected.file)
            #expect(tally.messages == expected.messages, "\(expected.file)")
            #expect(tally.entries == expected.entries, "\(expected.file)")
            #expect(document.entries.count == expected.entries, "\(expected.file)")
            #expect(Set(document.entries.map(\.key)).count == expected.messages, "\(expected.file)")
            #expect(document.skipped.isEmpty, "\(expected.file): \(document.skipped.prefix(3))")
            #expect(Set(document.entries.map(\.locale)) == [expected.locale], "\(expected.file)")
        }
    }

    @Test func localesTemplateAndPlaceholdersAreFlutters() throws {
        let found = sources()
        // app_ckb.arb: the name gives no locale (ckb is not ISO 639-1); @@locale does.
        #expect(found.first { $0.path.hasSuffix("app_ckb.arb") }?.locale == "")
        #expect(Set(found.map(\.template)) == [ARBFixtures.path("aves/app_en.arb")])
        let finnish = try CatalogParsing.parse(try #require(found.first { $0.path.hasSuffix("app_fi.arb") }))
        func text(_ key: String, _ variant: String = "") -> String? {
            finnish.entries.first { $0.key == key && $0.variant == variant }?.text
        }
        // "{length} mm" with the template's example "5.4"; "=1{{count} kohde} other{{count} kohdetta}".
        #expect(text("focalLength") == "5.4 mm")
        #expect(text("itemCount", "count.=1") == "1 kohde")
        #expect(text("itemCount", "count.other") == "%d kohdetta")
    }
}
