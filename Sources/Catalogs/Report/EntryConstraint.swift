/// The box one entry must fit: a width, a line limit, and the font size (with the Dynamic Type labels it came from).
public struct EntryConstraint: Sendable, Hashable {
    /// The label's width in points.
    public var width: Double
    /// At most this many lines; nil means "one line per hard line break in the text" (a label that does not wrap).
    public var maxLines: Int?
    /// The font size in points.
    public var pointSize: Double
    /// The Dynamic Type text style the size came from (`body`), if any.
    public var textStyle: String?
    /// The content size category the size came from (`L`, `AX1`), if any.
    public var contentSize: String?
    /// The text attributes (JSON object text, as the config gave them) the entry is measured with, if any.
    public var attributes: String?

    /// A constraint; each parameter sets the property of the same name.
    public init(
        width: Double, maxLines: Int?, pointSize: Double, textStyle: String? = nil,
        contentSize: String? = nil, attributes: String? = nil
    ) {
        self.width = width
        self.maxLines = maxLines
        self.pointSize = pointSize
        self.textStyle = textStyle
        self.contentSize = contentSize
        self.attributes = attributes
    }

    /// The lines `text` may take: `maxLines` when set (0 means unlimited, as `numberOfLines = 0`), else one per hard
    /// line break (LF, VT, FF, CR, CRLF, NEL, LS, PS: UAX #14's mandatory breaks, as the measurer breaks) plus one.
    ///
    /// Counted over the UTF-8 bytes (every report asks it for every entry, and scalar by scalar it was 4 % of a JSON
    /// report's run): LF, VT, FF and CR are their own bytes, NEL is `C2 85`, LS and PS `E2 80 A8`/`A9`.
    public func allowedLines(for text: String) -> Int {
        if let maxLines { return maxLines == 0 ? Int.max : maxLines }
        var text = text
        return text.withUTF8 { utf8 in
            var count = 1
            var previousWasCR = false
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                switch byte {
                case 0x0A: if !previousWasCR { count += 1 }
                case 0x0B, 0x0C, 0x0D: count += 1
                case 0xC2, 0xE2: if WorkflowCommandGuard.separatorLength(utf8, at: index) > 0 { count += 1 }
                default: break
                }
                previousWasCR = byte == 0x0D
                index += 1
            }
            return count
        }
    }
}
