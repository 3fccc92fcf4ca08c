/// A maker of sessions that share what HarfBuzz shapes, made one at a time as they are needed: what
/// `TextMeasurer.makeSessions` gives sessions made all at once, for a pool whose workers each make their own session
/// when they first need one.
///
/// Every session from one group looks up a shaped segment its own cache misses in the group's shared cache
/// (`SharedShapedSegments`) before shaping it, and leaves there what it shapes, so a word that two workers meet is
/// shaped once. Answers are those of a session made alone, to the bit (the shared measure is the one the session
/// would have made: the sessions share one measurer). A group pays a lock and a second lookup for each shaped segment
/// its session misses, which a single thread gains nothing from: make a group for two or more workers, and plain
/// `makeSession()` for one.
///
/// Memory: the shared cache (a quarter of the measurer's segment-cache budget, but at least 64 KiB for each of its 8
/// shards, allocated as they fill) lives as long as the group or any session made from it. A pool that makes a group
/// per setting must bound how many it keeps: groups held by every in-flight job of a stream that keeps making new
/// settings grow with the jobs (what a review measured of `measure stream` with a group per measurer, which is why it
/// has none).
///
/// Thread-safe: `makeSession()` may be called from any thread, and the sessions used on as many at once.
public final class MeasureSessionGroup: Sendable {
    /// What every session of the group measures with.
    public let measurer: TextMeasurer
    /// The shared cache; nil when the measurer has no segment cache (`segmentCacheBytes == 0`), where sessions share
    /// nothing either way.
    private let shared: SharedShapedSegments?

    /// A group over `measurer`; the shared cache takes a quarter of `measurer.segmentCacheBytes` (at least 64 KiB a
    /// shard), as `makeSessions` does, allocated as it fills.
    public init(measurer: TextMeasurer) {
        self.measurer = measurer
        shared = SharedShapedSegments.forSessions(of: measurer)
    }

    /// A new session that shares shaped segments with every other session of this group.
    public func makeSession() -> MeasureSession {
        measurer.makeSession(sharing: shared)
    }
}
