/// Reads the legacy TrueType 'kern' table ("kern — Kerning" in the OpenType spec: version 0 header, format 0
/// subtables) into a `KerningTableBuilder`; used only when GPOS has no 'kern' feature, as shaping engines do.
///
/// Only horizontal kerning subtables count (coverage bit 0 set, minimum and cross-stream bits clear); their values add.
/// Apple's version 1.0 'kern' (32-bit version) and formats other than 0 are skipped with a diagnostic.
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
        var subtable = 4
        // As for GPOS: a budget of pairs read, well above what a real table holds, stops subtables that overlap each
        // other (a length of 6 steps into the pairs, which then read as thousands of subtables).
        let budget = 8 * bytes.count + 1_000_000
        var work = 0
        for number in 0..<tableCount {
            do {
                let length = Int(try reader.u16(subtable + 2))
                let coverage = try reader.u16(subtable + 4)
                let format = coverage >> 8
                // A length shorter than the header would read one subtable again and again (0: the same one 65,535
                // times); nothing after it can be found.
                guard length >= 6 else {
                    throw ByteReader.Malformed(description: "its length \(length) is shorter than its 6-byte header")
                }
                var next = subtable + length
                if format == 0, let pairs = try? reader.u16(subtable + 6) {
                    // A format 0 subtable over 64 KiB writes its length modulo 65,536: it ends after its pairs.
                    let size = 14 + 6 * Int(pairs)
                    if size > length, size & 0xFFFF == length { next = subtable + size }
                }
                defer { subtable = next }
                guard format == 0 else {
                    diagnostics.append("kern subtable \(number): format \(format) is not supported (only 0)")
                    continue
                }
                guard coverage & 0x1 != 0, coverage & 0x6 == 0 else {
                    diagnostics.append(
                        "kern subtable \(number) skipped: not plain horizontal kerning "
                            + "(coverage 0x\(String(coverage, radix: 16)))")
                    continue
                }
                let pairCount = Int(try reader.u16(subtable + 6))
                // The pair count, not the uint16 length (which overflows in big subtables), bounds the pairs.
                try reader.require(subtable + 14, pairCount * 6, "kern format 0 pairs")
                work += pairCount
                guard work <= budget else {
                    diagnostics.append("kern: stopped at subtable \(number): over \(budget) pairs read")
                    return
                }
                var byLeft: [UInt32: [(right: UInt32, value: Int32)]] = [:]
                for pair in 0..<pairCount {
                    let record = subtable + 14 + pair * 6
                    byLeft[UInt32(try reader.u16(record)), default: []]
                        .append((UInt32(try reader.u16(record + 2)), Int32(try reader.i16(record + 4))))
                }
                builder.beginLookup()
                for (left, pairs) in byLeft { builder.addPairs(left: left, pairs) }
            } catch {
                diagnostics.append("kern subtable \(number) skipped, and the ones after it: \(error)")
                return
            }
        }
    }
}
