internal import CHarfBuzz

/// One glyph HarfBuzz placed: its id, the index (into the shaped text) of the cluster it belongs to, and its advance
/// and offsets in font units (offsets: x to the right, y up).
struct ShapedGlyph {
    var glyph: UInt32
    var cluster: Int
    var xAdvance: Int32
    var xOffset: Int32
    var yOffset: Int32
}

/// Shapes runs for drawing: the same HarfBuzz call as `HarfBuzzShaper` (its `ShapingSettings`: language, kerning and
/// ligature switches, `calt` off for Hangul; grapheme-monotone clusters), but keeping every glyph and its position,
/// in visual order.
///
/// One owner, one thread (HarfBuzz buffers are not thread-safe): made for one drawn layout and dropped after it.
final class GlyphRunShaper {
    private let buffer: OpaquePointer
    private let settings: ShapingSettings

    init(language: String?, kerns: Bool, ligates: Bool) {
        buffer = hb_buffer_create()
        settings = ShapingSettings(language: language, kerns: kerns, ligates: ligates)
    }

    deinit {
        hb_buffer_destroy(buffer)
    }

    /// The glyphs of `text[offset..<offset + count]` shaped in `face` (the rest of `text` is context), left to right
    /// as they are drawn; empty when there is nothing to shape.
    func shape(
        _ text: [UInt32], offset: Int, count: Int, face: HarfBuzzFace, script: UInt32,
        rightToLeft: Bool
    ) -> [ShapedGlyph] {
        guard count > 0, offset >= 0, offset + count <= text.count, text.count <= Int(Int32.max) else { return [] }
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        text.withUnsafeBufferPointer {
            hb_buffer_add_utf32(buffer, $0.baseAddress, Int32(text.count), UInt32(offset), Int32(count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_from_iso15924_tag(script))
        if let language = settings.language { hb_buffer_set_language(buffer, language) }
        (HarfBuzzShaper.turnsOffContextualAlternates(script: script) ? settings.hangulFeatures : settings.features)
            .withUnsafeBufferPointer { hb_shape(face.font, buffer, $0.baseAddress, UInt32($0.count)) }
        var glyphCount: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount),
            let positions = hb_buffer_get_glyph_positions(buffer, &glyphCount)
        else { return [] }
        return (0..<Int(glyphCount)).map { index in
            ShapedGlyph(
                glyph: infos[index].codepoint, cluster: Int(infos[index].cluster),
                xAdvance: positions[index].x_advance, xOffset: positions[index].x_offset,
                yOffset: positions[index].y_offset)
        }
    }
}
