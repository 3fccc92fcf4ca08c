import Cache
import Testing

@testable import Measure
@testable import MeasureStore

/// Stored settings are input: a row whose digest matches but whose values are out of the ranges a measurer takes
/// (anyone can compute the digest of an edited row) gives an error, never a measurer that traps.
@Suite struct StoredSettingsRangeTests {
    static let fonts = [FontIdentity(sha256: SHA256.hash("font file"), faceIndex: 0)]

    /// A consistent stored row for `key` with one made-up font record.
    static func stored(_ key: SettingsKey) -> StoredSettings {
        let font = FontRecord(
            identity: fonts[0], familyName: "F", styleName: "Regular", unitsPerEm: 2048,
            ascender: 1900, descender: -500, lineGap: 0, path: "/nonexistent/font.ttf")
        return StoredSettings(id: SettingsID(rawValue: 1), digest: key.digest, key: key, fonts: [font], labels: [])
    }

    @Test(arguments: [1e300, 10_000.5, -3, 0])
    func aPointSizeOutOfRangeIsUnusable(pointSize: Double) {
        let key = StoreKeys.settingsKey(
            fonts: Self.fonts, scriptFonts: [:], pointSize: pointSize, options: MeasureOptions(),
            plain: false)
        #expect(StoreKeys.measuring(key) == nil)
        let error = Result { () throws(StoredSettingsError) in try Self.stored(key).makeMeasurer() }
        guard case .failure(.unusable(let id)) = error else {
            Issue.record("expected .unusable, got \(error)")
            return
        }
        #expect(id == SettingsID(rawValue: 1))
    }

    @Test func aWidthOutOfRangeIsUnusable() {
        let good = StoreKeys.settingsKey(
            fonts: Self.fonts, scriptFonts: [:], pointSize: 17, options: MeasureOptions(), plain: false)
        let wide = SettingsKey(
            fonts: good.fonts, pointSize: 17, maxWidth: 1e300, parameters: good.parameters,
            engine: good.engine)
        #expect(StoreKeys.measuring(wide) == nil)
    }

    @Test func aRunNamingAFontTheCascadeLacksIsUnusable() {
        var options = MeasureOptions()
        options.attributes.runs = [TextRun(location: 0, length: 1, font: 3)]
        let key = StoreKeys.settingsKey(
            fonts: Self.fonts, scriptFonts: [:], pointSize: 17, options: options, plain: false)
        #expect(StoreKeys.measuring(key) == nil)
        // The same run over a cascade of four fonts reads back.
        let four = (0..<4).map { FontIdentity(sha256: SHA256.hash("font \($0)"), faceIndex: 0) }
        #expect(
            StoreKeys.measuring(
                StoreKeys.settingsKey(
                    fonts: four, scriptFonts: [:], pointSize: 17, options: options,
                    plain: false)) != nil)
    }
}
