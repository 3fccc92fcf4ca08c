/// How discovery classifies gettext catalogs (`.po`, `.pot`, `.mo`).
extension CatalogDiscovery {
    /// The source of a gettext catalog at `path`.
    ///
    /// - A `.po` or `.mo` file has the locale its path names (`LocaleFolder.gettextCatalog`: a `de/LC_MESSAGES/`
    ///   folder, else a file name like `po/pt_BR.po`), or none, which the parser fills in from the header's
    ///   `Language`.
    /// - A `.pot` template holds the source language (its msgids): it is measured as `sourceLocale`, so that the
    ///   development language's own strings are checked for overflow too (gettext projects keep no English `.po`),
    ///   and it shares the group of the `.po` files beside it, so its widths serve as source widths there.
    static func gettextSource(_ path: String, components: [String], extensionName: String, sourceLocale: String)
        -> CatalogSource
    {
        if extensionName == "pot" {
            var group = components
            group[group.count - 1] = "*.po"
            return CatalogSource(
                path: path, format: .gettext, locale: sourceLocale,
                group: group.joined(separator: "/"))
        }
        if let found = LocaleFolder.gettextCatalog(components) {
            return CatalogSource(path: path, format: .gettext, locale: found.locale, group: found.group)
        }
        return CatalogSource(path: path, format: .gettext, locale: "", group: path)
    }
}
