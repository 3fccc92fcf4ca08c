import Testing

@testable import Catalogs

@Suite("Report aggregates: worst-first order, per-locale counts, skip reasons")
struct ReportSummaryTests {
    @Test("worst first: lines over the allowance, then growth (unknown last), then width, then input order")
    func worstFirstOrder() {
        func entry(
            _ key: String, lines: Int, text: String = "x", maxLines: Int? = 1, growth: Double? = nil,
            width: Double = 100
        ) -> MeasuredEntry {
            ReportFixtures.measured(
                key: key, text: text, width: width, lines: lines, maxLines: maxLines,
                sourceWidth: growth.map { width / $0 })
        }
        let report = CatalogReport(entries: [
            entry("A", lines: 3),
            entry("B", lines: 2, growth: 1.25),
            entry("C", lines: 2, growth: 1.5),
            entry("D", lines: 2, width: 250),
            entry("E", lines: 2, width: 280),
            entry("F", lines: 1),
            entry("G", lines: 2, width: 280),
            entry("H", lines: 4, text: "a\nb", maxLines: nil, growth: 1.125),
        ])
        #expect(report.worstFirst.map(\.entry.key) == ["H", "A", "C", "B", "E", "G", "D"])
        #expect(CatalogReport.worstFirst(Array(report.entries.prefix(3))).map(\.entry.key) == ["A", "C", "B"])
        #expect(CatalogReport().worstFirst.isEmpty)
    }

    @Test("unlimited lines never overflow, so never rank")
    func unlimited() {
        let report = CatalogReport(entries: [
            ReportFixtures.measured(
                key: "u", text: "x", width: 1, lines: 40,
                maxLines: 0)
        ])
        #expect(report.worstFirst.isEmpty)
        #expect(report.overflowCount == 0)
    }

    @Test("locale summaries cover every locale seen, sorted by tag")
    func localeSummaries() {
        let report = CatalogReport(
            files: [ReportFixtures.file("ja.lproj/A.strings", locales: ["ja"], entries: 0)],
            entries: [
                ReportFixtures.measured(locale: "fr", key: "a", text: "x", width: 1, lines: 2),
                ReportFixtures.measured(locale: "de", key: "a", text: "x", width: 1, lines: 1),
                ReportFixtures.measured(locale: "fr", key: "b", text: "x", width: 1, lines: 1),
            ],
            skipped: [ReportFixtures.skipped(locale: "it", key: "s", reason: .notTranslatable)],
            failed: [ReportFixtures.failed(locale: "de", key: "f", message: "no font")])
        #expect(
            report.localeSummaries == [
                CatalogLocaleSummary(locale: "de", entries: 1, overflowing: 0, skipped: 0, failed: 1),
                CatalogLocaleSummary(locale: "fr", entries: 2, overflowing: 1, skipped: 0, failed: 0),
                CatalogLocaleSummary(locale: "it", entries: 0, overflowing: 0, skipped: 1, failed: 0),
                CatalogLocaleSummary(locale: "ja"),
            ])
    }

    @Test("skip reasons counted, most frequent first, ties by reason")
    func skipReasons() {
        let report = CatalogReport(skipped: [
            ReportFixtures.skipped(key: "a", reason: .noValue("no target")),
            ReportFixtures.skipped(key: "b", reason: .notTranslatable),
            ReportFixtures.skipped(key: "c", reason: .malformed("bad escape")),
            ReportFixtures.skipped(key: "d", reason: .notTranslatable),
            ReportFixtures.skipped(key: "e", reason: .notTranslatable),
        ])
        #expect(
            report.skippedReasonCounts == [
                CatalogSkippedReasonCount(reason: "not translatable", count: 3),
                CatalogSkippedReasonCount(reason: "malformed: bad escape", count: 1),
                CatalogSkippedReasonCount(reason: "no value: no target", count: 1),
            ])
    }

    @Test("one-line text: breaks become ⏎, controls visible, nothing else touched")
    func oneLine() {
        #expect(ReportText.oneLine("a\nb\r\nc\rd\u{85}e\u{2028}f\u{2029}g") == "a⏎b⏎c⏎d⏎e⏎f⏎g")
        #expect(ReportText.oneLine("\n\n") == "⏎⏎")
        #expect(
            ReportText.oneLine("esc\u{1B}[31m tab\t nul\u{0} del\u{7F} csi\u{9B}")
                == "esc␛[31m tab␉ nul␀ del␡ csi\u{FFFD}")
        #expect(ReportText.oneLine("é 中 😀") == "é 中 😀")
    }

    @Test("shortening counts characters, never splits one, and marks the cut")
    func shortened() {
        #expect(ReportText.shortened("abcdef", to: 6) == "abcdef")
        #expect(ReportText.shortened("abcdefg", to: 6) == "abcde…")
        #expect(ReportText.shortened("👩🏽‍💻👩🏽‍💻👩🏽‍💻", to: 2) == "👩🏽‍💻…")
        #expect(ReportText.shortened("e\u{301}e\u{301}", to: 2) == "e\u{301}e\u{301}")
        #expect(ReportText.shortened("", to: 3) == "")
        #expect(ReportText.shortened("abc", to: 0) == "")
    }

    @Test("human number spelling")
    func points() {
        #expect(ReportText.points(17) == "17")
        #expect(ReportText.points(196.389648) == "196.39")
        #expect(ReportText.points(0.5) == "0.5")
        #expect(ReportText.points(2.999) == "3")
        #expect(ReportText.growth(1.349) == "×1.35")
        #expect(ReportText.counted(1, "file") == "1 file")
        #expect(ReportText.counted(0, "file") == "0 files")
        #expect(ReportText.counted(2, "entry", plural: "entries") == "2 entries")
    }
}
