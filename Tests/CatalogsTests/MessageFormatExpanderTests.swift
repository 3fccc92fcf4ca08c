import Testing

@testable import Catalogs

/// `MessageFormatExpander` with the ICU-only resolver (`MessageFormatSamples`): every expected text and variant is
/// written out by hand from the rules on the type (numbers a case fixes; `%d`/`%@` for what the measuring side
/// fills; `%` doubled).
@Suite struct MessageFormatExpanderTests {
    func expand(_ text: String, locale: String = "en") throws -> [String: String] {
        let message = try MessageFormatReader.read(text)
        let expansions = try MessageFormatExpander(locale: locale).expand(message, resolver: MessageFormatSamples())
        var byVariant: [String: String] = [:]
        for expansion in expansions { byVariant[expansion.components.joined(separator: "/")] = expansion.text }
        #expect(byVariant.count == expansions.count, "variants must be distinct")
        return byVariant
    }

    @Test func eachPluralCaseIsAVariantWithItsNumber() throws {
        #expect(
            try expand("{count, plural, =0{No files} one{# file} other{# files}}") == [
                "count.=0": "No files", "count.one": "1 file", "count.other": "%d files",
            ])
        // The argument itself prints the case's number too.
        #expect(
            try expand("{n, plural, =1{{n} item} other{{n} items}}") == [
                "n.=1": "1 item", "n.other": "%d items",
            ])
    }

    @Test func offsetSubtractsFromPoundAndAddsToTheArgument() throws {
        let text =
            "{guests, plural, offset:1 =0{Nobody} =1{{host} alone} one{{host} and # other ({guests})} "
            + "other{{host} and # others ({guests} in all)}}"
        #expect(
            try expand(text) == [
                "guests.=0": "Nobody",
                "guests.=1": "%@ alone",
                "guests.one": "%@ and 1 other (2)",
                "guests.other": "%@ and %d others (%d in all)",
            ])
        // =N with an offset: # is N minus the offset.
        #expect(try expand("{n, plural, offset:2 =5{# more} other{x}}")["n.=5"] == "3 more")
    }

    @Test func nestedSelectionsNameTheirVariantsOutermostFirst() throws {
        let text =
            "{gender, select, female{{count, plural, one{She has # cat} other{She has # cats}}} "
            + "other{{count, plural, one{They have # cat} other{They have # cats}}}}"
        #expect(
            try expand(text) == [
                "gender.female/count.one": "She has 1 cat",
                "gender.female/count.other": "She has %d cats",
                "gender.other/count.one": "They have 1 cat",
                "gender.other/count.other": "They have %d cats",
            ])
    }

    @Test func oneArgumentChosenOnceWhereverItIsAsked() throws {
        #expect(
            try expand("{count, plural, one{# file} other{# files}} {count, plural, one{was} other{were}} gone") == [
                "count.one": "1 file was gone", "count.other": "%d files were gone",
            ])
        // =1 reaches `one` of a later plural on the same argument; `one` reaches a later `=1`.
        #expect(
            try expand("{n, plural, =1{One} other{#}} {n, plural, one{item} other{items}}") == [
                "n.=1": "One item", "n.other": "%d items",
            ])
        #expect(
            try expand("{n, plural, one{#} other{#}} {n, plural, =1{exactly one} other{more}}") == [
                "n.one": "1 exactly one", "n.other": "%d more",
            ])
        // Two arguments: every combination.
        #expect(
            try expand("{a, select, x{X} other{O}}{b, select, y{Y} other{P}}") == [
                "a.x/b.y": "XY", "a.x/b.other": "XP", "a.other/b.y": "OY", "a.other/b.other": "OP",
            ])
    }

    @Test func ordinalsAndManyByLanguage() throws {
        #expect(
            try expand("{n, selectordinal, one{#st} two{#nd} few{#rd} other{#th}}") == [
                "n.one": "1st", "n.two": "2nd", "n.few": "3rd", "n.other": "%dth",
            ])
        // Russian `many` is 5 (CLDR: i % 10 = 5..9); a language without a `many` sample prints the integer sample.
        #expect(
            try expand("{n, plural, one{# файл} few{# файла} many{# файлов} other{# файла}}", locale: "ru") == [
                "n.one": "1 файл", "n.few": "3 файла", "n.many": "5 файлов", "n.other": "%d файла",
            ])
        #expect(try expand("{n, plural, many{# x} other{# y}}", locale: "ja")["n.many"] == "%d x")
    }

    @Test func simpleArgumentsBecomeSpecifiersAndLiteralPercentIsDoubled() throws {
        #expect(
            try expand("50% off for {name}, {n, number} times, {p, number, percent}") == [
                "": "50%% off for %@, %d times, %d%%"
            ])
        // Dates are written out at Wednesday, 30 September 2026, 22:58:58 in the CLDR English patterns.
        #expect(
            try expand("{d, date, short}|{d, date}|{d, date, full}|{t, time, short}") == [
                "": "9/30/26|Sep 30, 2026|Wednesday, September 30, 2026|10:58 PM"
            ])
        // A `#` in a select nested in a plural is literal (ICU).
        #expect(try expand("{n, plural, other{{g, select, other{# x}}}}") == ["n.other/g.other": "# x"])
    }
}
