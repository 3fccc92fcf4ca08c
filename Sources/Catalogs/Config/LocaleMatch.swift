/// How a locale named in a config matches an entry's locale: exactly (ignoring case and `_`/`-`), or as a prefix of
/// whole subtags (`zh` matches `zh-Hans` and `zh-CN`, `zh-Hant` matches `zh-Hant-TW`).
public enum LocaleMatch {
    /// Whether the config's locale name `pattern` matches the entry's locale `locale`, by the rule above.
    public static func matches(_ pattern: String, _ locale: String) -> Bool {
        let pattern = normalized(pattern), locale = normalized(locale)
        return locale == pattern || locale.hasPrefix(pattern + "-")
    }

    /// The number of subtags `pattern` matches of `locale` (higher = more specific), nil if it does not match.
    public static func specificity(_ pattern: String, _ locale: String) -> Int? {
        matches(pattern, locale) ? normalized(pattern).split(separator: "-").count : nil
    }

    static func normalized(_ tag: String) -> String {
        String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
    }
}
