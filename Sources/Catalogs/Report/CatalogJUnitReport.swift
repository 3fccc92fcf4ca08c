/// `measure catalog --format junit`: the report as JUnit XML, so CI test reporters (Jenkins' JUnit plugin, GitLab
/// unit test reports, GitHub test-report actions) show overflowing strings as failed tests.
///
/// Uses only the elements and attributes those readers share (the de-facto schema: Jenkins/Surefire `junit-10.xsd`,
/// the Ant schema, testmoapp/junitxml): a `<testsuites>` root with `tests`/`failures`/`errors`/`skipped` totals; one
/// `<testsuite name="LOCALE">` per locale, sorted by tag; one `<testcase>` per measured entry (`<failure>` when it
/// overflows), per skipped entry (`<skipped message=…/>`, or `<error type="malformed">` for an entry skipped as
/// malformed, which makes the run exit 2) and per failed entry (`<error>`); file errors as `<error>` test cases in a
/// last suite named `file errors`. `time` is always 0: nothing here is timed.
///
/// A test case is `classname="FILE" name="KEY [VARIANT] @CONTENT_SIZE (LOCALE)"` with `file` and `line` attributes,
/// and ` in TABLE` after the locale for an entry of a file holding several tables (an XLIFF `<file original>`). The
/// locale and table are in the name although the suite names the locale too, because GitLab ignores suite names and
/// keys test cases by classname + name, keeping only the first of duplicates — and one `.xcstrings` file holds every
/// locale's copy of the same key, one XLIFF file the same key in several tables. A run that found no catalog has one
/// `<error>` test case saying so, in a suite named `run errors`, rather than an empty, passing report. Each locale's suite starts with `<properties>`: `fonts` (the fonts it was measured with: family, file,
/// SHA-256 prefix), `platform`, and `warning` (a stand-in font). With `--baseline`, an overflow the baseline accepts
/// is still a failure (the report shows everything) whose message starts with "accepted by the baseline:".
/// Names and messages are put on one line (`ReportText.oneLine`); failure bodies keep the text as is, but for the
/// directional controls it leaves open, closed at its end (`ReportText.bidiClosed`).
public enum CatalogJUnitReport {
    /// The report as a JUnit XML document, ending in a newline.
    public static func render(_ report: CatalogReport) -> String {
        var suites: [String: Suite] = [:]
        let new = report.baseline.map { Set($0.new) }
        for measured in report.entries {
            let outcome: Outcome = measured.overflows ? .failure : .pass
            let accepted = measured.overflows && new.map { !$0.contains(measured) } == true
            suites[measured.entry.locale, default: Suite()].add(
                testCase(measured, accepted: accepted),
                outcome: outcome)
        }
        for skipped in report.skipped {
            let malformed = if case .malformed = skipped.reason { true } else { false }
            suites[skipped.locale, default: Suite()].add(
                testCase(skipped, malformed: malformed), outcome: malformed ? .error : .skipped)
        }
        for failed in report.failed {
            suites[failed.entry.locale, default: Suite()].add(testCase(failed), outcome: .error)
        }
        var ordered = suites.sorted { $0.key < $1.key }.map { (name: $0.key, suite: $0.value) }
        if !report.fileErrors.isEmpty {
            var fileSuite = Suite()
            for error in report.fileErrors { fileSuite.add(testCase(error), outcome: .error) }
            ordered.append((name: "file errors", suite: fileSuite))
        }
        if report.foundNoCatalog {
            var runSuite = Suite()
            runSuite.add(
                "    <testcase classname=\"measure catalog\" name=\"catalogs found\" time=\"0\">\n"
                    + "      <error message=\"no catalog file was found in the paths given\" type=\"no-catalog\"/>\n"
                    + "    </testcase>\n", outcome: .error)
            ordered.append((name: "run errors", suite: runSuite))
        }

        let total = ordered.reduce(into: Suite()) { $0.absorbCounts(of: $1.suite) }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"TextSize measure catalog\"\(total.countAttributes)>\n"
        for (name, suite) in ordered {
            let label = XMLText.attribute(ReportText.oneLine(ReportText.localeLabel(name)))
            out += "  <testsuite name=\"\(label)\"\(suite.countAttributes)>\n"
            out += properties(locale: name, report: report)
            out += suite.body
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// What one test case came to, for the counts.
    private enum Outcome { case pass, failure, error, skipped }

    /// One `<testsuite>` being built: its counts and its test cases' XML.
    private struct Suite {
        var tests = 0
        var failures = 0
        var errors = 0
        var skipped = 0
        var body = ""

        mutating func add(_ testCase: String, outcome: Outcome) {
            tests += 1
            switch outcome {
            case .pass: break
            case .failure: failures += 1
            case .error: errors += 1
            case .skipped: skipped += 1
            }
            body += testCase
        }

        mutating func absorbCounts(of other: Suite) {
            tests += other.tests
            failures += other.failures
            errors += other.errors
            skipped += other.skipped
        }

        var countAttributes: String {
            " tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"0\""
        }
    }

    /// A suite's `<properties>`: the fonts of the locale's cascades, the platform, the report's warnings.
    private static func properties(locale: String, report: CatalogReport) -> String {
        var properties: [(String, String)] = []
        for set in report.fontSets where set.locales.contains(where: { $0 == locale || $0.hasPrefix(locale + " (") }) {
            properties.append(("fonts", set.shortDescription()))
        }
        if let platform = report.platform { properties.append(("platform", platform)) }
        for warning in report.warnings { properties.append(("warning", warning)) }
        guard !properties.isEmpty else { return "" }
        return "    <properties>\n"
            + properties.map { name, value in
                "      <property name=\"\(name)\" value=\"\(XMLText.attribute(ReportText.oneLine(value)))\"/>\n"
            }.joined() + "    </properties>\n"
    }

    private static func testCase(_ measured: MeasuredEntry, accepted: Bool = false) -> String {
        let entry = measured.entry
        let open = openTestCase(
            file: entry.file, line: entry.position.line,
            name: name(
                key: entry.key, variant: entry.variant, contentSize: measured.constraint.contentSize,
                locale: entry.locale, table: entry.table))
        guard measured.overflows else { return open + "/>\n" }
        let allowed = measured.constraint.allowedLines(for: measured.measuredText)
        var message =
            (accepted ? "accepted by the baseline: " : "")
            + "\(measured.lines) lines > allowed \(allowed) (width \(ReportText.points(measured.width)) pt"
        message += " of \(ReportText.points(measured.constraint.width)) pt"
        if let growth = measured.growth { message += ", " + ReportText.growth(growth) }
        message += ")"
        // The text as is, but for a directional embedding, override or isolate it leaves open, closed at its end.
        var details = ReportText.bidiClosed(measured.measuredText) + "\n\n"
        details += "\(entry.file):\(entry.position.line):\(entry.position.column)\n"
        details += "font \(ReportText.points(measured.constraint.pointSize)) pt"
        if let style = measured.constraint.textStyle { details += " \(style)" }
        if let size = measured.constraint.contentSize { details += " @\(size)" }
        details += ", width \(ReportText.points(measured.width)) × height \(ReportText.points(measured.height)) pt\n"
        return open + ">\n      <failure message=\"\(XMLText.attribute(ReportText.oneLine(message)))\""
            + " type=\"overflow\">" + XMLText.content(details) + "</failure>\n    </testcase>\n"
    }

    private static func testCase(_ skipped: SkippedEntry, malformed: Bool) -> String {
        let open = openTestCase(
            file: skipped.file, line: skipped.position.line,
            name: name(
                key: skipped.key, variant: skipped.variant, contentSize: nil, locale: skipped.locale))
        let message = XMLText.attribute(ReportText.oneLine(skipped.reason.description))
        guard malformed else { return open + ">\n      <skipped message=\"\(message)\"/>\n    </testcase>\n" }
        return open + ">\n      <error message=\"\(message)\" type=\"malformed\">"
            + XMLText.content("\(skipped.file):\(skipped.position.line):\(skipped.position.column)\n")
            + "</error>\n    </testcase>\n"
    }

    private static func testCase(_ failed: FailedEntry) -> String {
        let entry = failed.entry
        return openTestCase(
            file: entry.file, line: entry.position.line,
            name: name(
                key: entry.key, variant: entry.variant, contentSize: nil, locale: entry.locale, table: entry.table))
            + ">\n      <error message=\"\(XMLText.attribute(ReportText.oneLine(failed.message)))\" type=\"measure\">"
            + XMLText.content(entry.text + "\n\n\(entry.file):\(entry.position.line):\(entry.position.column)\n")
            + "</error>\n    </testcase>\n"
    }

    private static func testCase(_ error: CatalogError) -> String {
        openTestCase(file: error.file, line: error.position?.line, name: error.file)
            + ">\n      <error message=\"\(XMLText.attribute(ReportText.oneLine(error.message)))\""
            + " type=\"catalog-error\">" + XMLText.content(error.description + "\n") + "</error>\n    </testcase>\n"
    }

    /// `<testcase classname=… name=… file=… line=… time="0"` (left open for the caller to close).
    private static func openTestCase(file: String, line: Int?, name: String) -> String {
        var open = "    <testcase classname=\"\(XMLText.attribute(ReportText.oneLine(file)))\""
        open += " name=\"\(XMLText.attribute(ReportText.oneLine(name)))\""
        open += " file=\"\(XMLText.attribute(ReportText.oneLine(file)))\""
        if let line { open += " line=\"\(line)\"" }
        return open + " time=\"0\""
    }

    /// `KEY [VARIANT] @CONTENT_SIZE (LOCALE)`, then ` in TABLE` for an entry of one of a file's several tables.
    private static func name(
        key: String, variant: String, contentSize: String?, locale: String, table: String? = nil
    ) -> String {
        ReportText.entryLabel(key: key, variant: variant, contentSize: contentSize)
            + " (\(ReportText.bidiClosed(ReportText.localeLabel(locale))))"
            + (table.map { " in " + ReportText.bidiClosed($0) } ?? "")
    }
}
