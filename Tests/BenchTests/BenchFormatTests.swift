import Testing

@testable import Bench

/// Number spelling: locale-independent, three significant digits, exact strings.
@Suite struct BenchFormatTests {
    @Test func groupsThousands() {
        #expect(BenchFormat.grouped(0) == "0")
        #expect(BenchFormat.grouped(999) == "999")
        #expect(BenchFormat.grouped(1_000) == "1,000")
        #expect(BenchFormat.grouped(1_234_567) == "1,234,567")
        #expect(BenchFormat.grouped(-12_345) == "-12,345")
    }

    @Test func fixedDecimalsRoundHalfAwayFromZero() {
        #expect(BenchFormat.fixed(1_234.567, decimals: 2) == "1,234.57")
        #expect(BenchFormat.fixed(1_234.567, decimals: 1, grouping: false) == "1234.6")
        #expect(BenchFormat.fixed(0.25, decimals: 1) == "0.3")
        #expect(BenchFormat.fixed(-0.04, decimals: 1) == "0.0")
        #expect(BenchFormat.fixed(-2.5, decimals: 0) == "-3")
        #expect(BenchFormat.fixed(.nan, decimals: 1) == "n/a")
    }

    @Test func siUsesThreeSignificantDigitsAndCarriesAcrossSuffixes() {
        #expect(BenchFormat.si(0) == "0")
        #expect(BenchFormat.si(842) == "842")
        #expect(BenchFormat.si(8_420) == "8.42k")
        #expect(BenchFormat.si(1_234_567) == "1.23M")
        #expect(BenchFormat.si(52_100_000) == "52.1M")
        #expect(BenchFormat.si(999_600) == "1.00M")
        #expect(BenchFormat.si(9_996) == "10.0k")
        #expect(BenchFormat.si(3_500_000_000) == "3.50G")
        #expect(BenchFormat.si(0.5) == "0.500")
        #expect(BenchFormat.siCompact(1_500_000) == "1.5M")
        #expect(BenchFormat.siCompact(2_000_000) == "2M")
        #expect(BenchFormat.siCompact(500_000) == "500k")
    }

    @Test func latenciesAreMicrosecondsWithNanosecondResolution() {
        #expect(BenchFormat.microseconds(0.000_000_84) == "0.840")
        #expect(BenchFormat.microseconds(0.000_000_02) == "0.020")
        #expect(BenchFormat.microseconds(0.000_001_5) == "1.50")
        #expect(BenchFormat.microseconds(0.000_012_34) == "12.3")
        #expect(BenchFormat.microseconds(0.000_999_9) == "1,000")
        #expect(BenchFormat.microseconds(0.002) == "2,000")
        #expect(BenchFormat.microseconds(1.234_567) == "1,234,567")
    }

    @Test func axisDurationsPickTheirUnit() {
        #expect(BenchFormat.duration(0.000_000_1) == "100 ns")
        #expect(BenchFormat.duration(0.000_001) == "1 µs")
        #expect(BenchFormat.duration(0.000_05) == "50 µs")
        #expect(BenchFormat.duration(0.002_5) == "2.5 ms")
        #expect(BenchFormat.duration(2) == "2 s")
    }

    @Test func memoryRatesAndChanges() {
        #expect(BenchFormat.megabytes(45_200_000) == "45.2")
        #expect(BenchFormat.gibibytes(8_589_934_592) == "8.0 GiB")
        #expect(BenchFormat.percent(0.99834) == "99.8%")
        #expect(BenchFormat.percent(1) == "100.0%")
        #expect(BenchFormat.change(from: 1_000_000, to: 700_000) == "-30.0%")
        #expect(BenchFormat.change(from: 1_000, to: 1_001) == "+0.1%")
        #expect(BenchFormat.change(from: 5, to: 5) == "0.0%")
        #expect(BenchFormat.change(from: 0, to: 0) == "0.0%")
        #expect(BenchFormat.change(from: 0, to: 3) == "new")
    }
}
