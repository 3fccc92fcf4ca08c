/// A button's title: text measured the way a button's title label sizes it, or a label size known already (read from a
/// device, or measured elsewhere).
///
/// ```swift
/// let measurer = TextMeasurer(cascade: try FontCascade.loadDefault(), pointSize: 18)
/// let title = ButtonTitle.text("我是一个按钮", measurer: measurer)
/// title.labelSize(scale: 2)          // 108 × 26.5: six 18 pt ideographs, one Noto Sans CJK line raised to 0.5 pt
/// ButtonTitle.size(Size(width: 54, height: 21.5))
/// ```
public enum ButtonTitle: Sendable {
    /// The title label's size, used as it is.
    case size(Size)
    /// Text measured with the measurer's fonts and size (its `maxWidth` and `usesLineFragmentOrigin` are replaced by
    /// what the label needs; its other options apply).
    case text(String, measurer: TextMeasurer)

    /// The size of a one-line title label (`UIButton.titleLabel` has `numberOfLines` 1): the text on one line, with no
    /// wrapping and no line breaks, raised to the pixel grid of a `scale`× screen as `UILabel` sizes itself (docs/semantics/button-layout.md
    /// §B2.6, §A6: 18 pt SF is 21.5 pt high at 2×). `scale` nil keeps the fractional `boundingRect` size.
    ///
    /// An empty text is as high as a one-space title and has no width: UIButton keeps the height of an empty title
    /// (docs/semantics/button-layout.md §B5, [OBS B7]).
    public func labelSize(scale: Double?) -> Size {
        switch self {
        case .size(let size):
            return size
        case .text(let text, let measurer):
            return Self.measure(text, measurer: measurer, options: Self.oneLine(measurer.options), scale: scale)
        }
    }

    /// The measurer of the one-line title label `labelSize(scale:)` measures (nil for a given size): its lines and
    /// glyphs are the label's, so a drawing of the title made with it is the one line that was measured (a line
    /// feed in the title neither breaks nor draws).
    public var labelMeasurer: TextMeasurer? {
        guard case .text(_, let measurer) = self else { return nil }
        return TextMeasurer(
            cascade: measurer.cascade, pointSize: measurer.pointSize, options: Self.oneLine(measurer.options))
    }

    /// `options` for a one-line label: unconstrained, without `.usesLineFragmentOrigin` (hard breaks do not break).
    private static func oneLine(_ options: MeasureOptions) -> MeasureOptions {
        var options = options
        options.maxWidth = 0
        options.usesLineFragmentOrigin = false
        return options
    }

    /// The size of a title label that wraps words at `maxWidth` over as many lines as it needs
    /// (`UIButton.Configuration.titleLineBreakMode` defaults to `byWordWrapping`, docs/semantics/button-layout.md §B6), raised to the pixel grid
    /// as `labelSize(scale:)` does. A given size is returned as it is (only text can wrap).
    public func wrappedLabelSize(maxWidth: Double, scale: Double?) -> Size {
        switch self {
        case .size(let size):
            return size
        case .text(let text, let measurer):
            var options = measurer.options
            options.maxWidth = maxWidth.isFinite ? max(0, maxWidth) : 0
            options.usesLineFragmentOrigin = true
            return Self.measure(text, measurer: measurer, options: options, scale: scale)
        }
    }

    private static func measure(_ text: String, measurer: TextMeasurer, options: MeasureOptions, scale: Double?)
        -> Size
    {
        let lineMeasurer = TextMeasurer(cascade: measurer.cascade, pointSize: measurer.pointSize, options: options)
        let measured = lineMeasurer.measure(text.isEmpty ? " " : text)
        let width = text.isEmpty ? 0 : measured.width
        guard let scale else { return Size(width: width, height: measured.height) }
        let ceiled = TextSize(width: width, height: measured.height, lineCount: measured.lineCount)
            .ceiled(toScale: scale)
        return Size(width: ceiled.width, height: ceiled.height)
    }
}
