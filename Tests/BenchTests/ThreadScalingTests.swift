import Foundation
import Locking
import Testing

@testable import Bench

/// The scaling of suites on several threads: speed-up and processor time against the same suite on one thread, the
/// clock the processor times come from, and the table that shows them.
@Suite struct ThreadScalingTests {
    /// A suite with hand-picked chars/s and processor time.
    static func suite(
        kind: String = "measure", corpus: String = "latin", width: Double = 200, cache: String = "cold", threads: Int,
        charsPerSecond: Double, cpuSeconds: Double?, busyShare: Double? = nil
    ) -> SuiteResult {
        var suite = Fixtures.suite(kind: kind, corpus: corpus, width: width, cache: cache, threads: threads)
        suite.charsPerSecond = charsPerSecond
        suite.cpuSeconds = cpuSeconds
        suite.busyShare = busyShare
        return suite
    }

    @Test func aSuiteOnTwoThreadsIsComparedWithTheSameSuiteOnOne() throws {
        var suites = [
            Self.suite(threads: 1, charsPerSecond: 50_000_000, cpuSeconds: 0.020),
            // 90 M / 50 M = 1.8 times as fast; 22 ms of processor time against 20 ms: 10 % more.
            Self.suite(threads: 2, charsPerSecond: 90_000_000, cpuSeconds: 0.022),
            // Another cache state has its own one-thread suite: 30 M / 40 M = 0.75, 0.030 / 0.015 = twice the time.
            Self.suite(cache: "warm", threads: 1, charsPerSecond: 40_000_000, cpuSeconds: 0.015),
            Self.suite(cache: "warm", threads: 4, charsPerSecond: 30_000_000, cpuSeconds: 0.030),
            // No one-thread suite of this corpus ran, nor of this width: nothing to compare with.
            Self.suite(corpus: "cjk", threads: 2, charsPerSecond: 10_000_000, cpuSeconds: 0.05),
            Self.suite(width: 120, threads: 2, charsPerSecond: 80_000_000, cpuSeconds: 0.02),
            // A limit suite from a report without processor times: a speed-up, no growth.
            Self.suite(kind: "limit", threads: 1, charsPerSecond: 1_000_000_000, cpuSeconds: nil),
            Self.suite(kind: "limit", threads: 2, charsPerSecond: 1_900_000_000, cpuSeconds: nil),
        ]
        ThreadScaling.assign(to: &suites)
        #expect(suites[0].speedup == nil && suites[0].cpuGrowth == nil)
        #expect(try #require(suites[1].speedup) == 1.8)
        #expect(abs(try #require(suites[1].cpuGrowth) - 0.1) < 1e-12)
        #expect(try #require(suites[3].speedup) == 0.75)
        #expect(abs(try #require(suites[3].cpuGrowth) - 1) < 1e-12)
        #expect(suites[4].speedup == nil && suites[4].cpuGrowth == nil)
        #expect(suites[5].speedup == nil && suites[5].cpuGrowth == nil)
        #expect(try #require(suites[7].speedup) == 1.9)
        #expect(suites[7].cpuGrowth == nil)
    }

    @Test func theTerminalTableEndsWithTheScalingOfTheSuitesOnSeveralThreads() {
        var suites = [
            Self.suite(threads: 1, charsPerSecond: 50_000_000, cpuSeconds: 0.020, busyShare: 0.998),
            Self.suite(threads: 2, charsPerSecond: 90_000_000, cpuSeconds: 0.022, busyShare: 0.95),
        ]
        ThreadScaling.assign(to: &suites)
        let text = TerminalTable.render(Fixtures.report(suites: suites))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The main table as before (5 facts, a blank line, header, rule, 2 rows), a blank line, then the scaling
        // table: the id column as wide as the id (26), "×1.80" and "95.0%" five wide, "+10.0%" under "CPU vs t1".
        #expect(lines[10] == "")
        #expect(
            lines[11]
                == "scaling against one thread (busy: the workers' processor time over the pass's wall time × threads)")
        #expect(lines[12] == "suite                         ×t1   busy  CPU vs t1")
        #expect(lines[13] == "--------------------------  -----  -----  ---------")
        #expect(lines[14] == "measure/latin/w200/cold/t2  ×1.80  95.0%     +10.0%")
        #expect(lines.count == 16 && lines[15] == "")
        // Without a suite on several threads there is no scaling table.
        #expect(!TerminalTable.render(Fixtures.report(suites: [suites[0]])).contains("scaling"))
    }

    @Test func markdownAndHTMLCarryTheScalingTableToo() {
        var suites = [
            Self.suite(threads: 1, charsPerSecond: 50_000_000, cpuSeconds: 0.020, busyShare: 0.998),
            Self.suite(threads: 2, charsPerSecond: 90_000_000, cpuSeconds: 0.022, busyShare: 0.95),
        ]
        ThreadScaling.assign(to: &suites)
        let report = Fixtures.report(suites: suites)
        let markdown = MarkdownReport.render(report)
        #expect(markdown.contains("\n## Scaling against one thread\n\n| suite | ×t1 | busy | CPU vs t1 |\n"))
        #expect(markdown.contains("| measure/latin/w200/cold/t2 | ×1.80 | 95.0% | +10.0% |\n"))
        let html = HTMLReport.render(report)
        #expect(html.contains("<h2>Scaling against one thread</h2>"))
        #expect(html.contains("<td class=\"num\">×1.80</td><td class=\"num\">95.0%</td><td class=\"num\">+10.0%</td>"))
    }

    @Test func theScalingFieldsRoundTripThroughJSON() throws {
        var suite = Fixtures.exampleSuite
        suite.threads = 2
        suite.cpuSeconds = 0.0123
        suite.busyShare = 0.97
        suite.speedup = 1.83
        suite.cpuGrowth = 0.042
        let data = try Fixtures.report(suites: [suite]).jsonData()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let encoded = try #require((object["suites"] as? [[String: Any]])?.first)
        #expect(encoded["cpuSeconds"] as? Double == 0.0123 && encoded["busyShare"] as? Double == 0.97)
        #expect(encoded["speedup"] as? Double == 1.83 && encoded["cpuGrowth"] as? Double == 0.042)
        #expect(try BenchReport(jsonData: data).suites == [suite])
    }

    @Test func theThreadClockCountsRunningNotWaiting() {
        // Spinning until the thread has run 20 ms takes at least that much wall time (more when it is preempted; a
        // clock of wall time would advance as fast, one that counted nothing would never get there: the spin gives
        // up after 10 s); sleeping 50 ms uses far less processor time than that (a clean-clone CI run on a loaded
        // machine counted 10.8 ms against a bound of 10: half the sleep still tells a thread clock from a wall clock).
        let clock = ContinuousClock()
        let wallStart = clock.now
        let spinStart = ThreadCPUClock.now()
        var spun = 0.0
        while spun < 0.02 && clock.now - wallStart < .seconds(10) { spun = ThreadCPUClock.now() - spinStart }
        let wall = clock.now - wallStart
        #expect(spun >= 0.02)
        #expect(Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18 >= spun - 0.001)
        let sleepStart = ThreadCPUClock.now()
        Thread.sleep(forTimeInterval: 0.05)
        #expect(ThreadCPUClock.now() - sleepStart < 0.025)
    }

    @Test func everyPassVisitsEveryIndexOnce() {
        // 200 indices are four chunks of 64 (the last of 8); three passes on two workers visit each index three
        // times, one worker or four alike.
        for workers in [1, 2, 4] {
            let visits = Locked([Int](repeating: 0, count: 200))
            let timing = SuiteRunner.parallel(count: 200, workers: workers, passes: 3, timesEachString: false) {
                _, index in
                visits.withLock { $0[index] += 1 }
            }
            #expect(visits.withLock { $0 } == [Int](repeating: 3, count: 200), "\(workers) workers")
            #expect(timing.seconds > 0 && timing.cpuSeconds >= 0)
        }
    }
}
