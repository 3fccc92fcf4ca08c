import Foundation
import Testing

/// Finds `../shared/catalogs` (the real catalogs of open-source apps, see its SOURCES.md): $TEXTSIZE_SHARED/catalogs,
/// else `shared/catalogs` beside the repository. Suites that read it are skipped, saying why, where it is missing.
enum SharedCatalogs {
    static let directory: URL = {
        if let shared = ProcessInfo.processInfo.environment["TEXTSIZE_SHARED"] {
            return URL(fileURLWithPath: shared).appendingPathComponent("catalogs")
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/catalogs")
    }()

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("SOURCES.md").path)
    }

    /// The reason shown when the suites are skipped.
    static let missingReason: Comment = "../shared/catalogs is not beside this checkout (set TEXTSIZE_SHARED to a copy of shared/)"

    static func url(_ relativePath: String) -> URL { directory.appendingPathComponent(relativePath) }

    static func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(relativePath)))
    }
}
