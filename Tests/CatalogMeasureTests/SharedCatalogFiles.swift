import Foundation
import Testing

/// `../shared/catalogs` (real catalogs of open-source apps; see its SOURCES.md) for the CatalogMeasure suites:
/// $TEXTSIZE_SHARED/catalogs, else `shared/catalogs` beside the repository. Tests that read it are skipped, saying
/// why, where it is missing.
enum SharedCatalogFiles {
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

    static let missingReason: Comment = "../shared/catalogs is not beside this checkout (set TEXTSIZE_SHARED to a copy of shared/)"

    static func path(_ relative: String) -> String { directory.appendingPathComponent(relative).path }
}
