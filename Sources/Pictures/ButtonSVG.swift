import Measure

/// `measure button … --svg FILE`: a UIButton's layout drawn — its bounds, the content rectangle (bounds inset by
/// `contentEdgeInsets`), the rectangles the image and title insets leave (dotted), the image frame (crossed) and the
/// title frame with the title's glyphs.
///
/// Colours: bounds fill `#e5e7eb` stroked `#374151`; content rectangle dashed `#2563eb`; image frame fill `#fed7aa`
/// stroked `#ea580c`; title frame fill `#bbf7d0` stroked `#16a34a`; inset rectangles dotted in the element's
/// stroke colour; glyphs black. The drawing extends past the bounds where a frame overhangs them (a button does not
/// clip its subviews).
public enum ButtonSVG {
    /// The margin around everything drawn, in points.
    public static let margin = 8.0

    /// The SVG file; `title` is the title laid out as the button measured it (nil: no title, or a title given as a
    /// size). Returns the file and the offset (points) of the button's origin in the drawing.
    public static func render(_ button: ButtonLayout, frames: ButtonFrames, title: DrawnLayout?, scale: Double = 2)
        -> (svg: String, origin: (x: Double, y: Double))
    {
        let bounds = Rect(size: button.size)
        let content = bounds.inset(by: button.contentEdgeInsets)
        let imageInset = button.imageEdgeInsets != .zero ? content.inset(by: button.imageEdgeInsets) : nil
        let titleInset = button.titleEdgeInsets != .zero ? content.inset(by: button.titleEdgeInsets) : nil
        // Everything drawn is inside the drawing: the inset rectangles too, which a recipe's insets put far past
        // the bounds (image-top's image rectangle ran 100 pt past the right edge of the drawing, cut off).
        var all = [bounds, content]
        if let image = frames.image { all.append(image) }
        if let titleFrame = frames.title { all.append(titleFrame) }
        all += [imageInset, titleInset].compactMap { $0 }
        // Both edges of each, whichever is greater: an inset rectangle of negative width (insets wider than the
        // content) has its `x` right of its `maxX`, and is drawn at `x`.
        let minX = all.map { min($0.x, $0.maxX) }.min()! - margin
        let minY = all.map { min($0.y, $0.maxY) }.min()! - margin
        let maxX = all.map { max($0.x, $0.maxX) }.max()! + margin
        let maxY = all.map { max($0.y, $0.maxY) }.max()! + margin
        let definitions = GlyphDefinitions()
        var body = SVGDocument.rect(
            bounds.x, bounds.y, bounds.width, bounds.height,
            "fill=\"#e5e7eb\" stroke=\"#374151\" stroke-width=\"0.5\"")
        body += SVGDocument.rect(
            content.x, content.y, content.width, content.height,
            "fill=\"none\" stroke=\"#2563eb\" stroke-width=\"0.5\" stroke-dasharray=\"3 2\"")
        if let inset = imageInset {
            body += SVGDocument.rect(
                inset.x, inset.y, inset.width, inset.height,
                "fill=\"none\" stroke=\"#ea580c\" stroke-width=\"0.5\" stroke-dasharray=\"1 1\"")
        }
        if let inset = titleInset {
            body += SVGDocument.rect(
                inset.x, inset.y, inset.width, inset.height,
                "fill=\"none\" stroke=\"#16a34a\" stroke-width=\"0.5\" stroke-dasharray=\"1 1\"")
        }
        if let image = frames.image {
            body += SVGDocument.rect(
                image.x, image.y, image.width, image.height,
                "fill=\"#fed7aa\" stroke=\"#ea580c\" stroke-width=\"0.5\"")
            let n = SVGNumber.text
            body +=
                "<path d=\"M\(n(image.x, 2)) \(n(image.y, 2))L\(n(image.maxX, 2)) \(n(image.maxY, 2))"
                + "M\(n(image.maxX, 2)) \(n(image.y, 2))L\(n(image.x, 2)) \(n(image.maxY, 2))\" stroke=\"#ea580c\" "
                + "stroke-width=\"0.5\"/>\n"
        }
        if let titleFrame = frames.title {
            body += SVGDocument.rect(
                titleFrame.x, titleFrame.y, titleFrame.width, titleFrame.height,
                "fill=\"#bbf7d0\" stroke=\"#16a34a\" stroke-width=\"0.5\"")
            if let title {
                // A label draws its text vertically centred in its frame, from its leading edge; a truncated
                // title is clipped to the frame. The leading edge of a right-to-left title is the right one: its
                // first words stay in sight, its last are cut (drawn from the left, Hebrew and Arabic titles lost
                // their beginning).
                let top = titleFrame.y + (titleFrame.height - title.size.height) / 2
                let spare = (titleFrame.width - title.size.width) / 2
                let left = titleFrame.x + (spare >= 0 ? spare : title.isRightToLeft ? 2 * spare : 0)
                let clip = "tc"
                body +=
                    "<clipPath id=\"\(clip)\">"
                    + SVGDocument.rect(
                        titleFrame.x, titleFrame.y, titleFrame.width,
                        titleFrame.height, "")
                    + "</clipPath>\n"
                body +=
                    "<g fill=\"#000000\" clip-path=\"url(#\(clip))\">"
                    + TextPicture.glyphs(title, x: left, y: top, definitions: definitions)
                    + "</g>\n"
            }
        }
        let svg = SVGDocument.wrap(
            minX: minX, minY: minY, width: maxX - minX, height: maxY - minY, scale: scale,
            defs: definitions.definitions, body: body)
        return (svg, (-minX, -minY))
    }
}
