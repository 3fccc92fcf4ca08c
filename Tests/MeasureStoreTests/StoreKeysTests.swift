import Cache
import Testing

@testable import Measure
@testable import MeasureStore

/// The one key derivation: it covers every field that decides a size, and reads back exactly.
@Suite struct StoreKeysTests {
    static let fonts = [FontIdentity(sha256: SHA256.hash("font file"), faceIndex: 0)]

    /// The stored properties of `value`, recursively through nested structs, as dotted paths.
    static func storedPropertyPaths(of value: Any, prefix: String = "") -> Set<String> {
        var paths: Set<String> = []
        for child in Mirror(reflecting: value).children {
            guard let label = child.label else { continue }
            let path = prefix + label
            if Mirror(reflecting: child.value).displayStyle == .struct {
                paths.formUnion(storedPropertyPaths(of: child.value, prefix: path + "."))
            } else {
                paths.insert(path)
            }
        }
        return paths
    }

    /// Fails when `MeasureOptions` (or `LineBreakOptions`) gains a stored property that the key does not list: add
    /// it to `StoreKeys.settingsKey` (and to `measuring`), then here nothing needs to change.
    @Test func theKeyNamesEveryStoredPropertyOfMeasureOptions() {
        let key = StoreKeys.settingsKey(
            fonts: Self.fonts, scriptFonts: [:], pointSize: 17, options: MeasureOptions(), plain: false)
        let named = Set(key.parameters.map(\.name)).union(["maxWidth"]).subtracting(["plain", "cascade.scriptFonts"])
        let properties = Self.storedPropertyPaths(of: MeasureOptions())
        #expect(properties.count >= 9)
        #expect(named == properties)
    }

    /// Fails when `FontCascade` gains a stored property: its fonts (`fonts`) and its font for each script
    /// (`cascade.scriptFonts`) are what the key holds of it.
    @Test func theKeyHoldsEveryStoredPropertyOfTheCascade() throws {
        let cascade = try FontCascade(loading: [FontSource(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")])
        #expect(Self.storedPropertyPaths(of: cascade) == ["fonts", "scriptFonts"])
        let key = StoreKeys.settingsKey(
            fonts: Self.fonts, scriptFonts: [:], pointSize: 17, options: MeasureOptions(), plain: false)
        #expect(key.parameters.contains { $0.name == "cascade.scriptFonts" })
    }

    /// A cascade that picks a font per script is measured differently from the same fonts in order: another key,
    /// whose script fonts read back; maps that measure alike (two spellings of a code) share one.
    @Test func theScriptFontsChangeTheKeyAndReadBack() throws {
        let two = Self.fonts + [FontIdentity(sha256: SHA256.hash("arabic font"), faceIndex: 0)]
        func key(_ scriptFonts: [String: Int]) -> SettingsKey {
            StoreKeys.settingsKey(
                fonts: two, scriptFonts: scriptFonts, pointSize: 17, options: MeasureOptions(maxWidth: 200),
                plain: false)
        }
        #expect(key([:]).digest != key(["Arab": 1]).digest)
        #expect(key(["Arab": 1]).digest != key(["Arab": 1, "Hebr": 1]).digest)
        #expect(key(["Arab": 1]).digest != key(["Arab": 0]).digest)
        let read = try #require(StoreKeys.measuring(key(["Hebr": 1, "Arab": 1, "Deva": 0])))
        #expect(read.scriptFonts == ["Arab": 1, "Deva": 0, "Hebr": 1])
        #expect(try #require(StoreKeys.measuring(key([:]))).scriptFonts == [:])
        // As a cascade keeps it: one spelling, codes of Script values only, indices of its fonts.
        let fonts = try (0..<2).map { _ in try Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf") }
        let cascade = try FontCascade(fonts, scriptFonts: ["arab": 1, "ARAB": 0, "Zsym": 1, "Hebr": 5, "Thai": 1])
        #expect(cascade.scriptFonts == ["Arab": 0, "Thai": 1])
        #expect(cascade.scriptFontsKey == "Arab=0,Thai=1")
    }

    /// A script-fonts parameter edited into another spelling, order or range is not this engine's: nil, no trap.
    @Test(arguments: [
        "arab=1", "Hebr=1,Arab=1", "Arab=1,Arab=1", "Arab=2", "Arab=-1", "Arab=01", "Arab", "Arab=1,", ",Arab=1",
        "Xxxx=1", "Arab=1=1", "Arab= 1", "Arab=99999999999999999999",
    ])
    func anEditedScriptFontsParameterIsRefused(text: String) {
        #expect(FontCascade.scriptFonts(fromKey: text, fontCount: 2) == nil)
        let good = StoreKeys.settingsKey(
            fonts: Self.fonts + Self.fonts, scriptFonts: ["Arab": 1], pointSize: 17, options: MeasureOptions(),
            plain: false)
        let edited = SettingsKey(
            fonts: good.fonts, pointSize: good.pointSize, maxWidth: good.maxWidth,
            parameters: good.parameters.map { parameter in
                parameter.name == "cascade.scriptFonts" ? SettingsParameter(parameter.name, .string(text)) : parameter
            }, engine: good.engine)
        #expect(StoreKeys.measuring(edited) == nil)
    }

    /// Every field on its own changes the digest.
    @Test func everyFieldChangesTheKey() {
        let base = MeasureOptions(maxWidth: 200)
        var variants: [(String, MeasureOptions, Bool, Double, [FontIdentity], String)] = []
        func variant(_ name: String, _ change: (inout MeasureOptions) -> Void) {
            var options = base
            change(&options)
            variants.append((name, options, false, 17, Self.fonts, TextSizeVersion.engine))
        }
        variant("maxWidth") { $0.maxWidth = 201 }
        variant("usesLineFragmentOrigin") { $0.usesLineFragmentOrigin = false }
        variant("usesFontLeading") { $0.usesFontLeading = true }
        variant("lineBreakMode") { $0.lineBreakMode = .byCharWrapping }
        variant("resolvesCJToNonstarter") { $0.lineBreaking.resolvesCJToNonstarter = false }
        variant("hangulWordPriority") { $0.lineBreaking.hangulWordPriority = true }
        variant("keepsGraphemeClusters") { $0.lineBreaking.keepsGraphemeClusters = false }
        variant("countsTrailingLineBreak") { $0.countsTrailingLineBreak = true }
        variant("tabInterval") { $0.tabInterval = 28.000000000000004 }
        variant("lineSpacing") { $0.attributes.paragraph.lineSpacing = 4 }
        variant("paragraphSpacing") { $0.attributes.paragraph.paragraphSpacing = 4 }
        variant("paragraphSpacingBefore") { $0.attributes.paragraph.paragraphSpacingBefore = 4 }
        variant("lineHeightMultiple") { $0.attributes.paragraph.lineHeightMultiple = 1.2 }
        variant("minimumLineHeight") { $0.attributes.paragraph.minimumLineHeight = 30 }
        variant("maximumLineHeight") { $0.attributes.paragraph.maximumLineHeight = 30 }
        variant("firstLineHeadIndent") { $0.attributes.paragraph.firstLineHeadIndent = 5 }
        variant("headIndent") { $0.attributes.paragraph.headIndent = 5 }
        variant("tailIndent") { $0.attributes.paragraph.tailIndent = -5 }
        variant("tabStops") { $0.attributes.paragraph.tabStops = [40] }
        variant("defaultTabInterval") { $0.attributes.paragraph.defaultTabInterval = 40 }
        variant("alignment") { $0.attributes.paragraph.alignment = "center" }
        variant("paragraph lineBreakMode") { $0.attributes.paragraph.lineBreakMode = .byTruncatingTail }
        variant("kern") { $0.attributes.kern = 0 }
        variant("tracking") { $0.attributes.tracking = 0 }
        variant("numberOfLines") { $0.attributes.numberOfLines = 1 }
        variant("truncatesLastVisibleLine") { $0.attributes.truncatesLastVisibleLine = true }
        variant("maxHeight") { $0.attributes.maxHeight = 100 }
        variant("usesDeviceMetrics") { $0.attributes.usesDeviceMetrics = true }
        variant("runs") { $0.attributes.runs = [TextRun(location: 0, length: 1, pointSize: 20)] }
        variant("mode") { $0.attributes.mode = .label }
        variant("scale") {
            $0.attributes.mode = .label
            $0.attributes.scale = 3
        }
        variant("lineSpacingAfterLastLine") { $0.attributes.lineSpacingAfterLastLine = true }
        variant("countsOuterParagraphSpacing") { $0.attributes.countsOuterParagraphSpacing = true }
        variants.append(("plain", base, true, 17, Self.fonts, TextSizeVersion.engine))
        variants.append(("pointSize", base, false, 17.5, Self.fonts, TextSizeVersion.engine))
        variants.append(
            (
                "font", base, false, 17, [FontIdentity(sha256: SHA256.hash("other"), faceIndex: 0)],
                TextSizeVersion.engine
            ))
        variants.append(
            (
                "faceIndex", base, false, 17, [FontIdentity(sha256: SHA256.hash("font file"), faceIndex: 1)],
                TextSizeVersion.engine
            ))
        variants.append(("fallback", base, false, 17, Self.fonts + Self.fonts, TextSizeVersion.engine))
        variants.append(("engine", base, false, 17, Self.fonts, "999.0.0"))
        let baseKey = StoreKeys.settingsKey(
            fonts: Self.fonts, scriptFonts: [:], pointSize: 17, options: base, plain: false)
        var seen = [baseKey.digest: "base"]
        for (name, options, plain, size, fonts, engine) in variants {
            let digest = StoreKeys.settingsKey(
                fonts: fonts, scriptFonts: [:], pointSize: size, options: options, plain: plain,
                engine: engine
            ).digest
            #expect(seen[digest] == nil, "\(name) does not change the key (same as \(seen[digest] ?? ""))")
            seen[digest] = name
        }
    }

    @Test func unconstrainedWidthsShareAKey() {
        func key(_ width: Double) -> SHA256Digest {
            StoreKeys.settingsKey(
                fonts: Self.fonts, scriptFonts: [:], pointSize: 17, options: MeasureOptions(maxWidth: width),
                plain: false
            ).digest
        }
        #expect(key(0) == key(.infinity))
        #expect(key(0) != key(1))
    }

    @Test func keysReadBackToTheSameOptions() throws {
        let cases = [
            MeasureOptions(),
            MeasureOptions(
                maxWidth: 320.5, usesLineFragmentOrigin: false, usesFontLeading: true,
                lineBreakMode: .byCharWrapping,
                lineBreaking: LineBreakOptions(
                    resolvesCJToNonstarter: false, hangulWordPriority: true,
                    keepsGraphemeClusters: false),
                countsTrailingLineBreak: true, tabInterval: 12.25),
            MeasureOptions(
                maxWidth: 100,
                attributes: {
                    var attributes = TextAttributes()
                    attributes.paragraph.lineSpacing = 4.5
                    attributes.paragraph.paragraphSpacing = 1
                    attributes.paragraph.paragraphSpacingBefore = 2
                    attributes.paragraph.lineHeightMultiple = 1.25
                    attributes.paragraph.minimumLineHeight = 3
                    attributes.paragraph.maximumLineHeight = 40
                    attributes.paragraph.firstLineHeadIndent = 7
                    attributes.paragraph.headIndent = 8
                    attributes.paragraph.tailIndent = -9
                    attributes.paragraph.tabStops = [10.5, 1e-05]
                    attributes.paragraph.defaultTabInterval = 33
                    attributes.paragraph.alignment = "right"
                    attributes.paragraph.lineBreakMode = .byTruncatingMiddle
                    attributes.kern = 0.1
                    attributes.tracking = -0.5
                    attributes.numberOfLines = 3
                    attributes.truncatesLastVisibleLine = true
                    attributes.maxHeight = 90
                    attributes.usesDeviceMetrics = true
                    attributes.runs = [
                        TextRun(location: 0, length: 3, font: 0, pointSize: 20.5),
                        TextRun(location: 4, length: 2),
                    ]
                    attributes.mode = .label
                    attributes.scale = 3
                    attributes.lineSpacingAfterLastLine = true
                    attributes.countsOuterParagraphSpacing = true
                    return attributes
                }()),
        ]
        for options in cases {
            for plain in [false, true] {
                let key = StoreKeys.settingsKey(
                    fonts: Self.fonts, scriptFonts: [:], pointSize: 13.5, options: options, plain: plain)
                let read = try #require(StoreKeys.measuring(key))
                #expect(read.options == options)
                #expect(read.plain == plain)
            }
        }
        // An edited row whose attributes no measurement can use reads as "not this engine's", never a trap.
        let good = StoreKeys.settingsKey(
            fonts: Self.fonts, scriptFonts: [:], pointSize: 13.5, options: MeasureOptions(), plain: false)
        let edited = SettingsKey(
            fonts: good.fonts, pointSize: good.pointSize, maxWidth: good.maxWidth,
            parameters: good.parameters.map { parameter in
                parameter.name == "attributes.numberOfLines"
                    ? SettingsParameter(parameter.name, .int(-1)) : parameter
            }, engine: good.engine)
        #expect(StoreKeys.measuring(edited) == nil)
        let foreign = StoreKeys.settingsKey(
            fonts: Self.fonts, scriptFonts: [:], pointSize: 13.5, options: MeasureOptions(),
            plain: false, engine: "0.0.1")
        #expect(StoreKeys.measuring(foreign) == nil)
    }
}
