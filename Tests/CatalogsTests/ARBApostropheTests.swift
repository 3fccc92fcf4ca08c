import Foundation
import Testing

@testable import Catalogs

/// Apostrophes in ARB messages as Flutter's `gen-l10n` reads them (flutter_tools' `message_parser.dart`): with
/// `use-escaping` off — the default — every apostrophe is text; with `use-escaping: true` in `l10n.yaml`, `'…'` is
/// quoted text, `''` an apostrophe and an unclosed quote an error. The messages are real ones (lichess-org/mobile's
/// `app_ca.arb` and `app_fr.arb`, flutter/gallery's `intl_en_GB.arb`), the expected texts written by hand.
@Suite struct ARBApostropheTests {
    typealias Part = MessageFormat.Part

    @Test("use-escaping off (Flutter's default): apostrophes are text, before a brace too")
    func literal() throws {
        let catalan = try MessageFormatReader.read("Batalla d'{count} equip", apostrophes: .literal)
        #expect(
            catalan.parts == [
                .text("Batalla d'"), .argument(.init(name: "count", type: nil, style: nil, offset: 10)),
                .text(" equip"),
            ])
        let quoted = try MessageFormatReader.read("You selected: '{value}'", apostrophes: .literal)
        #expect(
            quoted.parts == [
                .text("You selected: '"), .argument(.init(name: "value", type: nil, style: nil, offset: 15)),
                .text("'"),
            ])
        #expect(try MessageFormatReader.read("l''été", apostrophes: .literal).parts == [.text("l''été")])
        // Braces stay syntax: a plural's cases are read, with their apostrophes as text.
        let plural = try MessageFormatReader.read(
            "{n, plural, one{l'équipe de {n}} other{les équipes d'{n}}}", apostrophes: .literal)
        guard case .selection(let selection)? = plural.parts.first else {
            Issue.record("expected a selection, got \(plural.parts)")
            return
        }
        #expect(selection.cases.map(\.message.parts.first) == [.text("l'équipe de "), .text("les équipes d'")])
    }

    @Test("use-escaping on: '…' quotes, '' is an apostrophe, an unclosed quote is an error")
    func quotesAlways() throws {
        func literal(_ text: String) throws -> [Part] {
            try MessageFormatReader.read(text, apostrophes: .quotesAlways).parts
        }
        #expect(try literal("I said '{'Wow!'}'") == [.text("I said {Wow!}")])
        #expect(try literal("Hello! 'Flutter''s amazing'.") == [.text("Hello! Flutter's amazing.")])
        #expect(try literal("don''t") == [.text("don't")])
        #expect(throws: MessageFormatError(kind: .unmatchedQuote, offset: 3)) {
            try MessageFormatReader.read("don't", apostrophes: .quotesAlways)
        }
    }

    /// A Flutter project laid out as `flutter create` makes it: `pubspec.yaml` and `l10n.yaml` at its root, the ARB
    /// files in `lib/l10n`.
    static func project(l10nYAML: String?, arb: String) throws -> (root: URL, arb: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("arb-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("app/lib/l10n")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("name: app\n".utf8).write(to: root.appendingPathComponent("app/pubspec.yaml"))
        if let l10nYAML { try Data(l10nYAML.utf8).write(to: root.appendingPathComponent("app/l10n.yaml")) }
        let path = folder.appendingPathComponent("app_fr.arb").path
        try Data(arb.utf8).write(to: URL(fileURLWithPath: path))
        return (root, path)
    }

    @Test(
        "the project's l10n.yaml decides; without one, or without use-escaping, apostrophes are text",
        arguments: [
            (nil, "de l'Alexandra'."),
            ("arb-dir: lib/l10n\ntemplate-arb-file: app_en.arb\n", "de l'Alexandra'."),
            ("arb-dir: lib/l10n\nuse-escaping: false\n", "de l'Alexandra'."),
            ("arb-dir: lib/l10n\nuse-escaping: true # ICU-style quotes\n", "de l{param}."),
            ("use-escaping: True\r\n", "de l{param}."),
            // YAML 1.2 (Dart's package:yaml): `yes` is a string, not a bool.
            ("use-escaping: yes\n", "de l'Alexandra'."),
        ] as [(String?, String)])
    func projectSetting(yaml: String?, expected: String) throws {
        // Under use-escaping the quote in `l'{param}'` starts quoted text, which the next one ends: `{param}` is text.
        let arb =
            #"{"@@locale": "fr", "loaded": "de l'{param}'.", "@loaded": {"placeholders": {"param": {"example": "Alexandra"}}}}"#
        let (root, path) = try Self.project(l10nYAML: yaml, arb: arb)
        defer { try? FileManager.default.removeItem(at: root) }
        let document = try CatalogParsing.parse(
            CatalogSource(path: path, format: .arb, locale: "fr", group: path))
        #expect(document.entries.map(\.text) == [expected])
    }

    @Test("an l10n.yaml above the project's root (the folder with pubspec.yaml) is not the project's")
    func stopsAtTheProjectRoot() throws {
        let (root, path) = try Self.project(l10nYAML: nil, arb: #"{"a": "d'{n}"}"#)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("use-escaping: true\n".utf8).write(to: root.appendingPathComponent("l10n.yaml"))
        #expect(FlutterL10nOptions.reading(forARBAt: path).apostrophes == .literal)
        // Catalan's `d'{count}`, which ICU's rule would quote to the end ("unbalanced braces"), is an entry.
        let document = try CatalogParsing.parse(CatalogSource(path: path, format: .arb, locale: "ca", group: path))
        #expect(document.skipped.isEmpty)
        #expect(document.entries.map(\.text) == ["d'%@"])
        // The project's own l10n.yaml is the one, even when it cannot be used: over the size limit, it counts as
        // absent and the parent's is not taken instead; a FIFO is refused without waiting for a writer.
        let project = URL(fileURLWithPath: path).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let own = project.appendingPathComponent("l10n.yaml").path
        try Data(("use-escaping: true\n" + String(repeating: "#", count: FlutterL10nOptions.maximumSize)).utf8)
            .write(to: URL(fileURLWithPath: own))
        #expect(FlutterL10nOptions.reading(forARBAt: path).apostrophes == .literal)
        try FileManager.default.removeItem(atPath: own)
        #expect(mkfifo(own, 0o644) == 0)
        #expect(FlutterL10nOptions.configuration(forARBAt: path) == nil)
        try FileManager.default.removeItem(atPath: own)
        try Data("use-escaping: true\n".utf8).write(to: URL(fileURLWithPath: own))
        #expect(FlutterL10nOptions.reading(forARBAt: path).apostrophes == .quotesAlways)
    }
}
