import Measure

/// Draws a `DrawnLayout`'s glyphs as SVG `<use>` elements of `GlyphDefinitions`, line by line on the measurer's
/// baselines; lines from `highlightFrom` on (those beyond an allowance) are filled with `highlightColour`.
public enum TextPicture {
    /// The colour of lines beyond the allowance, and of their outline.
    public static let overflowColour = "#e0001b"

    /// SVG elements drawing `layout` with its box's top-left at (`x`, `y`) (each line where the measurer placed it,
    /// `DrawnLine.left`): per line a group at its left end on its baseline, scaled from the definitions' em to the point
    /// size, holding the glyphs at their positions in em units (a glyph of a run in another size scaled by its size
    /// over the layout's).
    public static func glyphs(
        _ layout: DrawnLayout, x: Double, y: Double,
        definitions: GlyphDefinitions, highlightFrom: Int? = nil,
        highlightColour: String = overflowColour
    ) -> String {
        var out = ""
        let pointSize = layout.pointSize
        for (number, line) in layout.lines.enumerated() {
            let left = x + line.left
            var uses = ""
            for glyph in line.glyphs {
                guard let id = definitions.id(font: layout.fonts[glyph.font], glyph: glyph.glyph) else { continue }
                uses += "<use href=\"#\(id)\""
                let x = GlyphDefinitions.emUnits(glyph.x, pointSize: pointSize)
                let y = GlyphDefinitions.emUnits(-glyph.y, pointSize: pointSize)
                if glyph.pointSize != pointSize && glyph.pointSize > 0 {
                    // A run in another size: the glyph scaled about its origin, from the line's em to its own.
                    uses +=
                        " transform=\"translate(\(x),\(y)) scale(\(SVGNumber.text(glyph.pointSize / pointSize, places: 6)))\""
                } else {
                    if x != 0 { uses += " x=\"\(x)\"" }
                    if y != 0 { uses += " y=\"\(y)\"" }
                }
                uses += "/>"
            }
            guard !uses.isEmpty else { continue }
            let fill = highlightFrom.map { number >= $0 } == true ? " fill=\"\(highlightColour)\"" : ""
            out +=
                "<g transform=\"translate(\(SVGNumber.text(left)),\(SVGNumber.text(y + line.baseline))) "
                + "scale(\(GlyphDefinitions.scaleText(pointSize: pointSize)))\"\(fill)>" + uses + "</g>"
        }
        return out
    }
}
