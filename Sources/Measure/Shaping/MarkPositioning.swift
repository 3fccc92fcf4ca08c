internal import CHarfBuzz

/// Whether HarfBuzz may leave out a font's mark positioning when text is measured: the proof behind shaping without
/// the `mark`, `mkmk`, `abvm` and `blwm` features.
///
/// Measuring reads the advances HarfBuzz gives, never the offsets. The lookups of those four features, in every font
/// made as the OpenType specification describes them, are mark attachment (GPOS types 4, 5 and 6: MarkBase, MarkLig,
/// MarkMark), which sets a mark's offset from its base and leaves every advance as it was; HarfBuzz zeroes marks'
/// advances by their GDEF class whether or not they are positioned. Shaping without them costs less — HarfBuzz alone
/// over the complex-script corpora (`scripts/harfbuzz-alone.c`, a word per call, callgrind): Arabic 90.4 M →
/// 77.9 M instructions, Hindi 258.2 M → 245.1 M, with the same sum of advances — but only when the proof holds, so it
/// is checked per font: GSUB lists no lookup under those tags (a feature turned off is turned off in both tables),
/// and every GPOS lookup under them is mark attachment (an Extension resolved to what it wraps). A font that fails
/// is shaped with them, as before.
///
/// One more thing the features change in HarfBuzz 6.0, and it is kept out: with `mark` off, a shape plan has no
/// "GPOS mark" and the Hebrew shaper composes presentation forms (U+FB1D and its neighbours) that it otherwise leaves
/// decomposed, so Hebrew runs are shaped with them (`HarfBuzzShaper.keepsMarkPositioning`).
/// `MarkPositioningTests` compares the advances with and without over every script the corpora hold.
enum MarkPositioning {
    /// The features whose lookups only position marks.
    static let features = ["mark", "mkmk", "abvm", "blwm"]
    /// GPOS lookup types that attach a mark: MarkBasePos, MarkLigPos, MarkMarkPos.
    static let attachmentTypes: Set<UInt16> = [4, 5, 6]
    /// GPOS's Extension lookup type.
    static let extensionType: UInt16 = 9

    /// The four features' tags, zero-terminated, as `hb_ot_layout_collect_lookups` reads them.
    private static let featureTags: [UInt32] = features.map(tag) + [0]

    /// Whether shaping text in `face` without `features` gives every advance it gives with them. Reads the tables
    /// without building arrays of lookups or subtables (a fresh cascade's fonts each ask once; `Font` keeps the answer
    /// per font file for the process).
    static func onlyMovesMarks(_ face: OpaquePointer) -> Bool {
        let gsub = hb_set_create()
        let gpos = hb_set_create()
        defer {
            hb_set_destroy(gsub)
            hb_set_destroy(gpos)
        }
        featureTags.withUnsafeBufferPointer { tags in
            hb_ot_layout_collect_lookups(face, tag("GSUB"), nil, nil, tags.baseAddress, gsub)
            hb_ot_layout_collect_lookups(face, tag("GPOS"), nil, nil, tags.baseAddress, gpos)
        }
        guard hb_set_get_population(gsub) == 0, hb_set_get_population(gpos) > 0 else { return false }
        guard let bytes = tableBytes(face, tag("GPOS")), let layout = try? OpenTypeLayoutTable(bytes, name: "GPOS")
        else { return false }
        var lookup = UInt32.max  // HB_SET_VALUE_INVALID: start before the first
        while hb_set_next(gpos, &lookup) != 0 {
            guard (try? attachesMarksOnly(layout, lookup: Int(lookup))) == true else { return false }
        }
        return true
    }

    /// Whether every subtable of GPOS lookup `lookup` is mark attachment (an Extension's, what it wraps); throws
    /// when the lookup is malformed.
    private static func attachesMarksOnly(_ layout: OpenTypeLayoutTable, lookup index: Int) throws(ByteReader.Malformed)
        -> Bool
    {
        let reader = layout.reader
        let lookupList = layout.lookupList
        guard index < Int(try reader.u16(lookupList)) else { return false }
        let lookup = try reader.offset16(from: lookupList, at: lookupList + 2 + index * 2)
        let type = try reader.u16(lookup)
        let count = Int(try reader.u16(lookup + 4))
        guard type == extensionType else { return attachmentTypes.contains(type) }
        for subtable in 0..<count {
            let at = try reader.offset16(from: lookup, at: lookup + 6 + subtable * 2)
            // ExtensionPosFormat1: format, then the wrapped lookup type.
            guard try reader.u16(at) == 1, attachmentTypes.contains(try reader.u16(at + 2)) else { return false }
        }
        return true
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

    static func tag(_ text: String) -> UInt32 {
        text.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }
}
