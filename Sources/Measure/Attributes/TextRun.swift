/// A stretch of an attributed string in another font or size — `.font` over an `NSRange` — measured with its own
/// metrics; each line is as tall as its tallest run (docs/semantics/sizing.md §A3).
///
/// The font is one of the measurer's cascade, by index (`--font Regular.ttf --font Bold.ttf`, then `"font": 1`), so
/// that every font a size depends on is in the cascade and so in the size database's key by file digest. The run is
/// measured with that font first and the rest of the cascade after it.
public struct TextRun: Sendable, Hashable {
    /// Start and length in UTF-16 code units, as `NSRange` counts them.
    public var location: Int
    /// The run's length in UTF-16 code units.
    public var length: Int
    /// Index into the measurer's cascade of the run's font; nil keeps the primary font.
    public var font: Int?
    /// The run's point size; nil keeps the measurer's.
    public var pointSize: Double?

    /// A run over `location..<location + length` (UTF-16 code units); each parameter sets the property of the same
    /// name.
    public init(location: Int, length: Int, font: Int? = nil, pointSize: Double? = nil) {
        self.location = location
        self.length = length
        self.font = font
        self.pointSize = pointSize
    }
}
