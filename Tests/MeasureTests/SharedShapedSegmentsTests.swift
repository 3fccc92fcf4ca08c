import Dispatch
import Locking
import TestSupport
import Testing

@testable import Measure

/// Sessions made together (`TextMeasurer.makeSessions`) share the segments HarfBuzz shaped (`SharedShapedSegments`):
/// a session finds what another shaped instead of shaping it again. The reference for every answer is a session made
/// on its own, which shares nothing and shapes every segment itself: whatever the sessions found in each other's
/// work, each layout (size, and every line's range, width and metrics) must be that session's, to the bit.
@Suite struct SharedShapedSegmentsTests {
    /// Words HarfBuzz shapes (Arabic and Persian joining forms and marks, Hebrew points, Devanagari conjuncts and
    /// reordering, Thai marks, a Latin ligature word, kanji and kana that cross a script run) and some it does not.
    static let words = [
        "مرحبا", "العربية", "كِتَابٌ", "لا", "سلام", "کتابخانه", "می‌خواهم", "שָׁלוֹם", "עולם", "नमस्ते", "हिन्दी", "क्षत्रिय",
        "श्रीमान्", "สวัสดีครับ", "ภาษาไทย", "น้ำ", "office", "file", "使って", "(青", "hello", "1,234", "—", "😀",
    ]

    /// Deterministic strings of 1 to 12 words, each followed by a space or nothing.
    static func strings(seed: UInt64, count: Int) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            (0...random.next(12)).map { _ in words[random.next(words.count)] + (random.next(4) == 0 ? "" : " ") }
                .joined()
        }
    }

    /// The strings (at most five) whose layout from `session` is not `expected`'s.
    static func differing(_ strings: [String], _ session: MeasureSession, _ expected: [TextLayout]) -> [String] {
        var differing: [String] = []
        for (text, expected) in zip(strings, expected) {
            let layout = session.layout(text)
            if layout != expected && differing.count < 5 { differing.append("\(text): \(layout) against \(expected)") }
        }
        return differing
    }

    static func measurer(width: Double, segmentCacheBytes: Int = 8 << 20) throws -> TextMeasurer {
        TextMeasurer(
            cascade: try FontCascade.loadDefault(), pointSize: 17, options: MeasureOptions(maxWidth: width),
            segmentCacheBytes: segmentCacheBytes)
    }

    @Test(arguments: [0.0, 120])
    func aSessionFindsWhatAnotherMadeWithItShaped(width: Double) throws {
        let strings = Self.strings(seed: 31, count: 300)
        let measurer = try Self.measurer(width: width)
        let together = measurer.makeSessions(3)
        let alone = measurer.makeSession()
        let expected = strings.map { alone.layout($0) }
        #expect(Self.differing(strings, together[0], expected) == [])
        #expect(together[0].statistics.sharedShapeHits == 0, "nobody had shaped anything before the first")
        // The second finds in the shared cache every shaped segment its own cache does not hold: all of them, the
        // first time each comes; the third, measuring the same strings, exactly as many.
        #expect(Self.differing(strings, together[1], expected) == [])
        let second = together[1].statistics
        #expect(second.sharedShapeHits > 50, "\(second)")
        #expect(second.sharedShapeHits <= second.shapedSegments)
        #expect(Self.differing(strings, together[2], expected) == [])
        #expect(together[2].statistics.sharedShapeHits == second.sharedShapeHits)
        #expect(alone.statistics.sharedShapeHits == 0)
    }

    @Test func sessionsMadeApartShareNothing() throws {
        let strings = Self.strings(seed: 32, count: 100)
        let measurer = try Self.measurer(width: 200)
        let first = measurer.makeSession()
        let one = measurer.makeSessions(1)[0]
        let otherGroup = measurer.makeSessions(2)
        let group = measurer.makeSessions(2)
        for session in [first, one, otherGroup[0], group[0], group[1]] {
            for text in strings { _ = session.measure(text) }
        }
        #expect(first.statistics.sharedShapeHits == 0)
        #expect(one.statistics.sharedShapeHits == 0)
        // Each group shares within itself only: its first session found nothing, its second all it shaped.
        #expect(otherGroup[0].statistics.sharedShapeHits == 0 && group[0].statistics.sharedShapeHits == 0)
        #expect(group[1].statistics.sharedShapeHits > 0)
        // Without a segment cache nothing is shared either.
        let uncached = try Self.measurer(width: 200, segmentCacheBytes: 0).makeSessions(2)
        for session in uncached {
            for text in strings { _ = session.measure(text) }
        }
        #expect(uncached[1].statistics.sharedShapeHits == 0)
    }

    /// Eight sessions on eight threads at once, each over every string in its own order, with the default budget and
    /// with the smallest (64 KiB a shard and a session: both caches empty themselves often): every layout is the lone
    /// session's. Also what `make sanitize` runs under ThreadSanitizer for the shared cache's locks.
    @Test(arguments: [8 << 20, 1])
    func concurrentSessionsGiveWhatALoneSessionGives(segmentCacheBytes: Int) throws {
        let strings = Self.strings(seed: 33, count: 400)
        let measurer = try Self.measurer(width: 150, segmentCacheBytes: segmentCacheBytes)
        let alone = measurer.makeSession()
        let expected = strings.map { alone.layout($0) }
        let sessions = measurer.makeSessions(8)
        let wrong = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: sessions.count) { worker in
            for step in 0..<strings.count {
                // Worker w starts at string 50·w and goes round, odd workers backwards.
                let index = (worker * 50 + (worker % 2 == 0 ? step : strings.count - step)) % strings.count
                let layout = sessions[worker].layout(strings[index])
                if layout != expected[index] { wrong.withLock { $0.append("\(worker): \(strings[index])") } }
            }
        }
        let differing = wrong.withLock { $0 }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        let hits = sessions.reduce(0) { $0 + $1.statistics.sharedShapeHits }
        #expect(hits > 0)
    }
}
