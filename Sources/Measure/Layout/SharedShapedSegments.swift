import Cache
import Locking

/// Measures of shaped segments shared by the sessions made together by `TextMeasurer.makeSessions` (one a thread of
/// a batch): each session's own segment cache first, then this, then HarfBuzz.
///
/// Why: a session's segment cache starts empty, so when a batch is split over several sessions, a word that occurs
/// in two sessions' strings was shaped by both. For text HarfBuzz shapes that doubles the costliest work there is —
/// about 18,000 instructions a word, against a few hundred to find it here — and it was what kept a cold two-thread
/// pass over the complex-script corpus at about 1.6 times one thread: `perf record` of `bench --corpus complex --cache
/// cold`, HarfBuzz's samples 40 % more with two threads than with one for the same strings. Here the second session
/// finds what the first shaped.
///
/// Only shaped segments come here: a plain segment is measured again from the engine's tables in about what the
/// lock costs, so sharing it would only add contention. The key is the session cache's key for the segment (its
/// bytes with its scripts and bidi levels), and the sessions sharing it measure alike (one measurer: cascade, size
/// and options), so a measure found here is the one the session would have made. Sessions made one by one share
/// nothing, so tests that compare two sessions' paths keep them apart, and a lone session pays nothing (the lock,
/// the second lookup and the copy would cost it 2 % of a cold complex-script pass, callgrind). Bounded: a quarter of
/// `TextMeasurer.segmentCacheBytes` in all, but at least 64 KiB a shard, allocated shard by shard on first use, each
/// emptied when full.
///
/// Thread-safe: the keys are spread by hash over `shardCount` caches, each behind its own lock, taken only when a
/// session's own cache misses. With one lock for all, two threads met on it often enough that 2.7 % of a two-thread
/// pass went to the kernel putting one to sleep and waking it (`perf record`: `futex` under `lookup` and `insert`).
///
/// No reference count is touched on the way in: the shards and their caches are reached through unretained
/// references (`shardReferences`, `Shard.reference`) while `shards` and each `Shard.cache` keep them alive. Every
/// thread of a batch reaches the same shard objects, and a retain and release of one of them on each lookup and
/// insert made both cores write its count in turn: with two threads, `swift_retain` and `swift_release` called from
/// `lookup` and `insert` had 1.56 % of all the samples of `perf record -e cpu-clock bench --quick --no-store --corpus
/// complex --cache cold --threads 2 --repetitions 30` (2026-12-05), where one thread, which shares nothing, makes no
/// such calls; none are left.
final class SharedShapedSegments: Sendable {
    /// One shard's state: its cache, made on its first insert (nil until then), and the same cache unretained, which
    /// `lookup` and `insert` call through. Both are set together, once, and never again: `cache` owns the object for
    /// as long as `reference` is used (a full cache empties itself in place).
    private struct Shard {
        var cache: SegmentWidthCache?
        var reference: Unmanaged<SegmentWidthCache>?
    }

    /// The shards, each a lock around its state; this array keeps them alive.
    private let shards: [Locked<Shard>]
    /// The same shards unretained, which `shard(_:)` hands out; set once, in `init`.
    private let shardReferences: [Unmanaged<Locked<Shard>>]
    private let shardBytes: Int

    /// How many caches the keys are spread over: eight keep two threads apart (one lock for all put 2.7 % of a
    /// two-thread pass in the kernel) for 19 allocations when the sessions are made.
    static let shardCount = 8

    /// The fingerprint the inner caches check: they are private to this object, so any constant serves.
    private static let fingerprint: UInt64 = 1

    /// The shared cache for sessions of `measurer` (`TextMeasurer.makeSessions`, `MeasureSessionGroup`): a quarter of
    /// a session's budget, since it holds shaped segments only (about 100 bytes each; 8,600 in a cold pass over the
    /// complex-script corpus); nil when the measurer's sessions have no segment cache.
    static func forSessions(of measurer: TextMeasurer) -> SharedShapedSegments? {
        measurer.segmentCacheBytes > 0 ? SharedShapedSegments(capacityBytes: measurer.segmentCacheBytes / 4) : nil
    }

    /// A shared cache of about `capacityBytes` (at least 64 KiB a shard), allocated a shard at a time when the first
    /// measure of each is stored.
    init(capacityBytes: Int) {
        shards = (0..<Self.shardCount).map { _ in Locked(Shard()) }
        shardReferences = shards.map { .passUnretained($0) }
        shardBytes = max(capacityBytes / Self.shardCount, 64 << 10)
    }

    /// The shard of a key with hash `hash` (its top bits: the caches place entries by the low ones), unretained:
    /// `shards` keeps it.
    @inline(__always)
    private func shard(_ hash: UInt64) -> Unmanaged<Locked<Shard>> {
        shardReferences[Int(truncatingIfNeeded: hash >> 61) & (Self.shardCount - 1)]
    }

    /// The measure stored for `key` (its hash `hash`), or nil.
    func lookup(_ key: UnsafeRawBufferPointer, hash: UInt64) -> SegmentMeasure? {
        let bytes = Bytes(key)
        return shard(hash)._withUnsafeGuaranteedRef { locked in
            locked.withLock { state in
                state.reference?._withUnsafeGuaranteedRef {
                    $0.lookup(bytes.buffer, hash: hash, fingerprint: Self.fingerprint)
                }
            }
        }
    }

    /// Stores `value` for `key` unless another session stored it first.
    func insert(_ key: UnsafeRawBufferPointer, hash: UInt64, value: SegmentMeasure) {
        let bytes = Bytes(key)
        let shardBytes = shardBytes
        shard(hash)._withUnsafeGuaranteedRef { locked in
            locked.withLock { state in
                if state.reference == nil {
                    let cache = SegmentWidthCache(fingerprint: Self.fingerprint, capacityBytes: shardBytes)
                    state.reference = .passUnretained(cache)
                    state.cache = cache
                }
                state.reference?._withUnsafeGuaranteedRef { cache in
                    // Two sessions may shape the same segment at once; the second finds the first's and stores
                    // nothing.
                    if cache.contains(bytes.buffer, hash: hash) { return }
                    cache.insert(bytes.buffer, hash: hash, value: value)
                }
            }
        }
    }

    /// A caller's key as an address and a length: what the cache reads under the lock (comparing it, or copying it
    /// into its arena) and never keeps, so it crosses into the lock's region as plain numbers. (An
    /// `UnsafeRawBufferPointer` would join the caller's region to the cache's, which `Locked` refuses.)
    private struct Bytes: Sendable {
        let address: UInt
        let count: Int

        init(_ buffer: UnsafeRawBufferPointer) {
            address = UInt(bitPattern: buffer.baseAddress)
            count = buffer.count
        }

        /// The bytes again; valid while the caller's buffer is, which outlives the call that made this.
        var buffer: UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: address), count: count)
        }
    }
}
