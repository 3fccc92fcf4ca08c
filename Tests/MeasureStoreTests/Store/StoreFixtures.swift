import Foundation

@testable import Cache
@testable import MeasureStore

/// Settings, fonts and stores for the size-store tests. Fonts here are made-up records (their "file digest" is the
/// SHA-256 of a name): the store only ever sees plain values.
enum StoreFixtures {
    static func font(_ name: String, faceIndex: Int = 0, path: String? = nil) -> FontRecord {
        FontRecord(
            identity: FontIdentity(sha256: SHA256.hash(name), faceIndex: faceIndex), familyName: name,
            styleName: "Regular", unitsPerEm: 2048, ascender: 1901, descender: -483, lineGap: 0,
            path: path ?? "/fonts/\(name).ttf")
    }

    static func key(
        fonts: [FontRecord] = [font("A")], pointSize: Double = 17, maxWidth: Double = 200,
        wraps: Bool = true, engine: String = "0.1.0"
    ) -> SettingsKey {
        SettingsKey(
            fonts: fonts.map(\.identity), pointSize: pointSize, maxWidth: maxWidth,
            parameters: [SettingsParameter("wraps", .bool(wraps)), SettingsParameter("tab", .double(28))],
            engine: engine)
    }

    /// A size that differs per text, so that mix-ups show.
    static func size(_ text: String) -> StoredSize {
        let digest = SHA256.hash(text)
        return StoredSize(
            width: Double(digest.words.0 % 100_000) / 64, height: Double(digest.words.1 % 1000) / 8,
            lineCount: Int(digest.words.2 % 9) + 1)
    }

    static func texts(_ count: Int, prefix: String = "t") -> [String] {
        (0..<count).map { "\(prefix)\($0) ✓" }
    }

    /// A fresh store file in its own directory, removed afterwards.
    static func withStore<T>(_ body: (SizeStore, String) throws -> T) throws -> T {
        let path = TemporaryFiles.path("sizes")
        defer { TemporaryFiles.remove(path) }
        let store = try SizeStore(path: path)
        defer { store.close() }
        return try body(store, path)
    }

    /// The file's bytes, to check that a refused file was left unchanged.
    static func bytes(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }
}
