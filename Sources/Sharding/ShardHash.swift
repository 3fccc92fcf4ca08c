/// The hash that assigns work items to shards: 64-bit FNV-1a over the key's bytes, then MurmurHash3's 64-bit
/// finalizer (`fmix64`).
///
/// Every shard of a job — other processes, other machines, other builds — must agree on where an item belongs, so the
/// hash is specified byte for byte and has no seed: Swift's `Hasher` is seeded per process and cannot be used.
/// FNV-1a (draft-eastlake-fnv; the same function as the catalog reports' `StableHash`) is tiny and exact, but its last
/// step only multiplies, so keys that differ in their last byte (`item1`, `item2`, …) differ little in the high bits
/// that `ShardHash.bucket(of:count:)` reads; `fmix64` (Austin Appleby's MurmurHash3, public domain) spreads every
/// input bit over all 64 output bits. Neither is cryptographic: a shard key chosen by an adversary can unbalance the
/// shards, never make an item skip them or land in two.
public enum ShardHash {
    /// FNV-1a's 64-bit offset basis.
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    /// FNV-1a's 64-bit prime.
    public static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// FNV-1a of `bytes`, continuing from `hash` (the offset basis to start).
    /// - Complexity: O(n) in the number of bytes.
    public static func fnv1a64<Bytes: Sequence<UInt8>>(_ bytes: Bytes, continuing hash: UInt64 = offsetBasis)
        -> UInt64
    {
        var hash = hash
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* prime
        }
        return hash
    }

    /// MurmurHash3's 64-bit finalizer: a bijection on `UInt64` in which every input bit flips each output bit with
    /// probability close to 1/2.
    public static func fmix64(_ value: UInt64) -> UInt64 {
        var hash = value
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash = hash &* 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
        return hash
    }

    /// The shard hash of `bytes`: `fmix64(fnv1a64(bytes))`.
    public static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        fmix64(fnv1a64(bytes))
    }

    /// The bucket in `0..<count` that `hash` falls in: the high 64 bits of `hash × count` (Lemire's multiply-shift
    /// reduction), which splits the 64-bit range into `count` runs whose lengths differ by at most one — without the
    /// division of `hash % count`, and reading the best-mixed (high) bits.
    /// - Precondition: `count` ≥ 1 (`Shard` guarantees it).
    public static func bucket(of hash: UInt64, count: Int) -> Int {
        precondition(count >= 1, "a shard count is at least 1")
        return Int(truncatingIfNeeded: hash.multipliedFullWidth(by: UInt64(count)).high)
    }
}
