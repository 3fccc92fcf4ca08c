import Foundation
import Testing

@testable import MeasureCLI

/// The rows of `measure catalog --report`: in the order the README gives (most lines over, then most growth, the
/// source language's rows after the others), and each translation's source drawn in that translation's own box.
@Suite struct CatalogReportRowsTests {
    /// Writes `files` (path → content) under a new workspace.
    static func catalogs(_ files: [String: String]) throws -> Workspace {
        let workspace = try Workspace()
        for (path, text) in files {
            let folder = (workspace.path(path) as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try workspace.write(path, text)
        }
        return workspace
    }

    /// Rows one line over: fr ×6.99 and de ×6.36 (growth over "Save"), and an en row, which has no growth, between
    /// them in input order. The comparator left rows without growth in input order among the others, which made its
    /// answers disagree: the page showed de, en, fr. The strings are interned in the page as the rows are written,
    /// so their first places give the rows' order.
    @Test func rowsWithoutGrowthComeAfterTheOthersOfTheirLinesOver() throws {
        let workspace = try Self.catalogs([
            "App/en.lproj/L.strings": "\"a\" = \"Save\";\n\"b\" = \"Twenty letters wide! Twenty letters\";\n",
            "App/de.lproj/L.strings": "\"a\" = \"Speichern Speichern Speichern\";\n",
            "App/fr.lproj/L.strings": "\"a\" = \"Enregistrer Enregistrer Enregistrer\";\n",
        ])
        defer { workspace.remove() }
        let page = workspace.path("report.html")
        let run = Workspace.run([
            "catalog", workspace.path("App"), "--width", "200", "--max-lines", "1", "--report", page,
            "--no-progress",
        ])
        #expect(run.status == 1, "\(run.error)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let places = [
            "Enregistrer Enregistrer Enregistrer", "Speichern Speichern Speichern",
            "Twenty letters wide! Twenty letters",
        ].map { html.range(of: $0)?.lowerBound }
        #expect(places.allSatisfy { $0 != nil })
        #expect(places[0]! < places[1]! && places[1]! < places[2]!)
    }

    /// A rule gives de an 80 pt box where the others have 300 pt: de's source ("Save the current document") is laid
    /// out in 80 pt, and fr's in 300 pt — the source was laid out in its own 300 pt and drawn in de's box, and that
    /// drawing was then reused for fr (its box 80 pt wide in a 300 pt row). In Chromium, through the page's probe:
    /// each row's two boxes (source, translation) are as wide, and de's source picture is no wider than its box.
    @Test func eachTranslationsSourceIsDrawnInItsOwnBox() throws {
        let workspace = try Self.catalogs([
            "App/en.lproj/L.strings": "\"save\" = \"Save the current document\";\n",
            "App/de.lproj/L.strings": "\"save\" = \"Dokument speichern\";\n",
            "App/fr.lproj/L.strings": "\"save\" = \"Enregistrer\";\n",
            "c.json": "{\"width\": 300, \"rules\": [{\"keys\": \"*\", \"locales\": [\"de\"], \"width\": 80}]}\n",
        ])
        defer { workspace.remove() }
        let page = workspace.path("report.html")
        let run = Workspace.run([
            "catalog", workspace.path("App"), "--config", workspace.path("c.json"), "--report", page, "--no-progress",
        ])
        #expect(run.status == 1, "\(run.error)")
        let url = URL(fileURLWithPath: page).absoluteString + "#probe"
        let rows = ReportBrowserTests.probe(try HeadlessBrowser.dumpDOM(url, width: 1200, height: 1800))
        let paired = rows.filter { $0.boxes.count == 2 }
        #expect(paired.count == 2, "\(rows)")
        for row in paired {
            #expect(row.boxes[0].width == row.boxes[1].width, "\(row)")
        }
        // de: the 80 pt box (in CSS pixels, 80 wide); its source picture, then 32 px of gap, then its own.
        let de = try #require(paired.first { $0.boxes[1].width == 80 })
        #expect(de.boxes[1].x - de.boxes[0].x < 80 + 64, "\(de)")
    }

    /// A row wider than the page — a 1,500 pt box in a 1,200 px window, a key of 3,000 letters — scrolls sideways:
    /// content visibility clipped it at the row's edge, out of reach (the page itself does not scroll sideways), and
    /// hid the locale, place and width after a long key. The key wraps; the drawings scroll.
    @Test func contentWiderThanARowCanBeReached() throws {
        let longKey = String(repeating: "W", count: 3_000)
        let workspace = try Self.catalogs([
            "App/en.lproj/L.strings": "\"\(longKey)\" = \"Save\";\n\"wide\" = \"Save the current document\";\n"
        ])
        defer { workspace.remove() }
        let page = workspace.path("report.html")
        let run = Workspace.run([
            "catalog", workspace.path("App"), "--width", "1500", "--report", page, "--no-progress",
        ])
        #expect(run.status == 0, "\(run.error)")
        let url = URL(fileURLWithPath: page).absoluteString + "#probe"
        let rows = ReportBrowserTests.probe(try HeadlessBrowser.dumpDOM(url, width: 1200, height: 1800))
        #expect(rows.count == 2)
        for row in rows {
            // Each row's drawing is wider than the row, and the row scrolls to it.
            let wide = try #require(row.wide, "\(row)")
            #expect(wide.hasSuffix(",auto"), "\(wide)")
            // The meta line wraps the key (3,000 letters on one line were about 37,700 px): the content is no
            // wider than the 1,500 pt box and its margins.
            let scrollWidth = Int(wide.split(separator: ",")[0]) ?? 0
            #expect(scrollWidth < 1_600, "\(wide)")
        }
    }
}
