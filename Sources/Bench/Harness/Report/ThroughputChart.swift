import Foundation

/// Chart (a) of the HTML report: strings per second against the number of threads for one kind of suite, one line
/// per corpus × width × cache state.
///
/// Each point is a suite's median with a whisker from its slowest to its fastest repetition. Lines of one corpus
/// share a hue (darker for narrower widths); cold lines are solid with round markers, warm lines dashed with square
/// ones. The legend gives each line's speed-up from one thread to its most threads, the figure the project's
/// "two threads ≥ 1.8×" target is about. Thread counts spanning 8× or more are spaced logarithmically.
enum ThroughputChart {
    static let width = 1140.0
    private static let plotLeft = 78.0, plotRight = 820.0, plotTop = 20.0, plotBottom = 360.0
    private static let legendLeft = 850.0, legendRow = 21.0

    /// One line of the chart.
    private struct Series {
        let corpus: String
        let width: Double
        let cache: String
        var points: [SuiteResult]
    }

    /// The chart for the suites of `kind` among `suites`, or nil if there are none.
    static func render(kind: String, suites: [SuiteResult], order: SuiteOrder) -> String? {
        let ofKind = order.sorted(suites.filter { $0.kind == kind })
        guard !ofKind.isEmpty else { return nil }
        var series: [Series] = []
        for suite in ofKind {
            if let index = series.firstIndex(where: {
                $0.corpus == suite.corpus && $0.width == suite.width && $0.cache == suite.cache
            }) {
                if !series[index].points.contains(where: { $0.threads == suite.threads }) {
                    series[index].points.append(suite)
                }
            } else {
                series.append(Series(corpus: suite.corpus, width: suite.width, cache: suite.cache, points: [suite]))
            }
        }

        let height = max(plotBottom + 56, plotTop + 40 + Double(series.count) * legendRow)
        var canvas = SVGCanvas(width: width, height: height)
        let threadCounts = Set(ofKind.map(\.threads)).sorted()
        let x = threadPosition(threadCounts)
        let y = ChartScale.automatic(
            ofKind.flatMap {
                [
                    $0.stringsPerSecondMin, $0.stringsPerSecondMax,
                    $0.stringsPerSecond,
                ]
            },
            start: plotBottom, end: plotTop)

        for tick in y.ticks {
            let position = y.position(tick)
            canvas.line(x1: plotLeft, y1: position, x2: plotRight, y2: position, cssClass: "grid")
            canvas.text(BenchFormat.siCompact(tick), x: plotLeft - 8, y: position + 4, anchor: "end")
        }
        for threads in threadCounts {
            let position = x(threads)
            canvas.line(x1: position, y1: plotTop, x2: position, y2: plotBottom, cssClass: "grid")
            canvas.line(x1: position, y1: plotBottom, x2: position, y2: plotBottom + 5, cssClass: "axis")
            canvas.text(String(threads), x: position, y: plotBottom + 19, anchor: "middle")
        }
        canvas.line(x1: plotLeft, y1: plotBottom, x2: plotRight, y2: plotBottom, cssClass: "axis")
        canvas.line(x1: plotLeft, y1: plotTop, x2: plotLeft, y2: plotBottom, cssClass: "axis")
        canvas.text("threads", x: (plotLeft + plotRight) / 2, y: plotBottom + 40, anchor: "middle", cssClass: "label")
        canvas.text(
            "strings/s" + (y.kind == .logarithmic ? " (log scale)" : ""), x: 18,
            y: (plotTop + plotBottom) / 2, anchor: "middle", cssClass: "label", rotate: -90)

        for line in series {
            let color = ChartPalette.series(
                corpusIndex: order.corpusIndex(line.corpus),
                widthIndex: order.widthIndex(line.width), widthCount: order.widths.count)
            let warm = line.cache == "warm"
            let points = line.points.sorted { $0.threads < $1.threads }
            if points.count > 1 {
                canvas.polyline(
                    points.map { (x($0.threads), y.position($0.stringsPerSecond)) }, stroke: color,
                    dash: warm ? "7 4" : nil)
            }
            for point in points {
                let px = x(point.threads)
                let low = y.position(point.stringsPerSecondMin), high = y.position(point.stringsPerSecondMax)
                canvas.line(x1: px, y1: low, x2: px, y2: high, stroke: color, strokeWidth: 1.2)
                canvas.line(x1: px - 4, y1: low, x2: px + 4, y2: low, stroke: color, strokeWidth: 1.2)
                canvas.line(x1: px - 4, y1: high, x2: px + 4, y2: high, stroke: color, strokeWidth: 1.2)
                canvas.marker(
                    warm ? .square : .circle, x: px, y: y.position(point.stringsPerSecond), size: 9,
                    fill: color,
                    tooltip: "\(point.id): \(BenchFormat.si(point.stringsPerSecond)) strings/s "
                        + "(\(BenchFormat.si(point.stringsPerSecondMin))–"
                        + "\(BenchFormat.si(point.stringsPerSecondMax)))")
            }
        }

        canvas.text("corpus · width · cache", x: legendLeft, y: plotTop + 4, cssClass: "label")
        canvas.text("speed-up", x: width - 8, y: plotTop + 4, anchor: "end", cssClass: "label")
        for (index, line) in series.enumerated() {
            let rowY = plotTop + 26 + Double(index) * legendRow
            let color = ChartPalette.series(
                corpusIndex: order.corpusIndex(line.corpus),
                widthIndex: order.widthIndex(line.width), widthCount: order.widths.count)
            let warm = line.cache == "warm"
            canvas.line(
                x1: legendLeft, y1: rowY - 4, x2: legendLeft + 30, y2: rowY - 4, stroke: color,
                strokeWidth: 2, dash: warm ? "7 4" : nil)
            canvas.marker(warm ? .square : .circle, x: legendLeft + 15, y: rowY - 4, size: 8, fill: color)
            canvas.text(
                "\(line.corpus) · w\(SuiteResult.widthLabel(line.width)) · \(line.cache)",
                x: legendLeft + 40, y: rowY)
            canvas.text(speedUp(line.points), x: width - 8, y: rowY, anchor: "end", cssClass: "small")
        }
        return canvas.svg(title: "\(kind): strings per second against threads")
    }

    /// The x position of a thread count: linear, or logarithmic when the counts span 8× or more; a single count sits
    /// in the middle.
    private static func threadPosition(_ counts: [Int]) -> (Int) -> Double {
        let inset = 36.0
        let left = plotLeft + inset, right = plotRight - inset
        guard let first = counts.first, let last = counts.last, last > first, first > 0 else {
            return { _ in (left + right) / 2 }
        }
        let logarithmic = Double(last) / Double(first) >= 8
        let low = logarithmic ? log2(Double(first)) : Double(first)
        let high = logarithmic ? log2(Double(last)) : Double(last)
        return { threads in
            let value = logarithmic ? log2(Double(max(threads, 1))) : Double(threads)
            return left + (value - low) / (high - low) * (right - left)
        }
    }

    /// `×1.85 (1→2t)`: the median at the most threads over the median at the fewest, or `–` for a single point.
    private static func speedUp(_ points: [SuiteResult]) -> String {
        let sorted = points.sorted { $0.threads < $1.threads }
        guard let first = sorted.first, let last = sorted.last, last.threads > first.threads,
            first.stringsPerSecond > 0
        else { return "–" }
        let ratio = last.stringsPerSecond / first.stringsPerSecond
        return "×\(BenchFormat.fixed(ratio, decimals: 2)) (\(first.threads)→\(last.threads)t)"
    }
}
