import TextCoding

/// Turns a catalog file's bytes into validated UTF-8 text, whatever Unicode encoding the file was saved in.
///
/// `.strings` files come as UTF-8 (what Xcode edits) or UTF-16 (what Apple recommends and what older tools and
/// shipped bundles hold, usually little-endian with a byte-order mark; docs/semantics/catalog-formats.md §C1). The decoder picks the encoding:
///
/// 1. A byte-order mark decides: `EF BB BF` UTF-8, `FF FE 00 00` UTF-32LE, `00 00 FE FF` UTF-32BE, `FF FE` UTF-16LE,
///    `FE FF` UTF-16BE. The mark is dropped. (UTF-32 is read only with its mark, as `NSString` recognises it.)
/// 2. Without one, UTF-16 is recognised by its NUL bytes, which UTF-8 text never contains in practice. Catalog files
///    start with an ASCII character (a quote, a comment, white space), which UTF-16 stores as one NUL and one other
///    byte: `xx 00` is UTF-16LE, `00 xx` UTF-16BE. Failing that, the NULs in the first 64 bytes vote: more at odd
///    offsets means LE, more at even offsets BE. (Not "NULs only at odd offsets": U+4E00 一 or the low half of 😀,
///    U+DE00, put a NUL on the other side.) Where NULs are fewer than a quarter of those bytes — UTF-16 text with any
///    ASCII in it has one in every other byte — bytes that are valid UTF-8 are read as UTF-8, so a UTF-8 file with a
///    NUL in one of its first strings (`"a" = "x\0y";`, which Foundation reads as UTF-8) stays UTF-8, while UTF-16
///    of ideographs (few NULs, and no UTF-8) still goes by the vote.
/// 3. Anything else is UTF-8.
///
/// The result is always UTF-8, so parsers have one byte format to scan. UTF-8 input that is valid is returned as is,
/// without a copy. Invalid UTF-8 (a stray byte, a cut or overlong sequence, an encoded surrogate) and unpaired
/// UTF-16 surrogates throw a `CatalogError` at the line and column of the bad character: Apple's loader rejects such a
/// file as a whole too, and a guess would measure text nobody wrote.
///
/// Line and column count the decoded scalars (see `SourcePositionTracker`), so a UTF-16 file's positions are the
/// ones an editor shows for it.
enum CatalogTextDecoder {
    /// A Unicode encoding a catalog file can be in.
    enum Encoding: Sendable, Hashable, CustomStringConvertible {
        case utf8
        case utf16LittleEndian
        case utf16BigEndian
        case utf32LittleEndian
        case utf32BigEndian

        var description: String {
            switch self {
            case .utf8: "UTF-8"
            case .utf16LittleEndian: "UTF-16LE"
            case .utf16BigEndian: "UTF-16BE"
            case .utf32LittleEndian: "UTF-32LE"
            case .utf32BigEndian: "UTF-32BE"
            }
        }
    }

    /// A decoded file: its text as UTF-8 without a byte-order mark, and what it was decoded from.
    struct DecodedText: Sendable {
        /// The text, valid UTF-8, without a byte-order mark.
        var utf8: [UInt8]
        var encoding: Encoding
        /// Whether the file started with a byte-order mark (now removed).
        var hadByteOrderMark: Bool

        /// The text as a `String`.
        var string: String { String(decoding: utf8, as: UTF8.self) }
    }

    /// How many leading bytes the NUL heuristic looks at.
    private static let sniffLength = 64

    /// The encoding of `bytes` and the length of its byte-order mark (0 when there is none), by the rules in the type's
    /// documentation.
    static func detectEncoding(of bytes: UnsafeBufferPointer<UInt8>) -> (encoding: Encoding, byteOrderMarkLength: Int) {
        let count = bytes.count
        if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { return (.utf8, 3) }
        // UTF-32's marks before UTF-16's, whose LE mark begins UTF-32LE's (a UTF-16 file starting with U+0000 is no
        // catalog).
        if count >= 4 && bytes[0] == 0xFF && bytes[1] == 0xFE && bytes[2] == 0 && bytes[3] == 0 {
            return (.utf32LittleEndian, 4)
        }
        if count >= 4 && bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0xFE && bytes[3] == 0xFF {
            return (.utf32BigEndian, 4)
        }
        if count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xFE { return (.utf16LittleEndian, 2) }
        if count >= 2 && bytes[0] == 0xFE && bytes[1] == 0xFF { return (.utf16BigEndian, 2) }
        guard count >= 2 else { return (.utf8, 0) }
        // An ASCII first character decides (the usual case: a quote, a comment, white space).
        if bytes[0] != 0 && bytes[1] == 0 { return (.utf16LittleEndian, 0) }
        if bytes[0] == 0 && bytes[1] != 0 { return (.utf16BigEndian, 0) }
        // Otherwise the side with more NULs is the high byte of ASCII characters.
        var nulsAtEven = 0
        var nulsAtOdd = 0
        for index in 0..<min(count, sniffLength) where bytes[index] == 0 {
            if index & 1 == 0 { nulsAtEven += 1 } else { nulsAtOdd += 1 }
        }
        // Few NULs: UTF-8 when the bytes are (a stray NUL in UTF-8 text); else the vote still decides (UTF-16 of
        // ideographs has few NULs, and is no UTF-8).
        if max(nulsAtOdd, nulsAtEven) * 4 < min(count, sniffLength) && firstUTF8Problem(in: bytes) == nil {
            return (.utf8, 0)
        }
        if nulsAtOdd > nulsAtEven { return (.utf16LittleEndian, 0) }
        if nulsAtEven > nulsAtOdd { return (.utf16BigEndian, 0) }
        return (.utf8, 0)
    }

    /// The encoding of `bytes` and the length of its byte-order mark; see `detectEncoding(of:)` for the buffer version.
    static func detectEncoding(of bytes: [UInt8]) -> (encoding: Encoding, byteOrderMarkLength: Int) {
        bytes.withUnsafeBufferPointer { detectEncoding(of: $0) }
    }

    /// Decodes a whole file to validated UTF-8.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - file: The path used in errors.
    /// - Returns: The UTF-8 text (the same array, uncopied, for UTF-8 input without a byte-order mark).
    /// - Throws: `CatalogError` at the first invalid UTF-8 sequence, unpaired UTF-16 surrogate, cut-off UTF-16 or
    ///   UTF-32 unit, or UTF-32 unit that is no scalar.
    /// - Complexity: O(n), one pass (plus one for UTF-16 or UTF-32 transcoding).
    static func decode(_ bytes: [UInt8], file: String) throws(CatalogError) -> DecodedText {
        let (encoding, markLength) = detectEncoding(of: bytes)
        switch encoding {
        case .utf8:
            let text = markLength == 0 ? bytes : Array(bytes[markLength...])
            if let problem = text.withUnsafeBufferPointer({ firstUTF8Problem(in: $0) }) {
                throw CatalogError(
                    file: file, position: SourcePositionTracker.position(of: problem.offset, in: text),
                    message: "invalid UTF-8: \(problem.message) (the file is read as UTF-8; save it as UTF-8 or UTF-16)"
                )
            }
            return DecodedText(utf8: text, encoding: .utf8, hadByteOrderMark: markLength > 0)
        case .utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian:
            let result = bytes.withUnsafeBufferPointer { buffer in
                let text = UnsafeBufferPointer(rebasing: buffer[markLength...])
                return switch encoding {
                case .utf32LittleEndian, .utf32BigEndian: transcodeUTF32(text, bigEndian: encoding == .utf32BigEndian)
                default: transcodeUTF16(text, bigEndian: encoding == .utf16BigEndian)
                }
            }
            if let problem = result.problem {
                throw CatalogError(
                    file: file, position: SourcePositionTracker.position(of: result.utf8.count, in: result.utf8),
                    message: "invalid \(encoding): \(problem)")
            }
            return DecodedText(utf8: result.utf8, encoding: encoding, hadByteOrderMark: markLength > 0)
        }
    }

    /// Decodes a whole file to a `String`; see `decode(_:file:)`.
    static func decodeString(_ bytes: [UInt8], file: String) throws(CatalogError) -> String {
        try decode(bytes, file: file).string
    }

    // MARK: - UTF-8 validation

    /// The offset of the first byte of the first invalid UTF-8 sequence in `bytes`, with what is wrong, or nil when
    /// all of it is valid UTF-8 (Unicode's definition: no overlong forms, no surrogates, nothing above U+10FFFF).
    /// `UTF8Decoding` finds the sequence; this says in words what its bytes show.
    static func firstUTF8Problem(in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, message: String)? {
        guard let problem = UTF8Decoding.firstInvalidSequence(in: bytes) else { return nil }
        let index = problem.offset, length = problem.length
        let lead = bytes[index]
        switch lead {
        case 0x80...0xBF:
            return (index, "byte \(hex(lead)) is a continuation byte with no character to continue")
        case 0xC2...0xF4:
            break
        default:
            return (index, "byte \(hex(lead)) never occurs in UTF-8")
        }
        let sequenceLength = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard index + length < bytes.count else {
            return (index, "the file ends inside a \(sequenceLength)-byte sequence starting with \(hex(lead))")
        }
        let bad = bytes[index + length]
        guard length == 1 else {
            return (
                index,
                "byte \(hex(bad)) where a continuation byte of the sequence starting with \(hex(lead)) was expected"
            )
        }
        let what =
            lead == 0xED && bad >= 0xA0
            ? " (an encoded UTF-16 surrogate)"
            : (lead == 0xE0 && bad >= 0x80 && bad < 0xA0) || (lead == 0xF0 && bad >= 0x80 && bad < 0x90)
                ? " (an overlong encoding)"
                : lead == 0xF4 && bad > 0x8F && bad <= 0xBF ? " (beyond U+10FFFF)" : ""
        return (index, "byte \(hex(bad)) cannot follow \(hex(lead))\(what)")
    }

    // MARK: - UTF-32

    /// UTF-32 (after its byte-order mark: only a marked file is read as UTF-32, as `NSString` detects it) as UTF-8,
    /// up to the first unit that is no scalar (a surrogate, above U+10FFFF) or a cut-off last unit.
    private static func transcodeUTF32(_ bytes: UnsafeBufferPointer<UInt8>, bigEndian: Bool)
        -> (utf8: [UInt8], problem: String?)
    {
        let unitCount = bytes.count / 4
        var problem: String?
        let utf8 = [UInt8](unsafeUninitializedCapacity: unitCount * 4) { out, written in
            var w = 0
            for index in 0..<unitCount {
                var value: UInt32 = 0
                for byte in 0..<4 {
                    let shift = UInt32(bigEndian ? 3 - byte : byte) * 8
                    value |= UInt32(bytes[4 * index + byte]) << shift
                }
                guard value < 0xD800 || (value > 0xDFFF && value <= 0x10FFFF) else {
                    problem =
                        value <= 0xDFFF
                        ? "\(hex16(value)) is a surrogate, which UTF-32 does not hold"
                        : "0x\(String(value, radix: 16, uppercase: true)) is above U+10FFFF, the last code point"
                    break
                }
                w = UTF8Encoding.write(value, into: out, at: w)
            }
            if problem == nil && bytes.count % 4 != 0 {
                problem = "the file's length is not a multiple of 4 bytes, so its last UTF-32 unit is cut off"
            }
            written = w
        }
        return (utf8, problem)
    }

    // MARK: - UTF-16

    /// Transcodes UTF-16 to UTF-8, stopping at the first problem (the UTF-8 written so far locates it).
    private static func transcodeUTF16(_ bytes: UnsafeBufferPointer<UInt8>, bigEndian: Bool)
        -> (utf8: [UInt8], problem: String?)
    {
        let unitCount = bytes.count / 2
        var problem: String?
        // Every UTF-16 unit becomes at most 3 UTF-8 bytes (a surrogate pair, two units, becomes 4).
        let utf8 = [UInt8](unsafeUninitializedCapacity: unitCount * 3) { out, written in
            var w = 0
            var index = 0
            func unit(at i: Int) -> UInt32 {
                let a = UInt32(bytes[2 * i])
                let b = UInt32(bytes[2 * i + 1])
                return bigEndian ? a << 8 | b : b << 8 | a
            }
            while index < unitCount {
                var scalar = unit(at: index)
                index += 1
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    guard index < unitCount else {
                        problem = "high surrogate \(hex16(scalar)) at the end of the file has no low surrogate"
                        break
                    }
                    let low = unit(at: index)
                    guard low >= 0xDC00 && low <= 0xDFFF else {
                        problem = "high surrogate \(hex16(scalar)) is followed by \(hex16(low)), not a low surrogate"
                        break
                    }
                    index += 1
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                    problem = "low surrogate \(hex16(scalar)) without a high surrogate before it"
                    break
                }
                w = UTF8Encoding.write(scalar, into: out, at: w)
            }
            if problem == nil && bytes.count & 1 == 1 {
                problem = "the file has an odd number of bytes, so its last UTF-16 unit is cut off"
            }
            written = w
        }
        return (utf8, problem)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0x0" + digits : "0x" + digits
    }

    private static func hex16(_ unit: UInt32) -> String {
        "U+" + String(unit, radix: 16, uppercase: true)
    }
}
