/// The string-catalog file formats `measure catalog` reads (docs/semantics/catalog-formats.md §C1–C5).
public enum CatalogFormat: String, Sendable, Hashable, CaseIterable, Codable {
    /// Apple's old-style `.strings` (UTF-8 or UTF-16, `"key" = "value";`).
    case strings
    /// Apple's `.stringsdict` XML property list of plural rules.
    case stringsdict
    /// Xcode 15's String Catalog (`.xcstrings`, JSON; every language in one file).
    case xcstrings
    /// XLIFF 1.2 as Xcode exports it (`.xliff`/`.xlf`).
    case xliff
    /// Android resources (`res/values*/strings.xml` and any other `values*/*.xml` with `<resources>`).
    case androidXML = "android"
    /// gettext catalogs: `.po` translations, `.pot` templates and compiled `.mo` files (`GettextParser`).
    case gettext
    /// Flutter's Application Resource Bundles (`.arb`, JSON; one locale a file, ICU MessageFormat values).
    case arb
}
