/// The English language names older Xcode projects gave their `.lproj` folders (`English.lproj`, `Japanese.lproj`),
/// which Apple's bundles still resolve, as the language codes they stand for.
///
/// Why: a locale is used as a language tag downstream — it picks the fonts (the Noto Sans CJK face of `ja`), the
/// language HarfBuzz and the line breaker are given, and whether a folder is the source language. `Japanese` as
/// written is none of these: it was measured in the default cascade's Simplified Chinese face, and an
/// `English.lproj` was never the `en` source other locales are compared with.
///
/// The names are the Mac OS language names (Script Manager's `lang…` list) that bundles accepted before ISO codes,
/// with the ISO 639-1 code of each; `Norwegian` is Bokmål (`nb`), as Apple reads it. `Chinese` alone is left out:
/// it says neither script nor region, so it stays as written.
enum AppleLanguageNames {
    /// The code for a legacy folder name, or nil when `name` is not one (names are matched as Apple wrote them,
    /// capitalised).
    static func code(for name: Substring) -> String? {
        table[String(name)]
    }

    private static let table: [String: String] = [
        "Afrikaans": "af", "Albanian": "sq", "Amharic": "am", "Arabic": "ar", "Armenian": "hy", "Assamese": "as",
        "Aymara": "ay", "Azerbaijani": "az", "Basque": "eu", "Belarusian": "be", "Bengali": "bn",
        "Brazilian Portuguese": "pt-BR", "Breton": "br", "Bulgarian": "bg", "Burmese": "my", "Byelorussian": "be",
        "Catalan": "ca", "Croatian": "hr", "Czech": "cs", "Danish": "da", "Dutch": "nl", "Dzongkha": "dz",
        "English": "en", "Esperanto": "eo", "Estonian": "et", "Faroese": "fo", "Farsi": "fa", "Finnish": "fi",
        "Flemish": "nl-BE", "French": "fr", "Galician": "gl", "Georgian": "ka", "German": "de", "Greek": "el",
        "Greenlandic": "kl", "Guarani": "gn", "Gujarati": "gu", "Hebrew": "he", "Hindi": "hi", "Hungarian": "hu",
        "Icelandic": "is", "Indonesian": "id", "Inuktitut": "iu", "Irish": "ga", "Italian": "it", "Japanese": "ja",
        "Javanese": "jv", "Kannada": "kn", "Kashmiri": "ks", "Kazakh": "kk", "Khmer": "km", "Kinyarwanda": "rw",
        "Kirghiz": "ky", "Korean": "ko", "Kurdish": "ku", "Lao": "lo", "Latin": "la", "Latvian": "lv",
        "Lithuanian": "lt", "Macedonian": "mk", "Malagasy": "mg", "Malay": "ms", "Malayalam": "ml", "Maltese": "mt",
        "Manx": "gv", "Marathi": "mr", "Mongolian": "mn", "Nepali": "ne", "Norwegian": "nb", "Oriya": "or",
        "Oromo": "om", "Pashto": "ps", "Persian": "fa", "Polish": "pl", "Portuguese": "pt", "Punjabi": "pa",
        "Quechua": "qu", "Romanian": "ro", "Rundi": "rn", "Russian": "ru", "Sanskrit": "sa", "Serbian": "sr",
        "Simplified Chinese": "zh-Hans", "Sindhi": "sd", "Sinhalese": "si", "Slovak": "sk", "Slovenian": "sl",
        "Somali": "so", "Spanish": "es", "Sundanese": "su", "Swahili": "sw", "Swedish": "sv", "Tagalog": "tl",
        "Tajik": "tg", "Tajiki": "tg", "Tamil": "ta", "Tatar": "tt", "Telugu": "te", "Thai": "th", "Tibetan": "bo",
        "Tigrinya": "ti", "Tongan": "to", "Traditional Chinese": "zh-Hant", "Turkish": "tr", "Turkmen": "tk",
        "Uighur": "ug", "Ukrainian": "uk", "Urdu": "ur", "Uzbek": "uz", "Vietnamese": "vi", "Welsh": "cy",
        "Yiddish": "yi",
    ]
}
