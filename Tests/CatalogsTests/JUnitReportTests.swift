import Foundation
import FoundationXML
import Testing

@testable import Catalogs

@Suite("JUnit report")
struct JUnitReportTests {
    @Test("whole output of a mixed report")
    func wholeOutput() {
        let de = "classname=\"de.lproj/Localizable.strings\""
        let deFile = "file=\"de.lproj/Localizable.strings\""
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="TextSize measure catalog" tests="6" failures="2" errors="2" skipped="1" time="0">
              <testsuite name="de" tests="4" failures="1" errors="1" skipped="1" time="0">
                <testcase \(de) name="ok (de)" \(deFile) line="1" time="0"/>
                <testcase \(de) name="title (de)" \(deFile) line="2" time="0">
                  <failure message="2 lines &gt; allowed 1 (width 280 pt of 300 pt, ×1.4)" type="overflow">\
            Einstellungen für alle

            de.lproj/Localizable.strings:2:9
            font 17 pt, width 280 × height 41 pt
            </failure>
                </testcase>
                <testcase \(de) name="brand (de)" \(deFile) line="4" time="0">
                  <skipped message="not translatable"/>
                </testcase>
                <testcase \(de) name="emoji (de)" \(deFile) line="5" time="0">
                  <error message="no font for U+1F600" type="measure">x

            de.lproj/Localizable.strings:5:1
            </error>
                </testcase>
              </testsuite>
              <testsuite name="fr" tests="1" failures="1" errors="0" skipped="0" time="0">
                <testcase classname="fr.lproj/Localizable.strings" name="title (fr)" \
            file="fr.lproj/Localizable.strings" line="2" time="0">
                  <failure message="2 lines &gt; allowed 1 (width 290 pt of 300 pt, ×1.45)" type="overflow">Réglages

            fr.lproj/Localizable.strings:2:9
            font 17 pt, width 290 × height 41 pt
            </failure>
                </testcase>
              </testsuite>
              <testsuite name="file errors" tests="1" failures="0" errors="1" skipped="0" time="0">
                <testcase classname="es.lproj/Localizable.strings" name="es.lproj/Localizable.strings" \
            file="es.lproj/Localizable.strings" line="3" time="0">
                  <error message="expected ';' after the value, found '&quot;'" type="catalog-error">\
            es.lproj/Localizable.strings:3:7: expected ';' after the value, found '"'
            </error>
                </testcase>
              </testsuite>
            </testsuites>

            """
        #expect(CatalogJUnitReport.render(ReportFixtures.mixedReport()) == expected)
    }

    /// A malformed entry makes the run exit 2: it is an error in CI test views, not a skipped test, while an entry
    /// that is only not translatable stays skipped.
    @Test("an entry skipped as malformed is an error; one not translatable is skipped")
    func malformedEntriesAreErrors() throws {
        var report = CatalogReport()
        report.skipped = [
            SkippedEntry(
                file: "en.lproj/Localizable.strings", locale: "en", key: "k2",
                position: SourcePosition(line: 2, column: 1), reason: .malformed("lone UTF-16 surrogate")),
            SkippedEntry(
                file: "en.lproj/Localizable.strings", locale: "en", key: "brand",
                position: SourcePosition(line: 3, column: 1), reason: .notTranslatable),
        ]
        let output = CatalogJUnitReport.render(report)
        #expect(output.contains(#"tests="2" failures="0" errors="1" skipped="1""#))
        #expect(
            output.contains(
                #"<error message="malformed: lone UTF-16 surrogate" type="malformed">en.lproj/Localizable.strings:2:1"#
            ))
        #expect(output.contains(#"<skipped message="not translatable"/>"#))
        #expect(try XMLDocument(xmlString: output, options: []).rootElement()?.name == "testsuites")
    }

    @Test("empty report: the run found no catalog, one error")
    func empty() throws {
        let output = CatalogJUnitReport.render(CatalogReport())
        #expect(
            output == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="TextSize measure catalog" tests="1" failures="0" errors="1" skipped="0" time="0">
                  <testsuite name="run errors" tests="1" failures="0" errors="1" skipped="0" time="0">
                    <testcase classname="measure catalog" name="catalogs found" time="0">
                      <error message="no catalog file was found in the paths given" type="no-catalog"/>
                    </testcase>
                  </testsuite>
                </testsuites>

                """)
        #expect(try XMLDocument(xmlString: output, options: []).rootElement()?.name == "testsuites")
    }

    @Test("the mixed report parses as XML, with consistent counts on every suite")
    func parsedCounts() throws {
        let document = try XMLDocument(xmlString: CatalogJUnitReport.render(ReportFixtures.mixedReport()), options: [])
        let root = try #require(document.rootElement())
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["de", "fr", "file errors"])
        for suite in suites + [root] {
            let cases =
                suite.name == "testsuites"
                ? suites.flatMap { $0.elements(forName: "testcase") }
                : suite.elements(forName: "testcase")
            func count(_ child: String) -> Int { cases.filter { !$0.elements(forName: child).isEmpty }.count }
            #expect(Int(suite.attribute(forName: "tests")?.stringValue ?? "") == cases.count)
            #expect(Int(suite.attribute(forName: "failures")?.stringValue ?? "") == count("failure"))
            #expect(Int(suite.attribute(forName: "errors")?.stringValue ?? "") == count("error"))
            #expect(Int(suite.attribute(forName: "skipped")?.stringValue ?? "") == count("skipped"))
        }
        #expect(Int(root.attribute(forName: "tests")?.stringValue ?? "") == 6)
    }

    @Test("test case names carry variant, content size and locale, so xcstrings locales never collide")
    func names() throws {
        let report = CatalogReport(entries: [
            ReportFixtures.measured(
                file: "Localizable.xcstrings", locale: "de", key: "count", variant: "plural.one",
                text: "1 Datei", width: 1, lines: 1, contentSize: "AX2"),
            ReportFixtures.measured(
                file: "Localizable.xcstrings", locale: "fr", key: "count", variant: "plural.one",
                text: "1 fichier", width: 1, lines: 1, contentSize: "AX2"),
        ])
        let document = try XMLDocument(xmlString: CatalogJUnitReport.render(report), options: [])
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        #expect(
            cases.map { $0.attribute(forName: "name")?.stringValue }
                == ["count [plural.one] @AX2 (de)", "count [plural.one] @AX2 (fr)"])
        #expect(
            cases.map { $0.attribute(forName: "classname")?.stringValue }
                == ["Localizable.xcstrings", "Localizable.xcstrings"])
    }

    @Test("an entry without a locale goes to a suite named so")
    func noLocale() throws {
        let report = CatalogReport(entries: [
            ReportFixtures.measured(
                locale: "", key: "k", text: "t", width: 1,
                lines: 1)
        ])
        let output = CatalogJUnitReport.render(report)
        #expect(
            output.contains(
                "  <testsuite name=\"(no locale)\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\""))
        #expect(output.contains(" name=\"k ((no locale))\" "))
    }

    @Test("markup and control characters are escaped or replaced, and read back as XML")
    func escaping() throws {
        let key = "k\u{1}<&>\"'\t\r\n"
        let text = "a\u{1B}b\r\nc<d>&\u{FFFE}"
        let report = CatalogReport(entries: [
            ReportFixtures.measured(
                file: "x&y.strings", key: key, text: text,
                width: 1, lines: 3)
        ])
        let output = CatalogJUnitReport.render(report)
        #expect(!output.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0xFFFE })
        let document = try XMLDocument(xmlString: output, options: [])
        let testCase = try #require(try document.nodes(forXPath: "//testcase").first as? XMLElement)
        #expect(testCase.attribute(forName: "name")?.stringValue == "k␁<&>\"'␉⏎ (de)")
        #expect(testCase.attribute(forName: "classname")?.stringValue == "x&y.strings")
        let failure = try #require(testCase.elements(forName: "failure").first)
        #expect(failure.stringValue?.hasPrefix("a␛b\r\nc<d>&\u{FFFD}\n\nx&y.strings:1:1\n") == true)
    }

    @Test("raw control characters in attributes are written as references that survive normalisation")
    func attributeReferences() throws {
        #expect(XMLText.attribute("a\tb\nc\rd\"e<f>&") == "a&#9;b&#10;c&#13;d&quot;e&lt;f&gt;&amp;")
        #expect(XMLText.content("a\tb\nc\rd\"e<f>&") == "a\tb\nc&#13;d\"e&lt;f&gt;&amp;")
        #expect(
            XMLText.content("\u{0}\u{8}\u{B}\u{C}\u{1F}\u{FFFF}\u{7F}\u{85}")
                == "␀␈␋␌␟\u{FFFD}\u{7F}\u{85}")
        let document = try XMLDocument(xmlString: "<a v=\"\(XMLText.attribute("x\ty\nz\r"))\"/>", options: [])
        #expect(document.rootElement()?.attribute(forName: "v")?.stringValue == "x\ty\nz\r")
    }

    @Test("one key in two tables of one XLIFF file makes two test cases, told apart by the table in the name")
    func tablesTellTestCasesApart() throws {
        var first = ReportFixtures.measured(file: "de.xliff", key: "a", text: "x", width: 1, lines: 3)
        first.entry.table = "App/en.lproj/Localizable.strings"
        var second = first
        second.entry.table = "App/en.lproj/Other #1.strings"
        let document = try XMLDocument(
            xmlString: CatalogJUnitReport.render(CatalogReport(entries: [first, second])), options: [])
        let names = try document.nodes(forXPath: "//testcase").compactMap {
            ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue
        }
        #expect(
            names == ["a (de) in App/en.lproj/Localizable.strings", "a (de) in App/en.lproj/Other #1.strings"])
    }

    @Test("a run that found no catalog is an error, not an empty passing report")
    func noCatalogIsAnError() throws {
        let output = CatalogJUnitReport.render(CatalogReport())
        let document = try XMLDocument(xmlString: output, options: [])
        let root = try #require(document.rootElement())
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        #expect(root.attribute(forName: "tests")?.stringValue == "1")
        let error = try #require(try document.nodes(forXPath: "//testsuite[@name='run errors']/testcase/error").first)
        #expect(
            (error as? XMLElement)?.attribute(forName: "message")?.stringValue
                == "no catalog file was found in the paths given")
    }
}
