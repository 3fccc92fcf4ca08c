import Testing

@testable import Catalogs

/// `.po` files built to be slow or to break the scanner: many broken messages, very long lines, every cut and many
/// overwritten bytes of a valid file. Each is read in one pass and never traps; problems stay inside the file.
///
/// The time limit only guards against a hang; it is not a speed check.
@Suite(.timeLimit(.minutes(1))) struct GettextHostilePOTests {
    /// Parses `bytes`; every skipped record and error must point inside the file (lines 1…`lines`).
    static func parse(_ bytes: [UInt8], lines: Int) {
        do {
            let document = try GettextParser.parse(bytes, file: "fuzz.po", locale: "de")
            for skipped in document.skipped {
                #expect(skipped.position.line >= 1 && skipped.position.line <= lines && skipped.position.column >= 1)
            }
        } catch {
            let position = error.position ?? SourcePosition(line: 1, column: 1)
            #expect(position.line >= 1 && position.line <= lines && position.column >= 1, "\(error)")
        }
    }

    @Test("50,000 broken messages are each skipped at their own line, in one pass")
    func manyBrokenMessages() throws {
        let text =
            (0..<50_000).map { "msgid \"k\($0)\"\nmsgstr \"x\\q\"\n" }.joined(separator: "\n")
            + "\nmsgid \"fine\"\nmsgstr \"Fein\"\n"
        let document = try GettextParser.parse(Array(text.utf8), file: "x.po", locale: "de")
        #expect(document.entries.map(\.key) == ["fine"])
        #expect(document.skipped.count == 50_000)
        // Message N (0-based) has its msgstr on line 3N + 2; the backslash is column 10.
        #expect(document.skipped.last?.position == SourcePosition(line: 3 * 49_999 + 2, column: 10))
    }

    @Test("a megabyte-long line of hex digits, of backslashes, and a huge msgstr index")
    func longLines() throws {
        let hex = "msgid \"a\"\nmsgstr \"\\x" + String(repeating: "f", count: 1 << 20) + "\"\n\n"
        let slashes = "msgid \"b\"\nmsgstr \"" + String(repeating: "\\\\", count: 1 << 19) + "\"\n\n"
        let index = "msgid \"c\"\nmsgid_plural \"cs\"\nmsgstr[99999999999999999999] \"x\"\n"
        let document = try GettextParser.parse(Array((hex + slashes + index).utf8), file: "x.po", locale: "de")
        #expect(document.entries.map { $0.text.utf8.count } == [1 << 19])
        #expect(document.skipped.map(\.key) == ["a", "c"])
    }

    @Test("every cut of a valid file parses or fails inside the file")
    func truncations() {
        let bytes = Array(GettextSkippedEntryTests.sample.utf8)
        let lines = bytes.count { $0 == 0x0A } + 1
        for cut in 0...bytes.count { Self.parse(Array(bytes[..<cut]), lines: lines) }
    }

    @Test("overwriting bytes with quotes, backslashes, brackets, #, ~, NUL or non-UTF-8 never traps")
    func overwriting() {
        let bytes = Array(GettextSkippedEntryTests.sample.utf8)
        let lines = bytes.count { $0 == 0x0A } + 1
        let replacements: [UInt8] = Array("\"\\[]#~ x0".utf8) + [0x00, 0xFF, 0x04]
        for offset in bytes.indices {
            for replacement in replacements where replacement != bytes[offset] {
                var damaged = bytes
                damaged[offset] = replacement
                Self.parse(damaged, lines: lines)
            }
        }
    }
}
