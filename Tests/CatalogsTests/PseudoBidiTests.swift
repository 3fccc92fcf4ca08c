import Testing

@testable import Catalogs

/// `ar-XB` and `double` against strings written by hand (the `ar-XB` ones are aapt2's `PlaintextBidi` expectations:
/// RLM RLO before each word, PDF RLM after it).
@Suite("Pseudo locales ar-XB and double")
struct PseudoBidiTests {
    private let open = "\u{200F}\u{202E}"
    private let close = "\u{202C}\u{200F}"

    @Test("every word is wrapped, white space kept")
    func words() {
        let bidi = PseudoLocale.bidi
        #expect(bidi.transform("", syntax: .apple) == "")
        #expect(bidi.transform("word", syntax: .apple) == open + "word" + close)
        #expect(bidi.transform("  word  ", syntax: .apple) == "  " + open + "word" + close + "  ")
        #expect(
            bidi.transform("hello\n  world\n", syntax: .apple)
                == open + "hello" + close + "\n  " + open + "world" + close + "\n")
    }

    @Test("a placeholder is part of its word and unchanged")
    func placeholders() {
        #expect(
            PseudoLocale.bidi.transform("%1$@ (%d%%)", syntax: .apple)
                == open + "%1$@" + close + " " + open + "(%d%%)" + close)
    }

    @Test("double writes the text twice, joined by a space")
    func double() {
        #expect(PseudoLocale.double.transform("Cancel", syntax: .apple) == "Cancel Cancel")
        #expect(PseudoLocale.double.transform("%d items", syntax: .apple) == "%d items %d items")
    }

    @Test("ids are read case-insensitively, with _ for -")
    func ids() {
        #expect(PseudoLocale(id: "en-xa") == .accented)
        #expect(PseudoLocale(id: "AR_XB") == .bidi)
        #expect(PseudoLocale(id: "Double") == .double)
        #expect(PseudoLocale(id: "en") == nil)
    }
}
