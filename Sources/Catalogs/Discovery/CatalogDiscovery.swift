import Foundation

/// Finds the catalogs in files and folders given on the command line, and what their paths say about them.
///
/// A file is taken by its extension: `.strings`, `.stringsdict`, `.xcstrings`, `.xliff`/`.xlf`, and `.xml` inside an
/// Android `values…` folder. A folder is walked recursively in name order (so runs are reproducible), passing over
/// hidden entries and build output (`.build`, `build`, `DerivedData`, `node_modules`, `Pods`). A file named
/// explicitly is always taken, whatever its folder, when its extension is known.
public enum CatalogDiscovery {
    /// Folders never descended into: build products and package caches hold copies of catalogs, not sources.
    static let passedOver: Set<String> = [".build", "build", "DerivedData", "node_modules", "Pods", "Carthage"]

    /// The catalogs under `paths`, in a stable order (each argument in turn; within a folder, by path).
    /// - Parameters:
    ///   - defaultLocale: The locale of Android's unqualified `values` folder.
    ///   - sourceLocale: The locale of `Base.lproj`.
    /// - Returns: The catalogs found, and one error for each path that does not exist or cannot be read.
    public static func find(_ paths: [String], defaultLocale: String, sourceLocale: String)
        -> (sources: [CatalogSource], errors: [CatalogError])
    {
        var sources: [CatalogSource] = []
        var errors: [CatalogError] = []
        var seen = Set<String>()
        let files = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard files.fileExists(atPath: path, isDirectory: &isDirectory) else {
                errors.append(CatalogError(file: path, position: nil, message: "no such file or directory"))
                continue
            }
            let found: [String]
            if isDirectory.boolValue {
                guard let walked = walk(path) else {
                    errors.append(CatalogError(file: path, position: nil, message: "cannot list this folder"))
                    continue
                }
                found = walked
            } else {
                found = [path]
            }
            for file in found where seen.insert(file).inserted {
                if let source = classify(file, explicit: !isDirectory.boolValue, defaultLocale: defaultLocale,
                                         sourceLocale: sourceLocale) {
                    sources.append(source)
                } else if !isDirectory.boolValue {
                    errors.append(CatalogError(file: file, position: nil, message: "not a catalog file (expected "
                        + ".strings, .stringsdict, .xcstrings, .xliff/.xlf, or an Android values*/…xml)"))
                }
            }
        }
        return (sources, errors)
    }

    /// What `path` is, or nil when it is not a catalog.
    /// - Parameter explicit: Whether the user named the file itself (an `.xml` named explicitly is taken as Android
    ///   resources even outside a `values` folder).
    public static func classify(_ path: String, explicit: Bool = false, defaultLocale: String,
                                sourceLocale: String) -> CatalogSource? {
        let components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let name = components.last ?? path
        let folder = components.count >= 2 ? components[components.count - 2] : ""
        let extensionName = name.split(separator: ".").count > 1 ? String(name.split(separator: ".").last!) : ""
        switch extensionName.lowercased() {
        case "strings", "stringsdict":
            let format: CatalogFormat = extensionName.lowercased() == "strings" ? .strings : .stringsdict
            if let locale = LocaleFolder.lproj(folder) {
                return CatalogSource(path: path, format: format, locale: locale ?? sourceLocale,
                                     group: group(components, replacingFolderAt: components.count - 2, with: "*.lproj"))
            }
            return CatalogSource(path: path, format: format, locale: "", group: path)
        case "xcstrings":
            return CatalogSource(path: path, format: .xcstrings, locale: "", group: path)
        case "xliff", "xlf":
            return CatalogSource(path: path, format: .xliff, locale: "", group: path)
        case "xml":
            if let locale = LocaleFolder.androidValues(folder, defaultLocale: defaultLocale) {
                return CatalogSource(path: path, format: .androidXML, locale: locale,
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

    /// Every regular file under `root`, sorted by path, passing over hidden entries and build folders; nil when
    /// `root` cannot be listed.
    private static func walk(_ root: String) -> [String]? {
        let files = FileManager.default
        guard (try? files.contentsOfDirectory(atPath: root)) != nil else { return nil }
        var result: [String] = []
        var pending = [root]
        // Folders by their real path: a symbolic link back up the tree (`ln -s .. up`) is followed once, never
        // around in circles.
        var visited = Set<String>()
        while let folder = pending.popLast() {
            guard visited.insert(URL(fileURLWithPath: folder).resolvingSymlinksInPath().path).inserted else { continue }
            guard let names = try? files.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                var isDirectory: ObjCBool = false
                guard files.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    if !passedOver.contains(name) { pending.append(path) }
                } else {
                    result.append(path)
                }
            }
        }
        return result.sorted()
    }
}
