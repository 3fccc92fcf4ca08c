/// A minimal PNG writer for straight RGBA pixels: one IDAT of stored (uncompressed) deflate blocks in a zlib stream,
/// with the CRC-32 and Adler-32 checksums PNG and zlib require. Colour emoji strikes are small (136 × 128), so the
/// images stay a few tens of kilobytes and need no compressor.
public enum PNGEncoder {
    /// The PNG file of a `width × height` image whose `rgba` holds 4 bytes a pixel, rows from the top.
    public static func encode(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        precondition(width > 0 && height > 0 && rgba.count == width * height * 4, "width × height RGBA pixels")
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 4 + 1))
        for row in 0..<height {
            raw.append(0)  // filter type None
            raw += rgba[(row * width * 4)..<((row + 1) * width * 4)]
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        header += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, adaptive filtering, no interlace
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", zlibStored(raw), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// `data` as a zlib stream of stored deflate blocks (RFC 1950, RFC 1951 §3.2.4).
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let isLast = offset + length == data.count
            out.append(isLast ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        appendBigEndian(Adler32.checksum(data), to: &out)
        return out
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &png)
        let typed = Array(type.utf8) + data
        png += typed
        appendBigEndian(CRC32.checksum(typed), to: &png)
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
