/// What an attributed string and the view that shows it add to a plain measurement: the paragraph style, letter
/// spacing, a line limit, and which UIKit sizing question is asked. Part of `MeasureOptions`, so every attribute
/// takes part in the keys of the segment cache (each measurer has its own engine) and of the size database
/// (`StoreKeys`), and a size measured with other attributes is never served.
///
/// The defaults change nothing: a measurement with `TextAttributes()` is a plain `boundingRect`.
public struct TextAttributes: Sendable, Hashable {
    /// The paragraph style (`.paragraphStyle`): line and paragraph spacing, line heights, indents, line break mode.
    public var paragraph = ParagraphStyle()
    /// `.kern`: points added after every character (grapheme cluster), the last included (docs/semantics/sizing.md §A5). 0 turns the
    /// font's pair kerning off, as in CoreText; nil leaves it on.
    public var kern: Double? = nil
    /// `.tracking` (iOS 14): points added after every character cluster, hanging at a line's end like whitespace;
    /// it turns the font's ligatures off. With both, tracking spaces the letters and kern is ignored unless it is 0
    /// (which still turns pair kerning off) — CoreText's rule for `kCTTrackingAttributeName`.
    public var tracking: Double? = nil
    /// `UILabel.numberOfLines`: at most this many lines (0 = unlimited). Text beyond is cut, and the last visible
    /// line ends in an ellipsis when `truncatesLastVisibleLine` (or label mode with a truncating line-break mode).
    public var numberOfLines: Int = 0
    /// `.truncatesLastVisibleLine`: the last line that fits (in `numberOfLines` or `maxHeight`) ends in "…".
    public var truncatesLastVisibleLine: Bool = false
    /// The height of the box (`boundingRect`'s `size.height`; 0 = unlimited): lines below it are cut.
    public var maxHeight: Double = 0
    /// Stretches in another cascade font or size, in order; later runs win where they overlap.
    public var runs: [TextRun] = []
    /// `.usesDeviceMetrics`: the box is the glyphs' ink (their outlines' bounds) instead of the lines' typographic
    /// ascent and descent and the advances (docs/semantics/sizing.md §A1).
    public var usesDeviceMetrics: Bool = false
    /// Which sizing question is asked.
    public var mode: MeasureMode = .boundingRect
    /// Pixels per point for `label` mode's rounding (1, 2 or 3), within `scales`.
    public var scale: Double = 2

    /// The screen scales label rounding takes: real screens have 0.75 (Android's ldpi) to 4 (xxxhdpi) pixels a point;
    /// below one half, rounding up "to the pixel grid" made a 56 pt label 10,000,000 pt wide at 1e-7 (a hostile
    /// probe), and 0 at 1e-300.
    public static let scales: ClosedRange<Double> = 0.5...10
    /// [OPEN E1] Count `lineSpacing` below the last line too (a single-line UILabel was seen to do so, docs/semantics/sizing.md §A5).
    public var lineSpacingAfterLastLine: Bool = false
    /// [OPEN] Count the first paragraph's `paragraphSpacingBefore` and the last one's `paragraphSpacing` (TextKit puts
    /// them in the fragment rects; boundingRect's use of them is not documented).
    public var countsOuterParagraphSpacing: Bool = false

    /// No attributes: measuring with these is a plain `boundingRect` with the font alone.
    public init() {}

    /// Whether these attributes change anything, so that plain measurements keep their fast path (the scale matters
    /// only in label mode).
    public var isPlain: Bool {
        var compared = self
        if mode != .label { compared.scale = TextAttributes().scale }
        return compared == TextAttributes()
    }

    /// The largest length in points an attribute may have: far beyond any screen, small enough that sums of them
    /// stay finite and printable.
    public static let maximumLength = 10_000.0

    /// Whether every value is in range (making a `TextMeasurer` traps otherwise); see `rangeProblem`.
    public var isValid: Bool { rangeProblem == nil }

    /// The first value out of range, said in words ("kern 5000 is outside ±1000"), or nil: `maxHeight`, a box
    /// length, within 0…`MeasureLimits.maximumLength` as every box length; other lengths within ±`maximumLength`, spacings, head indents and line heights not negative (Apple documents them as nonnegative), a
    /// line-height multiple up to 100, letter spacing within ±1000 pt, at most 100,000 lines, a scale in 0.5…10.
    public var rangeProblem: String? {
        let p = paragraph, limit = Self.maximumLength
        func length(_ name: String, _ value: Double, nonNegative: Bool = false) -> String? {
            guard value.isFinite, abs(value) <= limit else { return "\(name) \(value) is outside ±\(Int(limit)) pt" }
            return nonNegative && value < 0 ? "\(name) \(value) is negative" : nil
        }
        let checks: [String?] = [
            length("lineSpacing", p.lineSpacing),
            length("paragraphSpacing", p.paragraphSpacing, nonNegative: true),
            length("paragraphSpacingBefore", p.paragraphSpacingBefore, nonNegative: true),
            length("firstLineHeadIndent", p.firstLineHeadIndent, nonNegative: true),
            length("headIndent", p.headIndent, nonNegative: true),
            length("tailIndent", p.tailIndent),
            length("minimumLineHeight", p.minimumLineHeight, nonNegative: true),
            length("maximumLineHeight", p.maximumLineHeight, nonNegative: true),
            length("defaultTabInterval", p.defaultTabInterval, nonNegative: true)
                ?? (p.defaultTabInterval == 0 || p.defaultTabInterval >= Self.minimumTabInterval
                    ? nil
                    : "defaultTabInterval \(p.defaultTabInterval) is below \(Self.minimumTabInterval) pt (0 keeps "
                        + "the measurer's)"),
            MeasureLimits.lengthProblem("maxHeight", maxHeight),
            p.lineHeightMultiple >= 0 && p.lineHeightMultiple <= 100
                ? nil
                : "lineHeightMultiple \(p.lineHeightMultiple) is outside 0…100",
            p.tabStops.compactMap { length("tab stop", $0, nonNegative: true) }.first,
            abs(kern ?? 0) <= 1000 ? nil : "kern \(kern ?? 0) is outside ±1000",
            abs(tracking ?? 0) <= 1000 ? nil : "tracking \(tracking ?? 0) is outside ±1000",
            (0...Self.maximumNumberOfLines).contains(numberOfLines)
                ? nil : "numberOfLines \(numberOfLines) is outside 0…\(Self.maximumNumberOfLines)",
            Self.scales.contains(scale) ? nil : "scale \(scale) is outside 0.5…10",
            runs.allSatisfy {
                $0.location >= 0 && $0.length >= 0 && ($0.font ?? 0) >= 0
                    && MeasureLimits.isValidPointSize($0.pointSize ?? 1)
            }
                ? nil
                : "a run has a negative location, length or font, or a size outside (0, "
                    + "\(Int(MeasureLimits.maximumPointSize))]",
            runs.count <= Self.maximumRuns ? nil : "\(runs.count) runs are more than \(Self.maximumRuns)",
            runStyleCount <= Self.maximumRunStyles
                ? nil
                : "the runs have \(runStyleCount) different fonts and sizes, more than \(Self.maximumRunStyles)",
        ]
        return checks.compactMap { $0 }.first
    }

    /// The smallest tab interval in points (`defaultTabInterval`, `MeasureOptions.tabInterval`): a thousandth of a
    /// point is finer than any screen; below it a line's pen over the interval overflows (a `defaultTabInterval` of
    /// 5e-324 gave a width of NaN).
    public static let minimumTabInterval = 0.001

    /// The most runs a text may have: far more than any label's styled spans, few enough that laying them out stays
    /// proportional to the text.
    public static let maximumRuns = 100_000
    /// The largest line limit (`numberOfLines`) accepted: far more lines than any label shows, and small enough that
    /// a limit is never a size to allocate by.
    public static let maximumNumberOfLines = 100_000

    /// The most different fonts and sizes (pairs of `TextRun.font` and `TextRun.pointSize`) the runs may use: each
    /// is measured by a session of its own (about 75 KB, on every thread), so thousands of sizes would cost
    /// gigabytes before a text was measured.
    public static let maximumRunStyles = 256

    /// How many different (font, size) pairs the runs name, a font or size not given counting as its own value.
    var runStyleCount: Int {
        struct Style: Hashable {
            var font: Int?
            var pointSize: Double?
        }
        return Set(runs.lazy.map { Style(font: $0.font, pointSize: $0.pointSize) }).count
    }

    /// Points added after every cluster by the engine: tracking when given, else kern.
    var letterSpacing: Double { tracking ?? kern ?? 0 }

    /// Whether the font's pair kerning stays on: `kern: 0` turns it off.
    var keepsPairKerning: Bool { kern != 0 }

    /// Whether the font's ligatures stay on: tracking turns them off (docs/semantics/sizing.md §A5).
    var keepsLigatures: Bool { tracking == nil }
}
