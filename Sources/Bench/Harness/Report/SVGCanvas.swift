import TextCoding

/// A small writer of inline SVG: shapes and text appended in drawing order, coordinates rounded to 0.1 px, every
/// text and attribute escaped. The charts draw on it; `svg(title:)` wraps the result in an `<svg>` element sized to
/// scale down with the page.
struct SVGCanvas {
    /// The drawing's size in user units (pixels at full size).
    let width: Double
    let height: Double
    /// The elements drawn so far.
    private(set) var body = ""

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A coordinate or length as SVG wants it: at most one decimal, no grouping.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let text = BenchFormat.fixed(value, decimals: 1, grouping: false)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// ` name="value"` for each attribute whose value is not nil, values escaped.
    private static func attributes(_ pairs: [(String, String?)]) -> String {
        pairs.compactMap { name, value in value.map { " \(name)=\"\(MarkupText.escaped($0))\"" } }.joined()
    }

    /// `<title>` child giving a tooltip, or nothing.
    private static func tooltip(_ text: String?) -> String {
        text.map { "<title>\(MarkupText.escaped($0))</title>" } ?? ""
    }

    /// Appends an element with the given attributes and optional tooltip.
    private mutating func element(_ name: String, _ pairs: [(String, String?)], tooltip: String? = nil) {
        let attributes = Self.attributes(pairs)
        if let tooltip {
            body += "<\(name)\(attributes)>\(Self.tooltip(tooltip))</\(name)>\n"
        } else {
            body += "<\(name)\(attributes)/>\n"
        }
    }

    mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double, cssClass: String? = nil,
        stroke: String? = nil, strokeWidth: Double? = nil, dash: String? = nil
    ) {
        element(
            "line",
            [
                ("x1", Self.number(x1)), ("y1", Self.number(y1)), ("x2", Self.number(x2)),
                ("y2", Self.number(y2)), ("class", cssClass), ("stroke", stroke),
                ("stroke-width", strokeWidth.map(Self.number)), ("stroke-dasharray", dash),
            ])
    }

    mutating func rect(
        x: Double, y: Double, width: Double, height: Double, fill: String? = nil,
        cssClass: String? = nil, tooltip: String? = nil
    ) {
        element(
            "rect",
            [
                ("x", Self.number(x)), ("y", Self.number(y)), ("width", Self.number(max(0, width))),
                ("height", Self.number(max(0, height))), ("fill", fill), ("class", cssClass),
            ],
            tooltip: tooltip)
    }

    mutating func circle(
        cx: Double, cy: Double, r: Double, fill: String, stroke: String? = nil,
        tooltip: String? = nil
    ) {
        element(
            "circle",
            [
                ("cx", Self.number(cx)), ("cy", Self.number(cy)), ("r", Self.number(r)),
                ("fill", fill), ("stroke", stroke),
            ], tooltip: tooltip)
    }

    /// A marker of the given shape centred on (x, y): `.circle`, `.square`, `.diamond` or `.triangle`, `size` across.
    mutating func marker(
        _ shape: MarkerShape, x: Double, y: Double, size: Double, fill: String,
        stroke: String? = "#fff", tooltip: String? = nil
    ) {
        let half = size / 2
        switch shape {
        case .circle:
            circle(cx: x, cy: y, r: half, fill: fill, stroke: stroke, tooltip: tooltip)
        case .square:
            element(
                "rect",
                [
                    ("x", Self.number(x - half * 0.9)), ("y", Self.number(y - half * 0.9)),
                    ("width", Self.number(size * 0.9)), ("height", Self.number(size * 0.9)),
                    ("fill", fill), ("stroke", stroke),
                ], tooltip: tooltip)
        case .diamond:
            polygon(
                [(x, y - half * 1.2), (x + half * 1.2, y), (x, y + half * 1.2), (x - half * 1.2, y)],
                fill: fill, stroke: stroke, tooltip: tooltip)
        case .triangle:
            polygon(
                [(x, y - half * 1.2), (x + half * 1.1, y + half * 0.8), (x - half * 1.1, y + half * 0.8)],
                fill: fill, stroke: stroke, tooltip: tooltip)
        }
    }

    mutating func polygon(_ points: [(Double, Double)], fill: String, stroke: String? = nil, tooltip: String? = nil) {
        element("polygon", [("points", Self.points(points)), ("fill", fill), ("stroke", stroke)], tooltip: tooltip)
    }

    mutating func polyline(
        _ points: [(Double, Double)], stroke: String, strokeWidth: Double = 2,
        dash: String? = nil
    ) {
        element(
            "polyline",
            [
                ("points", Self.points(points)), ("fill", "none"), ("stroke", stroke),
                ("stroke-width", Self.number(strokeWidth)), ("stroke-dasharray", dash),
                ("stroke-linejoin", "round"),
            ])
    }

    /// Text at (x, y); `anchor` is `start`, `middle` or `end`; `rotate` turns it about its anchor point in degrees;
    /// `fill` is set as a style so that it wins over the page's default text colour.
    mutating func text(
        _ content: String, x: Double, y: Double, anchor: String = "start", cssClass: String? = nil,
        rotate: Double? = nil, fill: String? = nil
    ) {
        let transform = rotate.map { "rotate(\(Self.number($0)) \(Self.number(x)) \(Self.number(y)))" }
        body +=
            "<text"
            + Self.attributes([
                ("x", Self.number(x)), ("y", Self.number(y)), ("text-anchor", anchor),
                ("class", cssClass), ("transform", transform),
                ("style", fill.map { "fill:\($0)" }),
            ])
            + ">\(MarkupText.escaped(content))</text>\n"
    }

    /// The drawing as an `<svg>` element with an accessible title, drawn at its full size but shrinking with a
    /// narrow page.
    func svg(title: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" "
            + "width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" role=\"img\">\n"
            + "<title>\(MarkupText.escaped(title))</title>\n" + body + "</svg>"
    }

    private static func points(_ points: [(Double, Double)]) -> String {
        points.map { "\(number($0.0)),\(number($0.1))" }.joined(separator: " ")
    }
}
