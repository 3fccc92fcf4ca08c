/// Locales of gettext catalogs: POSIX locale names (`pt_BR`, `sr@latin`, `de_DE.UTF-8`) as BCP 47 tags, and where a
/// catalog's path names one.
extension LocaleFolder {
    /// Modifiers (`@…`) that name a script, as the script subtag they stand for (`sr@latin` → `sr-Latn`).
    private static let scriptModifiers: [String: String] = [
        "latin": "Latn", "cyrillic": "Cyrl", "devanagari": "Deva", "arabic": "Arab", "shaw": "Shaw",
        "hebrew": "Hebr",
    ]

    /// The BCP 47 tag of a gettext locale name `language[_TERRITORY][.codeset][@modifier]`, or nil when `name` is
    /// not shaped like one.
    ///
    /// - `de` → `de`, `pt_BR` → `pt-BR`, `es_419` → `es-419`, `de_DE.UTF-8` → `de-DE` (the codeset is not part of a
    ///   language), `zh_Hans` and `zh-Hant-TW` → `zh-Hans`, `zh-Hant-TW` (a four-letter part is a script);
    /// - a script modifier becomes the script: `sr@latin` → `sr-Latn`, `sr_RS@latin` → `sr-Latn-RS`, `uz@cyrillic` →
    ///   `uz-Cyrl`; `ca@valencia` → `ca-valencia` (a registered variant);
    /// - any other modifier is kept, as a private-use subtag, so that the catalog stays apart from the plain language:
    ///   `en@quot` → `en-x-quot`, `en@boldquot` → `en-x-boldquot` (gettext's quotation-mark locales).
    ///
    /// The language is two or three lowercase ASCII letters; `C` and `POSIX` are not languages.
    public static func gettextLocale(_ name: String) -> String? {
        var rest = Substring(name)
        var modifier: Substring?
        if let at = rest.firstIndex(of: "@") {
            modifier = rest[rest.index(after: at)...]
            rest = rest[..<at]
        }
        if let dot = rest.firstIndex(of: ".") { rest = rest[..<dot] }
        let parts = rest.split(separator: "_", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "-", omittingEmptySubsequences: false) }
        guard let language = parts.first, (2...3).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLowercase })
        else { return nil }
        var script: String?
        var region: String?
        for part in parts.dropFirst() {
            if part.count == 4, script == nil, region == nil, part.allSatisfy({ $0.isASCII && $0.isLetter }) {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if region == nil,
                (part.count == 2 && part.allSatisfy({ $0.isASCII && $0.isLetter }))
                    || (part.count == 3 && part.allSatisfy({ $0.isASCII && $0.isNumber }))
            {
                region = part.uppercased()
            } else {
                return nil
            }
        }
        var variant: String?
        var privateUse: String?
        if let modifier {
            guard !modifier.isEmpty, modifier.count <= 8,
                modifier.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
            else { return nil }
            let lowered = modifier.lowercased()
            if let subtag = scriptModifiers[lowered], script == nil {
                script = subtag
            } else if lowered == "valencia" {
                variant = lowered
            } else {
                privateUse = lowered
            }
        }
        var tag = String(language)
        for subtag in [script, region, variant] {
            if let subtag { tag += "-" + subtag }
        }
        if let privateUse { tag += "-x-" + privateUse }
        return tag
    }

    /// The locale and catalog group a gettext catalog's path gives, or nil when it names no locale.
    ///
    /// Precedence: the folder of `…/LOCALE/LC_MESSAGES/domain.po|mo`, the layout `bindtextdomain` loads from (the
    /// group is the path with `LOCALE` as `*`); then the file name of `po/LOCALE.po|mo`, the layout of gettext's `po/`
    /// folder (the group is the folder's `*.po`). A file name is taken as a locale when it is shaped like one
    /// (`gettextLocale`) and either its language has two letters (`de.po`, `pt_BR.po`, `sr@latin.po`), or it has a
    /// region, script or modifier (`ast_ES.po`), or it is in a folder named `po`: a bare three-letter name elsewhere
    /// is more likely a text domain (`app.po`, `gui.po`) than a language, and the header's `Language` decides then.
    /// - Parameter components: The path's components (the last is the file name).
    static func gettextCatalog(_ components: [String]) -> (locale: String, group: String)? {
        guard let name = components.last else { return nil }
        let count = components.count
        if count >= 3, components[count - 2] == "LC_MESSAGES", let locale = gettextLocale(components[count - 3]) {
            var group = components
            group[count - 3] = "*"
            return (locale, group.joined(separator: "/"))
        }
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let stem = String(name[..<dot])
        guard let locale = gettextLocale(stem) else { return nil }
        let folder = count >= 2 ? components[count - 2] : ""
        let language = stem.prefix { $0.isASCII && $0.isLowercase }
        guard language.count == 2 || stem.count > language.count || folder == "po" else { return nil }
        var group = components
        group[count - 1] = "*" + name[dot...]
        return (locale, group.joined(separator: "/"))
    }
}
