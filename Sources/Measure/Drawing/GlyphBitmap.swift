/// A colour glyph from a bitmap strike (Noto Color Emoji's CBDT), loaded by FreeType with `FT_LOAD_COLOR`: straight
/// (not premultiplied) RGBA pixels, row by row from the top, and where they sit relative to the glyph's origin.
public struct GlyphBitmap: Sendable, Hashable {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int
    /// The bitmap's left edge right of the glyph origin, in strike pixels.
    public var left: Int
    /// The bitmap's top edge above the baseline, in strike pixels.
    public var top: Int
    /// The strike's pixels per em: a pixel is `pointSize / pixelsPerEm` points at a point size.
    public var pixelsPerEm: Double
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public var rgba: [UInt8]

    /// A bitmap of `width × height` pixels, `rgba` holding four bytes a pixel, row by row from the top.
    public init(width: Int, height: Int, left: Int, top: Int, pixelsPerEm: Double, rgba: [UInt8]) {
        precondition(width >= 0 && height >= 0 && rgba.count == width * height * 4, "width × height RGBA pixels")
        self.width = width
        self.height = height
        self.left = left
        self.top = top
        self.pixelsPerEm = pixelsPerEm
        self.rgba = rgba
    }
}
