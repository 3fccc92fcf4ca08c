import Testing

@testable import Catalogs

/// Placeholder samples by argument position (`PlaceholderSamples.byPosition`), as the config's `"samples"` gives
/// them: the expected texts are written out by hand from printf's argument numbering.
@Suite("Placeholder samples by position")
struct PositionalSampleTests {
    func expand(_ text: String, _ byPosition: [Int: String], syntax: PlaceholderSyntax = .apple) -> String {
        var samples = PlaceholderSamples()
        samples.byPosition = byPosition
        return PlaceholderExpander(syntax: syntax, samples: samples).expand(text).text
    }

    @Test("unnumbered specifiers take positions 1, 2, … in order")
    func unnumbered() {
        #expect(expand("%@ of %@", [1: "12"]) == "12 of Alexandra Featherstonehaugh")
        #expect(expand("%@ of %@", [1: "12", 2: "40"]) == "12 of 40")
        #expect(expand("%d%% of %@", [2: "Photos"]) == "88888% of Photos")
    }

    @Test("numbered specifiers use their own position, whatever their order")
    func numbered() {
        #expect(expand("%2$@ (%1$@)", [1: "2.4.1", 2: "Version"]) == "Version (2.4.1)")
        #expect(expand("Version: %1$@ (%2$@)", [1: "2.4.1"]) == "Version: 2.4.1 (Alexandra Featherstonehaugh)")
    }

    @Test("a position's sample replaces any kind's, and precision and width still shape it")
    func kindsAndShaping() {
        #expect(expand("%d files", [1: "3"]) == "3 files")
        #expect(expand("[%5d]", [1: "3"]) == "[    3]")
        #expect(expand("%.2@", [1: "Zoë"]) == "Zo")
    }

    @Test("Android %<s repeats the previous argument; gettext positions count too")
    func androidAndGettext() {
        #expect(expand("%1$s and %<s", [1: "Ann"], syntax: .android) == "Ann and Ann")
        #expect(expand("%s / %s", [2: "B"], syntax: .android) == "Alexandra Featherstonehaugh / B")
        #expect(expand("%2$s %1$s", [1: "one", 2: "two"], syntax: .gettext) == "two one")
    }

    @Test("%% and %n take no position")
    func nonArguments() {
        #expect(expand("100%% %s%n%s", [1: "a", 2: "b"], syntax: .android) == "100% a\nb")
    }
}
