/// A standalone SVG file: a viewBox in points, drawn `scale` pixels a point, white background, glyph definitions
/// in `<defs>`.
enum SVGDocument {
    static func wrap(
        minX: Double, minY: Double, width: Double, height: Double, scale: Double, defs: String,
        body: String
    ) -> String {
        let n = { (value: Double) in SVGNumber.text(value) }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width * scale))" height="\(n(height * scale))" \
            viewBox="\(n(minX)) \(n(minY)) \(n(width)) \(n(height))">
            <defs>
            \(defs)</defs>
            <rect x="\(n(minX))" y="\(n(minY))" width="\(n(width))" height="\(n(height))" fill="#ffffff"/>
            \(body)</svg>

            """
    }

    /// A rectangle element; `style` is extra attributes (fill, stroke…).
    static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ style: String) -> String {
        "<rect x=\"\(SVGNumber.text(x))\" y=\"\(SVGNumber.text(y))\" width=\"\(SVGNumber.text(max(0, width)))\" "
            + "height=\"\(SVGNumber.text(max(0, height)))\" \(style)/>\n"
    }
}
