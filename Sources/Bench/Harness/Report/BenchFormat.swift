import Foundation

/// How the reports spell numbers: three significant digits with k/M/G suffixes for rates, thousands separators for
/// counts, fixed units for latencies and memory.
///
/// Written by hand rather than with a `NumberFormatter` so that the output never depends on the machine's locale and
/// the tests can expect exact strings. Rounding is half away from zero. Non-finite values print as `n/a`.
enum BenchFormat {
    /// `value` with thousands separators: `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    /// `value` with exactly `decimals` decimals and, if `grouping`, a grouped integer part: `1,234.57` for 1234.567
    /// with 2.
    static func fixed(_ value: Double, decimals: Int, grouping: Bool = true) -> String {
        guard value.isFinite else { return "n/a" }
        var unit = 1.0
        for _ in 0..<decimals { unit *= 10 }
        let scaled = (value.magnitude * unit).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e18 else { return value < 0 ? "-huge" : "huge" }
        let total = UInt64(scaled)
        let divisor = UInt64(unit)
        let sign = value < 0 && total > 0 ? "-" : ""
        let integer = sign + (grouping ? grouped(Int(total / divisor)) : String(total / divisor))
        guard decimals > 0 else { return integer }
        let fraction = String(total % divisor)
        return integer + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// `value` (≥ 0, below 1000 after rounding) with three significant digits but at most `maxDecimals` decimals:
    /// `842`, `84.2`, `8.42`, `0.842`. Returns nil when it rounds to 1000 or more.
    private static func significant(_ value: Double, maxDecimals: Int) -> String? {
        if value == 0 { return "0" }
        var decimals = value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : 2 - Int(log10Floor(value))
        decimals = min(decimals, maxDecimals)
        while true {
            var unit = 1.0
            for _ in 0..<decimals { unit *= 10 }
            let rounded = (value * unit).rounded(.toNearestOrAwayFromZero) / unit
            var limit = 1000.0
            for _ in 0..<decimals { limit /= 10 }
            if decimals > 0, rounded >= limit {
                decimals -= 1
                continue
            }
            if decimals == 0, rounded >= 1000 { return nil }
            return fixed(value, decimals: decimals)
        }
    }

    /// ⌊log₁₀ value⌋ for a positive value, exact at powers of ten.
    private static func log10Floor(_ value: Double) -> Double {
        var exponent = log10(value).rounded(.down)
        var power = 1.0
        if exponent >= 0 {
            for _ in 0..<Int(exponent) { power *= 10 }
        } else {
            for _ in 0..<Int(-exponent) { power /= 10 }
        }
        if power > value { exponent -= 1 } else if power * 10 <= value { exponent += 1 }
        return exponent
    }

    /// Three significant digits with an SI suffix: `842`, `8.42k`, `1.23M`, `45.0G`. Rates and sizes in tables.
    static func si(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        if value < 0 { return "-" + si(-value) }
        let suffixes = ["", "k", "M", "G", "T", "P"]
        var scaled = value
        var index = 0
        while scaled >= 1000, index < suffixes.count - 1 {
            scaled /= 1000
            index += 1
        }
        while true {
            if let text = significant(scaled, maxDecimals: index == 0 ? 3 : 2) { return text + suffixes[index] }
            guard index < suffixes.count - 1 else { return fixed(scaled, decimals: 0) + suffixes[index] }
            scaled /= 1000
            index += 1
        }
    }

    /// Like `si(_:)` without trailing zeros, for axis ticks: `0`, `500k`, `1.5M`, `2M`.
    static func siCompact(_ value: Double) -> String {
        let text = si(value)
        let suffix = text.last.map { $0.isLetter ? String($0) : "" } ?? ""
        var number = String(text.dropLast(suffix.count))
        if number.contains(".") {
            while number.hasSuffix("0") { number.removeLast() }
            if number.hasSuffix(".") { number.removeLast() }
        }
        return number + suffix
    }

    /// Seconds as microseconds for the latency columns: three significant digits below 1000 (at most three decimals,
    /// i.e. nanoseconds), whole grouped microseconds above: `0.842`, `84.2`, `8,421`.
    static func microseconds(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "n/a" }
        let micros = seconds * 1e6
        if micros < 0 { return "-" + microseconds(-seconds) }
        return significant(micros, maxDecimals: 3) ?? fixed(micros, decimals: 0)
    }

    /// A duration with the unit that suits it, trailing zeros dropped, for axis ticks: `50 ns`, `1 µs`, `2.5 ms`.
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "n/a" }
        let units: [(Double, String)] = [(1, "s"), (1e-3, "ms"), (1e-6, "µs"), (1e-9, "ns")]
        let magnitude = seconds.magnitude
        let (scale, name) = units.first { magnitude >= $0.0 * 0.9995 } ?? units[units.count - 1]
        return siCompact(seconds / scale) + " " + name
    }

    /// Bytes as decimal megabytes with one decimal: `45.2` for 45,200,000 bytes.
    static func megabytes(_ bytes: Int) -> String {
        fixed(Double(bytes) / 1e6, decimals: 1)
    }

    /// Bytes as binary gigabytes with one decimal and the unit: `7.8 GiB`.
    static func gibibytes(_ bytes: Int) -> String {
        fixed(Double(bytes) / 1_073_741_824, decimals: 1) + " GiB"
    }

    /// A 0…1 rate as a percentage with one decimal: `99.8%`.
    static func percent(_ rate: Double) -> String {
        guard rate.isFinite else { return "n/a" }
        return fixed(rate * 100, decimals: 1) + "%"
    }

    /// The change from `baseline` to `current` in percent with a sign: `+12.3%`, `-30.0%`, `0.0%`; `new` when the
    /// baseline is 0 and the current value is not.
    static func change(from baseline: Double, to current: Double) -> String {
        guard let ratio = relativeChange(from: baseline, to: current) else { return current == 0 ? "0.0%" : "new" }
        let text = fixed(ratio * 100, decimals: 1)
        if text == "0.0" || text == "-0.0" { return "0.0%" }
        return (ratio > 0 ? "+" : "") + text + "%"
    }

    /// (current − baseline) / baseline, or nil when the baseline is 0 or either value is not finite.
    static func relativeChange(from baseline: Double, to current: Double) -> Double? {
        guard baseline != 0, baseline.isFinite, current.isFinite else { return nil }
        return (current - baseline) / baseline.magnitude
    }
}
