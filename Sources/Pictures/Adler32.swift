/// Adler-32, the checksum that ends a zlib stream (RFC 1950 §8.2).
public enum Adler32 {
    /// The Adler-32 of `bytes`.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var index = 0
        while index < bytes.count {
            // 5552 bytes is the most that cannot overflow 32 bits before the modulo (zlib's NMAX).
            let end = min(bytes.count, index + 5552)
            while index < end {
                a += UInt32(bytes[index])
                b += a
                index += 1
            }
            a %= 65_521
            b %= 65_521
        }
        return b << 16 | a
    }
}
