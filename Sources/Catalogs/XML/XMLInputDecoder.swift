/// Brings an XML file's bytes to what `XMLReader` reads: UTF-8 without a byte-order mark.
///
/// XML 1.0 §4.3.3 allows UTF-8 and UTF-16 (which needs its BOM) and lets the XML declaration name any other
/// encoding. Catalog files are UTF-8 in practice; Apple tools write UTF-16 property lists at times; old Android and
/// Java tools write ISO-8859-1 with a declaration. So: a UTF-8 BOM is dropped, UTF-16 (BOM `FF FE` / `FE FF`, or no
/// BOM but `<?` encoded as UTF-16) and UTF-32 with its BOM (`FF FE 00 00` / `00 00 FE FF`, which libxml2 reads too)
/// are transcoded, a declared ISO-8859-1/Latin-1 is transcoded, and anything else must be UTF-8 (which `XMLReader`
/// validates, eight bytes at a time). Problems throw with the position of the bad unit.
enum XMLInputDecoder {
    /// The UTF-8 bytes of `bytes`, BOM removed.
    /// - Throws: `CatalogError` at the first unpaired UTF-16 surrogate, or at the encoding name of a declaration
    ///   that names an encoding we cannot read.
    static func utf8Bytes(_ bytes: [UInt8], file: String) throws(CatalogError) -> [UInt8] {
        // UTF-16 by its BOM or its `<?`, UTF-32 by its BOM (LE's begins as UTF-16LE's does).
        let isWide =
            (bytes.count >= 2 && (bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF))
            || (bytes.count >= 4
                && (bytes[0] == 0x3C && bytes[1] == 0 && bytes[2] == 0x3F && bytes[3] == 0
                    || bytes[0] == 0 && bytes[1] == 0x3C && bytes[2] == 0 && bytes[3] == 0x3F
                    || bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0xFE && bytes[3] == 0xFF))
        if isWide {
            // The same transcoder as `.strings` files (unpaired surrogates reported where they are).
            return try CatalogTextDecoder.decode(bytes, file: file).utf8
        }
        var utf8 = bytes
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            utf8.removeFirst(3)
        } else if let declared = declaredEncoding(in: bytes) {
            let name = declared.name.lowercased()
            switch name {
            case "utf-8", "utf8", "us-ascii", "ascii", "utf-16", "utf16":
                // A UTF-16 declaration on 8-bit bytes is a mislabel; the bytes decide.
                break
            case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "iso_8859-1":
                return latin1ToUTF8(bytes)
            default:
                throw CatalogError(
                    file: file, position: SourcePositionTracker.position(of: declared.offset, in: bytes),
                    message: "unsupported encoding '\(CatalogExcerpt.of(declared.name))' in the XML declaration: "
                        + "expected UTF-8, UTF-16 or ISO-8859-1")
            }
        }
        return utf8
    }

    /// The `encoding` pseudo-attribute of a leading `<?xml …?>` declaration and the offset of its value.
    private static func declaredEncoding(in bytes: [UInt8]) -> (name: String, offset: Int)? {
        let prefix: [UInt8] = Array("<?xml".utf8)
        guard bytes.count > prefix.count, Array(bytes[0..<prefix.count]) == prefix else { return nil }
        let end = min(bytes.count, 512)
        guard let close = (0..<end - 1).first(where: { bytes[$0] == 0x3F && bytes[$0 + 1] == 0x3E }) else {
            return nil
        }
        let key: [UInt8] = Array("encoding".utf8)
        var index = prefix.count
        while index + key.count <= close {
            if Array(bytes[index..<index + key.count]) == key {
                var cursor = index + key.count
                while cursor < close && isSpace(bytes[cursor]) { cursor += 1 }
                guard cursor < close && bytes[cursor] == 0x3D else { return nil }
                cursor += 1
                while cursor < close && isSpace(bytes[cursor]) { cursor += 1 }
                guard cursor < close, bytes[cursor] == 0x22 || bytes[cursor] == 0x27 else { return nil }
                let quote = bytes[cursor]
                let start = cursor + 1
                guard let stop = (start..<close).first(where: { bytes[$0] == quote }) else { return nil }
                return (String(decoding: bytes[start..<stop], as: UTF8.self), start)
            }
            index += 1
        }
        return nil
    }

    /// XML white space.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// ISO-8859-1 maps each byte to the scalar of the same value.
    private static func latin1ToUTF8(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 {
                out.append(byte)
            } else {
                out.append(0xC0 | (byte >> 6))
                out.append(0x80 | (byte & 0x3F))
            }
        }
        return out
    }

    /// `0A`, `FF`: a byte in messages.
    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }

}
