/// Flutter ARB files: `app_en.arb`, `intl_de.arb`, `app_pt_BR.arb` in one folder (Flutter's `arb-dir`).
extension CatalogDiscovery {
    /// The source for the ARB file at `path` (split into `components`): its locale from its name (`ARBFileLocale`;
    /// empty when the name has none, and the file's `@@locale` then says), and its folder as its group
    /// (`lib/l10n/*.arb`), since Flutter reads every ARB file of a folder as one catalog. The template is set once
    /// all sources are found (`ARBTemplate.assigningTemplates`).
    static func arbSource(_ path: String, components: [String]) -> CatalogSource {
        var folder = components
        folder[folder.count - 1] = "*.arb"
        let locale = ARBFileLocale.locale(fromFileName: components.last ?? path) ?? ""
        return CatalogSource(path: path, format: .arb, locale: locale, group: folder.joined(separator: "/"))
    }
}
