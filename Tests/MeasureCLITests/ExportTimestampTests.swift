import Testing

@testable import MeasureCLI

/// `measured_at` as `db export` writes it, against Python's `datetime` (1970-01-01 plus the milliseconds, printed
/// `%Y-%m-%dT%H:%M:%S` and the milliseconds): before 1970 the second is floored, where it was written a second late.
@Suite struct ExportTimestampTests {
    @Test(arguments: [
        (Int64(-1), "1969-12-31T23:59:59.999Z"),
        (-1500, "1969-12-31T23:59:58.500Z"),
        (-86_400_001, "1969-12-30T23:59:59.999Z"),
        (0, "1970-01-01T00:00:00.000Z"),
        (1_796_441_400_123, "2026-12-05T03:30:00.123Z"),
        (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
        // Python writes the year 1 unpadded; ISO 8601's four digits are not asked of a year before 1000 here.
        (-62_135_596_800_000, "1-01-01T00:00:00.000Z"),
    ])
    func timestampsMatchPythonsDatetime(milliseconds: Int64, expected: String) {
        #expect(SettingsDescription.timestamp(milliseconds) == expected)
    }

    /// The extremes of the column's type write a date and do not trap.
    @Test func extremesDoNotTrap() {
        #expect(SettingsDescription.timestamp(.max).hasSuffix(".807Z"))
        #expect(SettingsDescription.timestamp(.min).hasSuffix(".192Z"))
    }
}
