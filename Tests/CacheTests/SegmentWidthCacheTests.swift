import Foundation
import Testing

@testable import Cache

/// The segment-width cache: hits only for the very same bytes, bounded memory, counters.
@Suite struct SegmentWidthCacheTests {
    func measure(_ width: Double) -> SegmentMeasure {
        SegmentMeasure(wordWidth: width, totalWidth: width + 5, fonts: 0b101, hasVisible: true)
    }

    func withKey<R>(_ text: String, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        Array(text.utf8).withUnsafeBytes(body)
    }

    @Test func storedSegmentsAreFoundAndCounted() {
        let cache = SegmentWidthCache(fingerprint: 7, capacityBytes: 64 << 10)
        withKey("hello ") { key in
            let hash = SegmentWidthCache.hash(key)
            #expect(cache.lookup(key, hash: hash, fingerprint: 7) == nil)
            cache.insert(key, hash: hash, value: measure(31.5))
            #expect(cache.lookup(key, hash: hash, fingerprint: 7) == measure(31.5))
        }
        #expect(cache.statistics.hits == 1)
        #expect(cache.statistics.misses == 1)
        #expect(cache.statistics.entries == 1)
        #expect(cache.statistics.hitRate == 0.5)
    }

    @Test func containsAnswersWithoutCounting() {
        let cache = SegmentWidthCache(fingerprint: 3, capacityBytes: 64 << 10)
        let hash = withKey("नमस्ते ") { SegmentWidthCache.hash($0) }
        withKey("नमस्ते ") { key in
            #expect(!cache.contains(key, hash: hash))
            cache.insert(key, hash: hash, value: measure(40.25))
            #expect(cache.contains(key, hash: hash))
        }
        // The same hash with other bytes (the word without its space) is not contained, nor is an empty key.
        withKey("नमस्ते") { #expect(!cache.contains($0, hash: hash)) }
        withKey("") { #expect(!cache.contains($0, hash: hash)) }
        #expect(cache.statistics.hits == 0 && cache.statistics.misses == 0)
        #expect(cache.statistics.entries == 1)
    }

    @Test func equalHashesWithDifferentBytesNeverHit() {
        // The caller supplies the hash, so force a collision: the bytes must still be compared.
        let cache = SegmentWidthCache(fingerprint: 1, capacityBytes: 64 << 10)
        withKey("alpha") { cache.insert($0, hash: 42, value: measure(1)) }
        withKey("omega") { #expect(cache.lookup($0, hash: 42, fingerprint: 1) == nil) }
        withKey("alphabet") { #expect(cache.lookup($0, hash: 42, fingerprint: 1) == nil) }
        withKey("alpha") { #expect(cache.lookup($0, hash: 42, fingerprint: 1) == measure(1)) }
        // Keys longer than eight bytes compare in words and a tail.
        withKey("internationalisation") { cache.insert($0, hash: 9, value: measure(2)) }
        withKey("internationalisatioN") { #expect(cache.lookup($0, hash: 9, fingerprint: 1) == nil) }
        withKey("internationalisation") { #expect(cache.lookup($0, hash: 9, fingerprint: 1) == measure(2)) }
    }

    @Test func aFullCacheStartsOverWithinItsBudget() {
        let cache = SegmentWidthCache(fingerprint: 1, capacityBytes: 64 << 10)
        for index in 0..<20_000 {
            withKey("word\(index)") { key in
                let hash = SegmentWidthCache.hash(key)
                if cache.lookup(key, hash: hash, fingerprint: 1) == nil {
                    cache.insert(key, hash: hash, value: measure(Double(index)))
                }
            }
        }
        #expect(cache.statistics.evictions > 0)
        #expect(cache.statistics.bytesUsed <= 48 << 10)
        // The most recent entry survived the last start-over and is right.
        withKey("word19999") { key in
            #expect(cache.lookup(key, hash: SegmentWidthCache.hash(key), fingerprint: 1) == measure(19999))
        }
    }

    /// The table starts small and doubles as it fills; every entry stays findable across each doubling, and the cache
    /// starts over exactly when a table of its full size would: an 8 MiB budget gives a quarter, 2 MiB, to 16-byte
    /// slots, 131,072 of them, which take 3/4 × 131,072 = 98,304 entries (the arena, 6 MiB, holds 98,304 entries of
    /// six-byte keys with room to spare); the 98,305th insert starts over.
    @Test func theTableGrowsAndStartsOverWhereTheFullTableWould() {
        let cache = SegmentWidthCache(fingerprint: 3, capacityBytes: 8 << 20)
        func insert(_ index: Int) {
            withKey(String(format: "w%05d", index)) { key in
                let hash = SegmentWidthCache.hash(key)
                #expect(cache.lookup(key, hash: hash, fingerprint: 3) == nil)
                cache.insert(key, hash: hash, value: measure(Double(index)))
            }
        }
        for index in 0..<98_304 { insert(index) }
        #expect(cache.statistics.evictions == 0)
        #expect(cache.statistics.entries == 98_304)
        var found = 0
        for index in 0..<98_304 {
            withKey(String(format: "w%05d", index)) { key in
                if cache.lookup(key, hash: SegmentWidthCache.hash(key), fingerprint: 3) == measure(Double(index)) {
                    found += 1
                }
            }
        }
        #expect(found == 98_304)
        insert(98_304)
        #expect(cache.statistics.evictions == 1)
        #expect(cache.statistics.entries == 1)
        withKey("w00000") { #expect(cache.lookup($0, hash: SegmentWidthCache.hash($0), fingerprint: 3) == nil) }
    }

    /// The arena filling up while the table is still small starts the cache over rather than growing the table (whose
    /// growth would leave no room for the entry): an 8 MiB budget has 6 MiB of arena, 6,291,456 bytes, which holds
    /// 12,288 entries of 512 bytes (a `SegmentMeasure` and a key of the rest) — 3/4 of the first table's 16,384
    /// slots, so both are full at once, and the 12,289th insert starts over.
    @Test func aFullArenaStartsOverBeforeTheTableGrows() {
        let cache = SegmentWidthCache(fingerprint: 5, capacityBytes: 8 << 20)
        let keyLength = 512 - MemoryLayout<SegmentMeasure>.stride
        func insert(_ index: Int) {
            let key = Array(String(format: "%0\(keyLength)d", index).utf8)
            key.withUnsafeBytes { key in
                cache.insert(key, hash: SegmentWidthCache.hash(key), value: measure(Double(index)))
            }
        }
        for index in 0..<12_288 { insert(index) }
        #expect(cache.statistics.evictions == 0)
        #expect(cache.statistics.bytesUsed == 6_291_456)
        insert(12_288)
        #expect(cache.statistics.evictions == 1)
        #expect(cache.statistics.entries == 1)
        #expect(cache.statistics.bytesUsed == 512)
    }

    @Test func hashesDependOnEveryByte() {
        let a = withKey("abcdefghij") { SegmentWidthCache.hash($0) }
        let b = withKey("abcdefghik") { SegmentWidthCache.hash($0) }
        let c = withKey("bbcdefghij") { SegmentWidthCache.hash($0) }
        #expect(a != b && a != c && b != c)
        #expect(withKey("") { SegmentWidthCache.hash($0) } != withKey("\0") { SegmentWidthCache.hash($0) })
    }
}
