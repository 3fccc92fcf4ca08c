/// Which of UIKit's sizing questions a measurement answers.
public enum MeasureMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// `NSString.boundingRect(with:options:attributes:context:)`: fractional sizes, no line-break strategy.
    case boundingRect
    /// `UILabel.sizeThatFits`: sizes rounded up to the pixel grid of `TextAttributes.scale`, the `.standard`
    /// line-break strategy (no lone word on a paragraph's last line; Korean broken between words), and 0×0 for an
    /// empty label (docs/semantics/sizing.md §A4, §A6).
    case label
    /// `UITextView.sizeThatFits` with TextKit's defaults: 5-point line-fragment padding at both ends of every line
    /// and 8-point insets above and below; the empty line after a final line break counts (docs/semantics/sizing.md §A7).
    case textView
}
