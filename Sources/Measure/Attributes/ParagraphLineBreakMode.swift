/// `NSLineBreakMode`, all six: two wrap, the other four keep each paragraph on one line and clip or truncate it.
public enum ParagraphLineBreakMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Wrap at word boundaries; a word wider than the line is broken between grapheme clusters (`LineBreakMode`).
    case byWordWrapping
    /// Wrap before the first grapheme cluster that does not fit, wherever it falls.
    case byCharWrapping
    /// One line per paragraph, cut at the width without an ellipsis.
    case byClipping
    /// One line per paragraph; when it is too wide, its start is replaced by an ellipsis.
    case byTruncatingHead
    /// One line per paragraph; when it is too wide, its end is replaced by an ellipsis (UILabel's default).
    case byTruncatingTail
    /// One line per paragraph; when it is too wide, its middle is replaced by an ellipsis.
    case byTruncatingMiddle

    /// Whether lines wrap at the width (the two wrapping modes); the others lay each paragraph out as one line
    /// (docs/semantics/sizing.md §A4: "clipping/truncating modes are single-line per paragraph").
    public var wraps: Bool { self == .byWordWrapping || self == .byCharWrapping }

    /// Where the ellipsis goes when this mode truncates, or nil when it does not.
    var truncation: Truncation? {
        switch self {
        case .byTruncatingHead: .head
        case .byTruncatingTail: .tail
        case .byTruncatingMiddle: .middle
        default: nil
        }
    }

    /// Where an ellipsis replaces text.
    enum Truncation { case head, tail, middle }
}
