import Foundation

/// Maps data values to pixel positions along one chart axis and chooses its tick values.
///
/// Linear scales start at zero (so bar lengths and line heights compare honestly) and end at a "nice" round value;
/// logarithmic scales run between 1-2-5 values (1, 2 or 5 × 10ⁿ) just outside the data, ticked at 1-2-5 steps when
/// they span at most two decades and at powers of ten otherwise. `automatic` picks logarithmic when the values span more than `logSpan` times, where a linear axis
/// would squash the small values flat.
struct ChartScale: Sendable {
    enum Kind: Sendable { case linear, logarithmic }

    let kind: Kind
    /// The domain: values mapped to `start` and `end`.
    let lower: Double
    let upper: Double
    /// The pixel positions of `lower` and `upper` (`end < start` for a vertical axis growing upwards).
    let start: Double
    let end: Double
    /// The values to draw ticks and grid lines at, ascending.
    let ticks: [Double]

    /// The pixel position of `value`, clamped to the domain (non-positive values sit at the bottom of a log axis).
    func position(_ value: Double) -> Double {
        let fraction: Double
        switch kind {
        case .linear:
            fraction = upper == lower ? 0 : (value - lower) / (upper - lower)
        case .logarithmic:
            let clamped = max(value, lower)
            fraction = log10(clamped / lower) / log10(upper / lower)
        }
        let bounded = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        return start + (end - start) * bounded
    }

    /// A linear scale from 0 to a round value at or above `maximum`, with about `tickCount` ticks.
    static func linear(upTo maximum: Double, start: Double, end: Double, tickCount: Int = 5) -> ChartScale {
        let top = maximum.isFinite && maximum > 0 ? maximum : 1
        let step = niceStep(top / Double(max(tickCount, 1)))
        let upper = (top / step - 1e-9).rounded(.up) * step
        let count = Int((upper / step).rounded())
        let ticks = (0...count).map { Double($0) * step }
        return ChartScale(kind: .linear, lower: 0, upper: upper, start: start, end: end, ticks: ticks)
    }

    /// A logarithmic scale covering `minimum`…`maximum` (both positive), bounded by the nearest 1-2-5 values
    /// (1, 2 or 5 times a power of ten) outside them. Ticks fall at the 1-2-5 values inside when the scale spans at
    /// most two decades, else at the powers of ten inside plus the two bounds.
    static func logarithmic(from minimum: Double, to maximum: Double, start: Double, end: Double) -> ChartScale {
        let low = minimum > 0 && minimum.isFinite ? minimum : 1
        let high = maximum > low && maximum.isFinite ? maximum : low * 10
        let lower = oneTwoFive(low, roundingUp: false)
        var upper = oneTwoFive(high, roundingUp: true)
        if upper <= lower { upper = oneTwoFive(lower * 1.5, roundingUp: true) }
        let decades = log10(upper / lower)
        let factors: [Double] = decades <= 2 ? [1, 2, 5] : [1]
        var ticks: [Double] = []
        for exponent in Int(log10(lower).rounded(.down))...Int(log10(upper).rounded(.up)) {
            for factor in factors {
                let value = factor * pow(10, Double(exponent))
                if value >= lower * (1 - 1e-9), value <= upper * (1 + 1e-9) { ticks.append(value) }
            }
        }
        if let first = ticks.first, first > lower * (1 + 1e-9) { ticks.insert(lower, at: 0) }
        if let last = ticks.last, last < upper * (1 - 1e-9) { ticks.append(upper) }
        return ChartScale(kind: .logarithmic, lower: lower, upper: upper, start: start, end: end, ticks: ticks)
    }

    /// The nearest value of the form 1, 2 or 5 × 10ⁿ at or below (or, if `roundingUp`, at or above) `value` > 0.
    static func oneTwoFive(_ value: Double, roundingUp: Bool) -> Double {
        let exponent = log10(value).rounded(.down)
        var candidates: [Double] = []
        for power in [exponent - 1, exponent, exponent + 1] {
            for factor in [1.0, 2, 5] { candidates.append(factor * pow(10, power)) }
        }
        if roundingUp {
            return candidates.first { $0 >= value * (1 - 1e-12) } ?? candidates[candidates.count - 1]
        }
        return candidates.last { $0 <= value * (1 + 1e-12) } ?? candidates[0]
    }

    /// Logarithmic when the positive values span more than `logSpan` times, linear from 0 otherwise.
    static func automatic(_ values: [Double], start: Double, end: Double, logSpan: Double = 30) -> ChartScale {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        guard let minimum = positive.min(), let maximum = positive.max() else {
            return linear(upTo: 1, start: start, end: end)
        }
        if maximum / minimum > logSpan {
            return logarithmic(from: minimum, to: maximum, start: start, end: end)
        }
        return linear(upTo: maximum, start: start, end: end)
    }

    /// The round step (1, 2, 2.5 or 5 times a power of ten) at or above `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let magnitude = pow(10, log10(raw).rounded(.down))
        let normalized = raw / magnitude
        let factor: Double =
            normalized <= 1 ? 1 : normalized <= 2 ? 2 : normalized <= 2.5 ? 2.5 : normalized <= 5 ? 5 : 10
        return factor * magnitude
    }
}
