/// A Class Definition table ("OpenType Layout Common Table Formats" → "Class Definition Table"): a class number for
/// each glyph, 0 for every glyph it does not list. PairPos format 2 kerns by (class of left, class of right).
///
/// Read into a dense array over the span of glyphs it lists, so a class is one array index away on the hot path.
struct OpenTypeClassDef: Sendable {
    /// The lowest glyph the table lists; `classes[0]` is its class.
    let firstGlyph: UInt32
    /// Classes of `firstGlyph`, `firstGlyph + 1`, …; glyphs past the end are class 0.
    let classes: [UInt16]

    /// The classes of `firstGlyph` and the glyphs after it, as a table in another form lists them (a legacy 'kern'
    /// subtable's, `KernClassSubtable`).
    init(firstGlyph: UInt32, classes: [UInt16]) {
        self.firstGlyph = firstGlyph
        self.classes = classes
    }

    /// Reads formats 1 (start glyph + class array) and 2 (class ranges).
    init(_ reader: ByteReader, at offset: Int) throws(ByteReader.Malformed) {
        let format = try reader.u16(offset)
        switch format {
        case 1:
            let start = try reader.u16(offset + 2)
            let count = Int(try reader.u16(offset + 4))
            try reader.require(offset + 6, count * 2, "ClassDef format 1 class array")
            var classes = [UInt16](repeating: 0, count: count)
            for index in 0..<count {
                classes[index] = try reader.u16(offset + 6 + index * 2)
            }
            firstGlyph = UInt32(start)
            self.classes = classes
        case 2:
            let count = Int(try reader.u16(offset + 2))
            try reader.require(offset + 4, count * 6, "ClassDef format 2 range records")
            var ranges: [(start: Int, end: Int, value: UInt16)] = []
            ranges.reserveCapacity(count)
            var low = Int.max, high = -1, listed = 0
            for range in 0..<count {
                let record = offset + 4 + range * 6
                let start = Int(try reader.u16(record)), end = Int(try reader.u16(record + 2))
                guard start <= end else {
                    throw ByteReader.Malformed(description: "ClassDef range \(start)–\(end) runs backwards")
                }
                listed += end - start + 1
                guard listed <= 0x10000 else {
                    throw ByteReader.Malformed(description: "ClassDef ranges list more than 65536 glyphs")
                }
                ranges.append((start, end, try reader.u16(record + 4)))
                low = min(low, start)
                high = max(high, end)
            }
            guard high >= 0 else {
                firstGlyph = 0
                classes = []
                return
            }
            var classes = [UInt16](repeating: 0, count: high - low + 1)
            // Ranges should not overlap; if they do, the first one listed keeps the glyph (as a binary search would
            // find some range, this is at least deterministic).
            for range in ranges.reversed() {
                for glyph in range.start...range.end { classes[glyph - low] = range.value }
            }
            firstGlyph = UInt32(low)
            self.classes = classes
        default:
            throw ByteReader.Malformed(description: "ClassDef format \(format) is not 1 or 2")
        }
    }

    /// The class of `glyph` (0 when unlisted).
    @inline(__always)
    func classOf(_ glyph: UInt32) -> UInt16 {
        let index = glyph &- firstGlyph
        return index < UInt32(classes.count) ? classes[Int(index)] : 0
    }
}
