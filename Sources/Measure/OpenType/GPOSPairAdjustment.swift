/// Reads the GPOS 'kern' feature's Pair Adjustment lookups ("GPOS — The Glyph Positioning Table": "Lookup Type 2:
/// Pair Adjustment Positioning Subtable", formats 1 and 2, also wrapped in "Lookup Type 9: Extension Positioning")
/// into a `KerningTableBuilder`.
///
/// Only value1's XAdvance is taken: that is the change to the distance between the two glyphs on a horizontal line,
/// which is all a measurer needs. Placement, value2 and Device/VariationIndex tables are skipped by size.
enum GPOSPairAdjustment {
    static let pairAdjustment: UInt16 = 2
    static let extensionPositioning: UInt16 = 9

    /// GPOS's Contextual and Chained Contexts Positioning lookup types.
    static let contextualPositioning: UInt16 = 7
    static let chainedContextualPositioning: UInt16 = 8

    /// Adds the kerning of every 'kern' lookup; returns how many lookups the 'kern' feature names (0 lets the caller
    /// fall back to the legacy 'kern' table). `contextual` becomes true when a 'kern' lookup is contextual or chained
    /// contextual positioning (types 7 and 8, wrapped or not), which adjusts a pair by the glyphs around it: no pair
    /// table holds that, so HarfBuzz alone gets it right (`OpenTypeFeatures.kernsInContext`). `skipsMarks` becomes
    /// true when a 'kern' lookup that holds pairs skips marks by its LookupFlag
    /// (`OpenTypeFeatures.kerningSkipsMarks`).
    static func read(
        _ bytes: [UInt8], into builder: inout KerningTableBuilder, diagnostics: inout [String],
        contextual: inout Bool, skipsMarks: inout Bool
    ) -> Int {
        let table: OpenTypeLayoutTable
        do { table = try OpenTypeLayoutTable(bytes, name: "GPOS") } catch {
            diagnostics.append("GPOS header unreadable, no GPOS kerning: \(error)")
            return 0
        }
        let lookups = table.lookupIndices(feature: UInt32(tag: "kern"), diagnostics: &diagnostics)
        if lookups.isEmpty { diagnostics.append("GPOS has no 'kern' feature lookups") }
        // Real fonts read each byte about once; a hostile one can point many lookups at one big subtable. Stop at a
        // budget of entries (coverage glyphs, pairs, class cells) well above what any real table needs.
        let budget = 8 * bytes.count + 1_000_000
        var work = 0
        lookups: for lookup in lookups {
            builder.beginLookup()
            let subtables: [Result<(type: UInt16, at: Int), ByteReader.Malformed>]
            do { subtables = try table.subtables(ofLookup: lookup, extension: extensionPositioning) } catch {
                diagnostics.append("GPOS lookup \(lookup) skipped: \(error)")
                continue
            }
            let ignoresMarks = (try? table.lookupFlag(ofLookup: lookup)).map(OpenTypeLayoutTable.ignoresMarks) ?? false
            for (number, resolved) in subtables.enumerated() {
                guard work <= budget else {
                    diagnostics.append(
                        "GPOS: stopped at lookup \(lookup) subtable \(number): over \(budget) entries read")
                    break lookups
                }
                let subtable: (type: UInt16, at: Int)
                switch resolved {
                case .success(let found): subtable = found
                case .failure(let error):
                    diagnostics.append("GPOS lookup \(lookup) subtable \(number) skipped: \(error)")
                    continue
                }
                if subtable.type == contextualPositioning || subtable.type == chainedContextualPositioning {
                    contextual = true
                }
                guard subtable.type == pairAdjustment else {
                    diagnostics.append(
                        "GPOS lookup \(lookup) subtable \(number): lookup type \(subtable.type) "
                            + "is not supported for 'kern' (only 2, Pair Adjustment)")
                    continue
                }
                do {
                    try readPairPos(table.reader, at: subtable.at, into: &builder, work: &work, budget: budget)
                    if ignoresMarks { skipsMarks = true }
                } catch {
                    diagnostics.append("GPOS lookup \(lookup) subtable \(number) skipped: \(error)")
                }
            }
        }
        return lookups.count
    }

    /// Bytes of a ValueRecord with `format` ("Value Record": one int16/Offset16 per set bit of the low 8 bits).
    static func valueRecordSize(_ format: UInt16) -> Int {
        (format & 0x00FF).nonzeroBitCount * 2
    }

    /// Byte position of XAdvance inside a ValueRecord with `format`, or nil if the record has none (bit 0x0004).
    static func xAdvanceOffset(_ format: UInt16) -> Int? {
        format & 0x0004 == 0 ? nil : (format & 0x0003).nonzeroBitCount * 2
    }

    /// One PairPos subtable, read completely before anything is added, so a malformed one adds nothing. Adds to
    /// `work` each entry it reads (coverage glyphs, pairs, class cells) and stops, throwing, as soon as `work` passes
    /// `budget`: one subtable whose coverage points every glyph at one PairSet of 30,000 pairs (a 345 KB font) would
    /// otherwise list 900 million pairs before any check between subtables saw it.
    static func readPairPos(
        _ reader: ByteReader, at offset: Int, into builder: inout KerningTableBuilder, work: inout Int,
        budget: Int = .max
    ) throws(ByteReader.Malformed) {
        func charge(_ entries: Int) throws(ByteReader.Malformed) {
            work += entries
            guard work <= budget else {
                throw ByteReader.Malformed(description: "over \(budget) entries read (PairSets shared past reason)")
            }
        }
        let format = try reader.u16(offset)
        let coverage = try OpenTypeCoverage.glyphs(reader, at: try reader.offset16(from: offset, at: offset + 2))
        let valueFormat1 = try reader.u16(offset + 4), valueFormat2 = try reader.u16(offset + 6)
        let size1 = valueRecordSize(valueFormat1), size2 = valueRecordSize(valueFormat2)
        let xAdvance = xAdvanceOffset(valueFormat1)
        try charge(coverage.count)
        switch format {
        case 1:
            let pairSetCount = Int(try reader.u16(offset + 8))
            var lefts: [(left: UInt32, pairs: [(right: UInt32, value: Int32)])] = []
            lefts.reserveCapacity(coverage.count)
            for (left, index) in coverage {
                guard index < pairSetCount else {
                    throw ByteReader.Malformed(
                        description: "coverage index \(index) is past the \(pairSetCount) PairSets")
                }
                let pairSet = try reader.offset16(from: offset, at: offset + 10 + index * 2)
                let count = Int(try reader.u16(pairSet))
                let recordSize = 2 + size1 + size2
                try reader.require(pairSet + 2, count * recordSize, "PairValueRecords")
                try charge(count)
                var pairs: [(right: UInt32, value: Int32)] = []
                pairs.reserveCapacity(count)
                for pair in 0..<count {
                    let record = pairSet + 2 + pair * recordSize
                    let value =
                        try xAdvance.map { (field) throws(ByteReader.Malformed) in
                            Int32(try reader.i16(record + 2 + field))
                        } ?? 0
                    pairs.append((UInt32(try reader.u16(record)), value))
                }
                lefts.append((left, pairs))
            }
            for (left, pairs) in lefts { builder.addPairs(left: left, pairs) }
        case 2:
            let classDef1 = try OpenTypeClassDef(reader, at: try reader.offset16(from: offset, at: offset + 8))
            let classDef2 = try OpenTypeClassDef(reader, at: try reader.offset16(from: offset, at: offset + 10))
            let class1Count = Int(try reader.u16(offset + 12)), class2Count = Int(try reader.u16(offset + 14))
            let recordSize = size1 + size2
            try reader.require(offset + 16, class1Count * class2Count * recordSize, "Class1Records")
            // Without XAdvance the subtable still answers (with 0) for its covered glyphs, but needs no matrix.
            let columns = xAdvance == nil ? 0 : class2Count
            try charge(class1Count * columns)
            var matrix = [Int32](repeating: 0, count: class1Count * columns)
            if let xAdvance {
                for cell in 0..<matrix.count {
                    matrix[cell] = Int32(try reader.i16(offset + 16 + cell * recordSize + xAdvance))
                }
            }
            let handle = builder.addClassTable(
                at: offset, classDef2: classDef2, class2Count: UInt16(columns), matrix: matrix)
            for (left, _) in coverage {
                let class1 = Int(classDef1.classOf(left))
                // A class past class1Count has no record: like HarfBuzz, the subtable does not apply to this glyph.
                guard class1 < class1Count else { continue }
                builder.addClassRow(left: left, table: handle, class1: class1)
            }
        default:
            throw ByteReader.Malformed(description: "PairPos format \(format) is not 1 or 2")
        }
    }
}
