import Dispatch
import Locking
import Testing

@testable import Measure

/// Sessions a `MeasureSessionGroup` makes one at a time share what HarfBuzz shapes, as sessions `makeSessions` makes
/// together do; answers are a lone session's, to the bit. The strings and the comparison are
/// `SharedShapedSegmentsTests`'s.
@Suite struct MeasureSessionGroupTests {
    typealias Shared = SharedShapedSegmentsTests

    /// `count` strings, a group over a measurer at `width`, a lone session of the same measurer and its layouts of
    /// the strings (the reference every group session must give).
    static func setUp(seed: UInt64, count: Int, width: Double) throws -> (
        strings: [String], group: MeasureSessionGroup, alone: MeasureSession, expected: [TextLayout]
    ) {
        let strings = Shared.strings(seed: seed, count: count)
        let measurer = try Shared.measurer(width: width)
        let alone = measurer.makeSession()
        return (strings, MeasureSessionGroup(measurer: measurer), alone, strings.map { alone.layout($0) })
    }

    @Test func aSessionMadeLaterFindsWhatAnEarlierOneShaped() throws {
        let (strings, group, alone, expected) = try Self.setUp(seed: 41, count: 250, width: 120)
        let first = group.makeSession()
        #expect(Shared.differing(strings, first, expected) == [])
        #expect(first.statistics.sharedShapeHits == 0, "nobody had shaped anything before the first")
        // Made only now, after the first has measured everything: it finds every shaped segment its own empty cache
        // misses, the first time each comes.
        let second = group.makeSession()
        #expect(Shared.differing(strings, second, expected) == [])
        let statistics = second.statistics
        #expect(statistics.sharedShapeHits > 50, "\(statistics)")
        #expect(statistics.sharedShapeHits <= statistics.shapedSegments)
        #expect(alone.statistics.sharedShapeHits == 0)
    }

    @Test func groupsShareNothingWithEachOther() throws {
        let strings = Shared.strings(seed: 42, count: 100)
        let measurer = try Shared.measurer(width: 200)
        let one = MeasureSessionGroup(measurer: measurer).makeSession()
        let other = MeasureSessionGroup(measurer: measurer).makeSession()
        let together = measurer.makeSessions(2)
        for session in [one, together[0], other] {
            for text in strings { _ = session.measure(text) }
        }
        #expect(other.statistics.sharedShapeHits == 0)
        // Without a segment cache a group shares nothing either, and answers alike.
        let uncached = try Shared.measurer(width: 200, segmentCacheBytes: 0)
        let group = MeasureSessionGroup(measurer: uncached)
        let alone = uncached.makeSession()
        let expected = strings.map { alone.layout($0) }
        _ = strings.map { group.makeSession().layout($0) }
        let later = group.makeSession()
        #expect(Shared.differing(strings, later, expected) == [])
        #expect(later.statistics.sharedShapeHits == 0)
    }

    /// Six threads, each making its session from the group when it starts (some after others have measured a
    /// while), over every string in its own order: every layout is the lone session's.
    @Test func sessionsMadeOnManyThreadsGiveWhatALoneSessionGives() throws {
        let (strings, group, _, expected) = try Self.setUp(seed: 43, count: 300, width: 150)
        let wrong = Locked<[String]>([])
        let hits = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 6) { worker in
            let session = group.makeSession()
            for step in 0..<strings.count {
                let index = (worker * 40 + (worker % 2 == 0 ? step : strings.count - step)) % strings.count
                let layout = session.layout(strings[index])
                if layout != expected[index] { wrong.withLock { $0.append("\(worker): \(strings[index])") } }
            }
            hits.withLock { $0 += session.statistics.sharedShapeHits }
        }
        let differing = wrong.withLock { $0 }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        #expect(hits.withLock { $0 } > 0)
    }
}
