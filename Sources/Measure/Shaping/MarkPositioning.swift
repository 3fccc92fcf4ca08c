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

    /// Whether shaping text in `face` without `features` gives every advance it gives with them.
    static func onlyMovesMarks(_ face: OpaquePointer) -> Bool {
        let gsub = lookups(face, table: tag("GSUB"))
        let gpos = lookups(face, table: tag("GPOS"))
        guard gsub.isEmpty, !gpos.isEmpty else { return false }
        guard let bytes = tableBytes(face, tag("GPOS")), let layout = try? OpenTypeLayoutTable(bytes, name: "GPOS")
        else { return false }
        return gpos.allSatisfy { lookup in
            guard let subtables = try? layout.subtables(ofLookup: lookup, extension: extensionType) else {
                return false
            }
            return subtables.allSatisfy { subtable in
                guard let type = try? subtable.get().type else { return false }
                return attachmentTypes.contains(type)
            }
        }
    }

    /// Every lookup of `table` that the features list under any script, language or feature variation.
    private static func lookups(_ face: OpaquePointer, table: UInt32) -> [Int] {
        var tags = features.map(tag) + [0]  // zero-terminated, as HarfBuzz reads it
        let set = hb_set_create()
        defer { hb_set_destroy(set) }
        tags.withUnsafeMutableBufferPointer { hb_ot_layout_collect_lookups(face, table, nil, nil, $0.baseAddress, set) }
        var result: [Int] = []
        var value = UInt32.max  // HB_SET_VALUE_INVALID: start before the first
        while hb_set_next(set, &value) != 0 { result.append(Int(value)) }
        return result
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
