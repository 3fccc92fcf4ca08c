import Testing

@testable import Catalogs

/// `.strings` files built to be slow: every entry broken, one after another. Each is read in one pass (positions of
/// problems used to be counted from the start of the file for every entry: 50,000 broken entries took a minute).
///
/// The time limit only guards against a hang; it is not a speed check.
@Suite(.timeLimit(.minutes(1))) struct HostileStringsFileTests {
    @Test("50,000 entries with a lone surrogate each are all skipped, at their own places, in one pass")
    func manyBrokenEntries() throws {
        let lines = (0..<50_000).map { "\"k\($0)\" = \"x\\UD800\";" }
        let text = (lines + ["\"fine\" = \"Fine\";"]).joined(separator: "\n")
        let document = try StringsFileParser.parse(Array(text.utf8), file: "x.strings", locale: "en")
        #expect(document.entries.map(\.key) == ["fine"])
        #expect(document.skipped.count == 50_000)
        // Each problem is at its `\U` escape: after `"kN" = "x`, on line N + 1.
        #expect(document.skipped.first?.position == SourcePosition(line: 1, column: 10))
        #expect(document.skipped.last?.position == SourcePosition(line: 50_000, column: 14))
        #expect(document.skipped.allSatisfy { if case .malformed = $0.reason { true } else { false } })
    }

    @Test("a broken key is positioned at its problem, before its value, without breaking later positions")
    func brokenKeysAndValues() throws {
        let text = "\"a\\UDC00\" = \"1\";\n\"b\" = \"2\\UD800\";\n\"c\" = \"3\";"
        let document = try StringsFileParser.parse(Array(text.utf8), file: "x.strings", locale: "en")
        #expect(document.skipped.count == 2)
        #expect(
            document.skipped.map(\.position) == [
                SourcePosition(line: 1, column: 3),
                SourcePosition(line: 2, column: 9),
            ])
        #expect(document.entries.map(\.position) == [SourcePosition(line: 3, column: 7)])
    }
}
