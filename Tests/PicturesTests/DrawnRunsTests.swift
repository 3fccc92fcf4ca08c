import Foundation
import Measure
import Testing

@testable import Pictures

/// Text with runs in another font and size is drawn as measured: each run's glyphs in its font at its size, where
/// the stretches before it end (a run was drawn in the main font and size, over the measured box). Positions by hand
/// from `hmtx` (fontTools: DejaVu Sans a 1255, b 1300, space 651, א 1369, ב 1184; DejaVu Sans Bold c 1214, ג 915,
/// ד 1204; 2048 units per em), plain advances (no kerning).
@Suite struct DrawnRunsTests {
    static let regular = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    /// `text` drawn at 17 pt in `fonts` (regular then bold by default), plain advances, at `width` (0: unconstrained),
    /// with the attributes `json`.
    func drawn(_ text: String, runs json: String, width: Double = 0, fonts: [String] = [regular, bold]) throws
        -> DrawnLayout
    {
        let measurer = TextMeasurer(
            cascade: try FontCascade(loading: fonts.map { FontSource(path: $0) }), pointSize: 17,
            options: MeasureOptions(
                maxWidth: width, usesFontFeatures: false, attributes: try TextAttributes(json: json)))
        return measurer.makeSession().drawnLayout(text)
    }

    static func points(_ units: Double, size: Double) -> Double { units * size / 2048 }

    @Test func aRunIsDrawnInItsFontAndSizeAfterTheTextBeforeIt() throws {
        let layout = try drawn("ab cd", runs: #"{"runs":[{"location":3,"length":2,"font":1,"size":34}]}"#)
        let glyphs = layout.lines[0].glyphs
        #expect(glyphs.count == 4)
        #expect(glyphs.map(\.font) == [0, 0, 1, 1])
        #expect(glyphs.map(\.pointSize) == [17, 17, 34, 34])
        let c = Self.points(1255 + 1300 + 651, size: 17)
        let expected = [0, Self.points(1255, size: 17), c, c + Self.points(1214, size: 34)]
        #expect(zip(glyphs.map(\.x), expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(glyphs.map(\.x))")
        // The drawing ends where the measured line does.
        let last = try #require(glyphs.last)
        #expect(abs(last.x + last.advance - layout.lines[0].fragment.width) < 1e-9)
        // The SVG scales the run's glyphs by 34 / 17 about their origins.
        let svg = TextSVG.render(layout, maxWidth: 0)
        #expect(svg.components(separatedBy: " scale(2)\"/>").count - 1 == 2)
    }

    @Test func aRightToLeftParagraphPutsItsRunsFromTheRight() throws {
        // "אב גד" with "גד" bold at 34 pt: the paragraph's first stretch (and its space) on the right.
        let layout = try drawn("אב גד", runs: #"{"runs":[{"location":3,"length":2,"font":1,"size":34}]}"#)
        let glyphs = layout.lines[0].glyphs
        #expect(glyphs.map(\.pointSize) == [34, 34, 17, 17])
        let run = Self.points(1204 + 915, size: 34)
        let space = Self.points(651, size: 17)
        let expected = [0, Self.points(1204, size: 34), run + space, run + space + Self.points(1184, size: 17)]
        #expect(zip(glyphs.map(\.x), expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(glyphs.map(\.x))")
        #expect(abs(layout.lines[0].fragment.width - (run + space + Self.points(1184 + 1369, size: 17))) < 1e-9)
    }

    @Test func aTruncatedLineDrawsItsKeptRunAndTheEllipsisOfItsLastRun() throws {
        // One line cut at 80 pt: "ab " 3206 units at 17 pt, "c" 1214 at 34 pt, then "d" (1466 at 34 pt) does not
        // fit beside "…" (2048 units at 17 pt: the line ends in "f", outside the run).
        let layout = try drawn(
            "ab cd ef", runs: #"{"lineBreakMode":"tail","runs":[{"location":3,"length":2,"font":1,"size":34}]}"#,
            width: 80)
        let glyphs = try #require(layout.lines.first?.glyphs)
        #expect(glyphs.map(\.pointSize) == [17, 17, 34, 17])
        #expect(glyphs.map(\.font) == [0, 0, 1, 0])
        let dots = Self.points(3206, size: 17) + Self.points(1214, size: 34)
        #expect(abs(glyphs[3].x - dots) < 1e-9)
        #expect(abs(layout.size.width - (dots + Self.points(2048, size: 17))) < 1e-9)
        #expect(abs(glyphs[3].x + glyphs[3].advance - layout.size.width) < 1e-9)
    }

    /// A run in a second copy of the primary font — a real run, measured and drawn stretch by stretch, whose glyphs
    /// are the primary's — draws what the text without it draws: stretches of mixed directions in the order of the
    /// paragraph's levels (each stretch drawn alone took its own direction, and "ab אב גד" came out with its Hebrew
    /// words swapped), a right-to-left clipped line whose first stretch is only spaces cut where the spaces end.
    /// (A run in the measurer's own font and size is no run at all: `MeasureSession.runRepresentatives`.)
    @Test(arguments: [
        ("ab אב גד", #"{"runs":[{"location":6,"length":2,"font":1}]}"#, 0.0),
        ("אב Hello World", #"{"runs":[{"location":9,"length":5,"font":1}]}"#, 0.0),
        ("אב Hello World", #"{"runs":[{"location":0,"length":4,"font":1}]}"#, 0.0),
        ("  אבגד הוזח טיכל", #"{"lineBreakMode":"clip","runs":[{"location":0,"length":2,"font":1}]}"#, 60.0),
    ])
    func aRunInTheSameFaceDrawsWhatNoRunDraws(text: String, json: String, width: Double) throws {
        func drawing(_ json: String) throws -> [PlacedGlyph] {
            try #require(try drawn(text, runs: json, width: width, fonts: [Self.regular, Self.regular]).lines.first)
                .glyphs
        }
        var plain = try TextAttributes(json: json)
        plain.runs = []
        // Spaces draw nothing (a stretch's trailing ones are not placed at all): glyph 3, `space` (fontTools
        // `getGlyphID`), is left out of the comparison.
        let withRun = try drawing(json).filter { $0.glyph != 3 }
        let without = try drawing(try plain.json()).filter { $0.glyph != 3 }
        #expect(withRun.map(\.glyph) == without.map(\.glyph))
        #expect(zip(withRun, without).allSatisfy { abs($0.x - $1.x) < 1e-9 }, "\(withRun.map(\.x)) \(without.map(\.x))")
    }

    @Test func theLastVisibleLinesEllipsisIsInTheRunItWasMeasuredIn() throws {
        // Cut to one line at 60 pt, "…" follows the rest of the paragraph, "ef" at 34 pt bold: measured in that
        // run, so drawn in it (it was drawn after the line's own last character, "b ", at 17 pt regular).
        let layout = try drawn(
            "ab cd ef",
            runs: #"{"numberOfLines":1,"truncatesLastVisibleLine":true,"#
                + #""runs":[{"location":6,"length":2,"font":1,"size":34}]}"#, width: 60)
        let last = try #require(layout.lines.first?.glyphs.last)
        #expect(last.pointSize == 34 && last.font == 1)
        #expect(abs(last.x + last.advance - layout.size.width) < 1e-9)
    }
}
