import Foundation

/// Fonts whose file FreeType reads as TrueType or OpenType but HarfBuzz cannot: WOFF and WOFF2 web fonts ("WOFF File
/// Format 1.0", "WOFF File Format 2.0", W3C) and the Mac's resource-fork suitcases (`.dfont`), measured as the sfnt
/// they hold.
///
/// FreeType opens them (it inflates WOFF's zlib and WOFF2's Brotli data and rebuilds WOFF2's transformed glyf, loca and
/// hmtx tables; it finds a suitcase's sfnt resources), but HarfBuzz reads a font's tables from its file's bytes and
/// finds none there: such a font was measured with every shaped run's glyphs missing (DejaVu Sans as WOFF: 83.0 pt
/// shaped for a line that is 176.8 pt). So the face is written back out as the plain sfnt its tables make, as FreeType
/// reads them, and both libraries read that (`Font` keeps it in memory, as a font loaded from bytes is kept).
enum SfntUnpacking {
    /// Whether a file starting with `leading` must be unpacked: it does not start as an sfnt does — a TrueType
    /// (0x00010000 or 'true') or OpenType ('OTTO') font, a collection ('ttcf') or Apple's 'typ1' — which HarfBuzz reads
    /// in place.
    static func needsUnpacking(_ leading: some Collection<UInt8>) -> Bool {
        let signature = Array(leading.prefix(4))
        return ![[0, 1, 0, 0], Array("true".utf8), Array("OTTO".utf8), Array("ttcf".utf8), Array("typ1".utf8)]
            .contains(signature)
    }

    /// `needsUnpacking` of the file at `path`'s first bytes (false when it cannot be read: opening it says why).
    static func needsUnpacking(path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let leading = try? handle.read(upToCount: 4) else { return false }
        return needsUnpacking(leading)
    }

    /// The sfnt file of `tables` (tag and bytes): the offset table, a directory sorted by tag with each table's
    /// checksum, and the tables, each padded with zeros to four bytes ("Organization of an OpenType Font"). Its
    /// version is 'OTTO' where a CFF or CFF2 table holds the outlines, else 1.0.
    static func sfnt(_ tables: [(tag: UInt32, bytes: [UInt8])]) -> [UInt8] {
        let sorted = tables.sorted { $0.tag < $1.tag }
        let count = sorted.count
        let isCFF = sorted.contains { $0.tag == 0x4346_4620 || $0.tag == 0x4346_4632 }  // 'CFF ', 'CFF2'
        var out: [UInt8] = []
        func append32(_ value: UInt32) { out += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        func append16(_ value: Int) {
            out += [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
        }
        append32(isCFF ? 0x4F54_544F : 0x0001_0000)
        append16(count)
        // searchRange: 16 × the largest power of two ≤ count; entrySelector its log2; rangeShift the rest.
        var power = 1, log = 0
        while power * 2 <= count {
            power *= 2
            log += 1
        }
        append16(count == 0 ? 0 : 16 * power)
        append16(count == 0 ? 0 : log)
        append16(count == 0 ? 0 : 16 * count - 16 * power)
        var offset = 12 + 16 * count
        for table in sorted {
            append32(table.tag)
            append32(checksum(table.bytes))
            append32(UInt32(truncatingIfNeeded: offset))
            append32(UInt32(truncatingIfNeeded: table.bytes.count))
            offset += (table.bytes.count + 3) & ~3
        }
        out.reserveCapacity(offset)
        for table in sorted {
            out += table.bytes
            out += [UInt8](repeating: 0, count: (4 - table.bytes.count % 4) % 4)
        }
        return out
    }

    /// The sum of `bytes` as big-endian 32-bit words, the last padded with zeros.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var sum: UInt32 = 0
        var index = 0
        while index < bytes.count {
            var word: UInt32 = 0
            for byte in 0..<4 {
                word = word << 8 | UInt32(index + byte < bytes.count ? bytes[index + byte] : 0)
            }
            sum &+= word
            index += 4
        }
        return sum
    }
}
