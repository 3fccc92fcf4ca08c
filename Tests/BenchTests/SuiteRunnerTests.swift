import Foundation
import Measure
import Testing

@testable import Bench

/// The harness's runner on a small corpus: what each suite reports, cold against warm, and the plans.
@Suite struct SuiteRunnerTests {
    /// Greek is outside Latin-1, so measuring it needs the glyph cache (and FreeType when the cache is cold).
    static let strings = [
        "hello world hello world hello world", "Ελληνικά γράμματα", "Einstellungen für Benachrichtigungen",
        "ωμέγα και άλφα", "short", "",
    ]

    func runner(repetitions: Int = 2) -> SuiteRunner {
        SuiteRunner(
            makeCascade: {
                try FontCascade(loading: [FontSource(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")])
            }, repetitions: repetitions)
    }

    @Test func aColdSuiteCountsEveryFreeTypeLookupItMakes() throws {
        let corpus = BenchCorpus(name: "latin", strings: Self.strings)
        let result = try runner().run(
            SuiteConfiguration(
                kind: .measure, corpus: "latin", width: 120, cache: .cold,
                threads: 1), corpus: corpus)
        #expect(result.id == "measure/latin/w120/cold/t1")
        #expect(result.strings == 6)
        #expect(result.chars == Self.strings.reduce(0) { $0 + $1.unicodeScalars.count })
        // Fresh fonts: a new session reads its Latin-1 table from FreeType — the 190 scalars that are neither control
        // characters nor the soft hyphen (U+0020–007E and U+00A0–00FF but U+00AD) — and each distinct scalar outside
        // Latin-1 is one more lookup.
        let greek = Set(Self.strings.joined().unicodeScalars.filter { $0.value >= 256 })
        #expect(result.freeTypeCalls == 190 + greek.count)
        #expect(result.glyphCacheHitRate < 1)
        #expect(result.stringsPerSecondMin <= result.stringsPerSecond)
        #expect(result.stringsPerSecond <= result.stringsPerSecondMax)
        #expect(result.latencyP50 <= result.latencyP90 && result.latencyP90 <= result.latencyP99)
        #expect(result.latencyP99 <= result.latencyMax && result.latencyP50 > 0)
        #expect(result.peakRSSBytes > 0)
        // The default probe counts nothing.
        #expect(result.allocations == 0 && result.bytesAllocated == 0)
        // Its worker's processor time, and how much of the pass it ran: one worker, so nearly all of it (the pass's
        // wall time also holds reading the clocks and starting the worker).
        #expect(try #require(result.cpuSeconds) > 0)
        let busy = try #require(result.busyShare)
        #expect(busy > 0 && busy <= 1.05)
        #expect(result.speedup == nil && result.cpuGrowth == nil)
    }

    @Test func aWarmSuiteFindsEverythingInItsCaches() throws {
        // Latin-1 and Greek are fitted in one pass and never reach the segment cache; a combining mark sends its
        // string to the general path, whose segments the warm-up cached.
        let corpus = BenchCorpus(name: "latin", strings: Self.strings + ["cafe\u{301} crème brûlée"])
        let result = try runner().run(
            SuiteConfiguration(
                kind: .measure, corpus: "latin", width: 120, cache: .warm,
                threads: 1), corpus: corpus)
        #expect(result.freeTypeCalls == 0)
        #expect(result.glyphCacheHitRate == 1)
        #expect(result.segmentCacheMisses == 0)
        #expect(result.segmentCacheHitRate == 1)
    }

    @Test func relayoutSuitesFitPreparedText() throws {
        let corpus = BenchCorpus(name: "cjk", strings: ["设置", "我是一个按钮", "다운로드", "short words here"])
        let result = try runner().run(
            SuiteConfiguration(
                kind: .relayout, corpus: "cjk", width: 320, cache: .warm,
                threads: 2), corpus: corpus)
        #expect(result.id == "relayout/cjk/w320/warm/t2")
        #expect(result.strings == 4)
        #expect(result.stringsPerSecond > 0)
        #expect(result.freeTypeCalls == 0)
        #expect(try #require(result.cpuSeconds) > 0 && result.busyShare != nil)
    }

    @Test func plansListTheirSuites() {
        let quick = BenchPlan.quick.suites
        // 3 corpora × (1 width × cold/warm × threads 1, 2 + re-layout at 320 × threads 1, 2).
        #expect(quick.count == 18)
        #expect(Set(quick.map(\.corpus)) == ["latin", "cjk", "complex"])
        // The size-database suites run on latin and cjk.
        #expect(Set(BenchPlan.quick.storeRuns.map(\.corpus)) == ["latin", "cjk"])
        #expect(Set(quick.map(\.cache)) == [.cold, .warm])
        #expect(Set(quick.map(\.threads)) == [1, 2])
        // Full, 4 cores: 3 corpora × (3 widths × 2 caches × 4 thread counts + 2 re-layout widths × threads 1 and 4).
        #expect(BenchPlan.full(cores: 4).suites.count == 3 * (3 * 2 * 4 + 2 * 2))
        #expect(BenchPlan.full(cores: 1).suites.filter { $0.kind == .relayout }.count == 3 * 2)
        // Cold only (`bench --cache cold`): 3 corpora × threads 1, 2, and no re-layout suite (they are warm).
        var cold = BenchPlan.quick
        cold.caches = [.cold]
        #expect(cold.suites.count == 6)
        #expect(cold.suites.allSatisfy { $0.kind == .measure && $0.cache == .cold })
        // …and the store suites of that state: a write and a memoized batch on latin and cjk.
        #expect(cold.storeRuns.count == 4 && cold.storeRuns.allSatisfy { $0.cache == .cold })
    }

    @Test func percentilesUseTheNearestRank() {
        let sorted = (1...10).map(Double.init)
        #expect(Percentiles.value(0.5, ofSorted: sorted) == 5)
        #expect(Percentiles.value(0.9, ofSorted: sorted) == 9)
        #expect(Percentiles.value(0.99, ofSorted: sorted) == 10)
        #expect(Percentiles.value(0.5, ofSorted: []) == 0)
        #expect(Percentiles.median([3, 1, 2]) == 2)
        #expect(Percentiles.median([4, 1, 2, 3]) == 2.5)
    }

    @Test func corporaMustBeBuiltAndPinned() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("corpora-\(UUID())")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("build"),
            withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = directory.appendingPathComponent("MANIFEST.tsv")
        #expect(throws: BenchError.corpusMissing(path: directory.appendingPathComponent("build/latin.txt").path)) {
            try BenchCorpus(name: "latin", corporaDirectory: directory)
        }
        try Data("one\ntwo\\nlines\n".utf8).write(to: directory.appendingPathComponent("build/latin.txt"))
        #expect(throws: BenchError.manifestMissing(path: manifest.path)) {
            try BenchCorpus(name: "latin", corporaDirectory: directory)
        }
        try Data("corpus\tpackage\tversion\tlines\tsha256\n".utf8).write(to: manifest)
        #expect(throws: BenchError.notInManifest(name: "latin", manifest: manifest.path)) {
            try BenchCorpus(name: "latin", corporaDirectory: directory)
        }
        // `printf 'one\ntwo\\nlines\n' | sha256sum`.
        let digest = "212de9f5b5da9b86dcd518094efbe87f8f810d9f0d8e22a175afa66cd0f2adeb"
        try Data("corpus\tpackage\tversion\tlines\tsha256\nlatin\tp\t1\t3\t\(digest)\n".utf8).write(to: manifest)
        #expect(throws: BenchError.manifestMismatch(name: "latin", expected: "3", found: 2)) {
            try BenchCorpus(name: "latin", corporaDirectory: directory)
        }
        // Another text with the right line count is not the pinned corpus.
        try Data("corpus\tpackage\tversion\tlines\tsha256\nlatin\tp\t1\t2\tabc\n".utf8).write(to: manifest)
        #expect(throws: BenchError.hashMismatch(name: "latin", pinned: "abc", found: digest)) {
            try BenchCorpus(name: "latin", corporaDirectory: directory)
        }
        // A manifest with CRLF line ends reads as one with LF.
        try Data("corpus\tpackage\tversion\tlines\tsha256\r\nlatin\tp\t1\t2\t\(digest)\r\n".utf8).write(to: manifest)
        let corpus = try BenchCorpus(name: "latin", corporaDirectory: directory)
        #expect(corpus.lines.count == 2)
        #expect(corpus.chars == 3 + 9)  // "one", "two\nlines"
        #expect(corpus.sha256 == digest)
        #expect(corpus.short(maxChars: 3).lines.count == 1)
    }

    @Test func aCorpusThatIsNoRegularFileOrNotUTF8IsRefusedBeforeAnySuite() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("corpora-\(UUID())")
        let build = directory.appendingPathComponent("build")
        try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // `printf 'ok\n\xff\xfe\n' | sha256sum`: the limit suite's decoder read past its table on such bytes.
        try Data([0x6F, 0x6B, 0x0A, 0xFF, 0xFE, 0x0A]).write(to: build.appendingPathComponent("cjk.txt"))
        try Data(
            ("corpus\tpackage\tversion\tlines\tsha256\n"
                + "cjk\tp\t1\t2\td10603651c2c089efb193ce4bc12893ead99ee4eb1c189572fa003389133786d\n").utf8
        ).write(to: directory.appendingPathComponent("MANIFEST.tsv"))
        #expect(throws: BenchError.invalidUTF8(name: "cjk", line: 2)) {
            try BenchCorpus(name: "cjk", corporaDirectory: directory)
        }
        try FileManager.default.createDirectory(
            at: build.appendingPathComponent("latin.txt"), withIntermediateDirectories: true)
        #expect(throws: BenchError.corpusUnreadable(path: build.appendingPathComponent("latin.txt").path)) {
            try BenchCorpus(name: "latin", corporaDirectory: directory)
        }
    }

    @Test func aReLayoutRepetitionFitsEnoughPassesToLastFiftyMilliseconds() {
        // 0.05 s / 0.001 s = 50 passes; a pass of 0.2 s is already long enough; 0.05 s / 1e-9 s is capped at 10,000.
        #expect(SuiteRunner.passesPerRepetition(onePass: 0.001) == 50)
        #expect(SuiteRunner.passesPerRepetition(onePass: 0.0003) == 167)  // 166.67 rounded up
        #expect(SuiteRunner.passesPerRepetition(onePass: 0.2) == 1)
        #expect(SuiteRunner.passesPerRepetition(onePass: 1e-9) == 10_000)
        #expect(SuiteRunner.passesPerRepetition(onePass: 0) == 10_000)
    }
}
