import Testing

@testable import Bench

/// The terminal table: header facts, aligned columns, the hand-worked figures, and a full run within 160 columns.
@Suite struct TerminalTableTests {
    @Test func rendersTheHeaderAndTheHandWorkedRow() {
        let text = TerminalTable.render(Fixtures.report(suites: [Fixtures.exampleSuite]))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "engine:      bench 0.1.0, commit a652ca1")
        #expect(lines[1] == "date:        2026-12-01T04:40:00Z")
        #expect(lines[2] == "machine:     Example CPU @ 3.00GHz, 4 cores, 7.8 GiB, Debian GNU/Linux 13 (trixie)")
        #expect(
            lines[3] == "corpora:     latin (5,000 lines, 231,400 chars, sha256 0123456789ab); "
                + "cjk (5,000 lines, 98,750 chars, sha256 fedcba987654)")
        #expect(lines[4] == "repetitions: 5")
        #expect(lines[5] == "")
        #expect(
            lines[6] == "suite                       strings/s      min–max  chars/s  of limit  "
                + "p50 µs  p90 µs  p99 µs  max µs  RSS MB     allocs  alloc B  glyph miss  glyph hit  seg hit")
        #expect(
            lines[7] == "--------------------------  ---------  -----------  -------  --------  "
                + "------  ------  ------  ------  ------  ---------  -------  ----------  ---------  -------")
        // No limit suite ran: the share is a dash.
        #expect(
            lines[8] == "measure/latin/w200/cold/t1      1.23M  1.20M–1.25M    52.1M         –  "
                + " 0.840    1.50    12.3   2,000    45.2  1,234,567    98.8M       1,234      99.8%    50.0%")
        #expect(lines.count == 10 && lines[9] == "")
    }

    @Test func aMeasuringSuiteShowsItsShareOfTheLimit() {
        var suite = Fixtures.exampleSuite
        suite.limitShare = 0.0521  // 52.1M chars/s against a limit of 1.0G
        let text = TerminalTable.render(Fixtures.report(suites: [suite]))
        #expect(text.contains("    52.1M      5.2%   0.840"))
    }

    @Test func aFullRunFitsIn160Columns() {
        let text = TerminalTable.render(Fixtures.sampleReport())
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 5 + 2 + 72)
        #expect(lines.allSatisfy { $0.count <= 160 })
        #expect(text.contains("relayout/cjk/w320/warm/t4"))
    }

    @Test func anEmptyReportStillHasItsHeader() {
        let text = TerminalTable.render(Fixtures.report(suites: [], corpora: []))
        #expect(text.contains("corpora:     none\n"))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(
            lines.suffix(2) == [
                "suite  strings/s  min–max  chars/s  of limit  p50 µs  p90 µs  p99 µs  max µs  RSS MB  allocs  alloc B  "
                    + "glyph miss  glyph hit  seg hit",
                "-----  ---------  -------  -------  --------  ------  ------  ------  ------  ------  ------  -------  "
                    + "----------  ---------  -------",
            ])
    }
}
