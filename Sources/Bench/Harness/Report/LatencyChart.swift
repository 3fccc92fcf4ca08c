/// Chart (b) of the HTML report: the per-string latency distribution of every single-thread suite, as a dot plot.
///
/// One row per suite; on it a grey bar from p50 to the maximum and a marker for each of p50 (blue circle), p90
/// (green diamond), p99 (orange square) and the maximum (red triangle). Rows are suites rather than bars because a
/// full run has a couple of dozen single-thread suites, which stay readable as labelled rows. The axis is
/// logarithmic when the values span more than 10×, which they usually do (a typical string against the slowest).
enum LatencyChart {
    static let width = 1140.0
    private static let labelRight = 262.0, plotLeft = 276.0, plotRight = 1120.0, top = 44.0, rowHeight = 22.0

    /// The percentiles drawn, with their names, shapes and colours.
    private static let marks:
        [(
            name: String, shape: MarkerShape, color: String,
            value: @Sendable (SuiteResult) -> Double
        )] = [
            ("p50", .circle, ChartPalette.p50, \.latencyP50),
            ("p90", .diamond, ChartPalette.p90, \.latencyP90),
            ("p99", .square, ChartPalette.p99, \.latencyP99),
            ("max", .triangle, ChartPalette.maximum, \.latencyMax),
        ]

    /// The chart for the suites of `suites` that ran on one thread, or nil if there are none.
    static func render(suites: [SuiteResult], order: SuiteOrder) -> String? {
        let rows = order.sorted(suites.filter { $0.threads == 1 })
        guard !rows.isEmpty else { return nil }
        let plotBottom = top + Double(rows.count) * rowHeight
        var canvas = SVGCanvas(width: width, height: plotBottom + 48)
        let values = rows.flatMap { suite in marks.map { $0.value(suite) } }
        let x = ChartScale.automatic(values, start: plotLeft, end: plotRight, logSpan: 10)

        var legendX = plotLeft
        for mark in marks {
            canvas.marker(mark.shape, x: legendX + 5, y: 14, size: 10, fill: mark.color)
            canvas.text(mark.name, x: legendX + 16, y: 18)
            legendX += 64
        }
        canvas.rect(x: legendX + 2, y: 11, width: 28, height: 6, fill: ChartPalette.range)
        canvas.text("p50 to max", x: legendX + 36, y: 18)
        canvas.text(
            "latency per string" + (x.kind == .logarithmic ? " (log scale)" : ""), x: plotRight, y: 18,
            anchor: "end", cssClass: "label")

        for index in rows.indices where index % 2 == 1 {
            canvas.rect(
                x: 8, y: top + Double(index) * rowHeight, width: plotRight - 8, height: rowHeight,
                cssClass: "stripe")
        }
        for tick in x.ticks {
            let position = x.position(tick)
            canvas.line(x1: position, y1: top, x2: position, y2: plotBottom, cssClass: "grid")
            canvas.line(x1: position, y1: plotBottom, x2: position, y2: plotBottom + 5, cssClass: "axis")
            canvas.text(BenchFormat.duration(tick), x: position, y: plotBottom + 19, anchor: "middle")
        }
        canvas.line(x1: plotLeft, y1: plotBottom, x2: plotRight, y2: plotBottom, cssClass: "axis")
        canvas.text(
            "seconds per string", x: (plotLeft + plotRight) / 2, y: plotBottom + 40, anchor: "middle",
            cssClass: "label")

        for (index, suite) in rows.enumerated() {
            let centre = top + (Double(index) + 0.5) * rowHeight
            if index > 0, rows[index - 1].kind != suite.kind {
                canvas.line(
                    x1: 8, y1: centre - rowHeight / 2, x2: plotRight, y2: centre - rowHeight / 2,
                    cssClass: "axis")
            }
            canvas.text(suite.id, x: labelRight, y: centre + 4, anchor: "end", cssClass: "mono")
            let low = x.position(suite.latencyP50), high = x.position(suite.latencyMax)
            canvas.rect(x: low, y: centre - 3, width: high - low, height: 6, fill: ChartPalette.range)
            for mark in marks {
                let value = mark.value(suite)
                canvas.marker(
                    mark.shape, x: x.position(value), y: centre, size: 10, fill: mark.color,
                    tooltip: "\(suite.id) \(mark.name): \(BenchFormat.microseconds(value)) µs")
            }
        }
        return canvas.svg(title: "Latency per string, one thread: p50, p90, p99 and maximum per suite")
    }
}
