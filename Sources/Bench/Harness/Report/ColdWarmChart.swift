/// Chart (c) of the HTML report: strings per second with cold caches next to warm caches, for each corpus × width
/// of one kind of suite, as grouped bars.
///
/// Bars start at zero so their lengths compare; each carries its median as a label and a whisker from the slowest
/// to the fastest repetition, and each group says how many times faster warm is than cold. The bars compare suites
/// on one thread (or the fewest threads the group has), so threading does not blur the cache effect.
enum ColdWarmChart {
    static let width = 1140.0
    private static let plotLeft = 78.0, plotRight = 1120.0, plotTop = 34.0, plotBottom = 300.0

    /// One corpus × width: its cold and warm suites at the chosen thread count.
    private struct Group {
        let corpus: String
        let width: Double
        let threads: Int
        let cold: SuiteResult?
        let warm: SuiteResult?
    }

    /// The chart for the suites of `kind` among `suites`, or nil if none of them is cold or warm.
    static func render(kind: String, suites: [SuiteResult], order: SuiteOrder) -> String? {
        let ofKind = order.sorted(suites.filter { $0.kind == kind && ($0.cache == "cold" || $0.cache == "warm") })
        var groups: [Group] = []
        for suite in ofKind where !groups.contains(where: { $0.corpus == suite.corpus && $0.width == suite.width }) {
            let members = ofKind.filter { $0.corpus == suite.corpus && $0.width == suite.width }
            let threads = members.contains { $0.threads == 1 } ? 1 : members.map(\.threads).min() ?? 1
            groups.append(
                Group(
                    corpus: suite.corpus, width: suite.width, threads: threads,
                    cold: members.first { $0.cache == "cold" && $0.threads == threads },
                    warm: members.first { $0.cache == "warm" && $0.threads == threads }))
        }
        guard !groups.isEmpty else { return nil }

        var canvas = SVGCanvas(width: width, height: plotBottom + 58)
        let bars = groups.flatMap { [$0.cold, $0.warm].compactMap { $0 } }
        let y = ChartScale.linear(
            upTo: bars.map { max($0.stringsPerSecondMax, $0.stringsPerSecond) }.max() ?? 1,
            start: plotBottom, end: plotTop)
        for tick in y.ticks {
            let position = y.position(tick)
            canvas.line(x1: plotLeft, y1: position, x2: plotRight, y2: position, cssClass: "grid")
            canvas.text(BenchFormat.siCompact(tick), x: plotLeft - 8, y: position + 4, anchor: "end")
        }
        canvas.line(x1: plotLeft, y1: plotBottom, x2: plotRight, y2: plotBottom, cssClass: "axis")
        canvas.line(x1: plotLeft, y1: plotTop, x2: plotLeft, y2: plotBottom, cssClass: "axis")
        canvas.text(
            "strings/s", x: 18, y: (plotTop + plotBottom) / 2, anchor: "middle", cssClass: "label",
            rotate: -90)
        canvas.rect(x: plotRight - 150, y: 8, width: 12, height: 12, fill: ChartPalette.cold)
        canvas.text("cold", x: plotRight - 132, y: 18)
        canvas.rect(x: plotRight - 80, y: 8, width: 12, height: 12, fill: ChartPalette.warm)
        canvas.text("warm", x: plotRight - 62, y: 18)

        let groupWidth = (plotRight - plotLeft) / Double(groups.count)
        let barWidth = min(64, groupWidth * 0.34)
        for (index, group) in groups.enumerated() {
            let centre = plotLeft + (Double(index) + 0.5) * groupWidth
            for (offset, suite, color) in [
                (-barWidth - 2, group.cold, ChartPalette.cold),
                (2.0, group.warm, ChartPalette.warm),
            ] {
                guard let suite else {
                    canvas.text(
                        "n/a", x: centre + offset + barWidth / 2, y: plotBottom - 6, anchor: "middle",
                        cssClass: "small")
                    continue
                }
                let top = y.position(suite.stringsPerSecond)
                canvas.rect(
                    x: centre + offset, y: top, width: barWidth, height: plotBottom - top, fill: color,
                    tooltip: "\(suite.id): \(BenchFormat.si(suite.stringsPerSecond)) strings/s "
                        + "(\(BenchFormat.si(suite.stringsPerSecondMin))–"
                        + "\(BenchFormat.si(suite.stringsPerSecondMax)))")
                let whiskerX = centre + offset + barWidth / 2
                let low = y.position(suite.stringsPerSecondMin), high = y.position(suite.stringsPerSecondMax)
                canvas.line(x1: whiskerX, y1: low, x2: whiskerX, y2: high, cssClass: "whisker")
                canvas.line(x1: whiskerX - 4, y1: high, x2: whiskerX + 4, y2: high, cssClass: "whisker")
                canvas.line(x1: whiskerX - 4, y1: low, x2: whiskerX + 4, y2: low, cssClass: "whisker")
                canvas.text(
                    BenchFormat.si(suite.stringsPerSecond), x: whiskerX, y: min(top, high) - 5,
                    anchor: "middle", cssClass: "small")
            }
            canvas.text(
                "\(group.corpus) · w\(SuiteResult.widthLabel(group.width))"
                    + (group.threads == 1 ? "" : " · \(group.threads)t"),
                x: centre, y: plotBottom + 19, anchor: "middle", cssClass: "label")
            if let cold = group.cold, let warm = group.warm, cold.stringsPerSecond > 0 {
                let ratio = warm.stringsPerSecond / cold.stringsPerSecond
                canvas.text(
                    "warm ×\(BenchFormat.fixed(ratio, decimals: 2))", x: centre, y: plotBottom + 37,
                    anchor: "middle", cssClass: "small")
            }
        }
        return canvas.svg(title: "\(kind): strings per second, cold against warm caches")
    }
}
