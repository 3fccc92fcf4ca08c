import Testing

@testable import Catalogs

@Suite("Markdown report")
struct MarkdownReportTests {
    @Test("whole output of a mixed report")
    func wholeOutput() {
        let expected = """
            # String catalog report

            **2 files**, 3 entries measured, **2 overflowing**, 1 skipped, 1 failed, 1 file error.

            ## Locales

            | Locale | Entries | Overflowing | Skipped | Failed |
            |---|---:|---:|---:|---:|
            | de | 2 | 1 | 1 | 1 |
            | fr | 1 | 1 | 0 | 0 |

            ## Overflowing keys

            One row per key, worst first (most lines over the allowance, then largest width growth against the source language); the worst of its overflows is shown.

            | Key | Overflows | Locales | Worst | Variant | Size | Lines | Allowed | Width (pt) | Max width (pt) | Growth | Text | Location |
            |---|---:|---|---|---|---|---:|---:|---:|---:|---:|---|---|
            | title | 2 | de, fr | fr |  |  | 2 | 1 | 290 | 300 | ×1.45 | Réglages | fr.lproj/Localizable.strings:2:9 |

            ## Entries that could not be measured

            | Locale | Key | Variant | Message | Location |
            |---|---|---|---|---|
            | de | emoji |  | no font for U+1F600 | de.lproj/Localizable.strings:5:1 |

            ## Skipped entries

            | Reason | Count |
            |---|---:|
            | not translatable | 1 |

            ## File errors

            | File | Line | Column | Message |
            |---|---:|---:|---|
            | es.lproj/Localizable.strings | 3 | 7 | expected ';' after the value, found '"' |

            """
        #expect(CatalogMarkdownReport.render(ReportFixtures.mixedReport()) == expected)
    }

    @Test("empty report")
    func empty() {
        let expected = """
            # String catalog report

            **0 files**, 0 entries measured, **0 overflowing**, 0 skipped, 0 failed, 0 file errors.

            ## Locales

            No locales.

            ## Overflowing keys

            No entry overflows.

            """
        #expect(CatalogMarkdownReport.render(CatalogReport()) == expected)
    }

    @Test("pipes, line breaks, Markdown and HTML in cells are escaped")
    func cellEscaping() {
        #expect(MarkdownCell.escape("a|b") == #"a\|b"#)
        #expect(MarkdownCell.escape("one\ntwo\r\nthree\rfour\u{2028}five") == "one<br>two<br>three<br>four<br>five")
        #expect(
            MarkdownCell.escape("*bold* _it_ `code` [link](x) <b>&amp; ~s~ $x$")
                == #"\*bold\* \_it\_ \`code\` \[link\](x) \<b\>\&amp; \~s\~ \$x\$"#)
        #expect(MarkdownCell.escape(#"back\slash\|"#) == #"back\\slash\\\|"#)
        #expect(MarkdownCell.escape("bell\u{7} esc\u{1B} del\u{7F} c1\u{85}x") == "bell␇ esc␛ del␡ c1<br>x")
        #expect(MarkdownCell.escape("c1\u{9B}") == "c1\u{FFFD}")
        #expect(MarkdownCell.escape("Grüße 😀 中文") == "Grüße 😀 中文")
    }

    @Test("a row whose cells hold pipes and newlines keeps the table's column count")
    func tablesNeverBreak() {
        let report = CatalogReport(entries: [
            ReportFixtures.measured(
                key: "a|b\nc", variant: "x|y", text: "one | two\nthree\r\n| four |", width: 10,
                lines: 3, contentSize: "AX|1")
        ])
        let output = CatalogMarkdownReport.render(report)
        #expect(
            output.contains(
                #"| a\|b<br>c | 1 | de | de | x\|y | AX\|1 | 3 | 1 | 10 | 300 |  | "#
                    + #"one \| two<br>three<br>\| four \| |"#))
        for line in output.split(separator: "\n") where line.hasPrefix("|") {
            let cells = unescapedPipes(String(line)) - 1
            #expect([5, 13].contains(cells), "\(line)")
        }
    }

    @Test("limit caps the overflow table, worst first, and counts the rest")
    func limit() {
        let entries = (1...4).map { index in
            ReportFixtures.measured(key: "k\(index)", text: "t", width: Double(index), lines: 1 + index)
        }
        let output = CatalogMarkdownReport.render(CatalogReport(entries: entries), limit: 2)
        let rows = output.split(separator: "\n").filter { $0.hasPrefix("| k") }
        #expect(rows.map { $0.split(separator: "|")[0].trimmingPrefix(" ") } == ["k4 ", "k3 "])
        #expect(
            output.contains(
                "\n2 more keys with 2 overflows are not shown (the JSON and SARIF reports have every one).\n"))
        let one = CatalogMarkdownReport.render(CatalogReport(entries: entries), limit: 3)
        #expect(one.contains("\n1 more key with 1 overflow is not shown"))
    }

    /// The `|` characters that delimit cells (not preceded by an escaping backslash).
    private func unescapedPipes(_ line: String) -> Int {
        var count = 0
        var escaped = false
        for character in line {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                count += 1
            }
        }
        return count
    }
}
