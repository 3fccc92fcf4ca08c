import Foundation

/// Finds font files by family name, as `fc-match` would, by reading the `name` tables of the fonts in the system's
/// font folders — so a config can say `"Noto Sans CJK JP"` instead of a path that differs between machines.
///
/// The folders are scanned once, on the first lookup (each face opened just long enough to read its names: about a
/// millisecond per file). Lookups are case-insensitive; among faces of the family the requested style wins, else
/// `Regular` (or `Book`, `Normal`, `Roman`, `Medium`), else the first face by path.
public final class SystemFontLocator: Sendable {
    /// The folders Debian's fontconfig reads, in its order.
    public static let standardFolders = ["/usr/share/fonts", "/usr/local/share/fonts",
                                         NSHomeDirectory() + "/.local/share/fonts", NSHomeDirectory() + "/.fonts"]

    public let folders: [String]
    private let faces: [FontFaceName]

    /// Scans `folders` (recursively) now.
    public init(folders: [String] = SystemFontLocator.standardFolders) {
        self.folders = folders
        var faces: [FontFaceName] = []
        let files = FileManager.default
        for folder in folders {
            guard let walker = files.enumerator(atPath: folder) else { continue }
            var paths: [String] = []
            while let relative = walker.nextObject() as? String {
                let lower = relative.lowercased()
                if lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc")
                    || lower.hasSuffix(".otc") {
                    paths.append(folder + "/" + relative)
                }
            }
            for path in paths.sorted() {
                faces += FreeTypeFace.faceNames(path: path) ?? []
            }
        }
        self.faces = faces
    }

    /// Every face found, in scan order.
    public var allFaces: [FontFaceName] { faces }

    /// The face of `family` in `style` (nil: the regular face), or nil when no scanned font has that family.
    public func locate(family: String, style: String? = nil) -> FontSource? {
        let wanted = family.lowercased()
        let candidates = faces.filter { $0.families.contains { $0.lowercased() == wanted } }
        guard !candidates.isEmpty else { return nil }
        let preferredStyles = style.map { [$0.lowercased()] } ?? ["regular", "book", "normal", "roman", "medium"]
        for preferred in preferredStyles {
            if let face = candidates.first(where: { $0.style.lowercased() == preferred }) {
                return FontSource(path: face.path, faceIndex: face.faceIndex)
            }
        }
        if style != nil { return nil }
        return FontSource(path: candidates[0].path, faceIndex: candidates[0].faceIndex)
    }

    /// The family names found, sorted, for error messages that list what is installed.
    public var familyNames: [String] {
        Array(Set(faces.flatMap(\.families))).sorted()
    }
}
