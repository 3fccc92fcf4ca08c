/// Finds the catalogs in files and folders given on the command line, and what their paths say about them.
///
/// A file is taken by its extension: `.strings`, `.stringsdict`, `.xcstrings`, `.xliff`/`.xlf`, gettext's `.po`,
/// `.pot` and `.mo` (`CatalogDiscovery+Gettext.swift`), Flutter's `.arb` (`CatalogDiscovery+ARB.swift`), and
/// `.xml` inside an Android `values…` folder. A folder is walked recursively in name order (so runs are
/// reproducible), passing over hidden entries, build output and package caches (`.build`, `build`, `DerivedData`,
/// `node_modules`, `Pods`, `Carthage`; listed in `Found.passedOverFolders`). A file named explicitly is always taken,
/// whatever its folder, when its extension is known.
///
/// Discovery reads nothing outside what it is given: while walking a folder, a symbolic link that leads outside
/// every folder given is passed over and listed in `Found.skippedLinks` by its own path (unless links are to be
/// followed), and only regular files become catalogs — a FIFO or a device named like one is an error, never opened.
public enum CatalogDiscovery {
    /// Folders never descended into: build products and package caches hold copies of catalogs, not sources.
    static let passedOver: Set<String> = [".build", "build", "DerivedData", "node_modules", "Pods", "Carthage"]

    /// What discovery found.
    public struct Found: Sendable {
        /// The catalogs, in a stable order (each argument in turn; within a folder, by path).
        public var sources: [CatalogSource]
        /// One error for each path that does not exist, cannot be read or listed, or is not a regular file (a
        /// FIFO or device named like a catalog is reported here and never opened).
        public var errors: [CatalogError]
        /// Symbolic links passed over because they lead outside every folder given (by their own paths; where they
        /// lead is neither read nor named). Only links to folders and links named like catalogs are listed.
        public var skippedLinks: [String]
        /// Build-output and package-cache folders (`CatalogDiscovery.passedOver`) found while walking and not
        /// searched, by path, sorted: where vendored SDKs keep their catalogs, so a run that finds nothing names them.
        public var passedOverFolders: [String] = []
    }

    /// The catalogs under `paths`.
    ///
    /// Discovery stays inside the folders given: a symbolic link found while walking a folder is followed only when
    /// it leads to a place inside one of `paths`' folders, unless `followSymbolicLinks` is set (see
    /// `CatalogFolderWalk`). A path given explicitly is taken as given, links and all — the user named it.
    /// - Parameters:
    ///   - paths: Catalog files and folders to search, as the user gave them.
    ///   - defaultLocale: The locale of Android's unqualified `values` folder.
    ///   - sourceLocale: The locale of `Base.lproj`.
    ///   - followSymbolicLinks: Follow symbolic links wherever they lead (`measure catalog --follow-symlinks`).
    public static func find(
        _ paths: [String], defaultLocale: String, sourceLocale: String,
        followSymbolicLinks: Bool = false
    ) -> Found {
        var found = Found(sources: [], errors: [], skippedLinks: [])
        var seen = Set<String>()
        let roots = paths.compactMap { path in
            FileStatus.following(path)?.kind == .directory ? FileStatus.realPath(path) : nil
        }
        for path in paths {
            guard let status = FileStatus.following(path) else {
                let message =
                    FileStatus.of(path) == nil
                    ? "no such file or directory"
                    : "a symbolic link that leads to nothing (its target does not exist)"
                found.errors.append(CatalogError(file: path, position: nil, message: message))
                continue
            }
            switch status.kind {
            case .directory:
                var walk = CatalogFolderWalk(roots: roots, followsSymbolicLinks: followSymbolicLinks)
                guard walk.walk(path) else {
                    found.errors.append(CatalogError(file: path, position: nil, message: "cannot list this folder"))
                    continue
                }
                for file in walk.files where seen.insert(file).inserted {
                    if let source = classify(file, defaultLocale: defaultLocale, sourceLocale: sourceLocale) {
                        found.sources.append(source)
                    }
                }
                for (file, kind) in walk.special
                where classify(file, defaultLocale: defaultLocale, sourceLocale: sourceLocale) != nil {
                    found.errors.append(notRegular(file, kind))
                }
                // Nothing is dropped unseen: a folder inside that cannot be listed may hold catalogs, and a link
                // named as a catalog that leads nowhere is one that cannot be read.
                for folder in walk.unlistable.sorted() {
                    found.errors.append(CatalogError(file: folder, position: nil, message: "cannot list this folder"))
                }
                for entry in walk.unexaminable.sorted() {
                    found.errors.append(
                        CatalogError(
                            file: entry, position: nil,
                            message: "listed but cannot be examined by its name (a name that is not valid UTF-8, "
                                + "shown here with U+FFFD, or removed while the folder was read)"))
                }
                for link in walk.deadLinks.sorted()
                where classify(link, defaultLocale: defaultLocale, sourceLocale: sourceLocale) != nil {
                    found.errors.append(
                        CatalogError(
                            file: link, position: nil,
                            message: "a symbolic link that leads to nothing (its target does not exist, or links "
                                + "loop)"))
                }
                found.passedOverFolders += walk.passedOver
                for link in walk.linksLeavingRoots
                where link.isDirectory
                    || classify(link.path, defaultLocale: defaultLocale, sourceLocale: sourceLocale) != nil
                {
                    found.skippedLinks.append(link.path)
                }
            case .regular:
                guard seen.insert(path).inserted else { continue }
                if let source = classify(
                    path, explicit: true, defaultLocale: defaultLocale,
                    sourceLocale: sourceLocale)
                {
                    found.sources.append(source)
                } else {
                    found.errors.append(
                        CatalogError(
                            file: path, position: nil,
                            message: "not a catalog file (expected "
                                + ".strings, .stringsdict, .xcstrings, .xliff/.xlf, .po/.pot/.mo, .arb, or an Android "
                                + "values*/…xml)"))
                }
            case .special(let kind):
                found.errors.append(notRegular(path, kind))
            case .symbolicLink:
                continue  // `stat` follows links, so this does not happen.
            }
        }
        found.sources = ARBTemplate.assigningTemplates(to: found.sources, sourceLocale: sourceLocale)
        found.passedOverFolders = Set(found.passedOverFolders).sorted()  // a folder given twice is walked twice
        return found
    }

    /// The error for a FIFO, socket or device where a catalog was expected: reported, never opened.
    private static func notRegular(_ path: String, _ kind: String) -> CatalogError {
        CatalogError(
            file: path, position: nil,
            message: "not a regular file (\(kind)); only regular files are read as catalogs")
    }

    /// What `path` is, or nil when it is not a catalog.
    /// - Parameters:
    ///   - path: The file's path; its folders give the locale (`fr.lproj`, `values-fr`, `po/fr.po`).
    ///   - explicit: Whether the user named the file itself (an `.xml` named explicitly is taken as Android
    ///     resources even outside a `values` folder).
    ///   - defaultLocale: The locale of Android's unqualified `values` folder.
    ///   - sourceLocale: The locale of `Base.lproj`.
    public static func classify(
        _ path: String, explicit: Bool = false, defaultLocale: String,
        sourceLocale: String
    ) -> CatalogSource? {
        let components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let name = components.last ?? path
        let folder = components.count >= 2 ? components[components.count - 2] : ""
        let extensionName = name.split(separator: ".").count > 1 ? String(name.split(separator: ".").last!) : ""
        switch extensionName.lowercased() {
        case "strings", "stringsdict":
            let format: CatalogFormat = extensionName.lowercased() == "strings" ? .strings : .stringsdict
            if let locale = LocaleFolder.lproj(folder) {
                return CatalogSource(
                    path: path, format: format, locale: locale ?? sourceLocale,
                    group: group(components, replacingFolderAt: components.count - 2, with: "*.lproj"))
            }
            // Outside an `.lproj`, a file named by its language (`ar.strings`, `pt-BR.strings`, as some SDK bundles
            // ship their tables) is that language's, and its neighbours are its other languages.
            let stem = String(name.dropLast(extensionName.count + 1))
            if let locale = LocaleFolder.languageFileName(stem) {
                return CatalogSource(
                    path: path, format: format, locale: locale,
                    group: group(components, replacingFolderAt: components.count - 1, with: "*." + extensionName))
            }
            // In a folder named by a language (fastlane frameit's `screenshots/de-DE/title.strings`, a bundle's
            // `ar/Localizable.strings`) it is that language's, and the folder's neighbours its other languages: such
            // files were measured as the default locale (Arabic titles in English fonts).
            if components.count >= 2, let locale = LocaleFolder.languageFileName(folder) {
                return CatalogSource(
                    path: path, format: format, locale: locale,
                    group: group(components, replacingFolderAt: components.count - 2, with: "*"))
            }
            return CatalogSource(path: path, format: format, locale: "", group: path)
        case "xcstrings":
            return CatalogSource(path: path, format: .xcstrings, locale: "", group: path)
        case "xliff", "xlf":
            return CatalogSource(path: path, format: .xliff, locale: xliffFileLocale(name) ?? "", group: path)
        case "arb":
            return arbSource(path, components: components)
        case "po", "pot", "mo":
            return gettextSource(
                path, components: components, extensionName: extensionName.lowercased(),
                sourceLocale: sourceLocale)
        case "xml":
            if let locale = LocaleFolder.androidValues(folder, defaultLocale: defaultLocale) {
                return CatalogSource(
                    path: path, format: .androidXML, locale: locale,
                    group: group(components, replacingFolderAt: components.count - 2, with: "values*"))
            }
            return explicit ? CatalogSource(path: path, format: .androidXML, locale: defaultLocale, group: path) : nil
        default:
            return nil
        }
    }

    private static func group(_ components: [String], replacingFolderAt index: Int, with wildcard: String) -> String {
        var components = components
        components[index] = wildcard
        return components.joined(separator: "/")
    }
}
