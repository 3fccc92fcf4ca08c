/// The charts' colours. Series of the throughput chart take a hue per corpus and a shade (lighter as the width
/// grows) per width, so lines of one corpus read as a family; cold and warm, and the latency percentiles, have fixed
/// colours that mean the same in every chart. Shapes and dashes repeat the distinctions for readers who do not see
/// the colours.
enum ChartPalette {
    /// Hues (degrees) for the corpora in report order: blue, orange, green, purple, red, gold; then repeated.
    static let corpusHues = [212, 24, 150, 280, 350, 45]

    /// The colour of the series for the corpus at `corpusIndex` and the width at `widthIndex` of `widthCount`.
    static func series(corpusIndex: Int, widthIndex: Int, widthCount: Int) -> String {
        let hue = corpusHues[corpusIndex % corpusHues.count]
        let position = widthCount <= 1 ? 0.5 : Double(widthIndex) / Double(widthCount - 1)
        let lightness = 30 + Int((position * 28).rounded())
        let shiftedHue = (hue + Int(((position - 0.5) * 16).rounded()) + 360) % 360
        return "hsl(\(shiftedHue), 68%, \(lightness)%)"
    }

    /// Cold caches: blue.
    static let cold = "#4e79a7"
    /// Warm caches: orange.
    static let warm = "#f28e2b"
    /// Latency percentiles p50, p90, p99 and the maximum: blue, green, orange, red.
    static let p50 = "#4e79a7"
    static let p90 = "#59a14f"
    static let p99 = "#f28e2b"
    static let maximum = "#e15759"
    /// Whiskers and range lines.
    static let range = "#9aa3ad"
}
