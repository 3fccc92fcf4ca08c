/// Everything besides the text and the fonts that decides a measured size: `boundingRect`'s constraint, its options,
/// and the line-breaking rules. Defaults reproduce
/// `boundingRect(with: CGSize(width: maxWidth, height: .greatestFiniteMagnitude), options: .usesLineFragmentOrigin,
/// attributes: [.font: font], context: nil)`.
public struct MeasureOptions: Sendable, Hashable {
    /// The maximum line width in points; 0 or infinity means unconstrained (only hard breaks end a line).
    public var maxWidth: Double
    /// `.usesLineFragmentOrigin`: wrap at `maxWidth` and lay out several lines. Off, the text is one line: no wrapping,
    /// and hard line breaks do not start new lines either (docs/semantics/sizing.md §A1 leaves this open; we follow the forum report that
    /// the method "behaves as a single line" without the option, and the line's width is the whole text's).
    public var usesLineFragmentOrigin: Bool
    /// `.usesFontLeading`: add each line's font line gap (the largest among the fonts on the line) to its height.
    public var usesFontLeading: Bool
    /// Word or character wrapping.
    public var lineBreakMode: LineBreakMode
    /// The UAX #14 tailoring used for word wrapping.
    public var lineBreaking: LineBreakOptions
    /// Whether text that ends in a hard line break gets one more, empty line. Off by default: the project's decision for
    /// `boundingRect` (open question E3); on, it counts the extra line fragment TextKit makes (UITextView does).
    public var countsTrailingLineBreak: Bool
    /// Whether the fonts' own features apply: GPOS (or legacy kern) pair kerning and GSUB standard ligatures, both on
    /// by default as in CoreText. Off (`--plain`), widths are plain sums of advances.
    public var usesFontFeatures: Bool
    /// The distance between tab stops in points. A tab advances to the next multiple of this from the line's start,
    /// as `NSParagraphStyle`'s default tab stops every 28 pt do (docs/semantics/sizing.md §A5).
    public var tabInterval: Double
    /// The attributed string's paragraph style and letter spacing, the line limit, and the sizing mode (UILabel,
    /// UITextView); `TextAttributes()` changes nothing.
    public var attributes: TextAttributes
    /// The text's language as a BCP 47 tag ("ar", "fa", "sr-Latn", "zh-Hant"), or nil when unknown: HarfBuzz picks
    /// the language's forms with it (`locl`), and dictionary line breaking its dictionary.
    public var language: String?
    /// Which shaper measures what: `.automatic` sends runs that need shaping to HarfBuzz and measures the rest on the
    /// fast path, which gives the same widths; `.harfBuzz` shapes everything.
    public var shaper: ShaperChoice

    /// Options; each parameter sets the property of the same name, and the defaults are a plain
    /// `boundingRect(with:options: .usesLineFragmentOrigin)`: unconstrained, word wrapping, no font leading, the font's
    /// own kerning and ligatures, no attributes, the automatic shaper.
    public init(
        maxWidth: Double = 0, usesLineFragmentOrigin: Bool = true, usesFontLeading: Bool = false,
        lineBreakMode: LineBreakMode = .byWordWrapping, lineBreaking: LineBreakOptions = .measurer,
        countsTrailingLineBreak: Bool = false, tabInterval: Double = 28, usesFontFeatures: Bool = true,
        attributes: TextAttributes = TextAttributes(), language: String? = nil,
        shaper: ShaperChoice = .automatic
    ) {
        self.maxWidth = maxWidth
        self.usesLineFragmentOrigin = usesLineFragmentOrigin
        self.usesFontLeading = usesFontLeading
        self.lineBreakMode = lineBreakMode
        self.lineBreaking = lineBreaking
        self.countsTrailingLineBreak = countsTrailingLineBreak
        self.tabInterval = tabInterval
        self.usesFontFeatures = usesFontFeatures
        self.attributes = attributes
        self.language = language
        self.shaper = shaper
    }

    /// What is wrong with these options, in words, or nil: what making a `TextMeasurer` with them traps on
    /// (`TextMeasurer.problem`), for callers that take options from a user (the same ranges as the CLI's,
    /// `MeasureLimits`).
    public var rangeProblem: String? {
        if !(maxWidth == .infinity || MeasureLimits.isValidLength(maxWidth)) {
            return MeasureLimits.lengthProblem("maxWidth", maxWidth)
        }
        if !(tabInterval >= TextAttributes.minimumTabInterval && tabInterval <= TextAttributes.maximumLength) {
            return "tabInterval must be \(TextAttributes.minimumTabInterval) to "
                + "\(Int(TextAttributes.maximumLength)) points; got \(tabInterval)"
        }
        if let problem = attributes.rangeProblem { return problem }
        if let language, !LanguageTag.isWellFormed(language) { return "language \"\(language)\" is not a BCP 47 tag" }
        return nil
    }

    /// The width lines wrap at: infinity when unconstrained or when `usesLineFragmentOrigin` is off.
    var wrapWidth: Double {
        wrapWidth(for: maxWidth)
    }

    /// The width lines wrap at for a maximum width of `maxWidth` under these options: a width that is not positive
    /// (0, and a negative or NaN width a caller computed, which no label has) leaves lines unconstrained, as 0 does —
    /// the per-call widths (`MeasureSession.measure(_:maxWidth:)`, `PreparedText.fit(maxWidth:)`) take any double
    /// without trapping.
    func wrapWidth(for maxWidth: Double) -> Double {
        usesLineFragmentOrigin && maxWidth > 0 ? maxWidth : .infinity
    }
}

/// Which shaper measures a run of text.
public enum ShaperChoice: String, Sendable, Hashable, CaseIterable, Codable {
    /// HarfBuzz for scripts and fonts that need it, the fast path (cached advances, pair kerning, standard ligatures)
    /// for runs where it gives exactly what HarfBuzz gives.
    case automatic
    /// HarfBuzz for every run.
    case harfBuzz = "harfbuzz"
}
