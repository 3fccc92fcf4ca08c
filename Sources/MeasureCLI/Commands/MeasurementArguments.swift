import ArgumentParsing
import Foundation
import Measure

/// The options `text` and `batch` share: the font cascade, the size, the width and the measuring rules.
struct MeasurementArguments {
    /// Option specs, in help order.
    static let options: [OptionSpec] = [
        .repeated(
            "font", valueName: "file",
            help: "A font file (TTF, OTF, TTC, WOFF or WOFF2); repeat for a fallback cascade, "
                + "primary first. Default: DejaVu Sans, the Noto Sans CJK face of --language, the Noto font of every "
                + "other script, Noto Color Emoji (through fontconfig)."),
        .repeated(
            "face-index", valueName: "n",
            help: "The face of the --font before it (TTC collections hold "
                + "several).", ),
        .single("size", valueName: "pt", help: "Font size in points.", isRequired: true),
        .single(
            "width", valueName: "pt", help: "Maximum line width in points; 0 means unconstrained.",
            isRequired: true),
        .flag(
            "plain",
            help: "Turn off the font's own features (kerning and ligatures): widths are plain sums of "
                + "advances. Attributes given elsewhere still apply."),
        .flag("char-wrap", help: "Wrap by character (byCharWrapping) instead of by word."),
        .flag("single-line", help: "Measure without .usesLineFragmentOrigin: one line, no wrapping."),
        .flag("font-leading", help: "Add the fonts' line gap to each line (.usesFontLeading)."),
        .flag("count-trailing-newline", help: "Count the empty line after a final line break."),
        .flag("hangul-word-priority", help: "Break Korean between words, not syllables."),
        .single(
            "attributes", valueName: "json",
            help: "Attributed-string and label attributes as a JSON object, or "
                + "@FILE: NSParagraphStyle names (lineSpacing, paragraphSpacing, paragraphSpacingBefore, "
                + "lineHeightMultiple, minimumLineHeight, maximumLineHeight, firstLineHeadIndent, headIndent, tailIndent, "
                + "tabStops, defaultTabInterval, alignment, lineBreakMode, lineSpacingAfterLastLine, "
                + "countsOuterParagraphSpacing), kern, tracking, numberOfLines, truncatesLastVisibleLine, maxHeight, "
                + "usesDeviceMetrics, and runs (stretches in another --font of the list, or another size). They "
                + "apply with or without --plain."),
        .single(
            "mode", valueName: "name",
            help: "boundingRect (default), label (UILabel.sizeThatFits: pixel-grid "
                + "rounding, .standard line breaking, empty = 0×0) or textView (5 pt padding, 8 pt insets)."),
        .single("scale", valueName: "n", help: "Screen scale for --mode label's rounding (default 2)."),
        .single(
            "language", valueName: "BCP47",
            help: "The text's language (ar, fa, hi, th, sr-Latn, zh-Hant…): "
                + "HarfBuzz picks its forms (locl) and the default cascade its CJK face (ja, ko, zh-Hant)."),
        .single(
            "shaper", valueName: "name",
            help: "automatic (default: HarfBuzz where shaping is needed, the "
                + "proven-equal fast path elsewhere) or harfbuzz (shape every run)."),
        .single(
            "segment-cache", valueName: "MiB",
            help: "Memory per thread for the cache of measured words "
                + "(segments); 0 turns it off.", defaultValue: "8"),
    ]

    var fonts: [FontSource]
    /// The font size; 0 when `--size` was not given to a command that lets its jobs give it (`sizeOptional`).
    var size: Double
    var width: Double
    var plain: Bool
    var options: MeasureOptions
    var segmentCacheBytes: Int

    /// The arguments in `values`; with `sizeOptional` (`measure stream`, whose jobs may give the size), an absent
    /// `--size` is not an error.
    /// - Throws: `UsageError` for an option that is not valid; `AttributesFileError` for an `--attributes @FILE` that
    ///   cannot be read or used.
    init(_ values: ParsedValues, sizeOptional: Bool = false) throws {
        fonts = try Self.fontSources(values)
        let size = try values.double("size") ?? 0
        if !(sizeOptional && values.string("size") == nil),
            let problem = MeasureLimits.pointSizeProblem("--size", size)
        {
            throw UsageError(problem)
        }
        let width = try values.double("width") ?? 0
        if let problem = MeasureLimits.lengthProblem("--width (0 = unconstrained)", width) {
            throw UsageError(problem)
        }
        self.size = size
        self.width = width
        plain = values.flag("plain")
        guard let cacheMiB = try values.double("segment-cache"), cacheMiB >= 0, cacheMiB <= 1024 else {
            throw UsageError("--segment-cache must be between 0 (off) and 1024 MiB")
        }
        segmentCacheBytes = cacheMiB == 0 ? 0 : max(64 << 10, Int(cacheMiB * 1_048_576))
        // The default cascade's length is known once it is loaded (`makeMeasurer` checks the runs then).
        let fontCount = fonts.isEmpty ? Int.max : fonts.count
        var language: String?
        if let tag = values.string("language"), !tag.isEmpty {
            guard LanguageTag.isWellFormed(tag) else {
                throw UsageError(
                    "--language must be a BCP 47 tag such as ar, fa-IR, sr-Latn or zh-Hant, got \"\(UsageError.excerpt(tag))\""
                )
            }
            language = tag
        }
        var shaper = ShaperChoice.automatic
        if let name = values.string("shaper") {
            guard let parsed = ShaperChoice(rawValue: name) else {
                throw UsageError(
                    "--shaper must be one of " + ShaperChoice.allCases.map(\.rawValue).joined(separator: ", "))
            }
            shaper = parsed
        }
        var lineBreaking = LineBreakOptions.measurer
        lineBreaking.hangulWordPriority = values.flag("hangul-word-priority")
        options = MeasureOptions(
            maxWidth: width,
            usesLineFragmentOrigin: !values.flag("single-line"),
            usesFontLeading: values.flag("font-leading"),
            lineBreakMode: values.flag("char-wrap") ? .byCharWrapping : .byWordWrapping,
            lineBreaking: lineBreaking,
            countsTrailingLineBreak: values.flag("count-trailing-newline"),
            usesFontFeatures: !values.flag("plain"),
            attributes: try Self.attributes(values),
            language: language,
            shaper: shaper)
        if let run = options.attributes.runs.first(where: { ($0.font ?? 0) >= fontCount }) {
            throw UsageError(
                "--attributes: a run's \"font\" is an index into the --font list (0…\(fontCount - 1)), "
                    + "got \(run.font ?? 0)")
        }
    }

    /// `--attributes` (inline JSON or `@FILE`), with `--mode` and `--scale` laid over it.
    /// - Throws: `UsageError` for inline JSON, `--mode` or `--scale` that is not valid; `AttributesFileError` for an
    ///   `@FILE` that cannot be read or whose JSON is not valid attributes.
    static func attributes(_ values: ParsedValues) throws -> TextAttributes {
        // The command line first: a wrong --mode or --scale is a usage error whatever the file holds.
        var mode: MeasureMode?
        if let name = values.string("mode") {
            guard let parsed = MeasureMode(rawValue: name) else {
                throw UsageError(
                    "--mode must be one of " + MeasureMode.allCases.map(\.rawValue).joined(separator: ", "))
            }
            mode = parsed
        }
        let scale = try values.double("scale")
        if let scale, !TextAttributes.scales.contains(scale) {
            throw UsageError("--scale must be a number in 0.5…10, as 1, 2 or 3")
        }
        var attributes = TextAttributes()
        if let json = values.string("attributes") {
            if json.hasPrefix("@") {
                let path = String(json.dropFirst())
                let bytes: [UInt8]
                do {
                    bytes = try InputFile.read(path)
                } catch {
                    throw AttributesFileError(path: path, reason: error.reason)
                }
                do {
                    attributes = try TextAttributes(json: String(decoding: bytes, as: UTF8.self))
                } catch {
                    throw AttributesFileError(path: path, reason: "\(error)")
                }
            } else {
                do {
                    attributes = try TextAttributes(json: json)
                } catch {
                    throw UsageError("--attributes: \(error)")
                }
            }
        }
        if let mode { attributes.mode = mode }
        if let scale { attributes.scale = scale }
        return attributes
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
        let cascade =
            fonts.isEmpty
            ? try FontCascade.loadDefault(language: options.language)
            : try FontCascade(loading: fonts)
        if let run = options.attributes.runs.first(where: { ($0.font ?? 0) >= cascade.fonts.count }) {
            throw UsageError(
                "--attributes: a run's \"font\" is an index into the cascade (0…\(cascade.fonts.count - 1)), "
                    + "got \(run.font ?? 0)")
        }
        return TextMeasurer(cascade: cascade, pointSize: size, options: options, segmentCacheBytes: segmentCacheBytes)
    }
}
