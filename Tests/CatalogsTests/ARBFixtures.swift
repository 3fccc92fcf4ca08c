import Foundation

/// The ARB files in `Fixtures/arb` (copied from real Flutter apps; see `Fixtures/arb/*/SOURCES.md`), found beside
/// this source file so the tests need nothing outside the repository.
enum ARBFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/arb")

    static func path(_ relativePath: String) -> String {
        directory.appendingPathComponent(relativePath).path
    }

    static func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(relativePath)))
    }
}
