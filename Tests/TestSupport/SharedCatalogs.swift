import Foundation
import Testing

/// Finds `../shared/catalogs` (the real catalogs of open-source apps, see its SOURCES.md) for every test suite that
/// reads them: `$TEXTSIZE_SHARED/catalogs`, else `shared/catalogs` beside the repository. Suites that read it are
/// skipped where it is missing, with `missingReason` saying why:
/// `@Suite(.enabled(if: SharedCatalogs.isAvailable, SharedCatalogs.missingReason))`.
public enum SharedCatalogs {
    /// The folder: `$TEXTSIZE_SHARED/catalogs` when the variable is set, else `shared/catalogs` next to the checkout
    /// (this file is `Tests/TestSupport/SharedCatalogs.swift`, four levels below that folder's parent).
    public static let directory: URL = {
        if let shared = ProcessInfo.processInfo.environment["TEXTSIZE_SHARED"] {
            return URL(fileURLWithPath: shared).appendingPathComponent("catalogs")
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/catalogs")
    }()

    /// Whether the folder is there (its SOURCES.md exists).
    public static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("SOURCES.md").path)
    }

    /// The reason shown when a suite is skipped because the folder is missing.
    public static let missingReason: Comment =
        "../shared/catalogs is not beside this checkout (set TEXTSIZE_SHARED to a copy of shared/)"

    /// The URL of `relativePath` inside the folder.
    public static func url(_ relativePath: String) -> URL { directory.appendingPathComponent(relativePath) }

    /// The file path of `relativePath` inside the folder.
    public static func path(_ relativePath: String) -> String { url(relativePath).path }

    /// The bytes of the file at `relativePath` inside the folder.
    /// - Throws: Foundation's error when the file cannot be read.
    public static func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(relativePath)))
    }
}
