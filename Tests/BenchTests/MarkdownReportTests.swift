import Testing

@testable import Bench

/// The Markdown report: heading facts, a GitHub table with the same figures, and escaping of outside text.
@Suite struct MarkdownReportTests {
    @Test func rendersTheHeadingFactsAndTheHandWorkedRow() {
        let text = MarkdownReport.render(Fixtures.report(suites: [Fixtures.exampleSuite]))
        #expect(text.hasPrefix("# Bench report: 2026-12-01T04:40:00Z\n\n"))
        #expect(text.contains("- **Engine:** bench 0.1.0, commit `a652ca1`\n"))
        #expect(text.contains("- **Machine:** Example CPU @ 3.00GHz, 4 cores, 7.8 GiB, Debian GNU/Linux 13 (trixie)\n"))
        #expect(
            text.contains(
                "- **Corpora:** `latin` (5,000 lines, 231,400 chars, sha256 `0123456789ab`); "
                    + "`cjk` (5,000 lines, 98,750 chars, sha256 `fedcba987654`)\n"))
        #expect(text.contains("- **Repetitions:** 5\n"))
        #expect(
            text.contains(
                "| suite | strings/s | min–max | chars/s | of limit | p50 µs | p90 µs | p99 µs | "
                    + "max µs | RSS MB | allocs | alloc B | glyph miss | glyph hit | seg hit |\n"))
        #expect(
            text.contains(
                "| :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | "
                    + "---: | ---: |\n"))
        #expect(
            text.hasSuffix(
                "| measure/latin/w200/cold/t1 | 1.23M | 1.20M–1.25M | 52.1M | – | 0.840 | 1.50 | 12.3 | "
                    + "2,000 | 45.2 | 1,234,567 | 98.8M | 1,234 | 99.8% | 50.0% |\n"))
    }

    @Test func escapesTextThatWouldBreakTheTable() {
        let suite = Fixtures.suite(corpus: "a|b*c")
        let corpus = CorpusInfo(name: "a|b*c", lines: 1, chars: 2, sha256: "`x`")
        let text = MarkdownReport.render(Fixtures.report(suites: [suite], corpora: [corpus]))
        #expect(text.contains("| measure/a\\|b\\*c/w200/cold/t1 |"))
        #expect(text.contains("`a\\|b*c` (1 lines, 2 chars, sha256 `` `x` ``)"))
    }
}
