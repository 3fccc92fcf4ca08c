import Testing

@testable import Catalogs

/// `ARBParser` on hand-written bundles laid out as Flutter's tools write them (2-space indent, `"key": value`), so
/// positions can be counted by hand: a value on a line indented by 2 starts at column 5 + the key's length + 2.
@Suite struct ARBParserTests {
    static let bundle = #"""
        {
          "@@locale": "de",
          "title": "Fotos",
          "@title": {"description": "The app's title"},
          "greeting": "Hallo {name}!",
          "@greeting": {"placeholders": {"name": {"type": "String", "example": "Jo"}}},
          "files": "{count, plural, =0{Keine Dateien} =1{Eine Datei} other{{count} Dateien}}",
          "discount": "50% Rabatt für {user}",
          "broken": "{count, plural, one{x}}",
          "number": 5,
          "title": "Fotos!"
        }
        """#

    func parse(_ text: String, locale: String = "", template: ARBMetadata? = nil) throws -> CatalogDocument {
        try ARBParser.parse(Array(text.utf8), file: "app_de.arb", locale: locale, template: template)
    }

    /// A lone surrogate escape skips its message, and the file's other messages are read (Dart's `jsonDecode`, which
    /// gen-l10n reads ARB files with, accepts one; it was a file error that lost every message).
    @Test func aLoneSurrogateSkipsItsMessageNotTheFile() throws {
        let document = try parse(#"{"good": "Gut", "bad": "x \uD800 y", "\uDC00": "z", "after": "Danach"}"#)
        #expect(document.entries.map(\.key) == ["good", "after"])
        #expect(document.skipped.count == 2)
        #expect(document.skipped.allSatisfy { "\($0.reason)".contains("lone surrogate") })
        #expect(document.skipped.first?.key == "bad")
    }

    @Test func aLoneSurrogateInTheLocaleOrMetadataRefusesTheFile() {
        #expect(throws: CatalogError.self) { try parse(#"{"@@locale": "d\uD800e", "a": "x"}"#) }
        #expect(throws: CatalogError.self) {
            try parse(#"{"a": "Hi {name}", "@a": {"placeholders": {"name": {"example": "Bob\uDC00"}}}}"#)
        }
    }

    @Test func messagesBecomeEntriesAndMetadataIsNot() throws {
        let document = try parse(Self.bundle, locale: "fr")
        #expect(document.format == .arb)
        // @@locale wins over the locale the name gave.
        #expect(Set(document.entries.map(\.locale)) == ["de"])
        #expect(
            document.entries.map { [$0.key, $0.variant, $0.text] } == [
                ["title", "", "Fotos!"],
                ["greeting", "", "Hallo Jo!"],
                ["files", "count.=0", "Keine Dateien"],
                ["files", "count.=1", "Eine Datei"],
                ["files", "count.other", "%d Dateien"],
                ["discount", "", "50%% Rabatt für %@"],
            ])
        // "title" appears first on line 3; the later value (line 11) is the one read, in the first slot.
        #expect(document.entries[0].position == SourcePosition(line: 11, column: 12))
        #expect(document.entries[2].position == SourcePosition(line: 7, column: 12))
    }

    @Test func badValuesAreSkippedWithTheirReasonAndTheRestIsRead() throws {
        let document = try parse(Self.bundle)
        let skipped = document.skipped.map { [$0.key, $0.reason.description] }
        #expect(
            skipped == [
                [
                    "broken",
                    "malformed: a plural, selectordinal or select needs an 'other' case (at offset 0 of the message)",
                ],
                ["number", "malformed: the value is the number 5, expected a string"],
                ["title", "malformed: duplicate key, overridden by a later one"],
            ])
        #expect(
            document.skipped.map(\.position) == [
                SourcePosition(line: 9, column: 13), SourcePosition(line: 10, column: 13),
                SourcePosition(line: 3, column: 3),
            ])
    }

    @Test func theTemplatesMetadataDescribesEveryLocale() throws {
        let template = ARBMetadata(placeholders: [
            "greeting": ["name": ARBPlaceholder(type: "String", example: "Alexandra")],
            "due": ["when": ARBPlaceholder(type: "DateTime", format: "yMMMd")],
            "price": ["amount": ARBPlaceholder(type: "double", format: "currency", decimalDigits: 2, symbol: "€")],
            "share": ["part": ARBPlaceholder(type: "num", format: "percentPattern")],
            "custom": ["when": ARBPlaceholder(type: "DateTime", format: "EEE, d. MMM", isCustomDateFormat: true)],
        ])
        let translation = #"""
            {
              "greeting": "Hallo {name}!",
              "@greeting": {"placeholders": {"name": {"example": "Jo"}}},
              "due": "Fällig am {when}",
              "price": "Preis: {amount}",
              "share": "Anteil {part}",
              "custom": "Am {when}",
              "plain": "Von {who}"
            }
            """#
        let document = try parse(translation, locale: "de", template: template)
        #expect(
            document.entries.map(\.text) == [
                "Hallo Alexandra!", "Fällig am Sep 30, 2026", "Preis: €%.2f", "Anteil %f%%", "Am Wed, 30. Sep",
                "Von %@",
            ])
        // Without a template, the file's own metadata.
        #expect(try parse(translation, locale: "de").entries.first?.text == "Hallo Jo!")
    }

    @Test func pluralArgumentsInOtherPrintTheIntegerSampleNotTheExample() throws {
        let text =
            #"{"n": "{count, plural, one{# Tag} other{{count} Tage}}", "@n": {"placeholders": {"count": {"type": "int", "example": "1"}}}}"#
        #expect(try parse(text, locale: "de").entries.map(\.text) == ["1 Tag", "%d Tage"])
    }

    @Test func fileLevelProblemsThrowAndAnEmptyFileIsAnEmptyBundle() throws {
        #expect(throws: CatalogError.self) { try parse("[1, 2]") }
        #expect(throws: CatalogError.self) { try parse(#"{"@@locale": 5}"#) }
        #expect(throws: CatalogError.self) { try parse(#"{"a": "b",}"#) }
        #expect(try parse(" \n").entries.isEmpty)
        // `@@locale` in the underscore form becomes a tag; other `@@` members are passed over.
        let document = try parse(#"{"@@locale": "pt_BR", "@@last_modified": "2024", "a": "b"}"#)
        #expect(document.entries.map(\.locale) == ["pt-BR"])
        #expect(document.skipped.isEmpty)
    }
}
