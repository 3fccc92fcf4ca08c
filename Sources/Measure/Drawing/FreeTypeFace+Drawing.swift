internal import CFreeType

/// Outlines and colour bitmaps of glyphs, for drawing what the measurer measured. Called under the owning `Font`'s
/// lock, like every other use of the face.
extension FreeTypeFace {
    /// `glyph`'s outline in font units (unscaled, unhinted), or nil for a bitmap-only face or a glyph FreeType cannot
    /// load as an outline.
    func outline(ofGlyph glyph: UInt32) -> GlyphOutline? {
        guard !isBitmapOnly else { return nil }
        let flags = FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        guard let slot = loadedGlyph(glyph, flags: flags), slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else {
            return nil
        }
        let collector = OutlineCollector()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in OutlineCollector.from(user).move(to) },
            line_to: { to, user in OutlineCollector.from(user).line(to) },
            conic_to: { control, to, user in OutlineCollector.from(user).conic(control, to) },
            cubic_to: { control1, control2, to, user in OutlineCollector.from(user).cubic(control1, control2, to) },
            shift: 0, delta: 0)
        var outline = slot.pointee.outline
        let error = withExtendedLifetime(collector) {
            FT_Outline_Decompose(&outline, &funcs, Unmanaged.passUnretained(collector).toOpaque())
        }
        guard error == 0 else { return nil }
        collector.closeContour()
        return GlyphOutline(commands: collector.commands)
    }

    /// `glyph` of a bitmap-only face as straight RGBA pixels of the selected strike, or nil for a scalable face, a
    /// glyph without pixels, or a bitmap that is not BGRA.
    func colourBitmap(ofGlyph glyph: UInt32) -> GlyphBitmap? {
        guard isBitmapOnly, let slot = loadedGlyph(glyph, flags: FT_Int32(FT_LOAD_COLOR)) else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        guard width > 0, height > 0, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue),
            let buffer = bitmap.buffer
        else { return nil }
        let pitch = Int(bitmap.pitch)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            // A negative pitch means the rows go up from the bottom.
            let source = buffer + (pitch >= 0 ? row * pitch : (height - 1 - row) * -pitch)
            for column in 0..<width {
                let blue = source[4 * column], green = source[4 * column + 1], red = source[4 * column + 2]
                let alpha = source[4 * column + 3]
                let out = 4 * (row * width + column)
                // FreeType's BGRA is premultiplied; PNG wants straight alpha.
                func unpremultiply(_ value: UInt8) -> UInt8 {
                    alpha == 0 ? 0 : UInt8(min(255, (Int(value) * 255 + Int(alpha) / 2) / Int(alpha)))
                }
                rgba[out] = unpremultiply(red)
                rgba[out + 1] = unpremultiply(green)
                rgba[out + 2] = unpremultiply(blue)
                rgba[out + 3] = alpha
            }
        }
        let pixelsPerEm = strikePixelsPerEm
        return GlyphBitmap(
            width: width, height: height, left: Int(slot.pointee.bitmap_left),
            top: Int(slot.pointee.bitmap_top), pixelsPerEm: pixelsPerEm, rgba: rgba)
    }
}

/// Collects `FT_Outline_Decompose`'s callbacks into `GlyphOutline` commands; lives only for one decomposition.
private final class OutlineCollector {
    var commands: [GlyphOutline.Command] = []
    private var open = false

    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineCollector {
        Unmanaged<OutlineCollector>.fromOpaque(user!).takeUnretainedValue()
    }

    func closeContour() {
        if open { commands.append(.close) }
        open = false
    }

    func move(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
        guard let to else { return 1 }
        closeContour()
        commands.append(.move(x: Double(to.pointee.x), y: Double(to.pointee.y)))
        open = true
        return 0
    }

    func line(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
        guard let to else { return 1 }
        commands.append(.line(x: Double(to.pointee.x), y: Double(to.pointee.y)))
        return 0
    }

    func conic(_ control: UnsafePointer<FT_Vector>?, _ to: UnsafePointer<FT_Vector>?) -> Int32 {
        guard let control, let to else { return 1 }
        commands.append(
            .quadratic(
                controlX: Double(control.pointee.x), controlY: Double(control.pointee.y),
                x: Double(to.pointee.x), y: Double(to.pointee.y)))
        return 0
    }

    func cubic(
        _ control1: UnsafePointer<FT_Vector>?, _ control2: UnsafePointer<FT_Vector>?,
        _ to: UnsafePointer<FT_Vector>?
    ) -> Int32 {
        guard let control1, let control2, let to else { return 1 }
        commands.append(
            .cubic(
                control1X: Double(control1.pointee.x), control1Y: Double(control1.pointee.y),
                control2X: Double(control2.pointee.x), control2Y: Double(control2.pointee.y),
                x: Double(to.pointee.x), y: Double(to.pointee.y)))
        return 0
    }
}
