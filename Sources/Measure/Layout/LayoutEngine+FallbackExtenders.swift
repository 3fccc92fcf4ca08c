import Foundation

/// Grapheme extenders a cluster's font lacks: drawn by another font of the cascade.
///
/// A cluster is measured in one font: the first of the cascade that maps all of it, else the first that maps its base
/// (`clusterFontMapping`). When that font lacks one of its combining marks (`中` U+0351 in Noto Sans CJK, `ก` U+0301
/// in Noto Sans Thai), HarfBuzz would give the mark the font's `.notdef` and its advance, and the mark would count as a
/// character no font has, though a later font of the cascade draws it. Text systems draw such a mark from a font that
/// has it (Pango and Skia both give `ก́` the width of `ก`); a combining mark attaches with no advance of its own, so
/// the cluster keeps its base's width. An emoji modifier (U+1F3FB…U+1F3FF) after a base that is not an emoji also
/// extends the cluster (Grapheme_Cluster_Break Extend), but it is drawn: as a swatch of its own colour, with the
/// advance of its glyph in the font that draws it.
extension LayoutEngine {
    /// Set in a cluster's first scalar's break flags (`Workspace.flags`, beside `LineBreaker`'s bits) by measuring
    /// when the cluster borrows: some of its grapheme extenders are drawn by another font than its own
    /// (`fallbackAdjustment`). Fitting then adds those fonts to the line's, whose height comes from the fonts drawn
    /// on it (`borrowedFontBits`).
    static var borrowsFlag: UInt8 { 0b1000 }

    /// The advance in points of the grapheme extender `scalar` in the cascade's first font that maps it, colour
    /// bitmap fonts first for an emoji modifier: 0 for a combining mark, the glyph's advance for an emoji modifier;
    /// nil when `scalar` is no grapheme extender or no font maps it.
    func fallbackAdvance(ofExtender scalar: UInt32) -> Double? {
        fallbackDrawing(ofExtender: scalar)?.advance
    }

    /// The font that draws the grapheme extender `scalar` when its cluster's font lacks it — the cascade's first
    /// that maps it, colour bitmap fonts first for an emoji modifier — its glyph there, and its advance in points
    /// (0 for a combining mark); nil when `scalar` is no grapheme extender or no font maps it.
    func fallbackDrawing(ofExtender scalar: UInt32) -> (font: Int, glyph: UInt32, advance: Double)? {
        guard unicode.properties(of: scalar).graphemeBreak == .extend else { return nil }
        let isModifier = Self.isEmojiModifier(scalar)
        for pass in 0..<(isModifier && hasColourFont ? 2 : 1) {
            for index in slots.indices where slots[index].mayMap(scalar) {
                if isModifier && hasColourFont && slots[index].withFont({ $0.isBitmapOnly }) != (pass == 0) {
                    continue
                }
                let entry = slots[index].glyphAdvance(for: scalar)
                guard entry.isMapped else { continue }
                return (index, entry.glyph, isModifier ? Double(entry.advance) * slots[index].scale : 0)
            }
        }
        return nil
    }

    /// The font bits (`fontBits`) of the fonts that draw the borrowed grapheme extenders of the cluster at `start`
    /// (`borrowsFlag`), before `end` (its segment's end). Asked only of a cluster that borrows, so seldom.
    @inline(never)
    func borrowedFontBits(ofClusterAt start: Int, before end: Int, in ws: Workspace) -> UInt64 {
        var bits: UInt64 = 0
        forEachBorrowedExtender(
            ofClusterAt: start, before: end, font: Int(ws.clusterFonts[start]),
            isContinuation: { ws.kinds[$0] == ClusterKind.continuation },
            startsGrapheme: { ws.flags[$0] & LineBreaker.graphemeBoundaryFlag != 0 },
            scalar: { ws.scalars[$0] }, body: { bits |= fontBits[$0.font] })
        return bits
    }

    /// Calls `body` with the drawing (`fallbackDrawing`) of each grapheme extender the cluster at `start`, in font
    /// `font`, borrows, first to last: each of its scalars after its first and before the next cluster
    /// (`isContinuation`) or `end` that is inside a grapheme cluster (not `startsGrapheme`), that `font` does not
    /// map, that is not default-ignorable (a variation selector or ZWNJ, which shaping hides, as measuring passes
    /// over it), that does not compose with the cluster's base into a character `font` maps (HarfBuzz draws `a`
    /// U+0301 as `á` where the font has it), and that another font draws. The one rule of measuring (the line's fonts)
    /// and drawing (the glyphs).
    func forEachBorrowedExtender(
        ofClusterAt start: Int, before end: Int, font: Int, isContinuation: (Int) -> Bool,
        startsGrapheme: (Int) -> Bool, scalar: (Int) -> UInt32,
        body: ((font: Int, glyph: UInt32, advance: Double)) -> Void
    ) {
        var base = scalar(start)
        var position = start + 1
        while position < end && isContinuation(position) {
            let scalar = scalar(position)
            if startsGrapheme(position) {
                base = scalar
            } else if !slots[font].glyphAdvance(for: scalar).isMapped
                && !unicode.properties(of: scalar).isDefaultIgnorable
            {
                if let composed = Self.composition(of: base, with: scalar),
                    slots[font].glyphAdvance(for: composed).isMapped
                {
                    base = composed
                } else if let drawing = fallbackDrawing(ofExtender: scalar) {
                    body(drawing)
                }
            }
            position += 1
        }
    }

    /// The character `base` and the combining `mark` compose into canonically (NFC), or nil.
    static func composition(of base: UInt32, with mark: UInt32) -> UInt32? {
        guard let first = Unicode.Scalar(base), let second = Unicode.Scalar(mark) else { return nil }
        var pair = String.UnicodeScalarView()
        pair.append(first)
        pair.append(second)
        let composed = String(pair).precomposedStringWithCanonicalMapping.unicodeScalars
        guard composed.count == 1, let only = composed.first else { return nil }
        return only.value
    }

    /// Marks the cluster at `start` as borrowing (`borrowsFlag`) or not.
    @inline(__always)
    func noteBorrowing(_ borrows: Bool, at start: Int, in ws: Workspace) {
        ws.flags[start] = ws.flags[start] & ~Self.borrowsFlag | (borrows ? Self.borrowsFlag : 0)
    }

    /// Whether `scalar` is an emoji modifier, U+1F3FB…U+1F3FF (the five skin tones).
    @inline(__always)
    static func isEmojiModifier(_ scalar: UInt32) -> Bool {
        scalar >= 0x1F3FB && scalar <= 0x1F3FF
    }

    /// For the scalars `start..<end` measured in `font`, where `start` begins a grapheme cluster: the sum of the
    /// fallback advances (`fallbackAdvance(ofExtender:)`) of those `font` does not map, when each of them is a
    /// grapheme extender inside its cluster (not the cluster's first scalar) that another font draws, or is
    /// default-ignorable; nil when one is not — a base no font of the cluster's choice has, or a scalar no font has,
    /// which stay `.notdef`s — and nil when `font` maps them all.
    func fallbackAdjustment(from start: Int, to end: Int, inFont font: Int, in ws: Workspace) -> Double? {
        var adjustment = 0.0
        var lacksAny = false
        for position in start..<end {
            let scalar = ws.scalars[position]
            if slots[font].glyphAdvance(for: scalar).isMapped || unicode.properties(of: scalar).isDefaultIgnorable {
                continue
            }
            guard position > start, ws.flags[position] & LineBreaker.graphemeBoundaryFlag == 0,
                let advance = fallbackAdvance(ofExtender: scalar)
            else { return nil }
            adjustment += advance
            lacksAny = true
        }
        return lacksAny ? adjustment : nil
    }

    /// Whether font `font` draws the cluster `start..<end`: it maps every scalar that is not default-ignorable, or
    /// the scalars it does not map are grapheme extenders inside the cluster that other fonts draw
    /// (`fallbackAdjustment`); or the primary font draws it with a stand-in for its first scalar (`standsIn`).
    func covers(cluster start: Int, to end: Int, inFont font: Int, in ws: Workspace) -> Bool {
        maps(cluster: start, to: end, inFont: font, in: ws)
            || fallbackAdjustment(from: start, to: end, inFont: font, in: ws) != nil
            || (font == 0 && standsIn(cluster: start, to: end, in: ws))
    }

    /// Whether the primary font draws the cluster `start..<end`, whose first scalar no font maps, with that scalar's
    /// stand-in (`StandInGlyphs`: a Unicode space, U+2011) and the rest of the cluster as it is (`drawsRest`): U+3000
    /// with U+0301 after it is the space glyph and the accent, as in HarfBuzz.
    func standsIn(cluster start: Int, to end: Int, in ws: Workspace) -> Bool {
        standIns.glyphAdvance(for: ws.scalars[start]) != nil && drawsRest(from: start + 1, to: end, in: ws)
    }

    /// Whether HarfBuzz draws the cluster `start..<end` in the primary font with its first scalar, which no font maps,
    /// decomposed (`StandInGlyphs.drawsDecomposed`) and the rest as it is (`drawsRest`): Č alone, or with U+0301 after
    /// it (C, the caron, the accent). Measuring sends it to HarfBuzz.
    func drawsDecomposed(cluster start: Int, to end: Int, in ws: Workspace) -> Bool {
        standIns.drawsDecomposed(ws.scalars[start]) && drawsRest(from: start + 1, to: end, in: ws)
    }

    /// Whether the primary font maps each scalar of `start..<end` or it is default-ignorable, and none is a variation
    /// selector — HarfBuzz does not normalize a cluster with one, and a first scalar the font lacks stays a `.notdef`.
    private func drawsRest(from start: Int, to end: Int, in ws: Workspace) -> Bool {
        var position = start
        while position < end {
            let scalar = ws.scalars[position]
            if Self.isVariationSelector(scalar) { return false }
            if !slots[0].glyphAdvance(for: scalar).isMapped && !unicode.properties(of: scalar).isDefaultIgnorable {
                return false
            }
            position += 1
        }
        return true
    }

    /// Whether `scalar` is a variation selector as HarfBuzz's normalizer takes one (U+FE00…U+FE0F, U+E0100…U+E01EF,
    /// and the Mongolian free variation selectors U+180B…U+180D, U+180F).
    static func isVariationSelector(_ scalar: UInt32) -> Bool {
        (0xFE00...0xFE0F).contains(scalar) || (0xE0100...0xE01EF).contains(scalar)
            || (0x180B...0x180F).contains(scalar) && scalar != 0x180E
    }
}
