/// Locales from the folder names Apple and Android put translations in, reported as BCP 47 tags as written.
public enum LocaleFolder {
    /// The locale of an `xx.lproj` folder name: `zh-Hans.lproj` → `zh-Hans`, `pt_BR.lproj` → `pt-BR` (the older
    /// underscore form written as a tag), `English.lproj` → `en` and `Japanese.lproj` → `ja` (the language names of
    /// older projects, `AppleLanguageNames`), `Base.lproj` → nil (Base holds the development language; the caller
    /// uses the source locale). Nil when the name does not end in `.lproj`.
    public static func lproj(_ name: String) -> String?? {
        guard name.hasSuffix(".lproj") else { return nil }
        let stem = name.dropLast(".lproj".count)
        if stem == "Base" { return .some(nil) }
        if let code = AppleLanguageNames.code(for: stem) { return .some(code) }
        return .some(stem.replacingUnderscores())
    }

    /// The locale a `.strings` or `.stringsdict` file outside an `.lproj` folder names with its own name (its stem,
    /// `ar` of `ar.strings`), or nil: a language tag whose language is an ISO 639-1 code (or one of the few longer
    /// codes Apple localizes into), so `Localizable`, `InfoPlist` or `app` are no locale. Underscores are written as
    /// hyphens (`pt_BR` → `pt-BR`).
    public static func languageFileName(_ stem: String) -> String? {
        let tag = String(stem.map { $0 == "_" ? "-" : $0 })
        let language = tag.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        // The rest: subtags of 1 to 8 ASCII letters and digits (`Hans`, `BR`, `419`), as BCP 47 writes them.
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard isoLanguages.contains(String(language)),
            subtags.allSatisfy({
                (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            })
        else { return nil }
        return tag
    }

    /// ISO 639-1's two-letter codes, and the longer codes Apple localizes into, all lower-case as written in tags.
    private static let isoLanguages: Set<String> = Set(
        ("aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee "
            + "el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io "
            + "is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn "
            + "mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se "
            + "sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo "
            + "wa wo xh yi yo za zh zu fil haw yue ckb").split(separator: " ").map(String.init))

    /// The locale of an Android `values…` folder name, after the resource-qualifier rules: `values` → `defaultLocale`,
    /// `values-de` → `de`, `values-zh-rCN` → `zh-CN`, `values-b+sr+Latn` → `sr-Latn`, `values-mcc310-en-rUS` → `en-US`;
    /// other qualifiers (`-land`, `-v21`, `-night`, `-sw600dp`) are not locales and are passed over. Legacy codes stay
    /// as written (`values-iw` → `iw`). Nil when the name is not `values` or `values-…`.
    public static func androidValues(_ name: String, defaultLocale: String) -> String? {
        guard let qualifiers = AndroidValuesQualifiers(folder: name) else { return nil }
        return qualifiers.localeTag ?? defaultLocale
    }
}

extension Substring {
    fileprivate func replacingUnderscores() -> String {
        String(map { $0 == "_" ? "-" : $0 })
    }
}
