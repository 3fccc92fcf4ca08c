internal import CHarfBuzz

/// The one owner of the HarfBuzz blob, face and font made from one `Font`'s file: what shapes that font's runs.
///
/// The font's scale is its units per em, so HarfBuzz reports advances in exact font units (no hinting, no rounding),
/// which the measurer scales to points itself, as it does for the fast path.
///
/// `@unchecked Sendable` because: HarfBuzz documents `hb_face_t` and `hb_font_t` as safe to use from many threads
/// at once once they are no longer modified (`hb_font_make_immutable`), and this class never modifies them after
/// `init`; `HarfBuzzShapingStressTests` shapes one face from many threads and checks every result.
final class HarfBuzzFace: @unchecked Sendable {
    private let blob: OpaquePointer
    let face: OpaquePointer
    let font: OpaquePointer
    /// Units per em, as HarfBuzz reads it.
    let unitsPerEm: Int32
    /// How many glyphs the face has.
    let glyphCount: UInt32
    /// Whether the font's `mark`, `mkmk`, `abvm` and `blwm` features only attach marks, so measuring may shape
    /// without them (`MarkPositioning`).
    let onlyMovesMarks: Bool
    /// Whether GDEF classes the face's glyphs (`isMark`).
    let hasGlyphClasses: Bool
    /// The glyph of U+0020, which HarfBuzz puts, with no advance, in place of a default-ignorable character
    /// (`hb_ot_hide_default_ignorables`); `UInt32.max` when the face has none (HarfBuzz then deletes them).
    let spaceGlyph: UInt32

    /// The bytes of a memory font, held while HarfBuzz reads them in place (nil for a file's face).
    private let memory: FontMemory?

    /// Loads face `faceIndex` of the font file at `path`; nil when HarfBuzz cannot read the file. `onlyMovesMarks`
    /// is what `MarkPositioning` proved of the same file before (nil: prove it now).
    convenience init?(path: String, faceIndex: Int, onlyMovesMarks: Bool? = nil) {
        guard faceIndex >= 0, faceIndex < 0x1_0000, let blob = hb_blob_create_from_file_or_fail(path) else {
            return nil
        }
        self.init(blob: blob, faceIndex: faceIndex, memory: nil, onlyMovesMarks: onlyMovesMarks)
    }

    /// Loads face `faceIndex` of a memory font, reading its bytes in place (read-only: HarfBuzz copies nothing);
    /// nil when HarfBuzz cannot read them.
    convenience init?(memory: FontMemory, faceIndex: Int) {
        guard faceIndex >= 0, faceIndex < 0x1_0000, let base = memory.bytes.baseAddress,
            let length = UInt32(exactly: memory.bytes.count), length > 0,
            let blob = hb_blob_create_or_fail(
                base.assumingMemoryBound(to: CChar.self), length,
                HB_MEMORY_MODE_READONLY, nil, nil)
        else { return nil }
        self.init(blob: blob, faceIndex: faceIndex, memory: memory, onlyMovesMarks: nil)
    }

    /// Takes ownership of `blob` (destroyed here when a later step fails).
    private init?(blob: OpaquePointer, faceIndex: Int, memory: FontMemory?, onlyMovesMarks: Bool?) {
        guard let face = hb_face_create(blob, UInt32(faceIndex)) else {
            hb_blob_destroy(blob)
            return nil
        }
        guard let font = hb_font_create(face) else {
            hb_face_destroy(face)
            hb_blob_destroy(blob)
            return nil
        }
        let upem = Int32(clamping: hb_face_get_upem(face))
        hb_font_set_scale(font, upem, upem)
        hb_face_make_immutable(face)
        hb_font_make_immutable(font)
        self.blob = blob
        self.memory = memory
        self.face = face
        self.font = font
        unitsPerEm = upem
        glyphCount = hb_face_get_glyph_count(face)
        self.onlyMovesMarks = onlyMovesMarks ?? MarkPositioning.onlyMovesMarks(face)
        hasGlyphClasses = hb_ot_layout_has_glyph_classes(face) != 0
        var space: hb_codepoint_t = 0
        spaceGlyph = hb_font_get_nominal_glyph(font, 0x20, &space) != 0 ? space : UInt32.max
    }

    /// Whether GDEF classes `glyph` as a mark (asked of a few glyphs at the end of a shaped run:
    /// `HarfBuzzShaper.trailingGlyph`).
    func isMark(_ glyph: UInt32) -> Bool {
        hb_ot_layout_get_glyph_class(face, glyph) == HB_OT_LAYOUT_GLYPH_CLASS_MARK
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }
}
