import Foundation
import Testing

@testable import MeasureCLI

/// `measure text --svg` and `measure button --svg` rendered by headless Chromium and checked against frames
/// computed by hand, at the files' 2 pixels a point with the drawing's margin of 8 pt.
@Suite struct SVGBrowserTests {
    static let mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"

    static func isInk(_ p: (r: Int, g: Int, b: Int, a: Int)) -> Bool { p.r < 110 && p.g < 110 && p.b < 110 }

    static func near(_ p: (r: Int, g: Int, b: Int, a: Int), _ hex: Int, within tolerance: Int = 40) -> Bool {
        abs(p.r - (hex >> 16)) <= tolerance && abs(p.g - (hex >> 8 & 0xFF)) <= tolerance
            && abs(p.b - (hex & 0xFF)) <= tolerance
    }

    /// "abcd efgh" in DejaVu Sans Mono 20 pt at width 60: every advance is 1233 units of 2048, so "abcd" is
    /// 4 × 1233 × 20 / 2048 = 48.164 pt and "abcd e" (60.2) does not fit: two lines, the space hanging. A line is
    /// (1901 + 483) × 20 / 2048 = 23.281 pt (hhea ascender and descender): 46.5625 pt in all, ceiled 49 × 47.
    @Test func aTwoLineStringIsDrawnInItsFrames() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let file = workspace.path("text.svg")
        let run = Workspace.run([
            "text", "abcd efgh", "--font", Self.mono, "--size", "20", "--width", "60",
            "--svg", file,
        ])
        #expect(run.status == 0, "\(run.error)")
        let svg = try String(contentsOfFile: file, encoding: .utf8)
        // The drawing: (60 + 16) × (47 + 16) pt at 2 px a point.
        #expect(svg.contains("width=\"152\" height=\"126\" viewBox=\"0 0 76 63\""))
        let shot = try HeadlessBrowser.screenshot(URL(fileURLWithPath: file).absoluteString, width: 200, height: 160)
        let px = { (points: Double) in Int((points * 2).rounded()) }
        let lineWidth = 4 * 1233 * 20 / 2048.0, lineHeight = (1901 + 483) * 20 / 2048.0
        // Ink inside each line fragment, none right of the text's width or below its height.
        for line in 0..<2 {
            let top = px(8 + Double(line) * lineHeight)
            let ink = shot.count(x: px(8), y: top, width: px(lineWidth), height: px(lineHeight), where: Self.isInk)
            #expect(ink > 150, "line \(line + 1) holds \(ink) ink pixels")
        }
        #expect(shot.count(x: px(8 + lineWidth) + 2, y: 0, width: 200, height: 160, where: Self.isInk) == 0)
        #expect(shot.count(x: 0, y: px(8 + 2 * lineHeight) + 2, width: 200, height: 160, where: Self.isInk) == 0)
        // The boundingRect box's right edge (orange) at 8 + 48.164 pt, the ceiled size's (purple, dashed) at 57 pt:
        // 1-pixel lines, so blended with their neighbours; told apart by hue.
        let middle = px(8 + lineHeight / 2)
        let orange = { (p: (r: Int, g: Int, b: Int, a: Int)) in p.r > p.b + 60 && p.r > 200 }
        let purple = { (p: (r: Int, g: Int, b: Int, a: Int)) in p.b > p.g + 30 && p.b > p.r }
        #expect(shot.count(x: px(8 + lineWidth) - 1, y: middle - 4, width: 3, height: 9, where: orange) > 0)
        #expect(shot.count(x: px(57) - 1, y: middle - 8, width: 3, height: 17, where: purple) > 0)
        #expect(shot.count(x: px(57) + 3, y: 0, width: 200, height: 160, where: purple) == 0)
        #expect(shot.count(x: px(8 + lineWidth) + 2, y: 0, width: 200, height: 160, where: orange) == 0)
        // The constraint box (light grey) reaches 8 + 60 pt, beyond the text.
        #expect(Self.near(shot.pixel(px(8 + 58), middle), 0xF2F2F2, within: 6))
        #expect(Self.near(shot.pixel(px(8 + 62), middle), 0xFFFFFF, within: 6))
    }

    /// With `usesDeviceMetrics` the `boundingRect` box (orange) is the ink's, so it starts where the ink does: here
    /// at the left of "H" (its outline's x bearing, 201 of 2,048 units: 1.3740 pt at 14 pt) and the top of "l" and
    /// "d" (y bearing 1,556 units below an ascender of 1,901: 2.3584 pt down). DejaVu Sans's values, read with
    /// HarfBuzz (`hb_font_get_glyph_extents`). It was drawn at the text's corner, the ink sticking out right and
    /// below by those amounts.
    @Test func theDeviceMetricsBoxStartsWhereTheInkDoes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("t.svg").path
        let result = Workspace.run([
            "text", "Hello BIG world", "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "--size", "14",
            "--width", "0", "--attributes", "{\"usesDeviceMetrics\":true}", "--svg", file,
        ])
        #expect(result.status == 0, "\(result.error)")
        let svg = try String(contentsOfFile: file, encoding: .utf8)
        let box = try #require(svg.firstMatch(of: #/<rect x="([0-9.]+)" y="([0-9.]+)"[^>]*stroke="#f59e0b"/#))
        let (x, y) = (try #require(Double(box.output.1)), try #require(Double(box.output.2)))
        #expect(abs(x - (8 + 201.0 * 14 / 2048)) < 0.006, "\(x)")
        #expect(abs(y - (8 + (1901.0 - 1556) * 14 / 2048)) < 0.006, "\(y)")
        // Without device metrics the box is at the corner, as before.
        let plain = Workspace.run([
            "text", "Hello BIG world", "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "--size", "14",
            "--width", "0", "--svg", file,
        ])
        #expect(plain.status == 0)
        let corner = try String(contentsOfFile: file, encoding: .utf8)
        #expect(corner.contains("<rect x=\"8\" y=\"8\"") && corner.contains("stroke=\"#f59e0b\""))
        // Centred in a 200 pt box, the line starts where its slack puts it, (200 − w) / 2 with w the typographic
        // width of "Hello" (H 1,540, e 1,260, l 569 twice, o 1,253 units: 5,191 × 14 / 2,048 = 35.4854 pt), and the
        // ink 1.3740 pt into it: the box was drawn at the left edge, 74 pt away from the glyphs.
        let centred = Workspace.run([
            "text", "Hello", "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "--size", "14",
            "--width", "200", "--attributes", "{\"usesDeviceMetrics\":true,\"alignment\":\"center\"}", "--svg", file,
        ])
        #expect(centred.status == 0)
        let centredSVG = try String(contentsOfFile: file, encoding: .utf8)
        let centredBox = try #require(
            centredSVG.firstMatch(of: #/<rect x="([0-9.]+)" y="([0-9.]+)"[^>]*stroke="#f59e0b"/#))
        let hello = 5191.0 * 14 / 2048
        #expect(abs(try #require(Double(centredBox.output.1)) - (8 + (200 - hello) / 2 + 201.0 * 14 / 2048)) < 0.006)
    }

    /// README's button: 300 × 50, a 32 × 32 image and 我是一个按钮 at 18 pt, image-top recipe: image (134, −4, 32,
    /// 32), title (96, 28, 108, 26.5). The drawing holds the dotted rectangles the recipe's insets leave too: the
    /// image's from (0, −26.5) to (408, 50), the title's from x −32; it starts 8 pt left of the title's (x −40) and
    /// 8 pt above the image's (y −34.5), so a button point (x, y) is pixel (2(x + 40), 2(y + 34.5)).
    @Test func aButtonIsDrawnInItsFrames() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let file = workspace.path("button.svg")
        let run = Workspace.run([
            "button", "--width", "300", "--height", "50", "--image", "32x32", "--title",
            "我是一个按钮", "--size", "18", "--recipe", "image-top", "--svg", file,
        ])
        #expect(run.status == 0, "\(run.error)")
        let svg = try String(contentsOfFile: file, encoding: .utf8)
        #expect(svg.contains("viewBox=\"-40 -34.5 456 97\""))
        let shot = try HeadlessBrowser.screenshot(URL(fileURLWithPath: file).absoluteString, width: 920, height: 200)
        func pixel(_ x: Double, _ y: Double) -> (r: Int, g: Int, b: Int, a: Int) {
            shot.pixel(Int((2 * (x + 40)).rounded()), Int((2 * (y + 34.5)).rounded()))
        }
        // Image frame (orange fill) from x 134 to 166, y −4 to 28: inside, and just outside each edge.
        #expect(Self.near(pixel(138, 4), 0xFED7AA, within: 12))
        #expect(Self.near(pixel(132.5, 4), 0xE5E7EB, within: 12))
        #expect(Self.near(pixel(167.5, 4), 0xE5E7EB, within: 12))
        #expect(Self.near(pixel(150, -5.5), 0xFFFFFF, within: 6))
        // Title frame (green fill) from x 96 to 204, y 28 to 54.5, with the title's ink inside and none outside.
        #expect(Self.near(pixel(97, 29), 0xBBF7D0, within: 12))
        #expect(Self.near(pixel(94.5, 40), 0xE5E7EB, within: 12))
        #expect(Self.near(pixel(205.5, 40), 0xE5E7EB, within: 12))
        #expect(Self.near(pixel(150, 56), 0xFFFFFF, within: 6))
        let inside = shot.count(x: 2 * (96 + 40), y: 125, width: 2 * 108, height: 53, where: Self.isInk)
        #expect(inside > 500, "the title frame holds \(inside) ink pixels")
        let all = shot.count(x: 0, y: 0, width: 920, height: 200, where: Self.isInk)
        #expect(all == inside, "ink outside the title frame: \(all - inside) pixels")
        // Bounds (grey) 0…300 × 0…50: inside near the right end, white beyond.
        #expect(Self.near(pixel(295, 10), 0xE5E7EB, within: 12))
        #expect(Self.near(pixel(302, 10), 0xFFFFFF, within: 6))
        // The image's inset rectangle (dotted orange) is drawn to its right end at x 408, inside the drawing.
        #expect(shot.count(x: 2 * (407 + 40), y: 89, width: 6, height: 40, where: { $0.r > 200 && $0.b < 200 }) > 0)
    }
}
