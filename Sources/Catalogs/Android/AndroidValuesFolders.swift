import Foundation

/// Where a `@string/` reference in an Android values file finds a string its own file does not define: the other XML
/// files of its folder, then the folders a device in its locale falls back to.
///
/// Android merges every file of a `values…` folder into one table, and resolves a reference on the device to the
/// best match among all folders: `values-fr-rCA/strings.xml` saying `@string/app_name` shows `values-fr-rCA`'s
/// `app_name` if any file there has one, else `values-fr`'s, else the default `values`'s (where apps keep their
/// untranslatable strings, often in a file of their own such as `donottranslate.xml`). Only regular files are read
/// (a symbolic link or a FIFO among them is passed over, as discovery would report it), at most
/// `maximumFilesPerFolder` of them per folder, each through `CatalogFileReader`; a file that is not a readable
/// resources file gives nothing (it is reported where it is measured itself). A folder is read once while its files
/// stay as they are (`AndroidFolderCache`), so n locale folders falling back to `values` parse it once, not n times.
///
/// ```swift
/// let (layers, folders) = AndroidValuesFolders.definitions(besides: "res/values-fr-rCA/strings.xml")
/// folders   // ["values-fr-rCA", "values-fr", "values"]: the ones that exist, searched in this order
/// ```
enum AndroidValuesFolders {
    /// The most XML files read from one folder, in name order: far above any real app's (tens), a bound on what a
    /// hostile tree can make every reference read.
    static let maximumFilesPerFolder = 1_000

    /// Languages whose script CLDR's likely subtags change with the region (`zh-TW` is `zh-Hant-TW`, `zh` is
    /// `zh-Hans`; `pa-PK` is Arabic, `pa` Gurmukhi…): Android matches scripts before regions, so a device in
    /// such a locale does not fall back to the language's folder.
    static let regionsWithOtherScript: Set<String> = [
        "zh-TW", "zh-HK", "zh-MO", "pa-PK", "uz-AF", "az-IR", "mn-CN", "sd-IN", "sr-ME", "ms-CC",
    ]

    /// The definitions in the XML files of `file`'s folder and of the folders it falls back to, one layer per
    /// folder, most specific first, with the names of the folders searched (its own first, then those that exist).
    /// Empty, with no folder, when `file` is not in a `values…` folder.
    static func definitions(besides file: String) -> (layers: [AndroidStringDefinitions], folders: [String]) {
        guard let slash = file.lastIndex(of: "/") else { return ([], []) }
        let folderPath = String(file[..<slash])
        let folderName = folderPath.split(separator: "/").last.map(String.init) ?? folderPath
        guard AndroidValuesQualifiers(folder: folderName) != nil else { return ([], []) }
        let resources: String
        if let parentSlash = folderPath.lastIndex(of: "/") {
            resources = String(folderPath[...parentSlash])
        } else {
            resources = ""
        }
        var layers = [folderDefinitions(folderPath)]
        var folders = [folderName]
        for fallback in fallbacks(of: folderName) {
            let path = resources + fallback
            guard FileStatus.of(path)?.kind == .directory else { continue }
            folders.append(fallback)
            layers.append(folderDefinitions(path))
        }
        return (layers, folders)
    }

    /// The folders a values folder's strings fall back to, most specific first, not including itself, in the
    /// order of Android's qualifier precedence (network codes, then locale, then the rest): for each choice of network
    /// codes (kept, then dropped), each locale (as written, without the region — kept where the region changes the
    /// script —, then none), with and then without the other qualifiers, every spelling Android reads as that locale
    /// (`fr-rCA` and `b+fr+CA`, `es` and `b+es`). `values-fr-rCA-land` → `values-b+fr+CA-land`, `values-fr-rCA`,
    /// `values-b+fr+CA`, `values-fr-land`, `values-b+fr-land`, `values-fr`, `values-b+fr`, `values-land`, `values`.
    static func fallbacks(of folder: String) -> [String] {
        guard let qualifiers = AndroidValuesQualifiers(folder: folder) else { return [] }
        // Each level of locale, most specific first, with the spellings of each.
        var levels: [[[String]]] = []
        if !qualifiers.subtags.isEmpty {
            levels.append(AndroidValuesQualifiers.spellings(of: qualifiers.subtags))
            if let region = qualifiers.region,
                qualifiers.subtags.count > 2 || !regionsWithOtherScript.contains(qualifiers.subtags[0] + "-" + region)
            {
                // With a script subtag, the region no longer decides the script.
                levels.append(AndroidValuesQualifiers.spellings(of: Array(qualifiers.subtags.dropLast())))
            }
        }
        levels.append([[]])
        let networks = qualifiers.network.isEmpty ? [[]] : [qualifiers.network, []]
        let rests = qualifiers.rest.isEmpty ? [[]] : [qualifiers.rest, []]
        var result: [String] = []
        for network in networks {
            for level in levels {
                for rest in rests {
                    for locale in level {
                        let name = AndroidValuesQualifiers.folderName(network: network, locale: locale, rest: rest)
                        if name != folder, !result.contains(name) { result.append(name) }
                    }
                }
            }
        }
        return result
    }

    /// The definitions of the regular `.xml` files in `folder` (the first `maximumFilesPerFolder` by name), read
    /// once while they stay as they are (`AndroidFolderCache`). The file being parsed is among them: its strings are
    /// its own definitions already, which come first.
    private static func folderDefinitions(_ folder: String) -> AndroidStringDefinitions {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            return AndroidStringDefinitions()
        }
        let stamps = names.filter { !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".xml") }.sorted()
            .prefix(maximumFilesPerFolder).compactMap { AndroidFolderCache.stamp($0, in: folder) }
        return AndroidFolderCache.shared.definitions(of: FileStatus.realPath(folder) ?? folder, stamps: stamps) {
            var definitions = AndroidStringDefinitions()
            for stamp in stamps {
                let path = folder + "/" + stamp.name
                guard let bytes = try? CatalogFileReader.read(path),
                    let found = AndroidResourcesParser.definitions(bytes, file: path)
                else { continue }
                definitions.addSibling(found)
            }
            return definitions
        }
    }
}
