import Testing

@testable import Catalogs

@Suite("CSV report")
struct CSVReportTests {
    private let header =
        "file,line,column,locale,key,variant,text,catalogText,width,height,lines,allowedLines,overflow,maxWidth,maxLines,"
        + "pointSize,textStyle,contentSize,state,sourceText,table,naturalWidth,sourceWidth,growth,cached,pseudo,fonts,"
        + "level,status,message\r\n"

    @Test("whole output: header, quoting of a field with a comma, quotes and a newline, CRLF records")
    func wholeOutput() {
        let report = CatalogReport(entries: [
            ReportFixtures.measured(
                file: "de.lproj/L.strings", key: "greeting", text: "Hallo, \"Welt\"\nTschüss",
                line: 2, column: 9, width: 120.5, height: 41, lines: 2, maxWidth: 200,
                maxLines: 1, textStyle: "body", contentSize: "AX1", state: "translated",
                sourceWidth: 100, cached: true),
            ReportFixtures.measured(key: "plain", variant: "item.2", text: "Gut", width: 30, lines: 1, maxLines: nil),
        ])
        let expected =
            header
            + "de.lproj/L.strings,2,9,de,greeting,,\"Hallo, \"\"Welt\"\"\nTschüss\",\"Hallo, \"\"Welt\"\"\nTschüss\","
            + "120.5,41,2,1,true,200,1,17,body,AX1,translated,,,120.5,100,1.205,true,,,,measured,\r\n"
            + "de.lproj/Localizable.strings,1,1,de,plain,item.2,Gut,Gut,30,20.5,1,1,false,300,,17,,,,,,30,,,false,,,,"
            + "measured,\r\n"
        #expect(CatalogCSVReport.render(report) == expected)
    }

    @Test("a text field a spreadsheet would read as a formula gets a ' before it; numbers never do")
    func formulas() {
        let report = CatalogReport(entries: [
            ReportFixtures.measured(
                key: "=HYPERLINK(\"http://evil\")", text: "+cmd|' /C calc'!A0", width: 30, lines: 1, maxLines: nil),
            ReportFixtures.measured(key: "@room", text: "- ¿Estás usando una VPN?", width: 40, lines: 1, maxLines: nil),
            ReportFixtures.measured(key: "tab", text: "\tindented", width: 50, lines: 1, maxLines: nil),
            ReportFixtures.measured(key: "a=b", text: "1 + 1 - 2", width: 60, lines: 1, maxLines: nil),
        ])
        let rows = CatalogCSVReport.render(report).split(separator: "\r\n").map(String.init)
        #expect(
            rows[1].hasPrefix(
                "de.lproj/Localizable.strings,1,1,de,\"'=HYPERLINK(\"\"http://evil\"\")\",,'+cmd|' /C calc'!A0,"
                    + "'+cmd|' /C calc'!A0,30,"))
        #expect(
            rows[2].hasPrefix(
                "de.lproj/Localizable.strings,1,1,de,'@room,,'- ¿Estás usando una VPN?,'- ¿Estás usando una VPN?,40,"))
        #expect(rows[3].hasPrefix("de.lproj/Localizable.strings,1,1,de,tab,,\"'\tindented\",\"'\tindented\",50,"))
        #expect(rows[4].hasPrefix("de.lproj/Localizable.strings,1,1,de,a=b,,1 + 1 - 2,1 + 1 - 2,60,"))
        #expect(CatalogCSVReport.textField("-3") == "'-3")
        #expect(CatalogCSVReport.textField("3-") == "3-")
    }

    @Test("empty report is the header alone")
    func empty() {
        #expect(CatalogCSVReport.render(CatalogReport()) == header)
        #expect(CatalogCSVReport.columns.count == 30)
    }

    @Test("fields are quoted exactly when they need it")
    func quoting() {
        #expect(CatalogCSVReport.field("plain text") == "plain text")
        #expect(CatalogCSVReport.field("") == "")
        #expect(CatalogCSVReport.field("a,b") == "\"a,b\"")
        #expect(CatalogCSVReport.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CatalogCSVReport.field("\"") == "\"\"\"\"")
        #expect(CatalogCSVReport.field("line\nbreak") == "\"line\nbreak\"")
        #expect(CatalogCSVReport.field("cr\ronly") == "\"cr\ronly\"")
        #expect(CatalogCSVReport.field("crlf\r\n") == "\"crlf\r\n\"")
        #expect(CatalogCSVReport.field("tab\there") == "\"tab\there\"")
        // Other control characters are shown as their Control Pictures (U+2400 + the code), not written raw.
        #expect(CatalogCSVReport.field("bell\u{7}") == "bell\u{2407}")
        #expect(CatalogCSVReport.field("ctx\u{4}msgid") == "ctx\u{2404}msgid")
        #expect(CatalogCSVReport.field("nul\u{0}esc\u{1B}del\u{7F}") == "nul\u{2400}esc\u{241B}del\u{2421}")
        #expect(CatalogCSVReport.field("c1\u{85}\u{9F}") == "c1\u{FFFD}\u{FFFD}")
        #expect(CatalogCSVReport.field("\u{4},x") == "\"\u{2404},x\"")
        #expect(CatalogCSVReport.field(" padded") == "\" padded\"")
        #expect(CatalogCSVReport.field("é 中 😀; semi") == "é 中 😀; semi")
    }

    /// A quote that a combining mark, a joiner or a prepended letter makes part of a grapheme cluster is doubled too
    /// (compared scalar by scalar: `==` on strings is canonical equivalence).
    @Test(arguments: [
        ("\"\u{301}", "\"\"\"\u{301}\""), ("a\"\u{301}b", "\"a\"\"\u{301}b\""), ("\u{600}\"x", "\"\u{600}\"\"x\""),
        ("\"\u{200D}\u{1F600}", "\"\"\"\u{200D}\u{1F600}\""),
    ])
    func quotesInsideClustersAreDoubled(text: String, expected: String) {
        #expect(Array(CatalogCSVReport.field(text).unicodeScalars) == Array(expected.unicodeScalars))
    }

    @Test("unlimited lines leave allowedLines empty; keys with commas are quoted")
    func unlimited() {
        let report = CatalogReport(entries: [
            ReportFixtures.measured(
                file: "a.xcstrings", locale: "fr", key: "a,b", text: "x", width: 1.25,
                height: 2, lines: 3, maxWidth: 10, maxLines: 0, pointSize: 12.5)
        ])
        #expect(
            CatalogCSVReport.render(report)
                == header
                + "a.xcstrings,1,1,fr,\"a,b\",,x,x,1.25,2,3,,false,10,0,12.5,,,,,,1.25,,,false,,,,measured,\r\n")
    }

    @Test("skipped and failed entries and file errors are rows with their status and reason, after the measured ones")
    func unmeasuredRows() {
        var report = CatalogReport(
            entries: [ReportFixtures.measured(key: "ok", text: "Gut", width: 30, lines: 1)],
            skipped: [
                ReportFixtures.skipped(key: "brand", line: 4, reason: .notTranslatable),
                ReportFixtures.skipped(
                    file: "fr.xliff", locale: "fr", key: "u1", line: 9,
                    reason: .noValue("no <target>")),
            ],
            fileErrors: [
                CatalogError(
                    file: "broken.strings", position: SourcePosition(line: 3, column: 7),
                    message: "unterminated string"),
                CatalogError(file: "gone.xml", position: nil, message: "cannot be read"),
            ])
        report.failed = [
            ReportFixtures.failed(
                file: "ja.po", locale: "ja", key: "menu\u{4}Open", text: "開く",
                line: 12, message: "no font of the cascade has U+958B")
        ]
        let expected =
            header
            + "de.lproj/Localizable.strings,1,1,de,ok,,Gut,Gut,30,20.5,1,1,false,300,1,17,,,,,,30,,,false,,,,measured,\r\n"
            + "de.lproj/Localizable.strings,4,1,de,brand,,,,,,,,,,,,,,,,,,,,,,,,skipped,not translatable\r\n"
            + "fr.xliff,9,1,fr,u1,,,,,,,,,,,,,,,,,,,,,,,,skipped,no value: no <target>\r\n"
            + "ja.po,12,1,ja,menu\u{2404}Open,,開く,開く,,,,,,,,,,,,,,,,,,,,,failed,no font of the cascade has U+958B\r\n"
            + "broken.strings,3,7,,,,,,,,,,,,,,,,,,,,,,,,,,fileError,unterminated string\r\n"
            + "gone.xml,,,,,,,,,,,,,,,,,,,,,,,,,,,,fileError,cannot be read\r\n"
        #expect(CatalogCSVReport.render(report) == expected)
    }
}
