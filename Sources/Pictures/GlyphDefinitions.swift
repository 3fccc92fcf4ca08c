import Foundation
import Measure

/// The glyphs a picture uses, each defined once per font — an SVG `<path>` from the font's outline, or an `<image>`
/// holding a colour bitmap as an embedded PNG — and referenced from then on with `<use href="#id">` at any size.
///
/// Definitions are in a common em of `unitsPerEm` units (the font's own units rescaled, y pointing down), so one
/// `scale(pointSize / unitsPerEm)` on a line's group draws every font's glyphs at the line's point size, and the
/// same definition serves every size a page uses.
///
/// One owner, one thread: a page or a picture is written by one thread.
public final class GlyphDefinitions {
    /// The em every definition is drawn in: whole units are 1/1000 em (0.017 pt at 17 pt), finer than a screen shows.
    public static let unitsPerEm = 1000.0

    private struct Key: Hashable {
        var path: String
        var faceIndex: Int
        var glyph: UInt32
    }

    private var numbers: [Key: Int?] = [:]
    /// The `<defs>` content so far, in the order glyphs were first used.
    public private(set) var definitions = ""
    private var count = 0
    /// A prefix for ids, so pictures of one page never collide with other ids.
    public let prefix: String

    public init(idPrefix: String = "g") {
        prefix = idPrefix
    }

    /// How many glyphs are defined.
    public var glyphCount: Int { count }

    /// The element id of definition `number` (the prefix, then the number in base 36).
    public func id(number: Int) -> String {
        prefix + String(number, radix: 36)
    }

    /// The id of `glyph` of `font`, defined on first use; nil when the glyph draws nothing (a space, a glyph that
    /// cannot be loaded).
    public func id(font: Font, glyph: UInt32) -> String? {
        number(font: font, glyph: glyph).map(id(number:))
    }

    /// The number of `glyph`'s definition (see `id(number:)`), defined on first use; nil when it draws nothing.
    public func number(font: Font, glyph: UInt32) -> Int? {
        let key = Key(path: font.path, faceIndex: font.faceIndex, glyph: glyph)
        if let known = numbers[key] { return known }
        let number = count
        let definition: String?
        if font.isBitmapOnly {
            definition = font.colourBitmap(ofGlyph: glyph).map { Self.image($0, id: id(number: number)) }
        } else if let outline = font.outline(ofGlyph: glyph), !outline.isEmpty {
            let scale = Self.unitsPerEm / font.metrics.unitsPerEm
            definition = "<path id=\"\(id(number: number))\" d=\"\(Self.pathData(outline, scale: scale))\"/>"
        } else {
            definition = nil
        }
        guard let definition else {
            numbers[key] = .some(nil)
            return nil
        }
        count += 1
        definitions += definition + "\n"
        numbers[key] = .some(number)
        return number
    }

    /// `points` at `pointSize` in whole units of the definitions' em.
    public static func emUnits(_ points: Double, pointSize: Double) -> Int {
        guard pointSize > 0, points.isFinite else { return 0 }
        let units = (points * unitsPerEm / pointSize).rounded()
        return abs(units) < 1e9 ? Int(units) : 0
    }

    /// The scale from the definitions' em to points at `pointSize`, for a `scale(…)` transform.
    public static func scaleText(pointSize: Double) -> String {
        SVGNumber.text(pointSize / unitsPerEm, places: 6)
    }

    /// SVG path data of `outline` scaled by `scale`, y flipped to point down: relative commands (shorter numbers),
    /// each a whole unit taken from the rounded absolute positions, so rounding errors do not add up.
    static func pathData(_ outline: GlyphOutline, scale: Double) -> String {
        var data = ""
        var current = (x: 0, y: 0)
        var start = (x: 0, y: 0)
        func point(_ x: Double, _ y: Double) -> (x: Int, y: Int) {
            (Int((x * scale).rounded()), Int((-y * scale).rounded()))
        }
        func append(_ value: Int) {
            if value >= 0, let last = data.last, last.isNumber { data += " " }
            data += String(value)
        }
        func relative(_ target: (x: Int, y: Int)) {
            append(target.x - current.x)
            append(target.y - current.y)
        }
        for command in outline.commands {
            switch command {
            case .move(let x, let y):
                let target = point(x, y)
                data += "m"
                relative(target)
                current = target
                start = target
            case .line(let x, let y):
                let target = point(x, y)
                data += "l"
                relative(target)
                current = target
            case .quadratic(let cx, let cy, let x, let y):
                let target = point(x, y)
                data += "q"
                relative(point(cx, cy))
                relative(target)
                current = target
            case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
                let target = point(x, y)
                data += "c"
                relative(point(c1x, c1y))
                relative(point(c2x, c2y))
                relative(target)
                current = target
            case .close:
                data += "z"
                current = start
            }
        }
        return data
    }

    /// An `<image>` of a colour bitmap in the definitions' em, placed relative to the glyph origin on the baseline.
    static func image(_ bitmap: GlyphBitmap, id: String) -> String {
        let scale = unitsPerEm / (bitmap.pixelsPerEm > 0 ? bitmap.pixelsPerEm : unitsPerEm)
        let png = Data(PNGEncoder.encode(width: bitmap.width, height: bitmap.height, rgba: bitmap.rgba))
        return "<image id=\"\(id)\" x=\"\(SVGNumber.text(Double(bitmap.left) * scale))\" "
            + "y=\"\(SVGNumber.text(-Double(bitmap.top) * scale))\" "
            + "width=\"\(SVGNumber.text(Double(bitmap.width) * scale))\" "
            + "height=\"\(SVGNumber.text(Double(bitmap.height) * scale))\" "
            + "href=\"data:image/png;base64,\(png.base64EncodedString())\"/>"
    }
}
