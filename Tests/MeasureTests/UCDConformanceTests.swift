import Testing

@testable import Measure

/// Conformance with the Unicode 15.0 test data: every case must pass.
@Suite("UCD conformance")
struct UCDConformanceTests {
    @Test("LineBreakTest.txt with .uax14")
    func lineBreakTest() throws {
        let cases = try UCDTestFile.cases(in: "LineBreakTest.txt")
        try #require(!cases.isEmpty, "LineBreakTest.txt yielded no test cases")
        var failures: [String] = []
        for testCase in cases {
            let breaks = LineBreaker.breakOpportunities(in: testCase.scalars, options: .uax14)
            if breaks.map({ $0 != .prohibited }) != testCase.breaks {
                let actual = LineBreaker.notation(for: testCase.scalars, breaks: breaks)
                failures.append("line \(testCase.lineNumber): expected \(testCase.notation), got \(actual)")
            }
        }
        if !failures.isEmpty {
            Issue.record(
                "\(failures.count) of \(cases.count) cases fail:\n\(failures.prefix(20).joined(separator: "\n"))")
        }
    }

    @Test("GraphemeBreakTest.txt against the grapheme boundary bit")
    func graphemeBreakTest() throws {
        let cases = try UCDTestFile.cases(in: "GraphemeBreakTest.txt")
        try #require(!cases.isEmpty, "GraphemeBreakTest.txt yielded no test cases")
        var failures: [String] = []
        for testCase in cases {
            let boundaries = LineBreaker.graphemeBoundaries(in: testCase.scalars)
            if boundaries != testCase.breaks {
                let actual = boundaries.map { $0 ? "÷" : "×" }.joined(separator: " ")
                failures.append("line \(testCase.lineNumber): expected \(testCase.notation), got boundaries \(actual)")
            }
        }
        if !failures.isEmpty {
            Issue.record(
                "\(failures.count) of \(cases.count) cases fail:\n\(failures.prefix(20).joined(separator: "\n"))")
        }
    }

    @Test("notation round trip on LineBreakTest.txt lines")
    func notationRoundTrip() throws {
        let cases = try UCDTestFile.cases(in: "LineBreakTest.txt")
        try #require(cases.count > 1000, "LineBreakTest.txt yielded too few test cases")
        for testCase in stride(from: 0, to: cases.count, by: 997).map({ cases[$0] }) {
            let breaks = LineBreaker.breakOpportunities(in: testCase.scalars, options: .uax14)
            #expect(
                LineBreaker.notation(for: testCase.scalars, breaks: breaks) == testCase.notation,
                "line \(testCase.lineNumber)")
        }
    }
}
