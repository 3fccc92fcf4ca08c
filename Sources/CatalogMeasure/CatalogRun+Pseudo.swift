import Catalogs

/// Pseudo-localization (`--pseudo`): generated locales measured like translations.
extension CatalogRun {
    /// An entry of the run with its catalog group, its file's source locale and its format.
    typealias RunEntry = (entry: CatalogEntry, group: String, sourceLocale: String, format: CatalogFormat)

    /// The entries of each pseudo locale in `locales`: every source-locale entry of `entries` (its file's source
    /// locale, not a pseudo entry), transformed (`PseudoLocale.transform`, in its format's placeholder syntax), with
    /// the pseudo locale's tag, no translation state and no XLIFF source text, in the same group and file, so it is
    /// compared with its source like a translation. Each locale is generated once, in the order given.
    ///
    /// A pseudo locale the catalogs already have (an `en-XA` folder, say) is not generated — its own entries are
    /// measured — and neither is any when there is no source-locale entry; both say so in `warnings`.
    static func pseudoEntries(_ locales: [PseudoLocale], from entries: [RunEntry]) -> (
        entries: [RunEntry],
        warnings: [String]
    ) {
        var generated: [RunEntry] = []
        var warnings: [String] = []
        var done = Set<PseudoLocale>()
        // Tags compared as `LocaleMatch` compares them: case and `_`/`-` ignored.
        func normalized(_ tag: String) -> String { String(tag.lowercased().map { $0 == "_" ? "-" : $0 }) }
        let present = Set(entries.map { normalized($0.entry.locale) })
        let sources = entries.filter { $0.entry.locale == $0.sourceLocale && $0.entry.pseudo == nil }
        for pseudo in locales where done.insert(pseudo).inserted {
            if present.contains(normalized(pseudo.locale)) {
                warnings.append(
                    "--pseudo \(pseudo.locale): the catalogs have that locale already; its own entries "
                        + "are measured and none is generated")
                continue
            }
            if sources.isEmpty {
                warnings.append(
                    "--pseudo \(pseudo.locale): no entry in the source locale to generate from (source "
                        + "locales: \(Set(entries.map(\.sourceLocale)).sorted().joined(separator: ", ")))")
                continue
            }
            for item in sources {
                var entry = item.entry
                entry.locale = pseudo.locale
                entry.text = pseudo.transform(entry.text, syntax: PlaceholderSyntax(for: item.format))
                entry.state = nil
                entry.sourceText = nil
                entry.pseudo = pseudo
                generated.append((entry, item.group, item.sourceLocale, item.format))
            }
        }
        return (generated, warnings)
    }
}
