/// `NSLineBreakMode`, all six: two wrap, the other four keep each paragraph on one line and clip or truncate it.
public enum ParagraphLineBreakMode: String, Sendable, Hashable, CaseIterable {
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle

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
