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
    /// A catalog group with no entry of the source locale at all, whose source text lives beside its translations —
    /// XLIFF `<source>`, a gettext `msgid` (a `de.xliff` a translator sends back, the `.mo` files of
    /// `/usr/share/locale`) — is generated from that source text, once per table, key and variant (from its first
    /// translation in input order, whose file and position it takes), and keeps the source text to be compared with.
    /// A group that has source-locale entries is generated from those alone (a key left only in a translation is
    /// no source text). Of a gettext plural, the source language's two forms are made (`plural.0` from `msgid`,
    /// `plural.1` from `msgid_plural`); a translation's further forms (Polish has three) are not English ones.
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
        let sources = Self.pseudoSources(entries)
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
                // A source-locale entry is its own source; one made from a translation's source text is that text.
                let source = item.entry.locale == item.sourceLocale ? nil : item.entry.sourceText
                entry.text = pseudo.transform(source ?? entry.text, syntax: PlaceholderSyntax(for: item.format))
                entry.state = nil
                entry.sourceText = source
                entry.pseudo = pseudo
                generated.append((entry, item.group, item.sourceLocale, item.format))
            }
        }
        return (generated, warnings)
    }

    /// The entries pseudo locales are made from, in input order: the source-locale entries, then, in groups with
    /// none, each key's first translation that carries its source text (`CatalogEntry.sourceText`).
    static func pseudoSources(_ entries: [RunEntry]) -> [RunEntry] {
        struct Identity: Hashable {
            var group: String, table: String?, key: String, variant: String
            init(_ item: RunEntry) {
                (group, table, key, variant) = (item.group, item.entry.table, item.entry.key, item.entry.variant)
            }
        }
        var sources: [RunEntry] = []
        var groupsWithSources = Set<String>()
        for item in entries where item.entry.locale == item.sourceLocale && item.entry.pseudo == nil {
            sources.append(item)
            groupsWithSources.insert(item.group)
        }
        var covered = Set<Identity>()
        for item in entries where item.entry.pseudo == nil && item.entry.sourceText != nil {
            guard item.entry.locale != item.sourceLocale, !groupsWithSources.contains(item.group) else { continue }
            if item.format == .gettext, item.entry.variant.hasPrefix("plural."),
                item.entry.variant != "plural.0" && item.entry.variant != "plural.1"
            {
                continue
            }
            guard covered.insert(Identity(item)).inserted else { continue }
            sources.append(item)
        }
        return sources
    }
}
