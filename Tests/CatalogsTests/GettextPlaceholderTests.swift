import Testing

@testable import Catalogs

/// gettext's format strings (`c-format`, `python-format`) with the default samples: "Alexandra Featherstonehaugh" for
/// strings, 88888 for integers, 88888.88 for floats, FFFFFF for hex, W for characters.
@Suite struct GettextPlaceholderTests {
    static let name = "Alexandra Featherstonehaugh"
    let expander = PlaceholderExpander(syntax: .gettext)

    @Test("a message flagged no-c-format or no-python-format is not formatted: its % are shown as written")
    func notFormatStrings() throws {
        let po = """
            #, no-c-format
            msgid "nocf %d"
            msgstr "nocf %d"

            #, no-c-format, python-format
            msgid "%(n)d py"
            msgstr "%(n)d py"

            #, fuzzy
            #, no-python-format
            msgid "100%% %s"
            msgstr "100%% %s"

            #, c-format
            msgid "%d done"
            msgstr "%d fertig"

            """
        let document = try GettextParser.parse(Array(po.utf8), file: "de.po", locale: "de")
        // The GNU gettext manual: `no-c-format` says the string is not a format string, so the program prints it as
        // it is; a positive flag of another language (python-format) still formats it. Flags on two `#,` lines add up.
        #expect(
            document.entries.map { expander.expand($0.text).text } == [
                "nocf %d", "88888 py", "100%% %s", "88888 fertig",
            ])
        #expect(
            document.entries.map { $0.sourceText.map { expander.expand($0).text } } == [
                "nocf %d", "88888 py", "100%% %s", "88888 done",
            ])
        #expect(document.entries.map(\.state) == ["translated", "translated", "fuzzy", "translated"])
    }

    @Test(
        "C format specifiers as gettext catalogs write them",
        arguments: [
            ("%s files", "\(name) files", 1), ("%d", "88888", 1), ("%'d", "88888", 1), ("%ld", "88888", 1),
            ("%lld", "88888", 1), ("%zu", "88888", 1), ("%jd", "88888", 1), ("%hhu", "88888", 1), ("%Id", "88888", 1),
            ("%1$s and %2$d", "\(name) and 88888", 2), ("100%%", "100%", 0), ("%.1f", "88888.8", 1),
            ("%7d|", "  88888|", 1), ("%-7d|", "88888  |", 1), ("%x", "FFFFFF", 1), ("%p", "FFFFFF", 1),
            ("%c", "W", 1), ("%lc", "W", 1), ("%ls", name, 1), ("%Lf", "88888.88", 1),
        ])
    func cFormat(_ text: String, _ expected: String, _ count: Int) {
        #expect(expander.expand(text) == .init(text: expected, placeholderCount: count))
    }

    @Test(
        "ISO C99 <inttypes.h> macros as gettext writes them, and Python's named form",
        arguments: [
            ("%<PRIu64> bytes", "88888 bytes", 1), ("%<PRId32>", "88888", 1), ("%<PRIxMAX>", "FFFFFF", 1),
            ("%2$<PRIuLEAST16>", "88888", 1), ("%(name)s has %(count)d", "\(name) has 88888", 2),
            ("%(value).2f", "88888.88", 1), ("%(x)r", name, 1),
        ])
    func extensions(_ text: String, _ expected: String, _ count: Int) {
        #expect(expander.expand(text) == .init(text: expected, placeholderCount: count))
    }

    @Test(
        "what C does not print from an argument stays as written",
        arguments: [
            "%@ is Apple's", "50 % off", "%n", "%m", "%<PRIz64>", "%<PRId64", "%(name", "%#@var@", "%y",
            // Python's conversions are not C's, nor C's flags and conversions Python's (format-python.c).
            "%r", "%(x)S", "%(x)p", "%(x)'d", "%(x)Id",
        ])
    func literal(_ text: String) {
        #expect(expander.expand(text) == .init(text: text, placeholderCount: 0))
    }

    @Test("gettext catalogs use the gettext syntax")
    func syntaxOfTheFormat() {
        #expect(PlaceholderSyntax(for: .gettext) == .gettext)
    }
}
