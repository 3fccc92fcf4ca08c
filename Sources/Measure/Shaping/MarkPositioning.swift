internal import CHarfBuzz

/// Whether HarfBuzz may leave out a font's mark positioning when text is measured: the proof behind shaping without
/// the `mark`, `mkmk`, `abvm` and `blwm` features.
///
/// Measuring reads the advances HarfBuzz gives, never the offsets. The lookups of those four features, in every font
/// made as the OpenType specification describes them, are mark attachment (GPOS types 4, 5 and 6: MarkBase, MarkLig,
/// MarkMark), which sets a mark's offset from its base and no advance; HarfBuzz zeroes marks' advances by their GDEF
/// class whether or not they are positioned. Shaping without them costs less — HarfBuzz alone over the complex-script
/// corpora (`scripts/harfbuzz-alone.c`, a word per call, callgrind): Arabic 90.4 M → 77.9 M instructions, Hindi
/// 258.2 M → 245.1 M, with the same sum of advances — but only when the proof holds, so it is checked per font:
/// - GSUB lists no lookup under those tags (a feature turned off is turned off in both tables);
/// - every GPOS lookup under them is mark attachment (an Extension resolved to what it wraps);
/// - no cursive attachment (GPOS type 3) can run after the first of them — a later lookup of that type, nor, in a font
///   with any cursive lookup, a later contextual lookup, which might call one: HarfBuzz's cursive attachment writes a
///   glyph's offset into advances
///   (`x_advance = exit_x + x_offset`, CursivePosFormat1), so an offset a mark lookup set before it would change a
///   width (a review built such a font, `Tests/FontFixtures/MarkCursMC.ttf`: "abc" 200 pt wide with `mark`, 170 pt
///   without). Of the 237 font files on this machine that pass the first two tests (fontTools), 7 fail this one
///   (Noto Sans Kannada, Newa, Sinhala, Noto Serif Sinhala: a cursive lookup and a later contextual one).
/// A font that fails is shaped with them, as before.
///
/// One more thing the features change in HarfBuzz 6.0, and it is kept out: with `mark` off, a shape plan has no
/// "GPOS mark" and the Hebrew shaper composes presentation forms (U+FB1D and its neighbours) that it otherwise leaves
/// decomposed, so Hebrew runs are shaped with them (`HarfBuzzShaper.keepsMarkPositioning`).
/// `MarkPositioningTests` compares the advances with and without over every script the corpora hold.
enum MarkPositioning {
    /// The tags of the features whose lookups only position marks: `mark`, `mkmk`, `abvm`, `blwm`.
    static let featureTags = [UInt32(tag: "mark"), UInt32(tag: "mkmk"), UInt32(tag: "abvm"), UInt32(tag: "blwm")]
    /// GPOS lookup types that attach a mark: MarkBasePos, MarkLigPos, MarkMarkPos.
    static let attachmentTypes: LookupTypes = {
        var types = LookupTypes()
        for type: UInt16 in 4...6 { types.insert(type) }
        return types
    }()
    /// GPOS's Extension lookup type.
    static let extensionType: UInt16 = 9
    /// GPOS's cursive attachment lookup type.
    static let cursiveType: UInt16 = 3
    /// GPOS's contextual and chained contextual positioning lookup types, which call other lookups.
    static let contextualType: UInt16 = 7
    static let chainedContextualType: UInt16 = 8

    /// `featureTags` zero-terminated, as `hb_ot_layout_collect_lookups` reads them.
    private static let terminatedTags = featureTags + [0]

    /// Whether shaping text in `face` without `featureTags` gives every advance it gives with them (the three tests
    /// above). Reads the tables without building arrays of lookups or subtables (a fresh cascade's fonts each ask
    /// once; `Font` keeps the answer per font file for the process).
    static func onlyMovesMarks(_ face: OpaquePointer) -> Bool {
        let gsub = hb_set_create()
        let gpos = hb_set_create()
        defer {
            hb_set_destroy(gsub)
            hb_set_destroy(gpos)
        }
        terminatedTags.withUnsafeBufferPointer { tags in
            hb_ot_layout_collect_lookups(face, UInt32(tag: "GSUB"), nil, nil, tags.baseAddress, gsub)
            hb_ot_layout_collect_lookups(face, UInt32(tag: "GPOS"), nil, nil, tags.baseAddress, gpos)
        }
        guard hb_set_get_population(gsub) == 0, hb_set_get_population(gpos) > 0 else { return false }
        guard let bytes = tableBytes(face, UInt32(tag: "GPOS")),
            let layout = try? OpenTypeLayoutTable(bytes, name: "GPOS"),
            let count = try? Int(layout.reader.u16(layout.lookupList))
        else { return false }
        var lookup = UInt32.max  // HB_SET_VALUE_INVALID: start before the first
        while hb_set_next(gpos, &lookup) != 0 {
            // Every subtable mark attachment (an Extension's, what it wraps); a malformed lookup fails.
            guard Int(lookup) < count, let types = try? wrappedTypes(layout, lookup: Int(lookup)),
                types.isSubset(of: attachmentTypes)
            else { return false }
        }
        return !cursiveMayFollow(layout, firstMarkLookup: Int(hb_set_get_min(gpos)))
    }

    /// Whether a cursive attachment lookup may run after GPOS lookup `first`: one of a later index, or — when the
    /// font has a cursive lookup anywhere — a contextual one of a later index, which may call it (which ones it calls
    /// is not read: such a font is refused). Malformed lookups count as both.
    private static func cursiveMayFollow(_ layout: OpenTypeLayoutTable, firstMarkLookup first: Int) -> Bool {
        guard let count = try? Int(layout.reader.u16(layout.lookupList)) else { return true }
        var hasCursive = false
        var contextualLater = false
        for index in 0..<count {
            guard let types = try? wrappedTypes(layout, lookup: index) else { return true }
            let cursive = types.contains(cursiveType)
            if cursive && index > first { return true }
            hasCursive = hasCursive || cursive
            if index > first && (types.contains(contextualType) || types.contains(chainedContextualType)) {
                contextualLater = true
            }
        }
        return hasCursive && contextualLater
    }

    /// The lookup types of GPOS lookup `index`: its own, or for an Extension those its subtables wrap, as a bit set
    /// (bit `t` for type `t`); throws when the lookup is malformed.
    private static func wrappedTypes(_ layout: OpenTypeLayoutTable, lookup index: Int) throws(ByteReader.Malformed)
        -> LookupTypes
    {
        let reader = layout.reader
        let lookupList = layout.lookupList
        let lookup = try reader.offset16(from: lookupList, at: lookupList + 2 + index * 2)
        let type = try reader.u16(lookup)
        guard type == extensionType else { return LookupTypes(type) }
        var types = LookupTypes()
        for subtable in 0..<Int(try reader.u16(lookup + 4)) {
            let at = try reader.offset16(from: lookup, at: lookup + 6 + subtable * 2)
            // ExtensionPosFormat1: format, then the wrapped type. Another format (which HarfBuzz does not apply)
            // counts as type 0, which is no attachment type.
            types.insert(try reader.u16(at) == 1 ? try reader.u16(at + 2) : 0)
        }
        return types
    }

    /// A set of lookup types, one bit each, so that reading a font's lookups builds no array. GPOS has types 1 to 9;
    /// a value past 31, which no font has and HarfBuzz does not apply, counts as type 0 (no type the proof accepts or
    /// looks for).
    struct LookupTypes: Sendable {
        private var bits: UInt32 = 0

        init() {}

        init(_ type: UInt16) { insert(type) }

        mutating func insert(_ type: UInt16) { bits |= 1 << UInt32(type < 32 ? type : 0) }

        func contains(_ type: UInt16) -> Bool { type < 32 && bits & 1 << UInt32(type) != 0 }

        func isSubset(of other: LookupTypes) -> Bool { bits & ~other.bits == 0 }
    }

    /// A copy of the font's table `tag`, or nil when it has none.
    private static func tableBytes(_ face: OpaquePointer, _ tag: UInt32) -> [UInt8]? {
        guard let blob = hb_face_reference_table(face, tag) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
    }

}
