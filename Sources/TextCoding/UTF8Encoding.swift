/// UTF-8 encoding of one scalar value (RFC 3629 §3): the one encoder every parser and writer of the package uses
/// when it turns an escape (`\u00E9`, `&#x1F600;`, a UTF-16 pair, a Latin-1 byte) into bytes.
public enum UTF8Encoding {
    /// The number of bytes `scalar` takes in UTF-8 (1–4); `scalar` must be a Unicode scalar value.
    @inlinable
    public static func count(of scalar: UInt32) -> Int {
        scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x1_0000 ? 3 : 4
    }

    /// Appends the UTF-8 bytes of `scalar` to `out`; `scalar` must be a Unicode scalar value (the callers have
    /// checked: no surrogate, nothing past U+10FFFF).
    @inlinable
    public static func append(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x1_0000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Writes the UTF-8 bytes of `scalar` into `out` from index `at` (which must leave `count(of:)` bytes of room)
    /// and returns the index after them: for decoders that fill a buffer sized in advance.
    @inlinable
    public static func write(_ scalar: UInt32, into out: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
        switch scalar {
        case 0..<0x80:
            out[index] = UInt8(scalar)
            return index + 1
        case 0x80..<0x800:
            out[index] = UInt8(0xC0 | scalar >> 6)
            out[index + 1] = UInt8(0x80 | scalar & 0x3F)
            return index + 2
        case 0x800..<0x1_0000:
            out[index] = UInt8(0xE0 | scalar >> 12)
            out[index + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[index + 2] = UInt8(0x80 | scalar & 0x3F)
            return index + 3
        default:
            out[index] = UInt8(0xF0 | scalar >> 18)
            out[index + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            out[index + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[index + 3] = UInt8(0x80 | scalar & 0x3F)
            return index + 4
        }
    }
}
