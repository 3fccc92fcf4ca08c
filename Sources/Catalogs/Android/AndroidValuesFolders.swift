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
/// let (definitions, folders) = AndroidValuesFolders.definitions(besides: "res/values-fr-rCA/strings.xml")
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

    /// The definitions in the other XML files of `file`'s folder and in the folders it falls back to, most specific
    /// first, with the names of the folders searched (its own first, then those that exist). Empty, with no folder,
    /// when `file` is not in a `values…` folder.
    static func definitions(besides file: String) -> (definitions: AndroidStringDefinitions, folders: [String]) {
        guard let slash = file.lastIndex(of: "/") else { return (AndroidStringDefinitions(), []) }
        let folderPath = String(file[..<slash])
        let folderName = folderPath.split(separator: "/").last.map(String.init) ?? folderPath
        guard LocaleFolder.androidValues(folderName, defaultLocale: "") != nil else {
            return (AndroidStringDefinitions(), [])
        }
        let resources: String
        if let parentSlash = folderPath.lastIndex(of: "/") {
            resources = String(folderPath[...parentSlash])
        } else {
            resources = ""
        }
        var definitions = folderDefinitions(folderPath)
        var folders = [folderName]
        for fallback in fallbacks(of: folderName) {
            let path = resources + fallback
            guard FileStatus.of(path)?.kind == .directory else { continue }
            folders.append(fallback)
            definitions.addFallback(folderDefinitions(path))
        }
        return (definitions, folders)
    }

    /// The folders a values folder's strings fall back to, most specific first, not including itself: without the
    /// region (`values-fr-rCA` → `values-fr`, `values-b+es+419` → `values-b+es`, kept where the region changes the
    /// script), without the locale (`values-fr-rCA-land` → `values-land`), and `values`.
    static func fallbacks(of folder: String) -> [String] {
        guard folder == "values" || folder.hasPrefix("values-") else { return [] }
        var qualifiers = folder.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        qualifiers.removeFirst()
        var index = 0
        while index < qualifiers.count, qualifiers[index].hasPrefix("mcc") || qualifiers[index].hasPrefix("mnc") {
            index += 1
        }
        var candidates: [[String]] = []
        if index < qualifiers.count {
            let first = qualifiers[index]
            if first.hasPrefix("b+") {
                var subtags = first.dropFirst(2).split(separator: "+").map(String.init)
                // With a script subtag, the region no longer decides the script.
                if subtags.count > 1, let region = subtags.last, isRegion(region),
                    subtags.count > 2 || !regionsWithOtherScript.contains(subtags[0] + "-" + region)
                {
                    subtags.removeLast()
                    var withoutRegion = qualifiers
                    withoutRegion[index] = "b+" + subtags.joined(separator: "+")
                    candidates.append(withoutRegion)
                }
                var withoutLocale = qualifiers
                withoutLocale.remove(at: index)
                candidates.append(withoutLocale)
            } else if (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLowercase }), first != "car"
            {
                let next = index + 1
                if next < qualifiers.count, qualifiers[next].count == 3, qualifiers[next].first == "r",
                    qualifiers[next].dropFirst().allSatisfy({ $0.isASCII && $0.isUppercase })
                {
                    if !regionsWithOtherScript.contains(first + "-" + qualifiers[next].dropFirst()) {
                        var withoutRegion = qualifiers
                        withoutRegion.remove(at: next)
                        candidates.append(withoutRegion)
                    }
                    var withoutLocale = qualifiers
                    withoutLocale.removeSubrange(index...next)
                    candidates.append(withoutLocale)
                } else {
                    var withoutLocale = qualifiers
                    withoutLocale.remove(at: index)
                    candidates.append(withoutLocale)
                }
            }
        }
        candidates.append([])
        var result: [String] = []
        for candidate in candidates {
            let name = (["values"] + candidate).joined(separator: "-")
            if name != folder, !result.contains(name) { result.append(name) }
        }
        return result
    }

    /// A BCP 47 region subtag: two letters or three digits.
    private static func isRegion(_ subtag: String) -> Bool {
        (subtag.count == 2 && subtag.allSatisfy { $0.isASCII && $0.isLetter })
            || (subtag.count == 3 && subtag.allSatisfy { $0.isASCII && $0.isNumber })
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
