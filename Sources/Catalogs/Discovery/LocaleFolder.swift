/// Locales from the folder names Apple and Android put translations in, reported as BCP 47 tags as written.
public enum LocaleFolder {
    /// The locale of an `xx.lproj` folder name: `zh-Hans.lproj` → `zh-Hans`, `pt_BR.lproj` → `pt-BR` (the older
    /// underscore form written as a tag), `Base.lproj` → nil (Base holds the development language; the caller uses
    /// the source locale). Nil when the name does not end in `.lproj`.
    public static func lproj(_ name: String) -> String?? {
        guard name.hasSuffix(".lproj") else { return nil }
        let stem = name.dropLast(".lproj".count)
        if stem == "Base" { return .some(nil) }
        return .some(stem.replacingUnderscores())
    }

    /// The locale of an Android `values…` folder name, after the resource-qualifier rules: `values` → `defaultLocale`,
    /// `values-de` → `de`, `values-zh-rCN` → `zh-CN`, `values-b+sr+Latn` → `sr-Latn`, `values-mcc310-en-rUS` → `en-US`;
    /// other qualifiers (`-land`, `-v21`, `-night`, `-sw600dp`) are not locales and are passed over. Legacy codes stay
    /// as written (`values-iw` → `iw`). Nil when the name is not `values` or `values-…`.
    public static func androidValues(_ name: String, defaultLocale: String) -> String? {
        guard name == "values" || name.hasPrefix("values-") else { return nil }
        var qualifiers = name.split(separator: "-", omittingEmptySubsequences: false).dropFirst()[...]
        // Mobile country and network codes come before the locale.
        while let first = qualifiers.first, first.hasPrefix("mcc") || first.hasPrefix("mnc") {
            qualifiers = qualifiers.dropFirst()
        }
        guard let first = qualifiers.first else { return defaultLocale }
        if first.hasPrefix("b+") {
            return first.dropFirst(2).split(separator: "+").joined(separator: "-")
        }
        // `car` is Android's UI-mode qualifier for Android Auto, the one qualifier shaped like a language code.
        guard (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLowercase }), first != "car" else {
            return defaultLocale
        }
        var tag = String(first)
        if qualifiers.count > 1 {
            let region = qualifiers[qualifiers.startIndex + 1]
            if region.count == 3, region.first == "r", region.dropFirst().allSatisfy({ $0.isASCII && $0.isUppercase }) {
                tag += "-" + region.dropFirst()
            }
        }
        return tag
    }
}

extension Substring {
    fileprivate func replacingUnderscores() -> String {
        String(map { $0 == "_" ? "-" : $0 })
    }
}
