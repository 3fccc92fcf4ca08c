/// Numbers as SVG and CSS want them: at most `places` decimals, no trailing zeros, no "-0", never an exponent, and 0
/// for anything not finite.
enum SVGNumber {
    static func text(_ value: Double, places: Int = 2) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let rounded = (value * scale).rounded()
        guard abs(rounded) < 9e15 else { return String(Int64(value.rounded())) }
        let units = Int64(rounded)
        if units == 0 { return "0" }
        let whole = abs(units) / Int64(scale), fraction = abs(units) % Int64(scale)
        var text = (units < 0 ? "-" : "") + String(whole)
        if fraction > 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: places - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }
}
