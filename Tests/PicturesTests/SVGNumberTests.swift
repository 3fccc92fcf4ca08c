import Testing

@testable import Pictures

/// Numbers written into SVG, CSS and the report's data.
@Suite struct SVGNumberTests {
    @Test func numbersAreShortAndNeverExponents() {
        #expect(SVGNumber.text(0) == "0")
        #expect(SVGNumber.text(-0.001) == "0")
        #expect(SVGNumber.text(12.3456) == "12.35")
        #expect(SVGNumber.text(-4.5) == "-4.5")
        #expect(SVGNumber.text(1e-12) == "0")
        #expect(SVGNumber.text(123_456_789.1) == "123456789.1")
        #expect(SVGNumber.text(.nan) == "0")
        #expect(SVGNumber.text(.infinity) == "0")
        #expect(SVGNumber.text(2.5, places: 0) == "3")
    }
}
