/// One laid-out line: which part of the text it holds and how big it is. Truncation and overflow reports need these.
public struct LineFragment: Sendable, Hashable, Codable {
    /// The line's text as UTF-8 byte offsets into the measured string, including hanging whitespace and the hard break
    /// that ends it, if any.
    public var utf8Range: Range<Int>
    /// The line's width without the whitespace hanging at its end.
    public var width: Double
    /// The largest ascent among the fonts the line uses, in points.
    public var ascent: Double
    /// The largest descent among the fonts the line uses, in points (positive).
    public var descent: Double
    /// The line's height: ascent + descent, plus the font leading with `usesFontLeading`.
    public var height: Double

    /// A line's fragment; each parameter sets the property of the same name.
    public init(utf8Range: Range<Int>, width: Double, ascent: Double, descent: Double, height: Double) {
        self.utf8Range = utf8Range
        self.width = width
        self.ascent = ascent
        self.descent = descent
        self.height = height
    }
}
