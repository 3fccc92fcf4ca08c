/// One catalog file found by discovery, with what its path says about it.
public struct CatalogSource: Sendable, Hashable {
    /// The file's path (as given, or joined from the directory given).
    public var path: String
    /// The catalog format, from the file's extension (and for `.xml`, its folder).
    public var format: CatalogFormat
    /// The locale its folder names (`de.lproj` → `de`, `values-zh-rCN` → `zh-CN`, `values` → the default locale), or
    /// its name (`messages.de.xlf`, `app_de.arb`, `po/de.po`); empty for formats that name their own locales
    /// (xcstrings, XLIFF without a locale in its name) or for a file outside any locale folder.
    public var locale: String
    /// The translations of one catalog share a group: the path with its locale folder replaced by `*`
    /// (`App/*.lproj/Localizable.strings`, `res/values*/strings.xml`); a file that holds its own locales is its own
    /// group. Source-language widths are looked up within a group.
    public var group: String
    /// The file of the group that holds the catalog's metadata, for formats that keep it in one file: a Flutter
    /// ARB folder's template (`ARBTemplate`, the source-locale file). Nil for other formats, or when there is none.
    public var template: String?

    /// A found file; each parameter sets the property of the same name.
    public init(path: String, format: CatalogFormat, locale: String, group: String, template: String? = nil) {
        self.path = path
        self.format = format
        self.locale = locale
        self.group = group
        self.template = template
    }
}
