/// Reads the legacy 'kern' table into a `KerningTableBuilder`, as HarfBuzz applies it; used only when GPOS has no
/// 'kern' feature, as shaping engines do.
///
/// Both headers ("kern — Kerning" in the OpenType spec; "The 'kern' table" in Apple's TrueType Reference Manual):
/// OpenType's version 0 (16-bit version and count, 6-byte subtable headers) and Apple's version 1.0 (32-bit, 8-byte
/// headers), told apart by the first 16 bits as HarfBuzz tells them. Subtable formats 0 (sorted pairs), 2 (a
/// two-dimensional array of values indexed by the glyphs' class offsets) and, in Apple's tables, 3 (compact classes and
/// an index into a list of values) are read; any other format is skipped with a diagnostic, as HarfBuzz skips it. A
/// font with Apple's table and no GPOS — fonts made for the Mac, such as those from a Mac's system folder — was
/// measured unkerned by the fast path while HarfBuzz kerned it.
///
/// Which subtables count is HarfBuzz's rule, so the fast path and shaping agree: horizontal ones that are not
/// cross-stream — in OpenType's header coverage bit 0 set and bit 2 clear (the minimum and override bits are not
/// looked at: such a subtable's values add as any other's); in Apple's, the vertical, cross-stream and variation bits
/// clear. Their values add.
///
/// A table is taken whole or not at all, as HarfBuzz takes it (its sanitizer refuses the table when one subtable
/// fails): every subtable's length must cover its header and end inside the table; a subtable before the last must
/// hold its data within its length (a format 0 subtable over 64 KiB writes its length modulo 65,536 and fails there
/// too); the last one's data need only be inside the table. A length of 0 read one subtable 1,000 times over; now
/// nothing of the table is kept.
///
/// Where the pair table cannot hold what HarfBuzz does with a table — an Apple format 1 subtable (contextual kerning
/// by a state machine, which HarfBuzz's sanitizer also checks, dropping the table when it fails), format 0 pairs out
/// of order or given twice (HarfBuzz finds a pair by binary search), more pairs, class cells and rows than the work
/// budget, more right classes than a class definition holds — `read` says so, and the font's text is shaped by
/// HarfBuzz (`OpenTypeFeatures.kerningNeedsShaping`, `Font.shapingTriggers`).
enum LegacyKernTable {
    /// One subtable's place: where its data may be read (`start ..< end`) and where its format's fields begin.
    private struct Subtable {
        let start: Int
        let end: Int
        let body: Int
    }

    /// What a subtable that counts holds.
    private enum Contents {
        case pairs([UInt32: [(right: UInt32, value: Int32)]])
        case classes(KernClassSubtable)
    }

    /// Reads `bytes`, the font's 'kern' table, into `builder`. `glyphCount` gives the font's number of glyphs (its
    /// 'maxp'), asked only for a class-based subtable that kerns glyphs its class tables do not list.
    /// Returns whether the font's text must be left to HarfBuzz for its kerning to be HarfBuzz's: the table holds an
    /// Apple format 1 subtable (contextual kerning by a state machine), format 0 pairs out of order or given twice,
    /// or more than this reader holds (`BeyondReading`); the pair table then holds nothing of it, or part of it.
    @discardableResult
    static func read(
        _ bytes: [UInt8], glyphCount: () -> Int, into builder: inout KerningTableBuilder,
        diagnostics: inout [String]
    ) -> Bool {
        let reader = ByteReader(bytes)
        let apple: Bool
        let tableCount: Int
        do {
            // HarfBuzz goes by the first 16 bits: 0 is OpenType's table, 1 Apple's version 1.0 (0x0001_0000).
            switch try reader.u16(0) {
            case 0:
                apple = false
                tableCount = Int(try reader.u16(2))
            case 1:
                apple = true
                tableCount = Int(try reader.u32(4))
            case let major:
                diagnostics.append(
                    "kern table version \(major) is neither OpenType's (0) nor Apple's (1.0): no kerning read from it")
                return false
            }
        } catch {
            diagnostics.append("kern table header unreadable: \(error)")
            return false
        }
        // As for GPOS: a budget of pairs and class-matrix cells read, well above what a real table holds.
        let budget = 8 * bytes.count + 1_000_000
        var work = 0
        var subtables: [Contents] = []
        // Whether the table holds what only HarfBuzz applies as HarfBuzz does: an Apple format 1 subtable (whatever
        // its coverage: HarfBuzz's sanitizer checks its state machine, and one that fails drops the table), or
        // format 0 pairs out of order (HarfBuzz searches them).
        var shapingNeeded = false
        var inOrder = true
        var offset = apple ? 8 : 4
        var number = 0
        // Each subtable is at least its header long, so a count past what the table holds ends at its end.
        while number < tableCount {
            do {
                let headerSize = apple ? 8 : 6
                let length: Int, format: UInt16, coverage: UInt16
                if apple {
                    length = Int(try reader.u32(offset))
                    (coverage, format) = (try reader.u16(offset + 4) >> 8, try reader.u16(offset + 4) & 0xFF)
                } else {
                    length = Int(try reader.u16(offset + 2))
                    (format, coverage) = (try reader.u16(offset + 4) >> 8, try reader.u16(offset + 4) & 0xFF)
                }
                guard length >= headerSize else {
                    throw ByteReader.Malformed(
                        description: "its length \(length) is shorter than its \(headerSize)-byte header")
                }
                guard length <= bytes.count - offset else {
                    throw ByteReader.Malformed(
                        description: "its length \(length) runs past the table's end (\(bytes.count) bytes)")
                }
                let subtable = Subtable(
                    start: offset, end: number == tableCount - 1 ? bytes.count : offset + length,
                    body: offset + headerSize)
                defer {
                    offset += length
                    number += 1
                }
                let contents: Contents
                switch format {
                case 0:
                    contents = .pairs(
                        try formatZero(subtable, reader, work: &work, budget: budget, inOrder: &inOrder))
                case 2: contents = .classes(try formatTwo(subtable, reader, work: &work, budget: budget))
                case 3 where apple: contents = .classes(try formatThree(subtable, reader, work: &work, budget: budget))
                case 1 where apple:
                    diagnostics.append(
                        "kern subtable \(number): format 1 (contextual kerning by a state machine) is not read: "
                            + "HarfBuzz shapes the font's text")
                    shapingNeeded = true
                    continue
                default:
                    diagnostics.append("kern subtable \(number): format \(format) is not kerning HarfBuzz applies")
                    continue
                }
                if apple ? coverage & 0xE0 == 0 : coverage & 0x01 != 0 && coverage & 0x04 == 0 {
                    subtables.append(contents)
                } else {
                    diagnostics.append(
                        "kern subtable \(number) skipped: not plain horizontal kerning "
                            + "(coverage 0x\(String(coverage, radix: 16)))")
                }
            } catch let beyond as BeyondReading {
                diagnostics.append("kern table left to HarfBuzz: subtable \(number): \(beyond)")
                return true
            } catch {
                diagnostics.append("kern table not used, as HarfBuzz does not use it: subtable \(number): \(error)")
                return false
            }
        }
        if !inOrder {
            diagnostics.append("kern table left to HarfBuzz: format 0 pairs out of order or given twice")
            shapingNeeded = true
        }
        // The class subtables' rows, one per left glyph, count against the budget before anything is added.
        let classes = subtables.compactMap { if case .classes(let kerning) = $0 { kerning } else { nil } }
        let glyphs = classes.isEmpty ? 0 : glyphCount()
        do {
            for kerning in classes { try charge(kerning.rowCount(glyphCount: glyphs), to: &work, budget: budget) }
        } catch {
            diagnostics.append("kern table left to HarfBuzz: \(error)")
            return true
        }
        // Each subtable is its own lookup: their values add.
        for contents in subtables {
            builder.beginLookup()
            switch contents {
            case .pairs(let byLeft):
                for (left, pairs) in byLeft { builder.addPairs(left: left, pairs) }
            case .classes(let kerning):
                kerning.add(to: &builder, glyphCount: glyphs)
            }
        }
        return shapingNeeded
    }

    /// A format 0 subtable's pairs by left glyph (HarfBuzz's `KerxSubTableFormat0`: a count and three search fields,
    /// then six-byte pairs).
    private static func formatZero(
        _ subtable: Subtable, _ reader: ByteReader, work: inout Int, budget: Int, inOrder: inout Bool
    ) throws -> [UInt32: [(right: UInt32, value: Int32)]] {
        let pairCount = Int(try reader.u16(subtable.body))
        let pairs = subtable.body + 8
        guard pairs + 6 * pairCount <= subtable.end else {
            throw ByteReader.Malformed(
                description: "its \(pairCount) pairs need \(pairs + 6 * pairCount - subtable.start) bytes, "
                    + "more than it holds (\(subtable.end - subtable.start))")
        }
        try charge(pairCount, to: &work, budget: budget)
        var byLeft: [UInt32: [(right: UInt32, value: Int32)]] = [:]
        var previous = -1
        for pair in 0..<pairCount {
            let record = pairs + pair * 6
            let left = Int(try reader.u16(record)), right = Int(try reader.u16(record + 2))
            // HarfBuzz finds a pair by binary search: pairs out of order, or one given twice, it may miss or find
            // either of, where this reads them all.
            if left << 16 | right <= previous { inOrder = false }
            previous = left << 16 | right
            byLeft[UInt32(left), default: []].append((UInt32(right), Int32(try reader.i16(record + 4))))
        }
        return byLeft
    }

    /// A format 2 subtable (HarfBuzz's `KerxSubTableFormat2` over 16-bit fields): a row width, then offsets from the
    /// subtable's start to a left class table, a right class table (each a first glyph, a count and one 16-bit value
    /// per glyph) and the array. A pair's value is the 16-bit number at the subtable's start plus its left value plus
    /// its right value (the left values are row offsets counted from the subtable, the right ones column offsets),
    /// as HarfBuzz computes it: rounded down to a whole value from the array's start, 0 where the sum falls before
    /// the array or its value outside what the subtable may read; a glyph a class table does not list has the value 0.
    private static func formatTwo(
        _ subtable: Subtable, _ reader: ByteReader, work: inout Int, budget: Int
    ) throws -> KernClassSubtable {
        try requireInside(subtable, subtable.body, 8, "format 2 header")
        func classTable(at field: Int) throws -> (first: Int, values: [Int]) {
            let table = subtable.start + Int(try reader.u16(field))
            try requireInside(subtable, table, 4, "format 2 class table")
            let count = Int(try reader.u16(table + 2))
            try requireInside(subtable, table + 4, 2 * count, "format 2 class table's values")
            var values = [Int](repeating: 0, count: count)
            for index in 0..<count { values[index] = Int(try reader.u16(table + 4 + 2 * index)) }
            return (Int(try reader.u16(table)), values)
        }
        let left = try classTable(at: subtable.body + 2)
        let right = try classTable(at: subtable.body + 4)
        let array = Int(try reader.u16(subtable.body + 6))
        try requireInside(subtable, subtable.start, array, "format 2 array offset")
        func value(_ leftValue: Int, _ rightValue: Int) -> Int32 {
            let sum = leftValue + rightValue
            guard sum >= array else { return 0 }
            let at = subtable.start + array + (sum - array) / 2 * 2
            guard at + 2 <= subtable.end, let value = try? reader.i16(at) else { return 0 }
            return Int32(value)
        }
        return try KernClassSubtable(
            left: left, right: right, work: &work, budget: budget, position: subtable.start, value: value)
    }

    /// An Apple format 3 subtable (HarfBuzz's `KernSubTableFormat3`): a glyph count, counts of values, left classes
    /// and right classes (8 bits each) and a reserved byte; then the 16-bit values, a left and a right class byte per
    /// glyph, and a value index per pair of classes. Glyphs from the glyph count on are class 0; a class past its
    /// count, or an index past the values, is 0.
    private static func formatThree(
        _ subtable: Subtable, _ reader: ByteReader, work: inout Int, budget: Int
    ) throws -> KernClassSubtable {
        try requireInside(subtable, subtable.body, 6, "format 3 header")
        let glyphCount = Int(try reader.u16(subtable.body))
        let counts = try reader.u32(subtable.body + 2)
        let valueCount = Int(counts >> 24), leftCount = Int(counts >> 16 & 0xFF), rightCount = Int(counts >> 8 & 0xFF)
        let values = subtable.body + 6
        let leftClasses = values + 2 * valueCount
        let rightClasses = leftClasses + glyphCount
        let indices = rightClasses + glyphCount
        try requireInside(subtable, values, indices + leftCount * rightCount - values, "format 3 arrays")
        func classes(at start: Int) -> [Int] { (0..<glyphCount).map { Int(reader.bytes[start + $0]) } }
        func value(_ leftClass: Int, _ rightClass: Int) -> Int32 {
            guard leftClass < leftCount, rightClass < rightCount else { return 0 }
            let index = Int(reader.bytes[indices + leftClass * rightCount + rightClass])
            guard index < valueCount, let value = try? reader.i16(values + 2 * index) else { return 0 }
            return Int32(value)
        }
        return try KernClassSubtable(
            left: (0, classes(at: leftClasses)), right: (0, classes(at: rightClasses)), work: &work, budget: budget,
            position: subtable.start, value: value)
    }

    /// Throws unless `at ..< at + count` lies in the part of the table `subtable` may read.
    private static func requireInside(
        _ subtable: Subtable, _ at: Int, _ count: Int, _ what: String
    ) throws(ByteReader.Malformed) {
        guard at >= subtable.start, count >= 0, at <= subtable.end, count <= subtable.end - at else {
            throw ByteReader.Malformed(
                description: "its \(what) at \(at)+\(count) is outside the bytes it may read "
                    + "(\(subtable.start)..<\(subtable.end))")
        }
    }

    /// Counts `amount` against the table's budget of work.
    static func charge(_ amount: Int, to work: inout Int, budget: Int) throws(BeyondReading) {
        work += amount
        guard work <= budget else {
            throw BeyondReading(description: "over \(budget) pairs, class cells and class rows read")
        }
    }

    /// A table this reader will not hold though HarfBuzz may apply it — past the work budget, or more right classes
    /// than a class definition holds — so the font's text is left to HarfBuzz rather than measured without it.
    struct BeyondReading: Error, CustomStringConvertible {
        let description: String
    }
}
