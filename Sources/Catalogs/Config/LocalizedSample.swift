/// A placeholder sample value in a catalog config, the same for every locale or given per locale:
/// `"2.4.1"`, or `{"default": "88888", "ar": "٨٨٨٨٨", "ja": "８８８８８"}`.
///
/// Locale keys match as the config's other locale names do (`LocaleMatch`: `zh` matches `zh-Hans`), the most specific
/// one winning; `default` is for every other locale. A locale with no value (no match and no `default`) keeps the
/// sample it would otherwise have, so a per-locale override never blanks a placeholder.
public struct LocalizedSample: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The value for locales without one of their own.
    public var value: String?
    /// Values by locale pattern.
    public var byLocale: [String: String]

    /// A sample of `value` for every locale, with `byLocale` values for the locales they match.
    public init(_ value: String?, byLocale: [String: String] = [:]) {
        self.value = value
        self.byLocale = byLocale
    }

    /// A sample of `value` for every locale.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The value for `locale`: the most specific matching locale pattern's, else the default, else nil.
    public func value(for locale: String) -> String? {
        var best: (specificity: Int, value: String)? = nil
        for (pattern, value) in byLocale {
            if let specificity = LocaleMatch.specificity(pattern, locale), specificity > best?.specificity ?? 0 {
                best = (specificity, value)
            }
        }
        return best?.value ?? value
    }
}
