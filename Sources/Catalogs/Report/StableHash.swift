/// 64-bit FNV-1a hashes, written as 16 lowercase hex digits.
///
/// Report fingerprints must be the same on every machine and in every run (Swift's `Hasher` is seeded per process,
/// so it cannot be used). FNV-1a is tiny, fast, and specified byte for byte (draft-eastlake-fnv), which is all a
/// fingerprint needs; it is not a cryptographic hash.
enum StableHash {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// FNV-1a of `bytes`, continuing from `hash`.
    static func fnv1a64<Bytes: Sequence<UInt8>>(_ bytes: Bytes, continuing hash: UInt64 = offsetBasis) -> UInt64 {
        var hash = hash
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* prime
        }
        return hash
    }

    /// The hash of `parts` as UTF-8, each followed by a 0 byte so that `("ab", "c")` and `("a", "bc")` differ.
    static func hex(_ parts: [String]) -> String {
        var hash = offsetBasis
        for part in parts { hash = fnv1a64(CollectionOfOne(0), continuing: fnv1a64(part.utf8, continuing: hash)) }
        return hex(hash)
    }

    /// `value` as 16 lowercase hex digits.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
