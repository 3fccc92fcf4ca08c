/// A number that selects a plural category, for measuring the text of a plural case with a number it can really
/// show: `one` → 1, `two` → 2, `few` → 3, `zero` → 0, and `many` by language.
///
/// The numbers come from the CLDR plural rules (unicode.org/cldr, `plurals.xml` and `ordinals.xml`, whose
/// `@integer`/`@decimal` samples list them): 0, 1, 2 and 3 are in `zero`, `one`, `two` and `few` in nearly every
/// language that has those categories (Arabic, Welsh, Latvian, the Slavic languages, Irish, Slovenian, English
/// ordinals…). `many` differs most, so it has a small table of the languages that use it; elsewhere, and for
/// `other`, there is no such number and the caller uses its multi-digit sample (`PlaceholderSamples.integer`), the
/// widest realistic value. A case is measured with one number, not all that select it: text width depends on the
/// digits only through their count.
enum PluralSampleNumber {
    /// The number for `category` in the language of `locale` (its first subtag), or nil for `other` and for a
    /// `many` the table does not know.
    static func number(for category: String, ordinal: Bool, locale: String) -> String? {
        switch category {
        case "zero": return "0"
        case "one": return "1"
        case "two": return "2"
        case "few": return "3"
        case "many":
            let language = String(locale.unicodeScalars.prefix { $0 != "-" && $0 != "_" }).lowercased()
            return ordinal ? ordinalMany[language] : cardinalMany[language]
        default: return nil
        }
    }

    /// Cardinal `many`: the first integer (or decimal) sample CLDR gives for the category.
    private static let cardinalMany: [String: String] = [
        "ar": "11", "mt": "11",  // n % 100 = 11..19 (mt), 11..99 (ar)
        "be": "5", "ru": "5", "uk": "5", "pl": "5",  // i % 10 = 5..9 …
        "cy": "6", "ga": "7", "br": "1000000",
        "fr": "1000000", "es": "1000000", "it": "1000000", "pt": "1000000", "ca": "1000000",  // e = 0, i % 1e6 = 0
        "cs": "1.5", "sk": "1.5", "lt": "1.5",  // v != 0 (cs, sk), f != 0 (lt)
    ]

    /// Ordinal `many`.
    private static let ordinalMany: [String: String] = [
        "it": "8", "cy": "5", "kk": "6", "sq": "4", "ka": "21", "mr": "4",
    ]
}
