import Catalogs
import Measure

/// One entry's drawing in the report: its box (constraint width × the allowed lines, at its point size), the glyphs
/// on the measurer's lines, and the lines beyond the allowance below the box in red, inside a red dashed outline.
///
/// Written as compact data, not markup: the page's script (`ReportPageAssets.script`) makes the `<svg>` of a row
/// when the row is shown, so a page of tens of thousands of entries stays small and opens with only the rows on
/// screen in its DOM. The data is one JSON array:
/// `[width, height, boxWidth, boxHeight, pointSize, overLine, overTop, overWidth, overHeight, lines]`, the drawing's
/// size and its box (at `padding` from the top-left), the first line beyond the allowance (-1: none) and the red
/// outline around those lines; each line is `[left, baseline, glyph, x, …]` with the line's origin in points and per
/// glyph its `GlyphDefinitions` number and its x in em units from the previous glyph's (a glyph raised or lowered
/// by the shaper is `-(number + 1), x, y`, y in em units, down). Every glyph is at the entry's point size: catalog
/// entries have no runs in other sizes (a config refuses them), which only `TextPicture` draws.
enum EntryPicture {
    /// Padding around the box, in points (= CSS pixels).
    static let padding = 4.0
    /// The most empty lines drawn for an allowance larger than the text.
    static let maximumEmptyLines = 4

    /// The height of the first `allowed` lines of `layout` (lines it does not have at its first line's height).
    static func boxHeight(_ layout: DrawnLayout, allowed: Int) -> Double {
        let lines = layout.lines
        let lineHeight = lines.first?.fragment.height ?? layout.pointSize * 1.2
        if allowed == Int.max { return max(layout.size.height, lineHeight) }
        if allowed <= lines.count {
            guard allowed > 0 else { return 0 }
            let last = lines[allowed - 1]
            return last.top + last.fragment.height
        }
        let extra = min(allowed - lines.count, maximumEmptyLines)
        return layout.size.height + Double(extra) * lineHeight
    }

    /// The data of `layout` in a box `width` wide (0: as wide as the text) for `allowed` lines, its glyphs defined
    /// in `definitions`.
    static func data(_ layout: DrawnLayout, width: Double, allowed: Int, definitions: GlyphDefinitions) -> String {
        let n = { (value: Double) in SVGNumber.text(value) }
        let boxWidth = width > 0 ? width : layout.size.width
        let boxHeight = boxHeight(layout, allowed: allowed)
        let p = padding
        // The text's right end: each line's where the measurer put it (indents, alignment).
        let textWidth = layout.lines.map { $0.left + $0.fragment.width }.max() ?? 0
        let drawingWidth = max(boxWidth, textWidth) + 2 * p
        let drawingHeight = max(boxHeight, layout.size.height) + 2 * p
        var out =
            "[" + SVGNumber.text(drawingWidth, places: 0) + "," + SVGNumber.text(drawingHeight.rounded(.up))
            + "," + n(boxWidth) + "," + n(boxHeight) + "," + n(layout.pointSize) + ","
        if allowed < layout.lines.count {
            let top = p + layout.lines[allowed].top
            out +=
                String(allowed) + "," + n(top) + "," + n(max(boxWidth, textWidth) + 2) + ","
                + n(p + layout.size.height - top + 1)
        } else {
            out += "-1,0,0,0"
        }
        out += ",["
        for (number, line) in layout.lines.enumerated() {
            if number > 0 { out += "," }
            out +=
                "[" + n(p + line.left) + ","
                + n(p + line.baseline)
            var previous = 0
            for glyph in line.glyphs {
                guard let definition = definitions.number(font: layout.fonts[glyph.font], glyph: glyph.glyph) else {
                    continue
                }
                let x = GlyphDefinitions.emUnits(glyph.x, pointSize: layout.pointSize)
                let y = GlyphDefinitions.emUnits(-glyph.y, pointSize: layout.pointSize)
                out += "," + String(y == 0 ? definition : -(definition + 1)) + "," + String(x - previous)
                if y != 0 { out += "," + String(y) }
                previous = x
            }
            out += "]"
        }
        return out + "]]"
    }
}
