import Measure

/// `measure text … --svg FILE`: one string drawn in its box — the constraint (the width asked for, as tall as the
/// text), each line fragment, each baseline, the `boundingRect` box and the ceiled size as a dashed outline, and the
/// glyphs the measurer shaped, on its lines.
///
/// Colours (fixed, so tests and readers can find each element): constraint box fill `#f2f2f2`; line fragments
/// stroked `#1f6fd1`; baselines `#16a34a`; the `boundingRect` box stroked `#f59e0b`; the ceiled size dashed
/// `#6b21a8`; glyphs black.
public enum TextSVG {
    /// The margin around the drawing, in points.
    public static let margin = 8.0

    /// The SVG file of `layout`, measured at `maxWidth` (0: unconstrained), `scale` pixels a point; the text's
    /// top-left corner is at (`margin`, `margin`) points.
    public static func render(_ layout: DrawnLayout, maxWidth: Double, scale: Double = 2) -> String {
        let definitions = GlyphDefinitions()
        let size = layout.size
        let ceiled = size.ceiled
        let boxWidth = maxWidth > 0 ? maxWidth : size.width
        let m = margin
        var body = ""
        if maxWidth > 0 { body += SVGDocument.rect(m, m, maxWidth, size.height, "fill=\"#f2f2f2\"") }
        for line in layout.lines {
            let left = m + line.left
            body += SVGDocument.rect(
                left, m + line.top, line.fragment.width, line.fragment.height,
                "fill=\"none\" stroke=\"#1f6fd1\" stroke-width=\"0.5\"")
            let baseline = SVGNumber.text(m + line.baseline)
            body +=
                "<line x1=\"\(SVGNumber.text(left))\" y1=\"\(baseline)\" "
                + "x2=\"\(SVGNumber.text(left + line.fragment.width))\" y2=\"\(baseline)\" stroke=\"#16a34a\" "
                + "stroke-width=\"0.5\"/>\n"
        }
        // The box where `boundingRect` puts it: at the text's corner, or with `usesDeviceMetrics` where the ink starts
        // (it was drawn at the corner, its ink sticking out right and below).
        let boxX = m + (layout.inkOrigin?.x ?? 0)
        let boxY = m + (layout.inkOrigin?.y ?? 0)
        body += SVGDocument.rect(
            boxX, boxY, size.width, size.height, "fill=\"none\" stroke=\"#f59e0b\" stroke-width=\"0.5\"")
        body += SVGDocument.rect(
            boxX, boxY, ceiled.width, ceiled.height,
            "fill=\"none\" stroke=\"#6b21a8\" stroke-width=\"0.5\" stroke-dasharray=\"2 1.5\"")
        body +=
            "<g fill=\"#000000\">"
            + TextPicture.glyphs(
                layout, x: m, y: m,
                definitions: definitions) + "</g>\n"
        let width = max(boxWidth, (layout.inkOrigin?.x ?? 0) + ceiled.width) + 2 * m
        let height = max(ceiled.height, size.height) + (layout.inkOrigin?.y ?? 0) + 2 * m
        return SVGDocument.wrap(
            minX: 0, minY: 0, width: width, height: height, scale: scale,
            defs: definitions.definitions, body: body)
    }
}
