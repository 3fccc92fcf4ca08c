import Sharding
import Testing

/// The shard hash is a published function, so its values are fixed forever: these goldens come from outside this
/// code — FNV-1a's from the FNV reference test vectors (draft-eastlake-fnv, "a" and "foobar"), the finalized ones
/// and the buckets computed by hand with Python's unbounded integers (`fmix64` as MurmurHash3 writes it).
@Suite struct ShardHashTests {
    @Test("FNV-1a 64 of the reference test vectors")
    func fnvVectors() {
        #expect(ShardHash.fnv1a64([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(ShardHash.fnv1a64("a".utf8) == 0xaf63_dc4c_8601_ec8c)
        #expect(ShardHash.fnv1a64("foobar".utf8) == 0x8594_4171_f739_67e8)
    }

    @Test("fmix64 after FNV-1a, and the bucket each key falls in")
    func finalizedAndBuckets() {
        #expect(ShardHash.hash([UInt8]()) == 0xefd0_1f60_ba99_2926)
        #expect(ShardHash.hash("a".utf8) == 0x82a2_a958_a9be_ce5b)
        #expect(ShardHash.hash("hello world".utf8) == 0x7c6d_8c01_9b6e_e5d5)
        // hash × n >> 64 for n = 2, 3, 4, 7.
        #expect([2, 3, 4, 7].map { Shard.index(of: "hello world".utf8, count: $0) } == [0, 1, 1, 3])
        #expect([2, 3, 4, 7].map { Shard.index(of: [UInt8](), count: $0) } == [1, 2, 3, 6])
        #expect(Shard.index(of: "anything".utf8, count: 1) == 0)
    }

    @Test("fields are each followed by a 0 byte")
    func fields() throws {
        // FNV-1a of "button.ok\0\0", finalized: 0x805ca0b31eecb832, bucket 2 of 4.
        #expect(try Shard(index: 2, count: 4).contains(fields: ["button.ok", ""]))
        #expect(try Shard(index: 2, count: 4).contains(key: Array("button.ok\0\0".utf8)))
        // ("ab", "c") and ("a", "bc") are different keys: over many shards they part.
        let count = Shard.maximumCount
        let split = (0..<count).filter { (try? Shard(index: $0, count: count))?.contains(fields: ["ab", "c"]) == true }
        let other = (0..<count).filter { (try? Shard(index: $0, count: count))?.contains(fields: ["a", "bc"]) == true }
        #expect(split.count == 1 && other.count == 1 && split != other)
    }
}
