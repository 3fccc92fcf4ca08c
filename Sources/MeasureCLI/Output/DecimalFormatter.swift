import ArgumentParsing

/// Writes non-negative numbers with a fixed number of decimals straight into a byte buffer.
///
/// `measure batch` prints three numbers per string, hundreds of thousands of times; going through `String(format:)`
/// would cost more than measuring. Rounding is half away from zero at the last printed decimal.
enum DecimalFormatter {
    /// Appends `value` with `places` decimals (at most 9) to `out`, e.g. 183.3887 for 183.38867 with 4 places.
    ///
    /// Every double prints: the engine's inputs are bounded (`MeasureLimits`), so its answers are far below the
    /// range this writes digit by digit, but a value from elsewhere (a database another program wrote) may not be.
    /// Infinities and NaN print as `inf`, `-inf` and `nan`, and a magnitude whose scaled digits pass 64 bits in
    /// Swift's shortest round-trip spelling ("1e+20").
    static func append(_ value: Double, places: Int, to out: inout [UInt8]) {
        precondition(places >= 0 && places <= 9, "between 0 and 9 decimals")
        guard value.isFinite else {
            out.append(contentsOf: (value.isNaN ? "nan" : value < 0 ? "-inf" : "inf").utf8)
            return
        }
        var magnitude = value
        if magnitude < 0 {
            out.append(UInt8(ascii: "-"))
            magnitude = -magnitude
        }
        var unit: UInt64 = 1
        for _ in 0..<places { unit *= 10 }
        let scaled = (magnitude * Double(unit)).rounded(.toNearestOrAwayFromZero)
        guard scaled < 1.8e19 else {
            out.append(contentsOf: "\(magnitude)".utf8)
            return
        }
        let total = UInt64(scaled)
        appendInteger(total / unit, to: &out)
        guard places > 0 else { return }
        out.append(UInt8(ascii: "."))
        var fraction = total % unit
        var digits = [UInt8](repeating: UInt8(ascii: "0"), count: places)
        for position in stride(from: places - 1, through: 0, by: -1) {
            digits[position] = UInt8(ascii: "0") + UInt8(fraction % 10)
            fraction /= 10
        }
        out.append(contentsOf: digits)
    }

    /// Appends the decimal digits of `value`.
    static func appendInteger(_ value: UInt64, to out: inout [UInt8]) {
        if value >= 10 { appendInteger(value / 10, to: &out) }
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// `value` with `places` decimals, as a string.
    static func string(_ value: Double, places: Int) -> String {
        var bytes: [UInt8] = []
        append(value, places: places, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
