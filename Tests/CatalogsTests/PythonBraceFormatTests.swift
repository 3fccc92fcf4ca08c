import Testing

@testable import Catalogs

/// `python-brace-format` messages: Python's `str.format` fields measured with the project's samples. The expected
/// texts are what Python 3.11 prints for the same values (`'{0} en {1}: {count:d} lêers'.format(name, name,
/// count=88888)`, run by hand and written here), and the printf forms are worked out from the rules in
/// `PythonBraceFormat`'s documentation.
@Suite struct PythonBraceFormatTests {
    static let name = "Alexandra Featherstonehaugh"
    let expander = PlaceholderExpander(syntax: .gettext)

    @Test(
        "fields become positional printf specifiers: numbers, automatic fields, then names in order of appearance",
        arguments: [
            ("{minutes} minute gelede", "%1$s minute gelede"),
            ("{0} en {1}", "%1$s en %2$s"),
            ("{} of {}", "%1$s of %2$s"),
            ("{name} {0} {name}", "%2$s %1$s %2$s"),
            ("{count:,d} of {total} ({ratio:.1%})", "%1$d of %2$s (%3$.1f%%)"),
            ("[{:>8d}] [{:<8d}] [{:08d}] [{:*^9.2f}]", "[%1$8d] [%2$-8d] [%3$08d] [%4$9.2f]"),
            ("{n:x} {n:X} {n:o} {n:b} {c:c} {v:e}", "%1$x %1$X %1$o %1$o %2$c %3$e"),
            ("{name!r} {{literal}} }} 100%", "'%1$s' {literal} } 100%%"),
            ("{user.name} {items[0]} {:{width}}", "%2$s %3$s %1$s"),
        ])
    func printfForms(_ text: String, _ expected: String) {
        #expect(PythonBraceFormat.printfForm(text, percentIsText: true) == expected)
    }

    @Test("a translation numbers its named fields as its msgid does, whatever their order")
    func namesNumberedByTheMsgid() throws {
        let po = """
            #, python-brace-format
            msgid "{name} has {count} items"
            msgstr "{count} Elemente von {name} ({extra})"

            """
        let document = try GettextParser.parse(Array(po.utf8), file: "de.po", locale: "de")
        #expect(document.entries.map(\.text) == ["%2$s Elemente von %1$s (%3$s)"])
        #expect(document.entries.map(\.sourceText) == ["%1$s has %2$s items"])
        var samples = PlaceholderSamples()
        samples.byPosition = [1: "Bob", 2: "12"]
        let expander = PlaceholderExpander(syntax: .gettext, samples: samples)
        #expect(
            document.entries.map { expander.expand($0.text).text } == [
                "12 Elemente von Bob (Alexandra Featherstonehaugh)"
            ])
        #expect(PythonBraceFormat.namedPositions(in: "{1} {b} {} {a} {b}") == ["b": 3, "a": 4])
    }

    @Test("a text Python would refuse stays as written", arguments: ["{unclosed", "lone } brace", "{a{b}"])
    func refused(_ text: String) {
        #expect(PythonBraceFormat.printfForm(text, percentIsText: true) == nil)
    }

    @Test("a .po message flagged python-brace-format is measured with samples; % is text unless also a % format")
    func gettextMessages() throws {
        let po = """
            #, python-brace-format
            msgid "{minutes} minute(s) ago"
            msgstr "{minutes} minute gelede"

            #, python-brace-format
            msgid "{0} and {1}: {count:d} files"
            msgstr "{0} en {1}: {count:d} lêers"

            #, python-brace-format
            msgid "[{:>8d}] [{:<8d}] [{:08d}] [{:.2f}]"
            msgstr "[{:>8d}] [{:<8d}] [{:08d}] [{:.2f}]"

            #, python-brace-format
            msgid "{name!r} {{literal}} 100% {user.name} {items[0]}"
            msgstr "{name!r} {{letterlik}} 100% {user.name} {items[0]}"

            #, python-format, python-brace-format
            msgid "%(n)d of {total}"
            msgstr "%(n)d van {total}"

            #, python-brace-format
            msgid "{broken"
            msgstr "{gebroke 100%"

            msgid "{not flagged}"
            msgstr "{nie gemerk nie}"

            """
        let document = try GettextParser.parse(Array(po.utf8), file: "af.po", locale: "af")
        let name = Self.name
        #expect(
            document.entries.map { expander.expand($0.text).text } == [
                "\(name) minute gelede",
                "\(name) en \(name): 88888 lêers",
                "[   88888] [88888   ] [00088888] [88888.88]",
                "'\(name)' {letterlik} 100% \(name) \(name)",
                "88888 van \(name)",
                "{gebroke 100%",
                "{nie gemerk nie}",
            ])
        #expect(
            document.entries.map { $0.sourceText.map { expander.expand($0).text } } == [
                "\(name) minute(s) ago", "\(name) and \(name): 88888 files",
                "[   88888] [88888   ] [00088888] [88888.88]",
                "'\(name)' {literal} 100% \(name) \(name)", "88888 of \(name)", "{broken", "{not flagged}",
            ])
    }

    @Test("a hostile message: 20,000 fields, deep nesting, a huge width — bounded, no trap")
    func hostile() throws {
        let many = String(repeating: "{x} {} {7} ", count: 20_000)
        let form = try #require(PythonBraceFormat.printfForm(many, percentIsText: true))
        // 20,000 automatic fields and the index 7 come first; the name takes the next position.
        #expect(String(form.prefix(40)) == "%20001$s %1$s %8$s %20001$s %2$s %8$s %2")
        #expect(String(form.suffix(23)) == "%20001$s %20000$s %8$s ")
        // Escaped braces two by two, then one left open.
        let braces = String(repeating: "{", count: 50_000)
        #expect(PythonBraceFormat.printfForm(braces, percentIsText: true)?.count == 25_000)
        #expect(PythonBraceFormat.printfForm(braces + "{", percentIsText: true)?.count == nil)
        #expect(PythonBraceFormat.printfForm("{:99999999999999999999d}", percentIsText: true) == "%1$9999d")
        #expect(PythonBraceFormat.printfForm("[{:123456}] [{:.1234f}]", percentIsText: true) == "[%1$9999s] [%2$.99f]")
        _ = expander.expand(form)
    }
}
