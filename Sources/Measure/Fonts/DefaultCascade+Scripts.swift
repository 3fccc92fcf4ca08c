extension DefaultCascade {
    /// The living scripts, in the order the default cascade tries their fonts: those of the app locales people ship
    /// first (as iOS's fallback list has them), then other scripts in everyday use. Each is an ISO 15924 code and
    /// the Noto family expected for it (named in `missing` when it is not installed); the family actually used is the
    /// one fontconfig finds for the script, Sans before Serif.
    static let livingScripts: [(script: String, family: String)] = [
        ("Arab", "Noto Sans Arabic"), ("Hebr", "Noto Sans Hebrew"), ("Deva", "Noto Sans Devanagari"),
        ("Beng", "Noto Sans Bengali"), ("Taml", "Noto Sans Tamil"), ("Telu", "Noto Sans Telugu"),
        ("Knda", "Noto Sans Kannada"), ("Mlym", "Noto Sans Malayalam"), ("Gujr", "Noto Sans Gujarati"),
        ("Guru", "Noto Sans Gurmukhi"), ("Orya", "Noto Sans Oriya"), ("Sinh", "Noto Sans Sinhala"),
        ("Thai", "Noto Sans Thai"), ("Laoo", "Noto Sans Lao"), ("Khmr", "Noto Sans Khmer"),
        ("Mymr", "Noto Sans Myanmar"), ("Armn", "Noto Sans Armenian"), ("Geor", "Noto Sans Georgian"),
        ("Ethi", "Noto Sans Ethiopic"), ("Thaa", "Noto Sans Thaana"), ("Syrc", "Noto Sans Syriac"),
        ("Tibt", "Noto Serif Tibetan"), ("Mong", "Noto Sans Mongolian"), ("Cher", "Noto Sans Cherokee"),
        ("Cans", "Noto Sans Canadian Aboriginal"), ("Tfng", "Noto Sans Tifinagh"), ("Nkoo", "Noto Sans NKo"),
        ("Java", "Noto Sans Javanese"), ("Bali", "Noto Sans Balinese"), ("Sund", "Noto Sans Sundanese"),
        ("Olck", "Noto Sans Ol Chiki"), ("Adlm", "Noto Sans Adlam"), ("Vaii", "Noto Sans Vai"),
        ("Yiii", "Noto Sans Yi"), ("Cakm", "Noto Sans Chakma"), ("Mtei", "Noto Sans Meetei Mayek"),
        ("Osge", "Noto Sans Osage"),
        ("Lisu", "Noto Sans Lisu"), ("Rohg", "Noto Sans Hanifi Rohingya"), ("Bamu", "Noto Sans Bamum"),
        ("Talu", "Noto Sans New Tai Lue"), ("Lana", "Noto Sans Tai Tham"), ("Tavt", "Noto Sans Tai Viet"),
        ("Tale", "Noto Sans Tai Le"), ("Cham", "Noto Sans Cham"), ("Lepc", "Noto Sans Lepcha"),
        ("Limb", "Noto Sans Limbu"), ("Sylo", "Noto Sans Syloti Nagri"), ("Saur", "Noto Sans Saurashtra"),
        ("Kali", "Noto Sans Kayah Li"), ("Wcho", "Noto Sans Wancho"), ("Hmnp", "Noto Serif Hmong Nyiakeng"),
        ("Hmng", "Noto Sans Pahawh Hmong"), ("Plrd", "Noto Sans Miao"), ("Bugi", "Noto Sans Buginese"),
        ("Batk", "Noto Sans Batak"),
    ]

    /// Symbol and notation fonts, tried after the living scripts and before the historic ones (whose fonts carry a
    /// few common symbols of their own, which should not win over these). Each entry: the family's spellings
    /// (Debian's Noto Sans Symbols 2 is "Noto Sans Symbols2"), and its ISO 15924 code (Zsym symbols, Zmth math).
    static let symbolFonts: [(families: [String], scripts: [String])] = [
        (["Noto Sans Symbols"], ["Zsym"]), (["Noto Sans Symbols 2", "Noto Sans Symbols2"], ["Zsym"]),
        (["Noto Sans Math"], ["Zmth"]), (["Noto Music"], ["Zsym"]),
    ]

    /// Noto fonts whose name is not "Noto Sans <script>" but which hold characters no other font has: the Tamil
    /// Supplement block (U+11FC0…), and the Indic Siyaq and Mayan numerals (script Common, so no code). Used when
    /// installed, never reported missing.
    static let supplementFonts: [String: [String]] = [
        "Noto Sans Tamil Supplement": ["Taml"], "Noto Sans Indic Siyaq Numbers": [], "Noto Sans Mayan Numerals": [],
    ]

    /// The scripts the first two members cover, whose Noto fonts the cascade does not add again.
    static let primaryScripts: Set<String> = ["Latn", "Grek", "Cyrl", "Hani", "Hira", "Kana", "Hang", "Bopo"]

    /// The ISO 15924 codes of the script a Noto family name says it is for ("Arabic" in "Noto Sans Arabic"), or nil
    /// when the rest of the name is no script (a variant such as "Adlam Unjoined", "Display", "CJK JP", "Symbols").
    /// Matching ignores case, spaces, underscores and hyphens, so "NKo" is Unicode's "Nko" and "PhagsPa" "Phags_Pa".
    static func scripts(forScriptName name: String) -> [String]? {
        let key = normalizedScriptName(name)
        if let codes = notoScriptNames[key] { return codes }
        return scriptCodesByName[key].map { [$0] }
    }

    private static func normalizedScriptName(_ name: String) -> String {
        String(name.lowercased().filter { $0 != " " && $0 != "_" && $0 != "-" })
    }

    /// Noto's names for scripts that Unicode names otherwise, and fonts that cover more than one script.
    private static let notoScriptNames: [String: [String]] = [
        "hmongnyiakeng": ["Hmnp"],  // Noto Serif Hmong Nyiakeng: Nyiakeng Puachue Hmong
        "meroitic": ["Mero", "Merc"],  // Noto Sans Meroitic: hieroglyphs and cursive
    ]

    /// Unicode's long script names → ISO 15924 codes, from PropertyValueAliases-15.0.0.txt (`sc ; Arab ; Arabic`),
    /// without Common, Inherited, Unknown and Katakana_Or_Hiragana, which no font is named after.
    private static let scriptCodesByName: [String: String] = Dictionary(
        uniqueKeysWithValues: scriptLongNames.map { (normalizedScriptName($0.key), $0.value) })

    private static let scriptLongNames: [String: String] = [
        "Adlam": "Adlm", "Caucasian Albanian": "Aghb", "Ahom": "Ahom", "Arabic": "Arab", "Imperial Aramaic": "Armi",
        "Armenian": "Armn", "Avestan": "Avst", "Balinese": "Bali", "Bamum": "Bamu", "Bassa Vah": "Bass",
        "Batak": "Batk", "Bengali": "Beng", "Bhaiksuki": "Bhks", "Bopomofo": "Bopo", "Brahmi": "Brah",
        "Braille": "Brai", "Buginese": "Bugi", "Buhid": "Buhd", "Chakma": "Cakm", "Canadian Aboriginal": "Cans",
        "Carian": "Cari", "Cham": "Cham", "Cherokee": "Cher", "Chorasmian": "Chrs", "Coptic": "Copt",
        "Cypro Minoan": "Cpmn", "Cypriot": "Cprt", "Cyrillic": "Cyrl", "Devanagari": "Deva", "Dives Akuru": "Diak",
        "Dogra": "Dogr", "Deseret": "Dsrt", "Duployan": "Dupl", "Egyptian Hieroglyphs": "Egyp", "Elbasan": "Elba",
        "Elymaic": "Elym", "Ethiopic": "Ethi", "Georgian": "Geor", "Glagolitic": "Glag", "Gunjala Gondi": "Gong",
        "Masaram Gondi": "Gonm", "Gothic": "Goth", "Grantha": "Gran", "Greek": "Grek", "Gujarati": "Gujr",
        "Gurmukhi": "Guru", "Hangul": "Hang", "Han": "Hani", "Hanunoo": "Hano", "Hatran": "Hatr", "Hebrew": "Hebr",
        "Hiragana": "Hira", "Anatolian Hieroglyphs": "Hluw", "Pahawh Hmong": "Hmng", "Nyiakeng Puachue Hmong": "Hmnp",
        "Old Hungarian": "Hung", "Old Italic": "Ital", "Javanese": "Java", "Kayah Li": "Kali", "Katakana": "Kana",
        "Kawi": "Kawi", "Kharoshthi": "Khar", "Khmer": "Khmr", "Khojki": "Khoj", "Khitan Small Script": "Kits",
        "Kannada": "Knda", "Kaithi": "Kthi", "Tai Tham": "Lana", "Lao": "Laoo", "Latin": "Latn", "Lepcha": "Lepc",
        "Limbu": "Limb", "Linear A": "Lina", "Linear B": "Linb", "Lisu": "Lisu", "Lycian": "Lyci", "Lydian": "Lydi",
        "Mahajani": "Mahj", "Makasar": "Maka", "Mandaic": "Mand", "Manichaean": "Mani", "Marchen": "Marc",
        "Medefaidrin": "Medf", "Mende Kikakui": "Mend", "Meroitic Cursive": "Merc", "Meroitic Hieroglyphs": "Mero",
        "Malayalam": "Mlym", "Modi": "Modi", "Mongolian": "Mong", "Mro": "Mroo", "Meetei Mayek": "Mtei",
        "Multani": "Mult", "Myanmar": "Mymr", "Nag Mundari": "Nagm", "Nandinagari": "Nand", "Old North Arabian": "Narb",
        "Nabataean": "Nbat", "Newa": "Newa", "Nko": "Nkoo", "Nushu": "Nshu", "Ogham": "Ogam", "Ol Chiki": "Olck",
        "Old Turkic": "Orkh", "Oriya": "Orya", "Osage": "Osge", "Osmanya": "Osma", "Old Uyghur": "Ougr",
        "Palmyrene": "Palm", "Pau Cin Hau": "Pauc", "Old Permic": "Perm", "Phags Pa": "Phag",
        "Inscriptional Pahlavi": "Phli", "Psalter Pahlavi": "Phlp", "Phoenician": "Phnx", "Miao": "Plrd",
        "Inscriptional Parthian": "Prti", "Rejang": "Rjng", "Hanifi Rohingya": "Rohg", "Runic": "Runr",
        "Samaritan": "Samr", "Old South Arabian": "Sarb", "Saurashtra": "Saur", "SignWriting": "Sgnw",
        "Shavian": "Shaw", "Sharada": "Shrd", "Siddham": "Sidd", "Khudawadi": "Sind", "Sinhala": "Sinh",
        "Sogdian": "Sogd", "Old Sogdian": "Sogo", "Sora Sompeng": "Sora", "Soyombo": "Soyo", "Sundanese": "Sund",
        "Syloti Nagri": "Sylo", "Syriac": "Syrc", "Tagbanwa": "Tagb", "Takri": "Takr", "Tai Le": "Tale",
        "New Tai Lue": "Talu", "Tamil": "Taml", "Tangut": "Tang", "Tai Viet": "Tavt", "Telugu": "Telu",
        "Tifinagh": "Tfng", "Tagalog": "Tglg", "Thaana": "Thaa", "Thai": "Thai", "Tibetan": "Tibt", "Tirhuta": "Tirh",
        "Tangsa": "Tnsa", "Toto": "Toto", "Ugaritic": "Ugar", "Vai": "Vaii", "Vithkuqi": "Vith", "Warang Citi": "Wara",
        "Wancho": "Wcho", "Old Persian": "Xpeo", "Cuneiform": "Xsux", "Yezidi": "Yezi", "Yi": "Yiii",
        "Zanabazar Square": "Zanb",
    ]
}
