import Foundation
import Measure
import Testing

@testable import Bench

/// The `limit` suite: sums of cached advances, and every measuring suite's share of it.
@Suite struct LimitSuiteTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    static func cascade() throws -> FontCascade {
        try FontCascade(loading: [FontSource(path: dejaVu)])
    }

    /// The sum of `text`'s advances by the table, over its UTF-8 bytes.
    static func tableSum(_ text: String, _ table: AdvanceTable) -> Float {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { utf8 in
            table.advances.withUnsafeBufferPointer { AdvanceTable.sum(utf8, table: $0.baseAddress!) }
        }
    }

    @Test func asciiSumsAreDejaVuSansAdvances() throws {
        let table = AdvanceTable(lines: [ArraySlice("hello world".utf8)], cascade: try Self.cascade(), pointSize: 17)
        // DejaVu Sans (2048 units per em): h 1298, e 1260, l 569, o 1253 (hello = 4949), space 651, world 5639.
        let expected = Float(11239.0 * 17 / 2048)
        #expect(abs(Self.tableSum("hello world", table) - expected) < 1e-3)
        #expect(table.advances.count == Int(UnicodeScalar("w").value) + 1)
    }

    @Test func multibyteScalarsDecodeToTheirOwnAdvances() throws {
        // Two-, three- and four-byte sequences: é, Ω, 日 (not in DejaVu Sans: .notdef), 😀 (.notdef).
        let text = "é Ω 日 😀"
        let font = try Font(path: Self.dejaVu)
        let table = AdvanceTable(lines: [ArraySlice(text.utf8)], cascade: try FontCascade([font]), pointSize: 17)
        let expected = text.unicodeScalars.reduce(0.0) { $0 + font.advance(of: $1, pointSize: 17) }
        #expect(abs(Double(Self.tableSum(text, table)) - expected) < 1e-3)
        #expect(table.advances.count == 0x1F600 + 1)
    }

    @Test func aLimitSuiteIsTimedOnItsThreads() throws {
        let corpus = BenchCorpus(name: "latin", strings: ["hello world", "Einstellungen für Benachrichtigungen", ""])
        let result = try LimitRunner(makeCascade: Self.cascade, repetitions: 2).run(corpus: corpus, threads: 2)
        #expect(result.id == "limit/latin/w0/warm/t2")
        #expect(result.strings == 3 && result.chars == 47)
        #expect(result.charsPerSecond > 0 && result.limitShare == nil)
        #expect(try #require(result.cpuSeconds) > 0 && result.busyShare != nil)
        let pass = LimitRunner.pass(
            corpus.lines,
            table: AdvanceTable(
                lines: corpus.lines, cascade: try Self.cascade(),
                pointSize: 17), threads: 2)
        let font = try Font(path: Self.dejaVu)
        let expected = "hello worldEinstellungen für Benachrichtigungen".unicodeScalars
            .reduce(0.0) { $0 + font.advance(of: $1, pointSize: 17) }
        #expect(abs(pass.total - expected) < 1e-2)
    }

    static func suite(
        kind: String = "measure", corpus: String, width: Double = 200, threads: Int,
        charsPerSecond: Double
    ) -> SuiteResult {
        var suite = Fixtures.suite(kind: kind, corpus: corpus, width: width, threads: threads)
        suite.charsPerSecond = charsPerSecond
        return suite
    }

    @Test func measuringSuitesGetTheirShareAtTheirThreadCount() {
        var suites = [
            Self.suite(corpus: "latin", threads: 1, charsPerSecond: 50e6),
            Self.suite(corpus: "latin", threads: 2, charsPerSecond: 90e6),
            Self.suite(corpus: "cjk", threads: 1, charsPerSecond: 30e6),
            Self.suite(kind: "relayout", corpus: "latin", threads: 1, charsPerSecond: 10e6),
        ]
        let limits = [
            Self.suite(kind: "limit", corpus: "latin", width: 0, threads: 1, charsPerSecond: 1e9),
            Self.suite(kind: "limit", corpus: "latin", width: 0, threads: 2, charsPerSecond: 1.8e9),
        ]
        LimitShare.assign(to: &suites, limits: limits)
        #expect(suites.map(\.limitShare) == [0.05, 0.05, nil, nil])
    }
}
