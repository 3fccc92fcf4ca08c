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
