internal import CHarfBuzz

/// Shapes runs of text with HarfBuzz for one measuring configuration: one reusable `hb_buffer_t`, the language and
/// the feature switches of the measurer (kerning and ligatures on or off), and what came out of the last run, in
/// plain per-scalar arrays so that no HarfBuzz type leaves this folder.
///
/// One owner, one thread at a time (HarfBuzz buffers are not thread-safe): each `SessionState` holds its own.
final class HarfBuzzShaper {
    private let buffer: OpaquePointer
    private let language: OpaquePointer?
    private var features: [hb_feature_t]
    /// `features` with `calt` off, for Hangul runs (see `turnsOffContextualAlternates`).
    private var hangulFeatures: [hb_feature_t]
    /// The two with mark positioning off as well, for faces whose mark features only attach marks
    /// (`HarfBuzzFace.onlyMovesMarks`): measuring reads advances, which those lookups never change.
    private var markFreeFeatures: [hb_feature_t]
    private var markFreeHangulFeatures: [hb_feature_t]
    /// Whether mark positioning is turned off where `MarkPositioning` proves it changes no advance (false for the
    /// tests that compare the two).
    let dropsMarkPositioning: Bool

    /// Per scalar of the last shaped text (indices into the `text` passed to `shape`): the summed advance in font
    /// units of the glyphs of the HarfBuzz cluster that starts there (0 elsewhere), whether a cluster starts there,
    /// and the part of that advance that is `.notdef` glyphs' (for the marks a fallback font draws:
    /// `LayoutEngine.fallbackAdjustment`).
    private(set) var advances: UnsafeMutablePointer<Int32>
    private(set) var clusterStarts: UnsafeMutablePointer<Bool>
    private(set) var notdefAdvances: UnsafeMutablePointer<Int32>
    /// The glyph that comes first in the cluster in logical order (for kerning a left-to-right run against the next).
    private(set) var firstGlyphs: UnsafeMutablePointer<UInt32>
    private var capacity: Int

    /// A shaper for text in `language` (BCP 47; nil or empty: none, so HarfBuzz uses each script's default forms),
    /// with pair kerning and ligatures as the measurer has them. Required shaping (joining forms, `rlig`, marks'
    /// glyphs, reordering) is never turned off; mark positioning is, in faces where `MarkPositioning` proves it moves
    /// marks and nothing else, unless `dropsMarkPositioning` is false.
    init(language: String?, kerns: Bool, ligates: Bool, dropsMarkPositioning: Bool = true) {
        buffer = hb_buffer_create()
        let settings = ShapingSettings(language: language, kerns: kerns, ligates: ligates)
        self.language = settings.language
        features = settings.features
        hangulFeatures = settings.hangulFeatures
        let marksOff = MarkPositioning.featureTags.map { hb_feature_t(tag: $0, value: 0, start: 0, end: UInt32.max) }
        markFreeFeatures = features + marksOff
        markFreeHangulFeatures = hangulFeatures + marksOff
        self.dropsMarkPositioning = dropsMarkPositioning
        capacity = 64
        advances = .allocate(capacity: capacity)
        clusterStarts = .allocate(capacity: capacity)
        notdefAdvances = .allocate(capacity: capacity)
        firstGlyphs = .allocate(capacity: capacity)
    }

    deinit {
        hb_buffer_destroy(buffer)
        advances.deallocate()
        clusterStarts.deallocate()
        notdefAdvances.deallocate()
        firstGlyphs.deallocate()
    }

    /// Shapes `text[offset..<offset + count]` in `face`, with the rest of `text` as context (HarfBuzz looks a few
    /// characters either side for joining and contextual forms), in the script with ISO 15924 tag `script` and the
    /// given direction. Afterwards `advances`, `clusterStarts` and `notdefAdvances` describe `text[offset..<offset + count]`
    /// (indices into `text`).
    /// Returns false, having shaped nothing, for an empty item or a text too long for HarfBuzz's 32-bit counts.
    @discardableResult
    func shape(
        _ text: UnsafeBufferPointer<UInt32>, offset: Int, count: Int, face: HarfBuzzFace, script: UInt32,
        rightToLeft: Bool
    ) -> Bool {
        precondition(offset >= 0 && count >= 0 && offset + count <= text.count, "the item lies inside the text")
        reserve(text.count)
        for index in offset..<(offset + count) {
            advances[index] = 0
            clusterStarts[index] = false
            notdefAdvances[index] = 0
        }
        // HarfBuzz counts in Int32; a longer text keeps the fast path's advances (it is gigabytes of one word).
        guard count > 0, text.count <= Int(Int32.max), let base = text.baseAddress else { return false }
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        // Text is measured, never drawn at a paragraph edge: no beginning/end-of-text flags, so context decides.
        hb_buffer_add_utf32(buffer, base, Int32(text.count), UInt32(offset), Int32(count))
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_from_iso15924_tag(script))
        if let language { hb_buffer_set_language(buffer, language) }
        let withoutMarks = dropsMarkPositioning && face.onlyMovesMarks && !Self.keepsMarkPositioning(script: script)
        let chosen =
            Self.turnsOffContextualAlternates(script: script)
            ? (withoutMarks ? markFreeHangulFeatures : hangulFeatures) : (withoutMarks ? markFreeFeatures : features)
        chosen.withUnsafeBufferPointer { hb_shape(face.font, buffer, $0.baseAddress, UInt32($0.count)) }
        var glyphCount: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount),
            let positions = hb_buffer_get_glyph_positions(buffer, &glyphCount)
        else { return false }
        for glyph in 0..<Int(glyphCount) {
            let cluster = Int(infos[glyph].cluster)
            // Clusters are indices into `text`; HarfBuzz keeps them inside the item.
            guard cluster >= offset && cluster < offset + count else { continue }
            advances[cluster] &+= positions[glyph].x_advance
            // Glyphs come in visual order: the logical first of a right-to-left cluster is its last.
            if !clusterStarts[cluster] || rightToLeft { firstGlyphs[cluster] = infos[glyph].codepoint }
            clusterStarts[cluster] = true
            if infos[glyph].codepoint == 0 { notdefAdvances[cluster] &+= positions[glyph].x_advance }
        }
        return true
    }

    /// The glyph of the cluster at `start..<end` (indices into the `text` of the last `shape`, which shaped it left to
    /// right) that HarfBuzz's pair kerning takes as the left of a pair with the glyph after the cluster, had the run
    /// gone on: its last glyph, past the glyphs pair kerning skips there (`trailingRole`) — a default-ignorable
    /// character's hidden glyph, and a mark where the font's pair kerning skips marks (`kerningSkipsMarks`, the font's
    /// `OpenTypeFeatures.kerningSkipsMarks`: Noto Sans, whose "V\u{30C}a" is kerned V–a). `kernsAgainstNothing` where
    /// that glyph is a mark with no advance: a pair puts its value on its left glyph, and HarfBuzz zeroes marks'
    /// advances after kerning, so such a cluster kerns against nothing after it (DejaVu Sans: "V\u{30C}a" is not
    /// kerned). `noTrailingGlyph` where pair kerning skips every glyph of it. Read off the buffer from its end, so it
    /// costs a few glyphs for a run's last cluster, which is all the fitter asks about
    /// (`LayoutEngine.noteTrailingGlyph`).
    func trailingGlyph(ofClusterFrom start: Int, to end: Int, face: HarfBuzzFace, kerningSkipsMarks: Bool) -> UInt32 {
        var glyphCount: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount),
            let positions = hb_buffer_get_glyph_positions(buffer, &glyphCount)
        else { return Self.noTrailingGlyph }
        var glyph = Int(glyphCount) - 1
        while glyph >= 0 {
            let cluster = Int(infos[glyph].cluster)
            if cluster < start { break }
            if cluster < end {
                let id = infos[glyph].codepoint
                let advance = positions[glyph].x_advance
                // The first glyph of a HarfBuzz cluster with an advance is taken as it is, with no class lookup: a
                // base nearly always (a spacing mark first in its cluster, which pair kerning may skip, is not
                // looked for).
                let first = glyph == 0 || Int(infos[glyph - 1].cluster) != cluster
                let role =
                    first && advance != 0
                    ? id : Self.trailingRole(id, advance: advance, in: face, kerningSkipsMarks: kerningSkipsMarks)
                if role != Self.noTrailingGlyph { return role }
            }
            glyph -= 1
        }
        return Self.noTrailingGlyph
    }

    /// What `trailingGlyph` makes of `glyph`, with `advance` as shaped: `noTrailingGlyph` where pair kerning skips
    /// it — a default-ignorable character's hidden glyph (the space glyph with no advance), and a mark where the
    /// font's pair kerning skips marks; `kernsAgainstNothing` for a mark with no advance where it does not; else the
    /// glyph itself. A mark is one GDEF classes so, or in a face without glyph classes one with no advance (HarfBuzz
    /// then classes by Unicode, and gives marks no advance).
    @inline(__always)
    private static func trailingRole(
        _ glyph: UInt32, advance: Int32, in face: HarfBuzzFace, kerningSkipsMarks: Bool
    ) -> UInt32 {
        if advance != 0 && !kerningSkipsMarks { return glyph }
        if advance == 0 && glyph == face.spaceGlyph { return noTrailingGlyph }
        guard face.hasGlyphClasses ? face.isMark(glyph) : advance == 0 else { return glyph }
        return kerningSkipsMarks ? noTrailingGlyph : kernsAgainstNothing
    }

    /// `trailingGlyph`'s answer where pair kerning skips every glyph of the cluster (a default-ignorable character
    /// HarfBuzz keeps as a cluster of its own, as it does U+200C after "-"), which then kerns against nothing.
    static let noTrailingGlyph = UInt32.max
    /// `trailingGlyph`'s answer for a cluster that kerns against nothing after it.
    static let kernsAgainstNothing = UInt32.max - 1

    /// Shapes `text` whole in `face` with HarfBuzz's default features (which hold `ccmp`, where emoji fonts make their
    /// sequences' ligatures), default-ignorable characters removed, and writes the glyphs that advance, in order, to
    /// `glyphs` (as many as it holds); returns how many glyphs advance (0 for an empty text). A `.notdef` (a scalar
    /// the face lacks, such as a Devanagari vowel sign after an emoji) is not counted: it is no glyph of the face's.
    func spacingGlyphs(
        of text: UnsafeBufferPointer<UInt32>, face: HarfBuzzFace, into glyphs: UnsafeMutableBufferPointer<UInt32>
    ) -> Int {
        guard !text.isEmpty, text.count <= Int(Int32.max), let base = text.baseAddress else { return 0 }
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES)
        defer { hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_DEFAULT) }
        hb_buffer_add_utf32(buffer, base, Int32(text.count), 0, Int32(text.count))
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, HB_SCRIPT_COMMON)
        hb_shape(face.font, buffer, nil, 0)
        var glyphCount: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount),
            let positions = hb_buffer_get_glyph_positions(buffer, &glyphCount)
        else { return 0 }
        var spacing = 0
        for glyph in 0..<Int(glyphCount) where positions[glyph].x_advance != 0 && infos[glyph].codepoint != 0 {
            if spacing < glyphs.count { glyphs[spacing] = infos[glyph].codepoint }
            spacing += 1
        }
        return spacing
    }

    /// `spacingGlyphs(of:face:into:)` into an array of its own, asked again with room for all when a substitution
    /// makes more glyphs than scalars: for drawing and ink, which keep the glyphs (measuring counts into a buffer).
    func spacingGlyphs(of text: UnsafeBufferPointer<UInt32>, face: HarfBuzzFace) -> [UInt32] {
        var glyphs = [UInt32](repeating: 0, count: text.count)
        var count = glyphs.withUnsafeMutableBufferPointer { spacingGlyphs(of: text, face: face, into: $0) }
        if count > glyphs.count {
            glyphs = [UInt32](repeating: 0, count: count)
            count = glyphs.withUnsafeMutableBufferPointer { spacingGlyphs(of: text, face: face, into: $0) }
        }
        return Array(glyphs.prefix(count))
    }

    /// Whether text in `language` is shaped without telling HarfBuzz its language. Korean: Noto Sans CJK KR's Korean
    /// language system replaces every space with a wider one (280 units instead of 224), which neither Pango nor
    /// Skia applies; the measurer follows them (a Korean face's default forms are already Korean).
    static func ignoresLanguage(_ language: String) -> Bool {
        let lower = language.lowercased()
        return lower == "ko" || lower.hasPrefix("ko-") || lower.hasPrefix("ko_") || lower == "kor"
    }

    /// Whether runs of the script with ISO 15924 tag `script` keep mark positioning even in a font that
    /// `MarkPositioning` clears. Hebrew: with `mark` off HarfBuzz 6.0's Hebrew shaper composes presentation forms
    /// (`compose_hebrew`, when the plan has no GPOS `mark`), which changes glyphs, not only offsets.
    static func keepsMarkPositioning(script: UInt32) -> Bool {
        script == 0x4865_6272  // "Hebr"
    }

    /// Whether runs of the script with ISO 15924 tag `script` are shaped with `calt` off. Hangul: Noto Sans CJK KR's
    /// contextual alternates widen the space between two Hangul words (280 units instead of 224) when HarfBuzz shapes
    /// a whole line; Pango and Skia do not show it, and the measurer follows them (reference/README.md).
    static func turnsOffContextualAlternates(script: UInt32) -> Bool {
        script == 0x4861_6E67  // "Hang"
    }

    private func reserve(_ count: Int) {
        guard count > capacity else { return }
        var newCapacity = capacity
        while newCapacity < count { newCapacity *= 2 }
        advances.deallocate()
        clusterStarts.deallocate()
        notdefAdvances.deallocate()
        firstGlyphs.deallocate()
        firstGlyphs = .allocate(capacity: newCapacity)
        advances = .allocate(capacity: newCapacity)
        clusterStarts = .allocate(capacity: newCapacity)
        notdefAdvances = .allocate(capacity: newCapacity)
        capacity = newCapacity
    }
}
