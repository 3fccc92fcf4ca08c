import Foundation
import Testing

@testable import MeasureCLI

/// `db export --format csv` read back by an RFC 4180 reader written here: every text and label set comes back as it
/// was stored, quotes that a combining mark, a joiner or a prepended letter makes part of a grapheme cluster too
/// (`"` U+0301 was written as one quote inside a quoted field, so readers ended the field there).
@Suite struct DatabaseExportCSVTests {
    /// The records of `csv` (CRLF or LF between records), each a list of fields, by RFC 4180: a field in quotes ends
    /// at a quote not doubled; read by Unicode scalar.
    static func records(_ csv: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = String.UnicodeScalarView()
        var quoted = false
        var scalars = Array(csv.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" {
                        scalars.removeFirst()
                        field.append("\"")
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(scalar)
                }
            } else if scalar == "\"" && field.isEmpty {
                quoted = true
            } else if scalar == "," {
                record.append(String(field))
                field = String.UnicodeScalarView()
            } else if scalar == "\r" && scalars.first == "\n" {
                continue
            } else if scalar == "\n" {
                record.append(String(field))
                records.append(record)
                record = []
                field = String.UnicodeScalarView()
            } else {
                field.append(scalar)
            }
        }
        return records
    }

    @Test func quotesInsideGraphemeClustersRoundTrip() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let texts = [
            "\"\u{301}", "a\"\u{301}b", "\u{600}\"x", "say \"\u{200D}hi\"", "\"\u{FE0F},", "plain", "comma, \"quoted\"",
        ]
        let input = try workspace.write("in.txt", texts.joined(separator: "\n") + "\n")
        let database = workspace.path("q.db")
        let labels = ["--device-class", "a;\u{301}b", "--text-style", "s/\u{301}t", "--content-size", "L"]
        #expect(Workspace.run(Workspace.batch(input: input, ["--db", database] + labels)).status == 0)
        let export = Workspace.run(["db", "export", database, "--format", "csv"])
        #expect(export.status == 0, "\(export.error)")
        let records = Self.records(export.output)
        let header = try #require(records.first)
        #expect(header.count == 12)
        let rows = records.dropFirst()
        #expect(rows.count == texts.count)
        #expect(rows.allSatisfy { $0.count == header.count })
        let textColumn = try #require(header.firstIndex(of: "text"))
        let labelsColumn = try #require(header.firstIndex(of: "labels"))
        // Compared scalar by scalar: `==` on strings is canonical equivalence.
        #expect(Set(rows.map { Array($0[textColumn].unicodeScalars) }) == Set(texts.map { Array($0.unicodeScalars) }))
        // The `;` and `/` inside the labels escaped with `\`, by scalar, though a mark follows each.
        for row in rows {
            #expect(Array(row[labelsColumn].unicodeScalars) == Array("a\\;\u{301}b/s\\/\u{301}t/L".unicodeScalars))
        }
    }
}
