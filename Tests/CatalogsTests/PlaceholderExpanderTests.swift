import Testing

@testable import Catalogs

/// Sample substitution for Apple and Android specifiers, literal percent signs, widths and precisions.
@Suite struct PlaceholderExpanderTests {
    let apple = PlaceholderExpander(syntax: .apple)
    let android = PlaceholderExpander(syntax: .android)

    /// The address of a string's UTF-8 storage, to tell "the same string" from "an equal copy".
    func storage(_ text: String) -> UnsafeRawPointer? {
        text.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }

    @Test("the default samples")
    func defaults() {
        let samples = PlaceholderSamples()
        #expect(samples.object == "Alexandra Featherstonehaugh")
        #expect(samples.integer == "88888")
        #expect(samples.float == "88888.88")
        #expect(samples.hex == "FFFFFF")
        #expect(samples.character == "W")
        #expect(samples.boolean == "false")
        #expect(apple.syntax == .apple)
        #expect(apple.samples == samples)
    }

    @Test(
        "text without a specifier comes back as the same string, not a copy",
        arguments: [
            "No placeholders in this sentence at all.",
            "Save 50 % off everything in the store today",
            "Progress: 100% — and a trailing percent sign %",
        ])
    func unchanged(text: String) {
        let result = apple.expand(text)
        #expect(result.text == text)
        #expect(result.placeholderCount == 0)
        #expect(storage(result.text) == storage(text))
    }

    @Test(
        "Apple specifiers",
        arguments: [
            // Objects, positional reordering, mixtures.
            ("%@", "Alexandra Featherstonehaugh", 1),
            ("You’re about to sign in to %@", "You’re about to sign in to Alexandra Featherstonehaugh", 1),
            ("%2$@ invited %1$@", "Alexandra Featherstonehaugh invited Alexandra Featherstonehaugh", 2),
            (
                "%2$@ invited %1$@ (%lld%%)",
                "Alexandra Featherstonehaugh invited Alexandra Featherstonehaugh (88888%)", 3
            ),
            (
                "%1$@ and %@ and %3$s",
                "Alexandra Featherstonehaugh and Alexandra Featherstonehaugh and Alexandra "
                    + "Featherstonehaugh", 3
            ),
            ("%s/%S", "Alexandra Featherstonehaugh/Alexandra Featherstonehaugh", 2),
            // Integers with every length modifier.
            ("%d %i %u %D %U %o %O", "88888 88888 88888 88888 88888 88888 88888", 7),
            ("%lld items", "88888 items", 1),
            ("%ld %hd %hhd %qd %zu %jd %td %lu %llu", "88888 88888 88888 88888 88888 88888 88888 88888 88888", 9),
            ("Read by %1$@ and %2$d others", "Read by Alexandra Featherstonehaugh and 88888 others", 2),
            // Floats and precision.
            ("%f", "88888.88", 1),
            ("%.1f", "88888.8", 1),
            ("%.0f km", "88888 km", 1),
            ("%.f", "88888", 1),
            ("%.4f", "88888.8888", 1),
            ("%3$.2f", "88888.88", 1),
            ("%e %E %g %G %a %A %F %Lf", "88888.88 88888.88 88888.88 88888.88 88888.88 88888.88 88888.88 88888.88", 8),
            // Width pads with spaces, as printf does; '-' pads on the right, '0' with zeros.
            ("[%7d]", "[  88888]", 1),
            ("[%-7d]", "[88888  ]", 1),
            ("[%07d]", "[0088888]", 1),
            ("[%-07d]", "[88888  ]", 1),
            ("[%5d]", "[88888]", 1),
            ("[%3d]", "[88888]", 1),
            ("[%10.1f]", "[   88888.8]", 1),
            ("[%30@]", "[   Alexandra Featherstonehaugh]", 1),
            ("[%-30@]", "[Alexandra Featherstonehaugh   ]", 1),
            ("[%030@]", "[   Alexandra Featherstonehaugh]", 1),
            ("[%2$5d]", "[88888]", 1),
            // Precision on integers zero-fills; on objects it truncates.
            ("%.7d", "0088888", 1),
            ("%.3@ %.3s", "Ale Ale", 2),
            // Signs and ignored flags.
            ("%+d %+u %+.1f", "+88888 88888 +88888.8", 3),
            ("%'d %#x %#o", "88888 FFFFFF 88888", 3),
            // Widths and precisions from arguments are unknown: no padding.
            ("[%*d] [%.*f] [%1$*2$d]", "[88888] [88888.88] [88888]", 3),
            // Hex, characters.
            ("%x %X %p %lx", "FFFFFF FFFFFF FFFFFF FFFFFF", 4),
            ("%c%C", "WW", 2),
            // Percent signs.
            ("%%", "%", 0),
            ("%d%%", "88888%", 1),
            ("100%% of %lld%%", "100% of 88888%", 1),
            // Variables left in the text.
            ("%1$#@COUNT@", "Alexandra Featherstonehaugh", 1),
            ("%#@files@ in %#@folders@", "Alexandra Featherstonehaugh in Alexandra Featherstonehaugh", 2),
            ("%#@count_posts@ %#@count_participants@", "Alexandra Featherstonehaugh Alexandra Featherstonehaugh", 2),
            // Literal percent signs: a space, an unknown conversion, a cut specifier.
            ("50 % off %d", "50 % off 88888", 1),
            ("% d", "% d", 0),
            ("%y %k %1$ %ll", "%y %k %1$ %ll", 0),
            ("%0$@", "%0$@", 0),
            ("%5%", "%5%", 0),
            ("%n", "%n", 0),
            ("%d%", "88888%", 1),
            ("%", "%", 0),
            // Non-ASCII around specifiers.
            ("Größe: %@ 😀 %d", "Größe: Alexandra Featherstonehaugh 😀 88888", 2),
            ("Öffne <b>%1$@</b> auf", "Öffne <b>Alexandra Featherstonehaugh</b> auf", 1),
        ])
    func appleSpecifiers(text: String, expected: String, count: Int) {
        let result = apple.expand(text)
        #expect(result.text == expected)
        #expect(result.placeholderCount == count)
    }

    @Test(
        "Android specifiers",
        arguments: [
            ("%1$s and %2$d", "Alexandra Featherstonehaugh and 88888", 2),
            ("%2$s before %1$s", "Alexandra Featherstonehaugh before Alexandra Featherstonehaugh", 2),
            ("%s %d %f %.2f %x %c %b %%", "Alexandra Featherstonehaugh 88888 88888.88 88888.88 FFFFFF W false %", 7),
            ("Line one%nLine two", "Line one\nLine two", 0),
            ("%1$d%% of your %2$d episodes", "88888% of your 88888 episodes", 2),
            ("%S %X %h %B %e %o", "Alexandra Featherstonehaugh FFFFFF FFFFFF false 88888.88 88888", 6),
            ("%s and %<s", "Alexandra Featherstonehaugh and Alexandra Featherstonehaugh", 2),
            ("[%,d] [%(d] [%-7d] [%07d] [%.1f]", "[88888] [88888] [88888  ] [0088888] [88888.8]", 5),
            // Not Java: Apple's %@ and length modifiers, '.' without digits, a space.
            ("%@ %lld %.f % d", "%@ %lld %.f % d", 0),
            ("50 % off", "50 % off", 0),
            // Java's date/time conversions, at Wednesday 30 September 2026, 22:58:58 UTC (Formatter's table: B the
            // month's full name, e the day without a zero, Y four digits, T upper case, R/D/F composites).
            ("Saved on %1$tB %1$te, %1$tY", "Saved on September 30, 2026", 3),
            ("%tH:%tM %Tp %Ta %-12tB|", "22:58 PM WED September   |", 5),
            ("%tR %tD %tF %tj", "22:58 09/30/26 2026-09-30 273", 4),
            // No such suffix, a precision, or no suffix at all: Java throws, so the % is text.
            ("%tX %.2tB %t", "%tX %.2tB %t", 0),
        ])
    func androidSpecifiers(text: String, expected: String, count: Int) {
        let result = android.expand(text)
        #expect(result.text == expected)
        #expect(result.placeholderCount == count)
    }

    @Test("custom samples, measured in scalars for widths")
    func customSamples() {
        let samples = PlaceholderSamples(
            object: "山田太郎", integer: "٨٨٨٨٨", float: "8", hex: "ff",
            character: "М", boolean: "true")
        let expander = PlaceholderExpander(syntax: .apple, samples: samples)
        #expect(
            expander.expand("[%6@] [%7d] [%.2f] [%.0f] [%4x] [%c] [%.2@]").text
                == "[  山田太郎] [  ٨٨٨٨٨] [8.88] [8] [  ff] [М] [山田]")
        let short = PlaceholderExpander(syntax: .apple, samples: PlaceholderSamples(integer: "42", float: "3.5"))
        #expect(short.expand("[%5d] [%.3f] [%05d]").text == "[   42] [3.555] [00042]")
        #expect(PlaceholderExpander(syntax: .android, samples: samples).expand("%b").text == "true")
    }

    @Test("an empty sample gives an empty replacement")
    func emptySample() {
        let expander = PlaceholderExpander(samples: PlaceholderSamples(object: ""))
        let result = expander.expand("%@")
        #expect(result.text == "")
        #expect(result.placeholderCount == 1)
    }

    @Test("huge widths are clamped instead of allocating")
    func hugeWidth() {
        let result = apple.expand("%99999999999999999999d")
        #expect(result.text.utf8.count == FormatSpecifier.maximumWidth)
        #expect(result.text.hasSuffix(" 88888"))
    }

    @Test("the syntax follows the catalog format")
    func syntaxForFormat() {
        #expect(PlaceholderSyntax(for: .androidXML) == .android)
        #expect(PlaceholderSyntax(for: .strings) == .apple)
        #expect(PlaceholderSyntax(for: .stringsdict) == .apple)
        #expect(PlaceholderSyntax(for: .xcstrings) == .apple)
        #expect(PlaceholderSyntax(for: .xliff) == .apple)
    }

    @Test("every cut of a specifier-heavy text expands without trapping", arguments: PlaceholderSyntax.allCases)
    func truncations(syntax: PlaceholderSyntax) {
        let expander = PlaceholderExpander(syntax: syntax)
        let text = "%1$@ %2$-+07.3lld %*.*f %#@a@ %%%n %.f %<s %,d 😀%"
        let scalars = Array(text.unicodeScalars)
        for length in 0...scalars.count {
            var prefix = ""
            prefix.unicodeScalars.append(contentsOf: scalars[0..<length])
            #expect(expander.expand(prefix).text.isEmpty == prefix.isEmpty)
        }
    }
}
