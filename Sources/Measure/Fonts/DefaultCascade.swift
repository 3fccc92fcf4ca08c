/// The fonts of the cascade used when none is given, for a language, as fontconfig finds them — the plan only; loading
/// is `FontCascade.loadDefault(language:)`.
///
/// iOS falls back through a font for every script it knows; this cascade does the same with Debian's packages:
/// 1. DejaVu Sans (fonts-dejavu-core): Latin, Greek, Cyrillic, and Armenian and Georgian, which it covers and which
///    need no shaping — so a Georgian word is measured in the one font whether its segment is shaped (next to a
///    Latin letter) or not, as Pango and Skia measure it with DejaVu Sans first; Noto Sans Armenian and Georgian
///    stay in the cascade for the characters DejaVu Sans lacks (Georgian Mtavruli, U+1C90…).
/// 2. The Noto Sans CJK face of the language (fonts-noto-cjk): JP for `ja`, KR for `ko`, TC for Traditional Chinese,
///    HK for Hong Kong and Macau Chinese and Cantonese, SC otherwise (iOS falls back to PingFang SC).
/// 3. The Noto font of every other script (fonts-noto-core), Regular weight: the living scripts first (see
///    `livingScripts`), then the symbol and math fonts, then every other script font installed, sorted by family.
///    A script's font is "Noto Sans <script>", else "Noto Serif <script>" for scripts with no Sans (Tibetan, Ahom,
///    Dogra, Tangut, Yezidi, Nyiakeng Puachue Hmong); UI, Display, Mono, Unjoined, Looped and other variants are not
///    used, since their name is no script name.
/// 4. Noto Color Emoji (fonts-noto-color-emoji).
///
/// The first two are required (`plan` throws `FontError.requiredFontMissing`, naming the package); any other font
/// that is not installed is left out and named in `missing`.
public struct DefaultCascade: Sendable {
    /// One font of the cascade.
    public struct Member: Sendable, Hashable {
        /// The font file and face.
        public var source: FontSource
        /// The family name it was found by, as fontconfig spells it.
        public var family: String
        /// The ISO 15924 codes of the scripts it is the font for ("Arab" for Noto Sans Arabic; "Zsym" symbols, "Zmth"
        /// math, "Zsye" emoji); empty for a font of Common characters only (Noto Sans Mayan Numerals).
        public var scripts: [String]

        /// A member; each parameter sets the property of the same name.
        public init(source: FontSource, family: String, scripts: [String]) {
            self.source = source
            self.family = family
            self.scripts = scripts
        }
    }

    /// The fonts, in fallback order; the first is DejaVu Sans, the second the Noto Sans CJK face, the last (when
    /// installed) Noto Color Emoji. No two members share a font file face.
    public var members: [Member]
    /// Families the cascade would use but fontconfig does not find, for a warning that says what to install.
    public var missing: [String]

    /// The members' font files, in order.
    public var sources: [FontSource] { members.map(\.source) }

    /// ISO 15924 code → index of the first member that is the font of that script.
    public var scriptFonts: [String: Int] {
        var fonts: [String: Int] = [:]
        for (index, member) in members.enumerated() {
            for script in member.scripts where fonts[script] == nil { fonts[script] = index }
        }
        return fonts
    }

    /// The default cascade for `language` (a BCP 47 tag; nil or empty: the default, Simplified Chinese for Han),
    /// looked up in the process's shared `FontconfigLocator`. Loads no font.
    /// - Throws: `FontError.requiredFontMissing` without DejaVu Sans or the Noto Sans CJK face; `FontError.fontconfig`
    ///   when fontconfig cannot load its configuration.
    public static func plan(language: String?) throws(FontError) -> DefaultCascade {
        try plan(language: language, locator: FontconfigLocator.system())
    }

    /// The default cascade for `language`, from the fonts `locator` lists.
    /// - Throws: `FontError.requiredFontMissing` without DejaVu Sans or the Noto Sans CJK face.
    public static func plan(language: String?, locator: FontconfigLocator) throws(FontError) -> DefaultCascade {
        var plan = DefaultCascade(members: [], missing: [])
        guard plan.add("DejaVu Sans", scripts: ["Latn", "Grek", "Cyrl", "Armn", "Geor"], from: locator) else {
            throw .requiredFontMissing(family: "DejaVu Sans", package: "fonts-dejavu-core")
        }
        let cjk = cjkFamily(language: language)
        guard plan.add(cjk, scripts: ["Hani", "Hira", "Kana", "Hang", "Bopo"], from: locator) else {
            throw .requiredFontMissing(family: cjk, package: "fonts-noto-cjk")
        }
        var scriptFamilies = scriptFamilies(in: locator)
        for (script, expected) in livingScripts {
            if let found = scriptFamilies.removeValue(forKey: script) {
                plan.add(found.family, scripts: found.scripts, from: locator)
            } else {
                plan.missing.append(expected)
            }
        }
        for (spellings, scripts) in symbolFonts {
            let installed = spellings.first { locator.locate(family: $0) != nil }
            if let installed {
                plan.add(installed, scripts: scripts, from: locator)
            } else {
                plan.missing.append(spellings[0])
            }
        }
        var others = Array(scriptFamilies.values)
        for (family, scripts) in supplementFonts { others.append((family, scripts)) }
        for (family, scripts) in others.sorted(by: { $0.family < $1.family }) {
            plan.add(family, scripts: scripts, from: locator)
        }
        if !plan.add("Noto Color Emoji", scripts: ["Zsye"], from: locator) { plan.missing.append("Noto Color Emoji") }
        return plan
    }

    /// Loads the members as a cascade, each member's scripts naming it in `scriptFonts`. A member after the first
    /// two that fails to load (a damaged file fontconfig still lists) is left out, as an uninstalled one is.
    /// - Throws: the `FontError` of DejaVu Sans or the Noto Sans CJK face failing to load.
    public func load() throws(FontError) -> FontCascade {
        var loaded = DefaultCascade(members: [], missing: missing)
        var fonts: [Font] = []
        for (position, member) in members.enumerated() {
            do throws(FontError) {
                fonts.append(try Font(path: member.source.path, faceIndex: member.source.faceIndex))
                loaded.members.append(member)
            } catch {
                if position < 2 { throw error }
            }
        }
        return try FontCascade(fonts, scriptFonts: loaded.scriptFonts)
    }

    /// The Noto Sans CJK family for a BCP 47 tag, as iOS picks its Han font: "Noto Sans CJK JP" for Japanese, "KR"
    /// for Korean, "TC" for Traditional Chinese (zh-Hant, zh-TW), "HK" for zh-HK, zh-MO and Cantonese (yue), "SC"
    /// for Simplified Chinese and every other language, and for nil or an empty tag.
    public static func cjkFamily(language: String?) -> String {
        let tag = LanguageSubtags(language ?? "")
        let face: String
        switch tag.language {
        case "ja": face = "JP"
        case "ko": face = "KR"
        case "zh", "cmn":
            switch (tag.script, tag.region) {
            case ("hans", _): face = "SC"
            case (_, "hk"), (_, "mo"): face = "HK"
            case ("hant", _), (nil, "tw"): face = "TC"
            default: face = "SC"
            }
        case "yue": face = tag.script == "hans" ? "SC" : "HK"
        default: face = "SC"
        }
        return "Noto Sans CJK " + face
    }

    /// Appends the regular face of `family` unless it is missing or its face is already a member; whether the
    /// family is installed.
    @discardableResult
    private mutating func add(_ family: String, scripts: [String], from locator: FontconfigLocator) -> Bool {
        guard let source = locator.locate(family: family) else { return false }
        if !members.contains(where: { $0.source == source }) {
            members.append(Member(source: source, family: family, scripts: scripts))
        }
        return true
    }

    /// Every installed "Noto Sans <script>" / "Noto Serif <script>" family, keyed by its first ISO 15924 code: the
    /// Sans family where both exist, and none for the scripts DejaVu Sans and Noto Sans CJK cover.
    private static func scriptFamilies(in locator: FontconfigLocator) -> [String: (family: String, scripts: [String])] {
        var found: [String: (family: String, scripts: [String], serif: Bool)] = [:]
        for family in locator.familyNames {
            let serif: Bool
            let name: Substring
            if family.hasPrefix("Noto Sans ") {
                (serif, name) = (false, family.dropFirst("Noto Sans ".count))
            } else if family.hasPrefix("Noto Serif ") {
                (serif, name) = (true, family.dropFirst("Noto Serif ".count))
            } else {
                continue
            }
            guard let scripts = Self.scripts(forScriptName: String(name)), let script = scripts.first,
                primaryScripts.isDisjoint(with: scripts)
            else { continue }
            // familyNames is sorted, so of two Sans (or two Serif) spellings the first is kept.
            if let known = found[script], !known.serif || serif { continue }
            found[script] = (family, scripts, serif)
        }
        return found.mapValues { ($0.family, $0.scripts) }
    }
}

/// The parts of a BCP 47 tag the cascade looks at, lowercased: language, script, region (`zh-Hant-HK`, `zh_TW`).
private struct LanguageSubtags {
    var language = ""
    var script: String?
    var region: String?

    init(_ tag: String) {
        var subtags = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)[...]
        guard let language = subtags.popFirst() else { return }
        self.language = language
        // Extended language subtags (three letters) come before the script; a singleton starts extensions.
        while let next = subtags.first, next.count == 3, next.allSatisfy(\.isLetter) { subtags.removeFirst() }
        if let next = subtags.first, next.count == 4, next.allSatisfy(\.isLetter) {
            script = next
            subtags.removeFirst()
        }
        if let next = subtags.first,
            (next.count == 2 && next.allSatisfy(\.isLetter)) || (next.count == 3 && next.allSatisfy(\.isNumber))
        {
            region = next
        }
    }
}
