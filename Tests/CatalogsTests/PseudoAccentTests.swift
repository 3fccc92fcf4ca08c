import Testing

@testable import Catalogs

/// `en-XA` against strings written by hand: the first five are the expectations of aapt2's own
/// `Pseudolocalizer_test.cpp` (AOSP frameworks/base/tools/aapt2/compile), the rest worked out from its rules (length
/// in bytes of text outside placeholders and markup; words counted only where a character without an accent
/// follows white space; more than three words → expand by the length, else by half).
@Suite("Pseudo locale en-XA")
struct PseudoAccentTests {
    private func accented(_ text: String, _ syntax: PlaceholderSyntax = .apple) -> String {
        PseudoLocale.accented.transform(text, syntax: syntax)
    }

    @Test("aapt2's own expectations")
    func aapt2Examples() {
        #expect(accented("") == "[]")
        #expect(accented("Hello, world") == "[Ĥéļļö, ŵöŕļð one two]")
        #expect(accented("Hello, %1d") == "[Ĥéļļö, »%1d« one two]")
        #expect(accented("Battery %1d%%") == "[βåţţéŕý »%1d«%% one two]")
        #expect(accented("^1 %") == "[^1 % one]")
    }

    @Test("more than three counted words expand by the whole length")
    func manyWords() {
        // Seven bytes, four words of unaccented characters: seven characters of "one two three", finished.
        #expect(accented("1 2 3 4") == "[1 2 3 4 one two three]")
        // Letters only: no word is counted, so "Delete a file" (13 bytes) grows by 6 → "one two".
        #expect(accented("Delete a file") == "[Ðéļéţé å ƒîļé one two]")
    }

    @Test("letters without an accented form, and look-alikes")
    func table() {
        // F has no entry in aapt2's table; x becomes Cyrillic х (U+0445), q and Q swap case, $ becomes €.
        #expect(accented("Fx") == "[F\u{445} one]")
        #expect(accented("qQ$") == "[Qq€ one]")
    }

    @Test("an expansion longer than the number words repeats them")
    func repetition() {
        let words = String(decoding: PseudoAccent.expansionText, as: UTF8.self)
        var out: [UInt8] = []
        PseudoAccent.appendExpansion(PseudoAccent.expansionText.count + 1, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == words + " one")
        out = []
        PseudoAccent.appendExpansion(0, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "one")
    }

    @Test("markup and entity references are kept and not counted")
    func markup() {
        // Text bytes: "Bold", " ", " ", "co" = 8, no counted word → 4 → "one two".
        #expect(accented("<b>Bold</b> &amp; co") == "[<b>βöļð</b> &amp; çö one two]")
        // A lone < or & is text.
        #expect(accented("a < b") == "[å < ɓ one]")
    }
}
