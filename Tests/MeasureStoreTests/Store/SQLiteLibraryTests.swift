import Testing

@testable import Cache
@testable import MeasureStore

@Suite struct SQLiteLibraryTests {
    /// The version string and number describe the same release (3.x.y ↔ 3_0xx_0yy), and the build is thread-safe.
    @Test func versionStringAndNumberAgree() {
        let parts = SQLiteLibrary.version.split(separator: ".").compactMap { Int($0) }
        #expect(parts.count >= 3)
        #expect(parts[0] == 3)
        #expect(SQLiteLibrary.versionNumber == parts[0] * 1_000_000 + parts[1] * 1000 + parts[2])
        #expect(SQLiteLibrary.isThreadSafe)
    }
}
