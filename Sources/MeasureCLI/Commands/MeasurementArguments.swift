import ArgumentParsing
import Measure

/// The options `text` and `batch` share: the font cascade, the size, the width and the measuring rules.
struct MeasurementArguments {
    /// Option specs, in help order.
    static let options: [OptionSpec] = [
        .repeated("font", valueName: "file", help: "A font file (TTF, OTF or TTC); repeat for a fallback cascade, "
            + "primary first. Default: DejaVu Sans, Noto Sans CJK SC, Noto Color Emoji."),
        .repeated("face-index", valueName: "n", help: "The face of the --font before it (TTC collections hold "
            + "several).", ),
        .single("size", valueName: "pt", help: "Font size in points.", isRequired: true),
        .single("width", valueName: "pt", help: "Maximum line width in points; 0 means unconstrained.",
                isRequired: true),
        .flag("plain", help: "Turn off the font's own features (kerning and ligatures): widths are plain sums of "
            + "advances. Attributes given elsewhere still apply."),
        .flag("char-wrap", help: "Wrap by character (byCharWrapping) instead of by word."),
        .flag("single-line", help: "Measure without .usesLineFragmentOrigin: one line, no wrapping."),
        .flag("font-leading", help: "Add the fonts' line gap to each line (.usesFontLeading)."),
        .flag("count-trailing-newline", help: "Count the empty line after a final line break."),
        .flag("hangul-word-priority", help: "Break Korean between words, not syllables."),
        .single("segment-cache", valueName: "MiB", help: "Memory per thread for the cache of measured words "
            + "(segments); 0 turns it off.", defaultValue: "8"),
    ]

    var fonts: [FontSource]
    var size: Double
    var width: Double
    var plain: Bool
    var options: MeasureOptions
    var segmentCacheBytes: Int

    init(_ values: ParsedValues) throws(UsageError) {
        fonts = try Self.fontSources(values)
        guard let size = try values.double("size"), size > 0 else {
            throw UsageError("--size must be a positive number of points")
        }
        guard let width = try values.double("width"), width >= 0 else {
            throw UsageError("--width must be 0 (unconstrained) or a positive number of points")
        }
        self.size = size
        self.width = width
        plain = values.flag("plain")
        guard let cacheMiB = try values.double("segment-cache"), cacheMiB >= 0, cacheMiB <= 1024 else {
            throw UsageError("--segment-cache must be between 0 (off) and 1024 MiB")
        }
        segmentCacheBytes = cacheMiB == 0 ? 0 : max(64 << 10, Int(cacheMiB * 1_048_576))
        var lineBreaking = LineBreakOptions.measurer
        lineBreaking.hangulWordPriority = values.flag("hangul-word-priority")
        options = MeasureOptions(
            maxWidth: width,
            usesLineFragmentOrigin: !values.flag("single-line"),
            usesFontLeading: values.flag("font-leading"),
            lineBreakMode: values.flag("char-wrap") ? .byCharWrapping : .byWordWrapping,
            lineBreaking: lineBreaking,
            countsTrailingLineBreak: values.flag("count-trailing-newline"),
            usesFontFeatures: !values.flag("plain"))
    }

    /// The `--font` files in command-line order, each with the `--face-index` that follows it (face 0 without one).
    static func fontSources(_ values: ParsedValues) throws(UsageError) -> [FontSource] {
        var fonts: [FontSource] = []
        for occurrence in values.occurrences(of: ["font", "face-index"]) {
            if occurrence.name == "font" {
                fonts.append(FontSource(path: occurrence.value))
            } else if fonts.isEmpty {
                throw UsageError("--face-index must follow the --font it applies to")
            } else {
                let index = try occurrence.parsed(as: Int.self)
                guard index >= 0 else { throw UsageError("--face-index must be 0 or more, got \(index)") }
                fonts[fonts.count - 1].faceIndex = index
            }
        }
        return fonts
    }

    /// Loads the fonts (or the default cascade) and makes the measurer.
    /// - Throws: `FontError` for a missing or unreadable font.
    func makeMeasurer() throws -> TextMeasurer {
        let cascade = fonts.isEmpty ? try FontCascade.loadDefault() : try FontCascade(loading: fonts)
        return TextMeasurer(cascade: cascade, pointSize: size, options: options, segmentCacheBytes: segmentCacheBytes)
    }
}
