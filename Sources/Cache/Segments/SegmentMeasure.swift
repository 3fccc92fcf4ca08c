/// What the segment-width cache remembers about one segment (a word and the whitespace after it, the text between
/// two break opportunities) in one measuring configuration.
public struct SegmentMeasure: Sendable, Hashable {
    /// From the segment's start to the end of its last visible cluster, in points.
    public var wordWidth: Double
    /// From the segment's start to its end, trailing whitespace included, in points.
    public var totalWidth: Double
    /// The cascade fonts its visible clusters use, one bit per cascade index.
    public var fonts: UInt64
    /// Whether it has any visible cluster (a segment of whitespace alone has none).
    public var hasVisible: Bool

    public init(wordWidth: Double, totalWidth: Double, fonts: UInt64, hasVisible: Bool) {
        self.wordWidth = wordWidth
        self.totalWidth = totalWidth
        self.fonts = fonts
        self.hasVisible = hasVisible
    }
}
