import Foundation
import Testing

@testable import MeasureCLI

/// `measure catalog --report` on the team's sample catalogs (`corpora/catalogs`), opened in headless Chromium: the
/// page's own probe (`#probe`) lists each shown row's rectangle and its boxes, a screenshot of the same page is
/// checked pixel by pixel — red in every overflowing row, none in a row that fits, glyph ink inside every box.
@Suite struct ReportBrowserTests {
    static let catalogs = ShardRunner.root.appendingPathComponent("corpora/catalogs").path
    static let width = 1200, height = 1800

    /// A red of the overflow colour (#e0001b) or antialiased towards white: much more red than green or blue.
    static func isRed(_ p: (r: Int, g: Int, b: Int, a: Int)) -> Bool {
        p.r >= 180 && p.r - p.g >= 90 && p.r - p.b >= 80
    }

    /// Glyph ink: dark grey to black.
    static func isInk(_ p: (r: Int, g: Int, b: Int, a: Int)) -> Bool {
        p.r < 110 && p.g < 110 && p.b < 110
    }

    struct ProbedRow {
        var status: String
        var rect: (x: Int, y: Int, width: Int, height: Int)
        var boxes: [(x: Int, y: Int, width: Int, height: Int)]
        /// For a row whose content is wider than it: its scroll width, width and `overflow-x`.
        var wide: String? = nil
    }

    static func rect(_ text: Substring) -> (x: Int, y: Int, width: Int, height: Int) {
        let numbers = text.split(separator: ",").compactMap { Int($0) }
        return numbers.count == 4 ? (numbers[0], numbers[1], numbers[2], numbers[3]) : (0, 0, 0, 0)
    }

    /// The rows `#probe` wrote into the page.
    static func probe(_ dom: String) -> [ProbedRow] {
        guard let start = dom.range(of: "<pre id=\"probe\""), let open = dom[start.upperBound...].firstIndex(of: ">"),
            let end = dom[open...].range(of: "</pre>")
        else { return [] }
        return dom[dom.index(after: open)..<end.lowerBound].split(separator: "\n").map { line in
            let parts = line.split(separator: " ")
            let wide = parts.first { $0.hasPrefix("wide=") }.map { String($0.dropFirst(5)) }
            return ProbedRow(
                status: String(parts[0]), rect: rect(parts[1]),
                boxes: parts.dropFirst(2).filter { !$0.hasPrefix("wide=") }.map(rect), wide: wide)
        }
    }

    @Test func theReportOfTheSampleCatalogsShowsEveryOverflowInRed() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let page = workspace.path("report.html")
        let run = Workspace.run([
            "catalog", Self.catalogs, "--config", Self.catalogs + "/textsize-catalog.json",
            "--report", page, "--no-progress",
        ])
        #expect(run.status == 1, "the sample catalogs have nine planned overflows: \(run.error)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // Self-contained: nothing loaded from anywhere.
        for outside in ["http://", "https://", "<link", "src=", "@import", "@font-face"] {
            #expect(!html.contains(outside), "the page refers to \(outside)")
        }
        #expect(html.contains("656 entries, 9 overflowing, 0 failed"))
        let url = URL(fileURLWithPath: page).absoluteString + "#probe"
        let rows = Self.probe(try HeadlessBrowser.dumpDOM(url, width: Self.width, height: Self.height))
        #expect(rows.count == 656)
        // Overflowing entries come first.
        #expect(rows.prefix(9).allSatisfy { $0.status == "o" })
        #expect(rows.dropFirst(9).allSatisfy { $0.status == "f" })
        let shot = try HeadlessBrowser.screenshot(url, width: Self.width, height: Self.height)
        #expect(shot.width == Self.width && shot.height == Self.height)
        let visible = rows.filter { $0.rect.y >= 0 && $0.rect.y + $0.rect.height <= Self.height }
        #expect(visible.filter { $0.status == "o" }.count == 9)
        #expect(visible.filter { $0.status == "f" }.count >= 5)
        for row in visible {
            let r = row.rect
            let red = shot.count(x: r.x, y: r.y, width: r.width, height: r.height, where: Self.isRed)
            if row.status == "o" {
                #expect(red > 100, "an overflowing row at y \(r.y) shows \(red) red pixels")
            } else {
                #expect(red == 0, "a fitting row at y \(r.y) shows \(red) red pixels")
            }
            #expect(!row.boxes.isEmpty)
            for box in row.boxes {
                let ink = shot.count(x: box.x, y: box.y, width: box.width, height: box.height, where: Self.isInk)
                #expect(ink > 20, "the box at \(box) holds \(ink) ink pixels")
            }
        }
    }

    /// Markup in keys and texts is escaped; characters XML forbids become U+FFFD (in the failed entry's text: no
    /// font has U+FFFE, so that entry fails, exit status 2, and is listed with its message). The other text, 31
    /// characters at 14 pt, is at most 31 × 14 = 434 pt wide (none of these ASCII characters
    /// advances an em in the default fonts), so it fits in one line of 600 pt.
    @Test func hostileTextIsEscaped() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let folder = workspace.directory.appendingPathComponent("App/en.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(
            #"""
            "<script>alert(1)</script>" = "</svg><script>x</script>&amp;\"'";
            "controls" = "a\U0001\U007F\U0085\UFFFE\UFFFF\UFDD0 end";
            """#.utf8
        ).write(to: folder.appendingPathComponent("Localizable.strings"))
        let page = workspace.path("report.html")
        let run = Workspace.run([
            "catalog", folder.path, "--width", "600", "--size", "14", "--report", page,
            "--no-progress",
        ])
        #expect(run.status == 2, "\(run.output) \(run.error)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // Entries measured, as the summary counts them, and the failed one apart (it was counted in both: "2 entries").
        #expect(html.contains("1 entry, 0 overflowing, 1 failed"))
        #expect(run.output.contains("1 entry, 0 overflowing, 0 skipped, 1 failed"), "\(run.output)")
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("</svg><script>"))
        // The key is data, its "<" written as \u003c, so it cannot end the data block.
        #expect(html.contains(#""\u003cscript>alert(1)\u003c/script>""#))
        #expect(html.contains("a\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD} end"))
        #expect(html.components(separatedBy: "<script>").count == 2, "only the page's own script")
        #expect(html.components(separatedBy: "</script>").count == 3, "the data block and the page's script")
        // The page's script draws the key and the texts as text.
        let dom = try HeadlessBrowser.dumpDOM(URL(fileURLWithPath: page).absoluteString, width: 800, height: 600)
        #expect(dom.contains("<b>&lt;script&gt;alert(1)&lt;/script&gt;</b>"))
        #expect(!dom.contains("<script>x</script>") && !dom.contains("<script>alert"))
        #expect(dom.contains("<code>a\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD} end</code>"))
        #expect(dom.components(separatedBy: "<div class=\"r\" data-s=\"f\">").count == 2)
        #expect(dom.components(separatedBy: "<div class=\"r\" data-s=\"x\">").count == 2)
        for scalar in html.unicodeScalars {
            let value = scalar.value
            #expect(!(value < 0x20 && value != 0x0A && value != 0x09 && value != 0x0D))
            #expect(!(0x7F...0x9F).contains(value) && value & 0xFFFE != 0xFFFE && !(0xFDD0...0xFDEF).contains(value))
        }
    }
}
