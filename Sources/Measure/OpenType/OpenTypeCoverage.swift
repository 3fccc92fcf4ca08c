/// A Coverage table ("OpenType Layout Common Table Formats" → "Coverage Table"): the glyphs a subtable applies to,
/// each with its coverage index, which picks that glyph's record (PairSet, LigatureSet…) in the subtable.
///
/// Readers only enumerate it once while building their lookup structures, so it is read into a list rather than kept
/// as bytes and searched.
enum OpenTypeCoverage {
    /// Every covered glyph with its coverage index, in coverage-index order. Formats 1 (glyph array) and 2 (ranges).
    static func glyphs(_ reader: ByteReader, at offset: Int) throws(ByteReader.Malformed)
        -> [(glyph: UInt32, index: Int)]
    {
        let format = try reader.u16(offset)
        let count = Int(try reader.u16(offset + 2))
        switch format {
        case 1:
            try reader.require(offset + 4, count * 2, "Coverage format 1 glyph array")
            var result: [(glyph: UInt32, index: Int)] = []
            result.reserveCapacity(count)
            for index in 0..<count {
                result.append((UInt32(try reader.u16(offset + 4 + index * 2)), index))
            }
            return result
        case 2:
            try reader.require(offset + 4, count * 6, "Coverage format 2 range records")
            var result: [(glyph: UInt32, index: Int)] = []
            for range in 0..<count {
                let record = offset + 4 + range * 6
                let start = Int(try reader.u16(record))
                let end = Int(try reader.u16(record + 2))
                let startIndex = Int(try reader.u16(record + 4))
                guard start <= end else {
                    throw ByteReader.Malformed(description: "Coverage range \(start)–\(end) runs backwards")
                }
                // Glyph ids are 16-bit, so a sane coverage lists at most 65536; overlapping ranges could otherwise
                // make a few bytes expand into millions of entries.
                guard result.count + (end - start + 1) <= 0x10000 else {
                    throw ByteReader.Malformed(description: "Coverage ranges list more than 65536 glyphs")
                }
                for glyph in start...end {
                    result.append((UInt32(glyph), startIndex + glyph - start))
                }
            }
            return result
        default:
            throw ByteReader.Malformed(description: "Coverage format \(format) is not 1 or 2")
        }
    }
}
