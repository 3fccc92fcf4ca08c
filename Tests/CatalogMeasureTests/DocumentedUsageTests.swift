import CatalogMeasure
import Catalogs
import Foundation
import Testing

/// The usage the CatalogMeasure DocC article documents (RunningACatalogCheck.md: options, a config file, `run`, the
/// report), run as an adopter's test would run it, on a small catalog written here, against widths computed by hand
/// from DejaVu Sans' advances.
///
/// The advances are the font's `hmtx` values (units per em 2048), read with fontTools, not with this project:
/// `python3 -c "from fontTools.ttLib import TTFont; f = TTFont('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf');
/// m = f.getBestCmap(); print([f['hmtx'][m[ord(c)]][0] for c in 'Cancel'])"`. `plain` turns off kerning, so a
/// line's width is the plain sum of its advances × 17 / 2048.
@Suite struct DocumentedUsageTests {
    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// DejaVu Sans, in font units: S 1300, a 1255, v 1212, e 1260 → "Save" 5027.
    static let save = 1300.0 + 1255 + 1212 + 1260
    /// C 1430, a 1255, n 1298, c 1126, e 1260, l 569 → "Cancel" 6938.
    static let cancel = 1430.0 + 1255 + 1298 + 1126 + 1260 + 569
    /// A 1401, b 1300, b 1300, r 842, e 1260, c 1126, h 1298, e 1260, n 1298 → "Abbrechen" 11085.
    static let abbrechen = 1401.0 + 1300 + 1300 + 842 + 1260 + 1126 + 1298 + 1260 + 1298
    /// Points per font unit at 17 pt.
    static let scale = 17.0 / 2048

    /// Writes en and de `.strings` files and a config naming the font, in a fresh folder.
    static func writeCatalog() throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("documented-usage-\(UUID().uuidString)")
        for (locale, text) in [
            ("en", "\"save\" = \"Save\";\n\"cancel\" = \"Cancel\";\n"),
            ("de", "\"cancel\" = \"Abbrechen\";\n"),
        ] {
            let folder = root.appendingPathComponent("App/\(locale).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        }
        let config = "{\"sourceLocale\": \"en\", \"fonts\": {\"default\": [{\"path\": \"\(font)\"}]}}"
        try Data(config.utf8).write(to: root.appendingPathComponent("textsize-catalog.json"))
        return root
    }

    @Test("the article's usage: an entry wider than its label overflows, by the hand-computed widths")
    func documentedUsage() throws {
        let root = try Self.writeCatalog()
        defer { try? FileManager.default.removeItem(at: root) }

        // As documented: paths, a config loaded from its file, the command line's overrides, then `run`.
        var options = CatalogRunOptions(
            paths: [root.appendingPathComponent("App").path],
            config: try CatalogConfigParser.load(
                path: root.appendingPathComponent("textsize-catalog.json").path),
            plain: true, threads: 2)
        options.commandLine = ConstraintSettings(width: 50, maxLines: 1, size: 17)
        var progress: [CatalogProgress] = []
        let result = try CatalogRun.run(options) { progress.append($0) }
        let report = result.report

        #expect(report.fileErrors.isEmpty && report.failed.isEmpty && report.skipped.isEmpty)
        #expect(result.measured == 3 && result.cached == 0)
        #expect(progress.last == CatalogProgress(done: 3, total: 3))
        let byKey = Dictionary(uniqueKeysWithValues: report.entries.map { ("\($0.entry.locale) \($0.entry.key)", $0) })
        #expect(byKey.keys.sorted() == ["de cancel", "en cancel", "en save"])

        // "Save" is 41.728 pt: it fits 50 pt on one line, one line high (DejaVu's ascender 1901 + descender 483).
        let save = try #require(byKey["en save"])
        #expect(abs(save.width - Self.save * Self.scale) < 1e-9)
        #expect(abs(save.height - (1901 + 483) * Self.scale) < 1e-9)
        #expect(save.lines == 1 && !save.overflows)

        // "Cancel" is 57.591 pt > 50: the one word is broken onto a second line, so it overflows its one line.
        let cancel = try #require(byKey["en cancel"])
        #expect(abs(cancel.naturalWidth - Self.cancel * Self.scale) < 1e-9)
        #expect(cancel.lines == 2 && cancel.overflows)

        // "Abbrechen" is 92.014 pt: "Abbr" (4843 units, 40.2 pt; with "e" 50.66 pt) | "eche" (41.04 pt; with "n"
        // 51.81 pt) | "n" — three lines; it grows by 11085 / 6938 against its English source.
        let abbrechen = try #require(byKey["de cancel"])
        #expect(abs(abbrechen.naturalWidth - Self.abbrechen * Self.scale) < 1e-9)
        #expect(abbrechen.lines == 3 && abbrechen.overflows)
        #expect(abs((abbrechen.growth ?? 0) - Self.abbrechen / Self.cancel) < 1e-9)

        // The summaries the article reads: two overflows, the worst (most lines over) first.
        #expect(report.overflowCount == 2)
        #expect(report.worstFirst.first?.entry.key == "cancel" && report.worstFirst.first?.entry.locale == "de")
    }
}
