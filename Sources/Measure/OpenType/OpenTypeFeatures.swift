/// Kerning and standard ligatures of one font face, read once from its GPOS/kern and GSUB tables.
///
/// CoreText kerns and applies standard ligatures by default, so a measurer that only sums advances drifts from it by
/// a few tenths of a point per line. This reads, from the raw table bytes (no shaping engine), the two things that
/// change widths: the 'kern' feature's pair adjustments (GPOS PairPos formats 1 and 2, through Extension lookups; the
/// legacy 'kern' table, OpenType's or Apple's, when GPOS has no 'kern' feature) and the 'liga' feature's ligatures (GSUB LigatureSubst).
/// Features are taken for every script and language at once, since the measurer does not know them. Lookup flags
/// (ignore marks, mark filtering sets) and contextual lookups are not applied: pairs and ligatures match adjacent glyphs.
final class OpenTypeFeatures: Sendable {
    private let kerningTable: KerningTable
    private let ligatureTable: LigatureTable

    /// Human-readable notes about what was read or skipped (lookup types not supported, malformed offsets…).
    let diagnostics: [String]
    /// Whether the kerning comes from the legacy 'kern' table (GPOS has no 'kern' lookups). HarfBuzz applies such a
    /// pair's value half to each glyph's advance (`hb_kern_machine_t`), where the fast path and GPOS put it on one:
    /// the sums agree, the clusters' advances do not.
    let kernsByLegacyTable: Bool
    /// Whether the GPOS 'kern' feature has contextual or chained contextual positioning (types 7 and 8), which
    /// adjusts a pair by the glyphs around it and which the pair table leaves out: Noto Sans Myanmar's 'kern' is one
    /// such lookup (Debian's Noto Sans Thai kerns by pairs; Noto Sans Lao and Khmer have no 'kern'). Words of such a
    /// font across a dictionary seam are shaped together (`LayoutEngine.fontShapesAcrossSeams`,
    /// `LineFitter.seamWindow`).
    let kernsInContext: Bool
    /// Whether the legacy 'kern' table the font kerns by holds what only HarfBuzz applies as HarfBuzz does (an Apple
    /// format 1 subtable, contextual kerning by a state machine; format 0 pairs out of order, which HarfBuzz
    /// searches; more than the reader holds): every run of the font is then shaped (`Font.shapingTriggers`).
    let kerningNeedsShaping: Bool
    /// Whether HarfBuzz's pair kerning skips marks in this font: a mark between two glyphs does not stop the pair.
    /// True when a GPOS 'kern' lookup holding pairs has a LookupFlag that skips marks (IgnoreMarks, a mark attachment
    /// class or a mark filtering set: Noto Sans), and for the legacy 'kern' table, which HarfBuzz applies with
    /// IgnoreMarks (`hb_kern_machine_t`); false where every such lookup matches marks too (DejaVu Sans, Liberation,
    /// Noto Sans CJK), so that a mark ends the pair: "V\u{30C}a" is not kerned V–a there. It decides which glyph of a
    /// cluster HarfBuzz gave several kerns against the cluster after it (`HarfBuzzShaper.trailingGlyph`). A font with
    /// lookups of both kinds (some Indic fonts) counts as skipping, where the pair table cannot tell them apart.
    let kerningSkipsMarks: Bool

    /// Reads the tables through `table` (tag → bytes, nil if absent). Never throws: a malformed or missing table gives no
    /// kerning/ligatures for it (and `diagnostics` says why). `table` is called at most once per tag.
    init(table: (UInt32) -> [UInt8]?) {
        var diagnostics: [String] = []
        var builder = KerningTableBuilder()
        var gposKernLookups = 0
        var contextual = false
        var stateMachine = false
        var skipsMarks = false
        if let gpos = table(UInt32(tag: "GPOS")) {
            gposKernLookups = GPOSPairAdjustment.read(
                gpos, into: &builder, diagnostics: &diagnostics, contextual: &contextual, skipsMarks: &skipsMarks)
        } else {
            diagnostics.append("no GPOS table")
        }
        if gposKernLookups == 0 {
            if let kern = table(UInt32(tag: "kern")) {
                // The font's glyph count ('maxp' numGlyphs), for a class-based subtable whose class 0 kerns.
                let glyphCount = {
                    guard let maxp = table(UInt32(tag: "maxp")), let count = try? ByteReader(maxp).u16(4) else {
                        return 65_536
                    }
                    return Int(count)
                }
                stateMachine = LegacyKernTable.read(
                    kern, glyphCount: glyphCount, into: &builder, diagnostics: &diagnostics)
            } else {
                diagnostics.append("no kern table")
            }
        }
        kerningTable = builder.build()
        kernsByLegacyTable = gposKernLookups == 0 && !kerningTable.isEmpty
        kernsInContext = contextual
        kerningSkipsMarks = kernsByLegacyTable || skipsMarks
        kerningNeedsShaping = stateMachine
        if let gsub = table(UInt32(tag: "GSUB")) {
            ligatureTable = GSUBLigatureSubstitution.read(gsub, diagnostics: &diagnostics)
        } else {
            diagnostics.append("no GSUB table")
            ligatureTable = .empty
        }
        self.diagnostics = diagnostics
    }

    /// The horizontal advance adjustment in font units between two adjacent glyphs (0 if none).
    @inline(__always)
    func kerning(_ left: UInt32, _ right: UInt32) -> Int32 {
        kerningTable.adjustment(left, right)
    }

    /// `kerning(left, rights[i])` into `results[i]` for every `i` (`rights` ascending): `KerningTable.adjustments`.
    func kernings(
        after left: UInt32, rights: UnsafeBufferPointer<UInt32>, into results: UnsafeMutableBufferPointer<Int32>
    ) {
        kerningTable.adjustments(left, rights: rights, into: results)
    }

    /// Whether `glyph` may be the right glyph of a kerning pair (`KerningTable.kernsAsRight`): when false, every
    /// `kerning(_:glyph)` is 0.
    func kernsAsRight(_ glyph: UInt32) -> Bool {
        kerningTable.kernsAsRight(glyph)
    }

    /// Whether `glyph` may be the left glyph of a kerning pair (`KerningTable.kernsAsLeft`): when false, every
    /// `kerning(glyph, _)` is 0.
    func kernsAsLeft(_ glyph: UInt32) -> Bool {
        kerningTable.kernsAsLeft(glyph)
    }

    /// `kerning(_:_:)` found without the right glyph's bit (`KerningTable.kernsAsRight`): for the test that checks the
    /// bit against the pairs themselves.
    func kerningIgnoringRightSet(_ left: UInt32, _ right: UInt32) -> Int32 {
        kerningTable.searchAdjustment(left, right)
    }

    /// Whether any kerning exists at all (lets callers skip pair lookups).
    var hasKerning: Bool { !kerningTable.isEmpty }

    /// The ligature that starts at `glyphs[start]`: how many glyphs it replaces (≥ 2) and the ligature glyph; nil if
    /// none. Tries the font's ligatures for that first glyph in the font's order (first match wins, as GSUB does).
    func ligature(in glyphs: UnsafeBufferPointer<UInt32>, at start: Int) -> (count: Int, glyph: UInt32)? {
        ligatureTable.match(glyphs, at: start)
    }

    var hasLigatures: Bool { !ligatureTable.isEmpty }

    /// Whether a ligature could start at glyph `first` followed by `second` (`LigatureTable.mayStart`).
    func ligatureMayStart(_ first: UInt32, _ second: UInt32) -> Bool {
        ligatureTable.mayStart(first, second)
    }

    /// Whether some ligature starts with glyph `first` (`LigatureTable.mayStartAny`).
    func ligatureMayStartAny(_ first: UInt32) -> Bool {
        ligatureTable.mayStartAny(first)
    }
}
