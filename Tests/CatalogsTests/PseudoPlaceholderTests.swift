import Testing

@testable import Catalogs

/// Placeholders survive every pseudo transform: the specifiers are still in the text, byte for byte, and expanding
/// the transformed text finds as many placeholders as in the source.
@Suite("Pseudo locales keep placeholders")
struct PseudoPlaceholderTests {
    static let apple: [(text: String, specifiers: [String])] = [
        ("%@ and %1$d", ["%@", "%1$d"]),
        ("%#@files@ left on %1$#@disks@", ["%#@files@", "%1$#@disks@"]),
        ("%lld%% done", ["%lld", "%%"]),
        ("%.2f km", ["%.2f"]),
    ]

    @Test("Apple specifiers", arguments: PseudoLocale.allCases)
    func apple(_ locale: PseudoLocale) {
        let expander = PlaceholderExpander(syntax: .apple)
        for (text, specifiers) in Self.apple {
            let transformed = locale.transform(text, syntax: .apple)
            for specifier in specifiers { #expect(transformed.contains(specifier), "\(locale) \(text)") }
            let factor = locale == .double ? 2 : 1
            #expect(expander.expand(transformed).placeholderCount == factor * expander.expand(text).placeholderCount)
        }
    }

    @Test("Android specifiers, %n and %% kept bare", arguments: PseudoLocale.allCases)
    func android(_ locale: PseudoLocale) {
        let expander = PlaceholderExpander(syntax: .android)
        let text = "%1$s has %2$d files%n100%%"
        let transformed = locale.transform(text, syntax: .android)
        for specifier in ["%1$s", "%2$d", "%n", "%%"] { #expect(transformed.contains(specifier)) }
        let factor = locale == .double ? 2 : 1
        #expect(expander.expand(transformed).placeholderCount == factor * 2)
    }

    /// Java's date/time conversions are placeholders too: en-XA brackets `%1$tB` whole, as aapt2 does (it accented
    /// the letters and turned `$` into `€`: "%1€ţβ").
    @Test("Android date/time conversions kept whole", arguments: PseudoLocale.allCases)
    func androidDates(_ locale: PseudoLocale) {
        let text = "Saved on %1$tB %1$te, %TY"
        let transformed = locale.transform(text, syntax: .android)
        for specifier in ["%1$tB", "%1$te", "%TY"] { #expect(transformed.contains(specifier), "\(locale)") }
        if locale == .accented { #expect(transformed.contains("»%1$tB«")) }
    }

    @Test("en-XA brackets placeholders only")
    func brackets() {
        // Text bytes " has " and " files" = 11, no counted word → 5 → "one two".
        #expect(
            PseudoLocale.accented.transform("%1$s has %2$d files", syntax: .android)
                == "[»%1$s« ĥåš »%2$d« ƒîļéš one two]")
        #expect(PseudoLocale.accented.transform("%#@files@ left", syntax: .apple) == "[»%#@files@« ļéƒţ one]")
        #expect(PseudoLocale.accented.transform("a%nb", syntax: .android) == "[å%nɓ one]")
    }
}
