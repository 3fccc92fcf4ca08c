/// A SHA-256 digest: 32 bytes, kept as four 64-bit words so that it hashes, compares and copies as cheaply as a
/// small integer tuple.
///
/// `bytes` and `hexString` give the digest in its usual byte order (the order the size database stores and the
/// README documents).
public struct SHA256Digest: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Bytes 0–7, 8–15, 16–23 and 24–31, each read as a big-endian number.
    public let words: (UInt64, UInt64, UInt64, UInt64)

    /// The digest whose big-endian 64-bit words are these.
    public init(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64) {
        words = (w0, w1, w2, w3)
    }

    /// The digest made of exactly these 32 bytes, or nil for any other count.
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 32 else { return nil }
        var words: [UInt64] = [0, 0, 0, 0]
        for (index, byte) in bytes.enumerated() {
            words[index / 8] = words[index / 8] << 8 | UInt64(byte)
        }
        self.init(words[0], words[1], words[2], words[3])
    }

    /// The digest spelled by 64 hexadecimal digits (either case), or nil.
    public init?(hexString: some StringProtocol) {
        let digits = Array(hexString.utf8)
        guard digits.count == 64 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for index in stride(from: 0, to: 64, by: 2) {
            guard let high = HexDigit.value(digits[index]), let low = HexDigit.value(digits[index + 1]) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        self.init(bytes: bytes)
    }

    /// The 32 bytes, first to last.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(32)
        for word in [words.0, words.1, words.2, words.3] {
            for shift in stride(from: 56, through: 0, by: -8) {
                out.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        return out
    }

    /// Calls `body` with the 32 bytes in a stack buffer (no allocation).
    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        var bigEndian = (words.0.bigEndian, words.1.bigEndian, words.2.bigEndian, words.3.bigEndian)
        return try Swift.withUnsafeBytes(of: &bigEndian) { try body($0) }
    }

    /// 64 lowercase hexadecimal digits.
    public var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    public var description: String { hexString }

    public static func == (a: SHA256Digest, b: SHA256Digest) -> Bool {
        a.words == b.words
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }

    /// Byte order (the order of `bytes`, and of the database's BLOB comparison).
    public static func < (a: SHA256Digest, b: SHA256Digest) -> Bool {
        a.words < b.words
    }

}
