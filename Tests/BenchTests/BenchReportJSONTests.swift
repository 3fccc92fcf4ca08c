import Foundation
import Testing

@testable import Bench

/// The JSON shape other tools rely on: exact key names, a lossless round trip, byte-stable output, and the suite id.
@Suite struct BenchReportJSONTests {
    static let handWritten = """
        {
          "tool": "bench",
          "engineVersion": "0.1.0",
          "commit": "a652ca1",
          "date": "2026-12-01T04:40:00Z",
          "machine": {"cores": 2, "cpuModel": "Example CPU", "memoryBytes": 4294967296, "os": "Debian GNU/Linux 13"},
          "corpora": [{"name": "cjk", "lines": 300, "chars": 9000, "sha256": "abc123"}],
          "repetitions": 7,
          "quick": true,
          "suites": [{
            "kind": "relayout", "corpus": "cjk", "width": 320, "cache": "warm", "threads": 2,
            "strings": 300, "chars": 9000,
            "stringsPerSecond": 5000000.5, "stringsPerSecondMin": 4900000, "stringsPerSecondMax": 5100000,
            "charsPerSecond": 150000000, "charsPerSecondMin": 140000000, "charsPerSecondMax": 160000000,
            "latencyP50": 2.5e-7, "latencyP90": 4e-7, "latencyP99": 1e-6, "latencyMax": 0.00003,
            "peakRSSBytes": 41943040, "allocations": 12, "bytesAllocated": 4096, "freeTypeCalls": 0,
            "glyphCacheHitRate": 1, "segmentCacheHitRate": 0.75, "segmentCacheMisses": 75
          }]
        }
        """

    @Test func decodesAHandWrittenReportWithTheDocumentedKeys() throws {
        let report = try BenchReport(jsonData: Data(Self.handWritten.utf8))
        #expect(report.tool == "bench")
        #expect(report.engineVersion == "0.1.0")
        #expect(report.commit == "a652ca1")
        #expect(report.date == "2026-12-01T04:40:00Z")
        #expect(
            report.machine
                == MachineInfo(
                    cores: 2, cpuModel: "Example CPU", memoryBytes: 4_294_967_296,
                    os: "Debian GNU/Linux 13"))
        #expect(report.corpora == [CorpusInfo(name: "cjk", lines: 300, chars: 9_000, sha256: "abc123")])
        #expect(report.repetitions == 7)
        #expect(report.quick)
        let suite = try #require(report.suites.first)
        #expect(
            suite
                == SuiteResult(
                    kind: "relayout", corpus: "cjk", width: 320, cache: "warm", threads: 2, strings: 300, chars: 9_000,
                    stringsPerSecond: 5_000_000.5, stringsPerSecondMin: 4_900_000, stringsPerSecondMax: 5_100_000,
                    charsPerSecond: 150_000_000, charsPerSecondMin: 140_000_000, charsPerSecondMax: 160_000_000,
                    latencyP50: 0.000_000_25, latencyP90: 0.000_000_4, latencyP99: 0.000_001, latencyMax: 0.000_03,
                    peakRSSBytes: 41_943_040, allocations: 12, bytesAllocated: 4_096, freeTypeCalls: 0,
                    glyphCacheHitRate: 1, segmentCacheHitRate: 0.75, segmentCacheMisses: 75))
        #expect(suite.id == "relayout/cjk/w320/warm/t2")
    }

    @Test func reportsWithoutOtherSuitesStillDecode() throws {
        var object = try #require(
            try JSONSerialization.jsonObject(
                with: Fixtures.report(suites: [Fixtures.exampleSuite]).jsonData()) as? [String: Any])
        object["otherSuites"] = nil
        object["plain"] = nil
        let report = try BenchReport(jsonData: try JSONSerialization.data(withJSONObject: object))
        #expect(report.otherSuites.isEmpty)
        #expect(!report.plain)  // written before --plain was recorded: a default-mode run
        #expect(report.suites == [Fixtures.exampleSuite])
    }

    @Test func encodesExactlyTheDocumentedKeys() throws {
        let data = try Fixtures.report(suites: [Fixtures.exampleSuite]).jsonData()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "tool", "engineVersion", "commit", "date", "machine", "corpora", "repetitions",
                "quick", "plain", "suites", "otherSuites",
            ])
        let machine = try #require(object["machine"] as? [String: Any])
        #expect(Set(machine.keys) == ["cores", "cpuModel", "memoryBytes", "os"])
        let corpus = try #require((object["corpora"] as? [[String: Any]])?.first)
        #expect(Set(corpus.keys) == ["name", "lines", "chars", "sha256"])
        let suite = try #require((object["suites"] as? [[String: Any]])?.first)
        #expect(
            Set(suite.keys) == [
                "kind", "corpus", "width", "cache", "threads", "strings", "chars", "stringsPerSecond",
                "stringsPerSecondMin", "stringsPerSecondMax", "charsPerSecond", "charsPerSecondMin",
                "charsPerSecondMax",
                "latencyP50", "latencyP90", "latencyP99", "latencyMax", "peakRSSBytes", "allocations", "bytesAllocated",
                "freeTypeCalls", "glyphCacheHitRate", "segmentCacheHitRate", "segmentCacheMisses",
            ])
        #expect(suite["corpus"] as? String == "latin")
        #expect(suite["width"] as? Double == 200)
        #expect(suite["latencyP50"] as? Double == 0.000_000_84)
    }

    @Test func roundTripsAndWritesTheSameBytesEveryTime() throws {
        let report = Fixtures.sampleReport()
        let data = try report.jsonData()
        #expect(try BenchReport(jsonData: data) == report)
        #expect(try report.jsonData() == data)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"commit\" : \"a652ca1\",\n  \"corpora\" : ["))
        #expect(text.hasSuffix("}\n"))
    }

    @Test func nonFiniteNumbersAreRefusedRatherThanWrittenAsInvalidJSON() {
        var suite = Fixtures.exampleSuite
        suite.glyphCacheHitRate = .nan
        #expect(throws: (any Error).self) { try Fixtures.report(suites: [suite]).jsonData() }
    }

    @Test func suiteIDSpellsTheIdentity() {
        #expect(Fixtures.exampleSuite.id == "measure/latin/w200/cold/t1")
        #expect(
            Fixtures.suite(kind: "relayout", corpus: "cjk", width: 120.5, cache: "warm", threads: 16).id
                == "relayout/cjk/w120.5/warm/t16")
    }

    @Test func timestampIsISO8601InUTCWithWholeSeconds() {
        #expect(BenchReport.timestamp(Date(timeIntervalSince1970: 1_796_100_000.75)) == "2026-12-01T04:40:00Z")
    }

    @Test func findsASuiteByID() {
        let report = Fixtures.sampleReport()
        #expect(report.suite(id: "relayout/cjk/w320/warm/t4")?.threads == 4)
        #expect(report.suite(id: "measure/greek/w200/cold/t1") == nil)
    }
}
