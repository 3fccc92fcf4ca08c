/// XLIFF files: the locale their name may give.
extension CatalogDiscovery {
    /// The locale an XLIFF file's name gives: the last dot-separated part before the extension, when it is a locale
    /// with an ISO 639-1 language (`ARBFileLocale.tag`, `-` or `_` between subtags): Angular's `messages.de.xlf`,
    /// `messages.fr-CA.xlf`, Symfony's `validators.pt_BR.xlf` → `de`, `fr-CA`, `pt-BR`; `messages.xlf`,
    /// `focus-ios.xliff`, `de.xliff`, `my.xlf` → nil (no stem before the part).
    ///
    /// Only a `<file>` that names no `target-language` uses it (`XLIFFParser`): Angular writes none, so without the
    /// name its translations' language would be unknown.
    static func xliffFileLocale(_ name: String) -> String? {
        // A name part after a stem only: a bare `my.xlf`, `no.xliff` or `it.xlf` is more likely a word than Burmese,
        // Norwegian or Italian (and Xcode's `de.xliff` names its language inside).
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, !parts[0].isEmpty else { return nil }
        let candidate = String(parts[parts.count - 2].map { $0 == "-" ? "_" : $0 })
        return ARBFileLocale.tag(candidate[...])
    }
}
