/// Reads the legacy TrueType 'kern' table ("kern — Kerning" in the OpenType spec: version 0 header, format 0
/// subtables) into a `KerningTableBuilder`; used only when GPOS has no 'kern' feature, as shaping engines do.
///
/// Only horizontal kerning subtables count (coverage bit 0 set, minimum and cross-stream bits clear); their values add.
/// Apple's version 1.0 'kern' (32-bit version) and formats other than 0 are skipped with a diagnostic.
///
/// A table is taken whole or not at all, as HarfBuzz takes it (its sanitizer refuses the table when one subtable
/// fails), so the fast path and shaping agree: every subtable's length must cover its 6-byte header; a subtable
/// before the last must hold its pairs within its length (a format 0 subtable over 64 KiB writes its length modulo
/// 65,536 and fails there too); the last one's length is not used, its pairs need only be inside the table. A
/// length of 0 read one subtable 1,000 times over; now nothing of the table is kept.
enum LegacyKernTable {
    static func read(_ bytes: [UInt8], into builder: inout KerningTableBuilder, diagnostics: inout [String]) {
        let reader = ByteReader(bytes)
        let tableCount: Int
        do {
            let version = try reader.u16(0)
            guard version == 0 else {
                diagnostics.append("kern table version \(version) is not supported (only the OpenType version 0)")
                return
            }
            tableCount = Int(try reader.u16(2))
        } catch {
            diagnostics.append("kern table header unreadable: \(error)")
            return
        }
        // As for GPOS: a budget of pairs read, well above what a real table holds.
        let budget = 8 * bytes.count + 1_000_000
        var work = 0
        var subtables: [[UInt32: [(right: UInt32, value: Int32)]]] = []
        var subtable = 4
        for number in 0..<tableCount {
            do {
                let length = Int(try reader.u16(subtable + 2))
                let coverage = try reader.u16(subtable + 4)
                let format = coverage >> 8
                let isLast = number == tableCount - 1
                guard length >= 6 else {
                    throw ByteReader.Malformed(description: "its length \(length) is shorter than its 6-byte header")
                }
                defer { subtable += length }
                guard format == 0 else {
                    diagnostics.append("kern subtable \(number): format \(format) is not supported (only 0)")
                    continue
                }
                let pairCount = Int(try reader.u16(subtable + 6))
                let size = 14 + 6 * pairCount
                guard isLast || size <= length else {
                    throw ByteReader.Malformed(
                        description: "its \(pairCount) pairs need \(size) bytes, more than its length \(length)")
                }
                try reader.require(subtable + 14, pairCount * 6, "kern format 0 pairs")
                guard coverage & 0x1 != 0, coverage & 0x6 == 0 else {
                    diagnostics.append(
                        "kern subtable \(number) skipped: not plain horizontal kerning "
                            + "(coverage 0x\(String(coverage, radix: 16)))")
                    continue
                }
                work += pairCount
                guard work <= budget else {
                    throw ByteReader.Malformed(description: "over \(budget) pairs read")
                }
                var byLeft: [UInt32: [(right: UInt32, value: Int32)]] = [:]
                for pair in 0..<pairCount {
                    let record = subtable + 14 + pair * 6
                    byLeft[UInt32(try reader.u16(record)), default: []]
                        .append((UInt32(try reader.u16(record + 2)), Int32(try reader.i16(record + 4))))
                }
                subtables.append(byLeft)
            } catch {
                diagnostics.append("kern table not used, as HarfBuzz does not use it: subtable \(number): \(error)")
                return
            }
        }
        for byLeft in subtables {
            builder.beginLookup()
            for (left, pairs) in byLeft { builder.addPairs(left: left, pairs) }
        }
    }
}
