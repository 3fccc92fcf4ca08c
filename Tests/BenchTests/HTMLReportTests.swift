import Foundation
import Testing

@testable import Bench

/// The HTML page: a complete self-contained document, its three charts, its table, and escaping of outside text.
@Suite struct HTMLReportTests {
    @Test func isOneSelfContainedDocumentWithChartsAndTable() {
        let html = HTMLReport.render(Fixtures.sampleReport())
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.hasSuffix("</body>\n</html>\n"))
        // (a) one throughput chart per kind, (b) one latency chart, (c) one cold/warm chart per kind.
        #expect(html.components(separatedBy: "<svg ").count - 1 == 5)
        #expect(html.components(separatedBy: "</svg>").count - 1 == 5)
        #expect(html.contains("<title>measure: strings per second against threads</title>"))
        #expect(html.contains("<title>Latency per string, one thread: p50, p90, p99 and maximum per suite</title>"))
        #expect(html.contains("<title>relayout: strings per second, cold against warm caches</title>"))
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.contains("src="))
        #expect(!html.contains("<link"))
        #expect(!html.contains("@import"))
        // The table has the hand-worked formatting and every suite.
        #expect(html.components(separatedBy: "<tr>").count - 1 == 72 + 1 + 3)
        #expect(html.contains("<td class=\"id\">measure/latin/w200/cold/t1</td>"))
        #expect(html.contains("<th class=\"num\">p50 µs</th>"))
        #expect(
            html.contains("<dt>Machine</dt><dd>Example CPU @ 3.00GHz, 4 cores, 7.8 GiB, Debian GNU/Linux 13 (trixie)"))
    }

    @Test func escapesEveryPieceOfOutsideText() {
        let name = "<script>alert('x')</script>"
        let suite = Fixtures.suite(corpus: name)
        let corpus = CorpusInfo(name: name, lines: 1, chars: 1, sha256: "\"><b>")
        var report = Fixtures.report(suites: [suite, Fixtures.suite(corpus: name, cache: "warm")], corpora: [corpus])
        report.commit = "a&b"
        let html = HTMLReport.render(report)
        #expect(!html.contains("<script"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(html.contains("<code>a&amp;b</code>"))
        #expect(html.contains("title=\"&quot;&gt;&lt;b&gt;\""))
    }

    @Test func anEmptyReportSaysSoInsteadOfDrawingEmptyCharts() {
        let html = HTMLReport.render(Fixtures.report(suites: []))
        #expect(!html.contains("<svg"))
        #expect(html.contains("<p class=\"empty\">No single-thread suites.</p>"))
    }

    @Test func chartsUseLogScaleForLatenciesSpanningDecades() {
        let html = HTMLReport.render(Fixtures.sampleReport())
        #expect(html.contains("latency per string (log scale)"))
        #expect(html.contains(">1 µs</text>"))
        #expect(html.contains("×3.30 (1→4t)"))
        #expect(html.contains("warm ×2.40"))
    }

    /// Writes the sample report's page (and JSON) to `$BENCH_SAMPLE_HTML` for looking at in a browser; skipped
    /// unless that variable is set.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["BENCH_SAMPLE_HTML"] != nil))
    func writeSamplePage() throws {
        let path = try #require(ProcessInfo.processInfo.environment["BENCH_SAMPLE_HTML"])
        try HTMLReport.render(Fixtures.sampleReport()).write(toFile: path, atomically: true, encoding: .utf8)
    }
}
