import ArgumentParsing

/// Writes non-negative numbers with a fixed number of decimals straight into a byte buffer.
///
/// `measure batch` prints three numbers per string, hundreds of thousands of times; going through `String(format:)`
/// would cost more than measuring. The digits are the value's exact decimal expansion correctly rounded, ties to
/// even — what C's and Python's `%.4f` print, the reference engines' format — not the rounding of the value times
/// 10⁴, which rounds twice: 85.12875 is 85.128749999…, `%.4f` prints 85.1287, and the product 851287.5 rounded up.
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
        let scaled = correctlyRounded(magnitude, times: Double(unit))
        guard scaled < 1.8e19 else {
            out.append(contentsOf: "\(magnitude)".utf8)
            return
        }
        let total = UInt64(scaled)
        // Written right to left into stack memory, then appended at once: no allocation, one append (a temporary
        // array here was one allocation per number, 11% of `measure batch`'s instructions on 40,000 Arabic strings,
        // callgrind). At most 20 integer digits, the point and 9 decimals.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { digits in
            var position = digits.count
            var fraction = total % unit
            for _ in 0..<places {
                position -= 1
                digits[position] = UInt8(ascii: "0") + UInt8(fraction % 10)
                fraction /= 10
            }
            if places > 0 {
                position -= 1
                digits[position] = UInt8(ascii: ".")
            }
            position = Self.writeInteger(total / unit, into: digits, before: position)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[position...]))
        }
    }

    /// `magnitude` × `unit` (a power of ten up to 10⁹, exact in a double) rounded to an integer as the exact product
    /// rounds, ties to even. The product in doubles is the nearest double to the exact one, and `fma` gives what it
    /// lost exactly; that decides a product that lands on a half. Past 2⁵² a double has no fraction to round.
    @inline(__always)
    static func correctlyRounded(_ magnitude: Double, times unit: Double) -> Double {
        let product = magnitude * unit
        guard product < 0x1p52 else { return product.rounded(.toNearestOrEven) }
        let lost = (-product).addingProduct(magnitude, unit)  // magnitude × unit − product, exactly
        let floor = product.rounded(.down)
        let fraction = product - floor
        if fraction != 0.5 { return product.rounded(.toNearestOrAwayFromZero) }
        if lost > 0 { return floor + 1 }
        if lost < 0 { return floor }
        return floor.truncatingRemainder(dividingBy: 2) == 0 ? floor : floor + 1
    }

    /// Appends the decimal digits of `value`, most significant first.
    static func appendInteger(_ value: UInt64, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            let position = writeInteger(value, into: digits, before: digits.count)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[position...]))
        }
    }

    /// Writes the decimal digits of `value` so that they end before `end` in `digits` (room for 20 is enough for
    /// any UInt64) and returns where they start.
    @inline(__always)
    private static func writeInteger(_ value: UInt64, into digits: UnsafeMutableBufferPointer<UInt8>, before end: Int)
        -> Int
    {
        var position = end
        var rest = value
        repeat {
            position -= 1
            digits[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest > 0
        return position
    }

    /// `value` with `places` decimals, as a string.
    static func string(_ value: Double, places: Int) -> String {
        var bytes: [UInt8] = []
        append(value, places: places, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
