/// UTF-8 decoding and validation, one scalar at a time (The Unicode Standard §3.9, Table 3-7): the one validating
/// decoder of the package, which the measurer's hot path decodes with and the catalog readers validate files with.
///
/// A well-formed sequence gives its scalar. An ill-formed one gives U+FFFD for its *maximal subpart* — the lead byte
/// and every continuation byte that could still have completed it — so decoding resumes at the first byte that could
/// not belong to it. That is the replacement Swift's `String(decoding:as:)` makes and §3.9 recommends ("U+FFFD
/// Substitution of Maximal Subparts"): `E2 82 41` is U+FFFD then `A`, `C0 AF` two U+FFFD, `ED A0 80` (a surrogate)
/// three. Overlong forms, surrogates and anything above U+10FFFF are ill-formed.
///
/// Everything works on a buffer of bytes in place, allocates nothing and traps on no input; `@inlinable`, so that the
/// callers' loops inline it.
public enum UTF8Decoding {
    /// What decoding one sequence gave: the scalar (U+FFFD for an ill-formed sequence), how many bytes it took, and
    /// whether the sequence was well-formed (a U+FFFD written in the text, `EF BF BD`, is well-formed).
    public typealias Decoded = (scalar: UInt32, length: Int, isValid: Bool)

    /// Decodes the sequence that starts at `index`, ASCII included: `decode(_:at:lead:)` behind the one-byte case,
    /// for the paths that read a scalar here and there rather than a whole text.
    @inlinable @inline(__always)
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Decoded {
        let lead = bytes[index]
        return lead < 0x80 ? (UInt32(lead), 1, true) : decode(bytes, at: index, lead: lead)
    }

    /// Decodes the sequence that starts at `index` with the byte `lead` (`bytes[index]`, ≥ 0x80: ASCII is the
    /// caller's fast path).
    ///
    /// - Parameters:
    ///   - bytes: The text; only `bytes[index...]` is read, at most 4 bytes of it.
    ///   - index: Where the sequence starts; must be a valid index of `bytes`.
    ///   - lead: `bytes[index]`, which the caller has already loaded.
    /// - Returns: The scalar and the sequence's length; for an ill-formed sequence U+FFFD, the length of its maximal
    ///   subpart (1–3) and `isValid` false.
    @inlinable @inline(__always)
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, lead: UInt8) -> Decoded {
        // How many continuation bytes follow the lead, and the range the first of them must fall in (Table 3-7).
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 1
        case 0xE0: length = 2; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 2
        case 0xED: length = 2; high = 0x9F
        case 0xF0: length = 3; low = 0x90
        case 0xF1...0xF3: length = 3
        case 0xF4: length = 3; high = 0x8F
        default: return (0xFFFD, 1, false)
        }
        var scalar = UInt32(lead) & (0x7F >> (length + 1))
        for offset in 1...length {
            guard index + offset < bytes.count else { return (0xFFFD, offset, false) }
            let byte = bytes[index + offset]
            guard byte >= low && byte <= high else { return (0xFFFD, offset, false) }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
            low = 0x80
            high = 0xBF
        }
        return (scalar, length + 1, true)
    }

    /// The first ill-formed sequence of `bytes`: its offset and the length of its maximal subpart, or nil when all of
    /// `bytes` is well-formed UTF-8. Runs of ASCII are checked eight bytes at a time.
    ///
    /// The caller can tell what is wrong from the bytes at the offset: a lead byte outside C2–F4 never occurs in UTF-8
    /// (80–BF: a continuation byte with nothing to continue); when `offset + length` is `bytes.count`, the text ends
    /// inside the sequence; otherwise `bytes[offset + length]` is the byte that cannot continue it.
    @inlinable
    public static func firstInvalidSequence(in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, length: Int)? {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        var index = 0
        while index < count {
            if index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let decoded = decode(bytes, at: index, lead: lead)
            if !decoded.isValid { return (index, decoded.length) }
            index += decoded.length
        }
        return nil
    }
}
