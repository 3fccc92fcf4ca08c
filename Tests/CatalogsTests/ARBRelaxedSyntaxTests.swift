import Foundation
import Testing

@testable import Catalogs

/// Flutter's `relax-syntax: true` (flutter_tools' `message_parser.dart`, the relaxed lexer): a `{` opens an argument
/// only before a placeholder the template declares for the message, and a `}` that closes nothing is text. The
/// expected parts are worked by hand from that lexer's rules, as `MessageFormatReader` documents them.
@Suite struct ARBRelaxedSyntaxTests {
    func parts(_ text: String, _ names: Set<String>) throws -> [MessageFormat.Part] {
        try MessageFormatReader.read(text, apostrophes: .literal, relaxedNames: names).parts
    }

    func argument(_ name: String, at offset: Int) -> MessageFormat.Part {
        .argument(MessageFormat.Argument(name: name, type: nil, style: nil, offset: offset))
    }

    @Test("a brace before an undeclared name, or closing nothing, is text")
    func braces() throws {
        #expect(
            try parts("Hello {name}, {not a placeholder} }", ["name"])
                == [.text("Hello "), argument("name", at: 6), .text(", {not a placeholder} }")])
        #expect(try parts("{ name } and {names}", ["name"]) == [argument("name", at: 0), .text(" and {names}")])
        #expect(try parts("JSON: {\"a\": 1}", []) == [.text("JSON: {\"a\": 1}")])
        // Undeclared, a plural's name makes it all text, as the relaxed lexer reads it.
        #expect(
            try parts("{count, plural, one{# item} other{# items}}", [])
                == [.text("{count, plural, one{# item} other{# items}}")])
        // The strict syntax refuses what the relaxed one reads as text.
        #expect(throws: MessageFormatError.self) { try MessageFormatReader.read("a } b", apostrophes: .literal) }
        #expect(try parts("a } b", []) == [.text("a } b")])
    }

    @Test("white space inside braces is Dart's \\s in Flutter's reader: a no-break or ideographic space too")
    func dartWhiteSpace() throws {
        #expect(
            try parts("Hi {\u{00A0}name\u{3000}}!", ["name"]) == [.text("Hi "), argument("name", at: 3), .text("!")])
        #expect(
            try MessageFormatReader.read("{\u{FEFF}n\u{2009}}", apostrophes: .literal).parts == [argument("n", at: 0)])
        // ICU's Pattern_White_Space has no no-break space: there it is part of the name.
        #expect(try MessageFormatReader.read("{n\u{00A0}}", apostrophes: .icu).parts == [argument("n\u{00A0}", at: 0)])
    }

    @Test("declared, a plural is read; inside its cases braces close cases, and after it a stray } is an error")
    func selections() throws {
        let message = try parts("{count, plural, one{1 {x item} other{{count} items}}", ["count"])
        guard message.count == 1, case .selection(let selection) = message[0] else {
            Issue.record("expected one selection, got \(message)")
            return
        }
        #expect(selection.cases.map(\.selector) == [.keyword("one"), .keyword("other")])
        // In `one`, `{x` is text (x is not declared) and its `}` closes the case.
        #expect(
            selection.cases.map(\.message.parts) == [
                [.text("1 {x item")], [argument("count", at: 37), .text(" items")],
            ])
        #expect(throws: MessageFormatError.self) {
            try MessageFormatReader.read(
                "{count, plural, other{{count}}} }", apostrophes: .literal, relaxedNames: ["count"])
        }
    }

    @Test("read through a project whose l10n.yaml says relax-syntax: true, with the template's placeholders")
    func project() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("arb-relaxed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let l10n = root.appendingPathComponent("lib/l10n")
        try FileManager.default.createDirectory(at: l10n, withIntermediateDirectories: true)
        try Data("name: app\n".utf8).write(to: root.appendingPathComponent("pubspec.yaml"))
        try Data("arb-dir: lib/l10n\nrelax-syntax: true # braces as text\n".utf8).write(
            to: root.appendingPathComponent("l10n.yaml"))
        let template = #"""
            {"@@locale": "en", "greet": "Hi {name} {nick}", "@greet": {"placeholders": {"name": {}}},
             "json": "Send {\"id\": 1}"}
            """#
        try Data(template.utf8).write(to: l10n.appendingPathComponent("app_en.arb"))
        // The translation declares `nick` itself: flutter_tools asks the template only, so `{nick}` stays text.
        let french = #"""
            {"greet": "Salut {name} {nick} }", "@greet": {"placeholders": {"nick": {}}},
             "json": "Envoyez {\"id\": 1}"}
            """#
        try Data(french.utf8).write(to: l10n.appendingPathComponent("app_fr.arb"))
        let found = CatalogDiscovery.find([root.path], defaultLocale: "en", sourceLocale: "en")
        let documents = try found.sources.map { try CatalogParsing.parse($0) }
        #expect(
            documents.map { $0.entries.map { "\($0.locale) \($0.key)=\($0.text)" } } == [
                ["en greet=Hi %@ {nick}", "en json=Send {\"id\": 1}"],
                ["fr greet=Salut %@ {nick} }", "fr json=Envoyez {\"id\": 1}"],
            ])
        #expect(documents.allSatisfy { $0.skipped.isEmpty })
        #expect(
            FlutterL10nOptions.reading(forARBAt: l10n.appendingPathComponent("app_fr.arb").path)
                == FlutterL10nOptions.Reading(apostrophes: .literal, relaxSyntax: true))
    }
}
