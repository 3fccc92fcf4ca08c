internal import CSHA256

/// SHA-256 (FIPS 180-4), written here so that the size database's keys are the same in every process and on every
/// machine — unlike Swift's `Hasher`, which is seeded per process.
///
/// ```swift
/// let digest = SHA256.hash(Array("abc".utf8))
/// digest.hexString   // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
///
/// var hasher = SHA256()                // incremental: feed a file block by block
/// hasher.update(block1); hasher.update(block2)
/// let fileDigest = hasher.finalize()
/// ```
///
/// Performance notes: one 64-byte block is compressed with the state and the message schedule in locals and a
/// stack-allocated schedule buffer, so hashing allocates nothing; large inputs are compressed straight from the
/// caller's buffer without copying. Release builds hash about 200 MB/s on one core in Swift, and where the processor
/// has the SHA extensions (most x86 processors since 2017) blocks go to them (`CSHA256`) instead, several times faster:
/// the default cascade's 50 MB of font files are hashed to name them in reports and keys.
public struct SHA256: Sendable {
    /// The hash state H0…H7.
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    /// Bytes of an unfinished block (fewer than 64).
    private var pending: [UInt8] = []
    /// Message length so far, in bytes.
    private var length: UInt64 = 0

    /// Whether this hasher compresses with the SHA extensions (`usesExtensions`, unless made `portable`).
    private var extensions = SHA256.usesExtensions

    /// A hasher with nothing hashed yet.
    public init() {}

    /// A hasher that compresses in Swift even where the processor has the SHA extensions: tests compare the two.
    package init(portable: Bool) {
        extensions = !portable && SHA256.usesExtensions
    }

    /// The digest of `bytes`.
    public static func hash(_ bytes: some Sequence<UInt8>) -> SHA256Digest {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The digest of a string's UTF-8 bytes.
    public static func hash(_ text: String) -> SHA256Digest {
        var text = text
        return text.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
    }

    /// The digest of the bytes in `buffer`: whole blocks straight from the buffer, the padded tail from the stack, no
    /// allocation (the size database hashes every text it stores or looks up).
    package static func hash(_ buffer: UnsafeRawBufferPointer) -> SHA256Digest {
        var hasher = SHA256()
        let whole = buffer.count / 64 * 64
        if whole > 0 {
            hasher.compress(blocks: UnsafeRawBufferPointer(rebasing: buffer[..<whole]))
        }
        hasher.length = UInt64(buffer.count)
        return hasher.digest(after: UnsafeRawBufferPointer(rebasing: buffer[whole...]))
    }

    /// Adds `bytes` to the message.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update(UnsafeRawBufferPointer($0)) }
        if done == nil {
            let copy = Array(bytes)
            copy.withUnsafeBytes { update($0) }
        }
    }

    /// Adds the bytes in `buffer` to the message.
    package mutating func update(_ buffer: UnsafeRawBufferPointer) {
        guard buffer.count > 0 else { return }
        length &+= UInt64(buffer.count)
        var rest = buffer[...]
        if !pending.isEmpty {
            let take = min(64 - pending.count, rest.count)
            pending.append(contentsOf: rest.prefix(take))
            rest = rest.dropFirst(take)
            guard pending.count == 64 else { return }
            pending.withUnsafeBytes { compress(blocks: $0) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = rest.count / 64 * 64
        if whole > 0 {
            compress(blocks: UnsafeRawBufferPointer(rebasing: rest.prefix(whole)))
        }
        pending.append(contentsOf: rest.dropFirst(whole))
    }

    /// Pads the message, compresses the last block(s) and returns the digest.
    public consuming func finalize() -> SHA256Digest {
        let tail = pending
        return tail.withUnsafeBytes { digest(after: $0) }
    }

    /// The digest once `tail` (the message's last `length % 64` bytes) is padded and compressed: the bytes, 0x80,
    /// zeros, and the message length in bits as a big-endian 64-bit number, making one or two blocks.
    private mutating func digest(after tail: UnsafeRawBufferPointer) -> SHA256Digest {
        precondition(tail.count < 64, "the tail is less than a block")
        let bitLength = length &* 8
        let padded = tail.count < 56 ? 64 : 128
        withUnsafeTemporaryAllocation(byteCount: 128, alignment: 8) { block in
            block.initializeMemory(as: UInt8.self, repeating: 0)
            block.copyMemory(from: tail)
            block[tail.count] = 0x80
            block.storeBytes(of: bitLength.bigEndian, toByteOffset: padded - 8, as: UInt64.self)
            compress(blocks: UnsafeRawBufferPointer(rebasing: block[..<padded]))
        }
        let s = state
        return SHA256Digest(
            UInt64(s.0) << 32 | UInt64(s.1), UInt64(s.2) << 32 | UInt64(s.3),
            UInt64(s.4) << 32 | UInt64(s.5), UInt64(s.6) << 32 | UInt64(s.7))
    }

    /// The round constants K0…K63.
    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// Whether blocks are compressed with the processor's SHA extensions (`CSHA256`), where it has them: about five
    /// times the portable code's speed. Tests turn it off to compare the two.
    package static let usesExtensions = textsize_sha256_extensions_available() != 0

    /// Compresses every 64-byte block of `blocks` (whose count is a multiple of 64) into the state: with the SHA
    /// extensions when `extensions`, else in Swift.
    private mutating func compress(blocks: UnsafeRawBufferPointer) {
        precondition(blocks.count % 64 == 0, "SHA-256 compresses whole 64-byte blocks")
        guard blocks.count > 0, let base = blocks.baseAddress else { return }
        if extensions {
            withUnsafeMutableBytes(of: &state) { words in
                textsize_sha256_extensions_compress(
                    words.baseAddress!.assumingMemoryBound(to: UInt32.self), base.assumingMemoryBound(to: UInt8.self),
                    blocks.count / 64)
            }
            return
        }
        var (h0, h1, h2, h3, h4, h5, h6, h7) = state
        Self.k.withUnsafeBufferPointer { k in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                var offset = 0
                while offset < blocks.count {
                    for t in 0..<16 {
                        w[t] = UInt32(bigEndian: blocks.loadUnaligned(fromByteOffset: offset + 4 * t, as: UInt32.self))
                    }
                    for t in 16..<64 {
                        let w15 = w[t - 15], w2 = w[t - 2]
                        let s0 = w15.rotatedRight(7) ^ w15.rotatedRight(18) ^ (w15 >> 3)
                        let s1 = w2.rotatedRight(17) ^ w2.rotatedRight(19) ^ (w2 >> 10)
                        w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
                    }
                    var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
                    for t in 0..<64 {
                        let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                        let choice = (e & f) ^ (~e & g)
                        let t1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
                        let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = s0 &+ majority
                        h = g; g = f; f = e; e = d &+ t1
                        d = c; c = b; b = a; a = t1 &+ t2
                    }
                    h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d; h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
                    offset += 64
                }
            }
        }
        state = (h0, h1, h2, h3, h4, h5, h6, h7)
    }
}

extension UInt32 {
    /// The bits rotated right by `count` (0 < count < 32).
    @inline(__always)
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
        self >> count | self << (32 &- count)
    }
}
