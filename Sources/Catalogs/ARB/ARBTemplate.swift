/// Finds the template of each folder of ARB files and reads its metadata for the others.
///
/// Flutter's `gen-l10n` reads every `.arb` file of one folder (`arb-dir`) as one catalog and takes placeholder
/// metadata from the template (`template-arb-file`, `app_en.arb` by default), because apps and translation tools
/// keep `@key` descriptions there only. A measuring run has no `l10n.yaml`, so the template is the ARB file of the
/// run's source locale (`--source-locale`, the config's `sourceLocale`, else `en`), chosen among the ARB files of
/// the same folder that discovery found, by the locale of their names (`ARBFileLocale`; a file's `@@locale` is not
/// read at discovery, which opens no file):
///
/// 1. the file whose name's locale is the source locale (`app_en.arb` for `en`; case and `_`/`-` do not matter);
/// 2. else the one whose language is the source locale's (`intl_en_US.arb` for `en`), the shortest tag first;
/// 3. else a file whose name has no locale (`intl_messages.arb`, the template Dart's `intl_translation` writes);
/// 4. else none: each file then uses its own metadata.
///
/// Ties go to the first by path. A file named alone on the command line has its template only when that is named
/// (or found) too: discovery reads nothing it was not given.
enum ARBTemplate {
    /// `sources` with `template` set on every ARB source whose folder has a template (the template's own too).
    static func assigningTemplates(to sources: [CatalogSource], sourceLocale: String) -> [CatalogSource] {
        var byGroup: [String: [Int]] = [:]
        for (index, source) in sources.enumerated() where source.format == .arb {
            byGroup[source.group, default: []].append(index)
        }
        guard !byGroup.isEmpty else { return sources }
        var result = sources
        let wanted = normalized(sourceLocale)
        let wantedLanguage = language(of: wanted)
        for members in byGroup.values {
            let candidates = members.sorted { sources[$0].path < sources[$1].path }
            let exact = candidates.first { normalized(sources[$0].locale) == wanted }
            let sameLanguage = candidates.filter {
                !sources[$0].locale.isEmpty
                    && language(of: normalized(sources[$0].locale)) == wantedLanguage
            }
            .min { sources[$0].locale.count < sources[$1].locale.count }
            let unnamed = candidates.first { sources[$0].locale.isEmpty }
            guard let template = exact ?? sameLanguage ?? unnamed else { continue }
            for member in members { result[member].template = sources[template].path }
        }
        return result
    }

    /// The metadata of the template at `path`, for the ARB file `file`: nil when there is no template, when `file`
    /// is the template (its own metadata is read with it), or when the template cannot be read or is not an ARB
    /// object (it is then reported as a file error of its own, and each translation keeps its own metadata).
    static func metadata(at path: String?, for file: String) -> ARBMetadata? {
        guard let path, path != file else { return nil }
        do throws(CatalogError) {
            let root = try JSONReader.parse(try CatalogFileReader.read(path), file: path)
            return root.value.objectValue.map { ARBMetadata($0) }
        } catch {
            return nil
        }
    }

    private static func normalized(_ locale: String) -> String {
        var result = ""
        for scalar in locale.lowercased().unicodeScalars { result.unicodeScalars.append(scalar == "_" ? "-" : scalar) }
        return result
    }

    private static func language(of locale: String) -> Substring {
        locale.split(separator: "-", omittingEmptySubsequences: false).first ?? ""
    }
}
