import TextCoding

/// The summary of a `CatalogHTMLReport`: per locale its entries, overflowing and failed counts as a bar (red:
/// overflowing, orange: failed) and its growth against the source as a histogram.
enum ReportLocaleChart {
    /// Growth bins: below 1.0, 1.0–1.2, 1.2–1.5, 1.5–2.0, 2.0 and more.
    static let binEdges = [1.0, 1.2, 1.5, 2.0]
    static let binLabels = ["<1", "1–1.2", "1.2–1.5", "1.5–2", "≥2"]

    struct Counts {
        var entries = 0
        var overflowing = 0
        var failed = 0
        var growth = [Int](repeating: 0, count: 5)
    }

    static func bin(_ growth: Double) -> Int {
        binEdges.firstIndex { growth < $0 } ?? binEdges.count
    }

    /// The summary table's HTML for `counts` by locale (in locale order).
    static func html(_ counts: [(locale: String, counts: Counts)]) -> String {
        let most = max(1, counts.map { $0.counts.entries + $0.counts.failed }.max() ?? 1)
        var rows = ""
        for (locale, c) in counts {
            let barWidth = 240.0
            let scale = barWidth / Double(most)
            let fits = Double(c.entries - c.overflowing) * scale
            var bar =
                "<svg width=\"\(Int(barWidth))\" height=\"14\">"
                + "<rect x=\"0\" y=\"2\" width=\"\(SVGNumber.text(fits))\" height=\"10\" fill=\"#9ca3af\"/>"
                + "<rect x=\"\(SVGNumber.text(fits))\" y=\"2\" width=\"\(SVGNumber.text(Double(c.overflowing) * scale))\" "
                + "height=\"10\" fill=\"#e0001b\"/>"
                + "<rect x=\"\(SVGNumber.text(Double(c.entries) * scale))\" y=\"2\" "
                + "width=\"\(SVGNumber.text(Double(c.failed) * scale))\" height=\"10\" fill=\"#f59e0b\"/></svg>"
            let highest = max(1, c.growth.max() ?? 1)
            var histogram = "<svg width=\"110\" height=\"24\">"
            for (index, count) in c.growth.enumerated() {
                let height = 20.0 * Double(count) / Double(highest)
                histogram +=
                    "<rect x=\"\(index * 22)\" y=\"\(SVGNumber.text(22 - height))\" width=\"18\" "
                    + "height=\"\(SVGNumber.text(height))\" fill=\"#3b82f6\"><title>growth \(MarkupText.escaped(binLabels[index])): "
                    + "\(count)</title></rect>"
            }
            histogram += "</svg>"
            bar += ""
            rows +=
                "<tr><td>\(MarkupText.escaped(locale))</td><td>\(c.entries)</td><td>\(c.overflowing)</td>"
                + "<td>\(c.failed)</td><td>\(bar)</td><td>\(histogram)</td></tr>\n"
        }
        return """
            <table class="sum"><thead><tr><th>locale</th><th>entries</th><th>overflowing</th><th>failed</th>\
            <th>fits / overflows / failed</th><th>growth (\(MarkupText.escaped(binLabels.joined(separator: ", "))))</th></tr></thead>
            <tbody>
            \(rows)</tbody></table>
            """
    }
}
