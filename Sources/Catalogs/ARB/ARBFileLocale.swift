/// The locale an ARB file's name gives, the way Flutter's `gen-l10n` reads it (`localeInfoFromFileName` in
/// flutter_tools' `localizations_utils.dart`): after each `_` of the name without `.arb`, from the first, the rest
/// is tried as a locale (`language[_Script][_REGION][_variant…]`); the first whose language is an ISO 639-1 code
/// (or `fil`, `gsw`, which Flutter's list adds) is the locale.
///
/// `app_en.arb` → `en`, `intl_de.arb` → `de`, `app_pt_BR.arb` → `pt-BR`, `app_zh_Hant_TW.arb` → `zh-Hant-TW`,
/// `my_app_fr_CA.arb` → `fr-CA` (`app_fr_CA` is tried first and passed over: `app` is not a language);
/// `intl_messages.arb`, `app.arb` and `app_ckb.arb` (`ckb` is ISO 639-3 only) → nil, and the file's `@@locale` must
/// say. Subtags are written the usual way (language lower case, script title case, region upper case) and joined
/// with `-`, as `CatalogEntry.locale` has them.
///
/// Precedence (`ARBParser`): the file's `@@locale` when it has one, else this. Flutter refuses a file whose two
/// disagree; a measuring run takes `@@locale`, what the file says of itself.
enum ARBFileLocale {
    /// The locale in the file name `name` (with or without the `.arb` extension), or nil.
    static func locale(fromFileName name: String) -> String? {
        var stem = Substring(name)
        if stem.lowercased().hasSuffix(".arb") { stem = stem.dropLast(4) }
        var rest = stem[...]
        while let underscore = rest.firstIndex(of: "_") {
            rest = rest[rest.index(after: underscore)...]
            if let tag = tag(rest) { return tag }
        }
        return nil
    }

    /// `text` as a locale with an ISO 639-1 language (`zh_Hant_TW` → `zh-Hant-TW`), or nil.
    static func tag(_ text: Substring) -> String? {
        let subtags = text.split(separator: "_", omittingEmptySubsequences: false)
        guard let first = subtags.first, isLetters(first), isoLanguages.contains(first.lowercased()) else {
            return nil
        }
        var parts = [first.lowercased()]
        var stage = 0  // 0: script or region may follow, 1: region may follow, 2: only variants
        for subtag in subtags.dropFirst() {
            if stage == 0, subtag.count == 4, isLetters(subtag) {
                parts.append(subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased())
                stage = 1
            } else if stage <= 1,
                (subtag.count == 2 && isLetters(subtag))
                    || (subtag.count == 3 && subtag.allSatisfy { $0.isASCII && $0.isNumber })
            {
                parts.append(subtag.uppercased())
                stage = 2
            } else if (5...8).contains(subtag.count) || (subtag.count == 4 && subtag.first?.isNumber == true),
                subtag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
            {
                parts.append(String(subtag))
                stage = 2
            } else {
                return nil
            }
        }
        return parts.joined(separator: "-")
    }

    private static func isLetters(_ text: Substring) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
    }

    /// The ISO 639-1 two-letter language codes, and the two three-letter codes Flutter's list adds.
    static let isoLanguages: Set<String> = [
        "aa", "ab", "ae", "af", "ak", "am", "an", "ar", "as", "av", "ay", "az", "ba", "be", "bg", "bh", "bi", "bm",
        "bn", "bo", "br", "bs", "ca", "ce", "ch", "co", "cr", "cs", "cu", "cv", "cy", "da", "de", "dv", "dz", "ee",
        "el", "en", "eo", "es", "et", "eu", "fa", "ff", "fi", "fj", "fo", "fr", "fy", "ga", "gd", "gl", "gn", "gu",
        "gv", "ha", "he", "hi", "ho", "hr", "ht", "hu", "hy", "hz", "ia", "id", "ie", "ig", "ii", "ik", "io", "is",
        "it", "iu", "ja", "jv", "ka", "kg", "ki", "kj", "kk", "kl", "km", "kn", "ko", "kr", "ks", "ku", "kv", "kw",
        "ky", "la", "lb", "lg", "li", "ln", "lo", "lt", "lu", "lv", "mg", "mh", "mi", "mk", "ml", "mn", "mr", "ms",
        "mt", "my", "na", "nb", "nd", "ne", "ng", "nl", "nn", "no", "nr", "nv", "ny", "oc", "oj", "om", "or", "os",
        "pa", "pi", "pl", "ps", "pt", "qu", "rm", "rn", "ro", "ru", "rw", "sa", "sc", "sd", "se", "sg", "si", "sk",
        "sl", "sm", "sn", "so", "sq", "sr", "ss", "st", "su", "sv", "sw", "ta", "te", "tg", "th", "ti", "tk", "tl",
        "tn", "to", "tr", "ts", "tt", "tw", "ty", "ug", "uk", "ur", "uz", "ve", "vi", "vo", "wa", "wo", "xh", "yi",
        "yo", "za", "zh", "zu", "fil", "gsw",
    ]
}
