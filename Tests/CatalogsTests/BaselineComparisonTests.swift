import Testing

@testable import Catalogs

/// `BaselineComparison`: new overflows (by key, with counts), accepted ones, and records that can be removed.
@Suite("Baseline comparison")
struct BaselineComparisonTests {
    func report(_ entries: [MeasuredEntry]) -> CatalogReport {
        CatalogReport(
            files: [
                ReportFixtures.file("de.lproj/Localizable.strings", locales: ["de"], entries: 3),
                ReportFixtures.file("fr.lproj/Localizable.strings", locales: ["fr"], entries: 1),
            ],
            entries: entries)
    }

    func overflow(_ key: String, text: String, file: String = "de.lproj/Localizable.strings", locale: String = "de")
        -> MeasuredEntry
    {
        ReportFixtures.measured(file: file, locale: locale, key: key, text: text, width: 290, lines: 2)
    }

    @Test func onlyOverflowsNotInTheBaselineAreNew() {
        let before = report([
            overflow("a", text: "Alpha lang"), overflow("b", text: "Beta lang"),
            overflow("a", text: "Alpha fr", file: "fr.lproj/Localizable.strings", locale: "fr"),
        ])
        let baseline = CatalogBaseline(overflowsIn: before, root: "/r", workingDirectory: "/r")
        #expect(baseline.entries.count == 3)

        // "b" changed its translation (still overflowing), "c" is a new overflow, the fr "a" now fits.
        let after = report([
            overflow("a", text: "Alpha lang"), overflow("b", text: "Beta länger"),
            overflow("c", text: "Gamma"),
            ReportFixtures.measured(
                file: "fr.lproj/Localizable.strings", locale: "fr", key: "a",
                text: "A", width: 10, lines: 1),
        ])
        let comparison = BaselineComparison(
            report: after, baseline: baseline, file: "baseline.json", root: "/r",
            workingDirectory: "/r")
        #expect(comparison.known == 1)
        #expect(Set(comparison.new.map(\.entry.key)) == ["b", "c"])
        #expect(comparison.fixed.map(\.key) == ["b", "a"])
        #expect(comparison.fixed.map(\.locale) == ["de", "fr"])
        #expect(comparison.newByKey.map(\.key) == ["b", "c"])
        #expect(comparison.newByKey.map(\.count) == [1, 1])
    }

    @Test func recordsOfFilesNotInTheRunAreNeitherNewNorFixed() {
        let old = CatalogBaseline(entries: [
            BaselineEntry(
                file: "other/es.lproj/Localizable.strings", locale: "es",
                key: "x", variant: "", contentSize: "L",
                textDigest: BaselineEntry.digest("x"))
        ])
        let comparison = BaselineComparison(
            report: report([]), baseline: old, file: "b.json", root: "/r",
            workingDirectory: "/r")
        #expect(comparison.fixed.isEmpty)
        #expect(comparison.new.isEmpty)
    }

    /// Records the run knows nothing about are neither new nor fixed — at a content size it did not measure the
    /// entry at, of an entry a skip rule took out, of a locale it measured nothing in there — while a record whose
    /// entry is gone from a file and locale it measured is fixed. (Reported as fixed, the advice to write the
    /// baseline again dropped them, and the next `--content-size all` run failed on "15 new overflows".)
    @Test func recordsOfWhatTheRunDidNotMeasureAreNeitherNewNorFixed() {
        func record(_ key: String, size: String, locale: String = "de", text: String = "t") -> BaselineEntry {
            BaselineEntry(
                file: "de.lproj/Localizable.strings", locale: locale, key: key, variant: "", contentSize: size,
                textDigest: BaselineEntry.digest(text))
        }
        let old = CatalogBaseline(entries: [
            record("a", size: "L"), record("a", size: "AX1"), record("a", size: "AX5"),  // a: measured at L only
            record("s", size: "L"),  // s: taken out by a skip rule
            record("gone", size: "L"), record("gone", size: "AX3"),  // gone: deleted from the file
            record("x", size: "L", locale: "en-XA"),  // a pseudo-locale this run did not make
            record("b", size: "L"),  // b: measured at L, fits now
        ])
        var after = report([
            overflow("a", text: "t"),
            ReportFixtures.measured(key: "b", text: "t", width: 10, lines: 1),
        ])
        after.entries = after.entries.map { measured in
            var measured = measured
            measured.constraint.contentSize = "L"
            return measured
        }
        after.entriesSkippedByRules = [
            CatalogEntry(
                file: "de.lproj/Localizable.strings", locale: "de", key: "s", text: "t",
                position: SourcePosition(line: 4, column: 1))
        ]
        let comparison = BaselineComparison(
            report: after, baseline: old, file: "b.json", root: "/r", workingDirectory: "/r")
        #expect(comparison.known == 1)
        #expect(comparison.new.isEmpty)
        #expect(comparison.fixed.map { "\($0.key)@\($0.contentSize)" } == ["b@L", "gone@AX3", "gone@L"])
    }

    @Test func theSummaryNamesNewOverflowsByKeyWithTheirCount() {
        var after = report([
            overflow("a", text: "Alpha"),
            overflow("a", text: "Alpha", file: "fr.lproj/Localizable.strings", locale: "fr"),
        ])
        after.baseline = BaselineComparison(
            report: after, baseline: CatalogBaseline(entries: []), file: "b.json",
            root: "/r", workingDirectory: "/r")
        let summary = CatalogTerminalSummary.render(after)
        #expect(summary.contains("baseline: 2 new overflows not in b.json, 0 accepted by it:\n"))
        #expect(summary.contains("baseline:   new: a (2: de, fr)\n"))
    }
}
