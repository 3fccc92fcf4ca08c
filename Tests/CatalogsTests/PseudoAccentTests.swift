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

    /// Braces as aapt2's `Pseudolocalizer::Text` reads them (ICU MessageFormat), worked out by hand from its rules:
    /// an argument `{name}` is kept between » and « and its bytes are not counted ("Hello , you have  messages" is
    /// 26 bytes with one counted word, the comma → half, 13 bytes of number words finished to "… four"); a plural's
    /// keywords are kept, and each of its messages
    /// is accented with its own expansion ("# item", 6 bytes, one word → 3, finished to "one two"); after a nested
    /// message the outer counts start again (" in " → 4 bytes, 1 word → 2, "one"). (They were accented inside the
    /// braces: "{ñåḿé}", "{çöûñţ, þļûŕåļ, …".)
    @Test("ICU arguments and messages in braces")
    func braces() {
        #expect(
            accented("Hello {name}, you have {0} messages", .android)
                == "[Ĥéļļö »{name}«, ýöû ĥåVé »{0}« ḿéššåĝéš one two three four]")
        #expect(
            accented("{count, plural, one {# item} other {# items}}", .android)
                == "[{count, plural, one {# îţéḿ one two} other {# îţéḿš one two}}]")
        #expect(
            accented("You have {count, plural, =0 {no files} other {# files}} in {folder}", .android)
                == "[Ýöû ĥåVé {count, plural, =0 {ñö ƒîļéš one two} other {# ƒîļéš one two}} îñ »{folder}« one]")
        // An apostrophe makes the next character no brace; one at the very end is kept (aapt2 loses the chunk).
        #expect(accented("it'{s} ok'") == "[îţ'{š} öķ' one two]")
    }

    /// Strings of letters, braces, apostrophes and punctuation drawn at random, against a line-for-line Python port
    /// of aapt2's `Pseudolocalizer::Text` and `PseudoMethodAccent` (AOSP frameworks/base/tools/aapt2/compile; text
    /// after a final apostrophe kept): eight of 400 that agreed, those with braces and apostrophes.
    @Test(
        "random braces and apostrophes, as aapt2's algorithm",
        arguments: [
            ("a,c'x }Z{','{DcZ y", "[å,ç'х }Ž{','{DcZ y one two]"),
            ("cb,D '{y'D,bb } Z{ '}axb", "[çɓ,Ð '{ý'Ð,ɓɓ } Ž{ '}axb one two three]"),
            (" ,Z#{{y{,',Z'b#bD'yxbayy", "[ ,Ž#{{ý{,',Z'b#bD'yxbayy one]"),
            ("b '} D #}# Dy}{", "[ɓ '} Ð #}# Ðý}{ one two three]"),
            ("}c b  cxca'#, DDa } {", "[}ç ɓ  çхçå'#, ÐÐå } { one two three]"),
            (",{ y# ,xxya'#Z#xZ }", "[,»{ y# ,xxya'#Z#xZ }« one]"),
            ("b{,ab#c,} xD{,{'b", "[ɓ»{,ab#c,}« хÐ{,{'ɓ one]"),
            ("'Db by{yD'#y  a", "['Ðɓ ɓý{yD'#y  a one two]"),
        ])
    func aapt2Differential(text: String, expected: String) {
        #expect(accented(text, .android) == expected)
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
