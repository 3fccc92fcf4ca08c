import Foundation
import Testing

@testable import CatalogMeasure
@testable import Catalogs

/// `--platform android|ios`: the fonts each preset measures with (named in the report with their digests), Android's
/// sp sizes at the system font scales, and iOS's labelled stand-in when SF Pro is not given.
@Suite struct PlatformPresetTests {
    static let roboto = "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf"
    static let robotoInstalled = FileManager.default.fileExists(atPath: roboto)

    /// A temporary folder with `values/strings.xml` and `values-de/strings.xml`.
    func androidCatalog() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("preset-\(UUID().uuidString)")
        for (folder, text) in [("values", "Refund"), ("values-de", "Rückerstattung")] {
            let dir = root.appendingPathComponent("res/\(folder)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data("<resources><string name=\"refund\">\(text)</string></resources>\n".utf8)
                .write(to: dir.appendingPathComponent("strings.xml"))
        }
        return root
    }

    /// The file's SHA-256 by coreutils' sha256sum: an engine independent of the code under test.
    static func sha256sum(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }

    @Test(.enabled(if: robotoInstalled, "Roboto is not installed (Debian package fonts-roboto-unhinted; make deps)"))
    func androidMeasuresWithRobotoInSpAtEveryFontScale() throws {
        let root = try androidCatalog()
        defer { try? FileManager.default.removeItem(at: root) }
        var options = CatalogRunOptions(
            paths: [root.path], commandLine: ConstraintSettings(width: 100),
            allContentSizes: true, threads: 1)
        options.platform = .android
        let report = try CatalogRun.run(options).report
        #expect(report.platform == "android")
        // 2 entries × 7 font scales, 14 sp each.
        #expect(report.entries.count == 14)
        let de = report.entries.filter { $0.entry.locale == "de" }
        #expect(de.map(\.constraint.contentSize) == ["×0.85", "×1.0", "×1.15", "×1.3", "×1.5", "×1.8", "×2.0"])
        #expect(de.map(\.constraint.pointSize) == [0.85, 1.0, 1.15, 1.3, 1.5, 1.8, 2.0].map { 14 * $0 })
        // hb-shape Roboto-Regular.ttf "Rückerstattung": 13852 units of 2048 per em; × 14 sp × 1.3.
        let scaled = try #require(de.first { $0.constraint.contentSize == "×1.3" })
        #expect(abs(scaled.naturalWidth - 13852.0 * 14 * 1.3 / 2048) < 1e-6)
        #expect(scaled.lines == 2)
        let unscaled = try #require(de.first { $0.constraint.contentSize == "×1.0" })
        #expect(abs(unscaled.width - 13852.0 * 14 / 2048) < 1e-6)
        #expect(unscaled.lines == 1)

        let set = try #require(report.fontSets.first { $0.locales.contains("de") })
        #expect(set.platform == "android")
        #expect(set.fonts[0].family == "Roboto")
        #expect(set.fonts[0].file == Self.roboto)
        #expect(set.fonts[0].sha256 == (try Self.sha256sum(Self.roboto)))
        #expect(set.fonts[1].family.hasPrefix("Noto Sans CJK"))
        #expect(set.standIn == nil)
        #expect(report.warnings.isEmpty)
    }

    @Test func androidRejectsDynamicTypeStylesAndIOSRejectsFontScales() throws {
        var android = CatalogRunOptions(paths: [], commandLine: ConstraintSettings(width: 100, textStyle: "body"))
        android.platform = .android
        #expect(throws: CatalogRunError.self) { try CatalogRun.run(android) }
        var ios = CatalogRunOptions(paths: [], commandLine: ConstraintSettings(width: 100, contentSize: "1.3"))
        ios.platform = .ios
        #expect(throws: CatalogRunError.unknownContentSize("1.3")) { try CatalogRun.run(ios) }
    }

    @Test func iosWithoutSFProUsesALabelledStandInAndSaysSo() throws {
        let root = try androidCatalog()
        defer { try? FileManager.default.removeItem(at: root) }
        var options = CatalogRunOptions(paths: [root.path], commandLine: ConstraintSettings(width: 300), threads: 1)
        options.platform = .ios
        let report = try CatalogRun.run(options).report
        let set = try #require(report.fontSets.first)
        #expect(set.fonts[0].family == "Noto Sans")
        #expect(
            set.standIn?.contains("Noto Sans (NotoSans-Regular.ttf) stands in for it, and its widths are not SF Pro's")
                == true)
        #expect(report.warnings == [set.standIn!])
        // hb-shape NotoSans-Regular.ttf "Refund": 3381 units of 1000 per em, at body L (17 pt).
        let refund = try #require(report.entries.first { $0.entry.locale == "en" })
        #expect(abs(refund.width - 3381.0 * 17 / 1000) < 1e-6)
    }

    /// The report's pictures are drawn in the fonts the run measured with: `--platform android` entries in Roboto
    /// and iOS's in the stand-in, at the sizes and on the lines measured (the drawer took the default cascade, so an
    /// entry measured on one line could be drawn on two).
    @Test(
        .enabled(if: robotoInstalled, "Roboto is not installed (Debian package fonts-roboto-unhinted; make deps)"),
        arguments: [(CatalogPlatform.android, "Roboto-Regular.ttf"), (.ios, "NotoSans-Regular.ttf")])
    func drawingsUseThePlatformsFonts(platform: CatalogPlatform, file: String) throws {
        let root = try androidCatalog()
        defer { try? FileManager.default.removeItem(at: root) }
        var options = CatalogRunOptions(
            paths: [root.path], commandLine: ConstraintSettings(width: 100), allContentSizes: true, threads: 1)
        options.platform = platform
        let report = try CatalogRun.run(options).report
        // Two entries at Android's 7 font scales, or at iOS's 12 content sizes.
        #expect(report.entries.count == (platform == .android ? 14 : 24))
        let drawer = try CatalogEntryDrawer(options: options)
        for entry in report.entries {
            let layout = try drawer.layout(entry)
            #expect(layout.fonts.first?.path.hasSuffix("/" + file) == true, "\(layout.fonts.map(\.path))")
            #expect(layout.pointSize == entry.constraint.pointSize)
            #expect(layout.lines.count == entry.lines, "\(entry.entry.locale) \(entry.constraint.pointSize)")
            #expect(layout.size.width == entry.width)
        }
        // Some entry is on two lines (Rückerstattung in Roboto is 13852 units of 2048 per em, hb-shape: two lines at
        // 14 sp × 1.3 in 100 pt), so the line counts compared above are not all one.
        #expect(report.entries.contains { $0.lines == 2 })
    }

    @Test func iosWithTheConfigsFontsHasNoStandIn() throws {
        let root = try androidCatalog()
        defer { try? FileManager.default.removeItem(at: root) }
        var config = CatalogConfig()
        config.fonts = ["default": [.file(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", faceIndex: 0)]]
        config.platform = .ios
        let report = try CatalogRun.run(
            CatalogRunOptions(
                paths: [root.path], config: config,
                commandLine: ConstraintSettings(width: 300))
        ).report
        #expect(report.warnings.isEmpty)
        #expect(report.fontSets.first?.fonts.map(\.family) == ["DejaVu Sans"])
        #expect(report.fontSets.first?.listed == 1)
    }

    @Test func aFontDirectoryIsSearchedByTheFamilyNamesInsideItsFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fontdir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(
            atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
            toPath: dir.appendingPathComponent("sub/renamed.ttf").path)
        let locator = try CatalogPlatformFonts.locator(directory: dir.path)
        #expect(locator.locate(family: "DejaVu Sans")?.path == dir.path + "/sub/renamed.ttf")
        #expect(locator.locate(family: "SF Pro") == nil)
        #expect(throws: CatalogRunError.self) { try CatalogPlatformFonts.locator(directory: dir.path + "/none") }
        #expect(CatalogPlatformFonts.cjkFamilies(for: "ja") == ["Hiragino Sans", "Hiragino Kaku Gothic ProN"])
        #expect(CatalogPlatformFonts.cjkFamilies(for: "zh-Hant-TW") == ["PingFang TC"])
    }
}
