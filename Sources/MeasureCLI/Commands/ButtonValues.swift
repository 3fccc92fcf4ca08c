import ArgumentParsing
import Measure

// How `measure button` reads its sizes, insets and names from the command line.

extension Size: ArgumentValue {
    /// "WxH" (or "W×H"): two numbers within 0…`MeasureLimits.maximumLength`, e.g. "32x32" or "32.5x20".
    package init?(argument: String) {
        let parts = argument.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
        let pieces = parts.count == 2 ? parts : argument.split(separator: "×", omittingEmptySubsequences: false)
        guard pieces.count == 2, let width = Double(argument: String(pieces[0])),
            let height = Double(argument: String(pieces[1]))
        else { return nil }
        self.init(width: width, height: height)
        guard isWithinLimits else { return nil }
    }

    package static var valueDescription: String {
        "WIDTHxHEIGHT in points, each 0…\(Int(MeasureLimits.maximumLength)), such as 32x32"
    }
}

extension EdgeInsets: ArgumentValue {
    /// "T,L,B,R": four numbers within ±`MeasureLimits.maximumLength`, e.g. "0,-32,0,32".
    package init?(argument: String) {
        let numbers = argument.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double(argument: $0.trimmingSpaces) }
        guard numbers.count == 4, let top = numbers[0], let left = numbers[1], let bottom = numbers[2],
            let right = numbers[3]
        else { return nil }
        self.init(top: top, left: left, bottom: bottom, right: right)
        guard isWithinLimits else { return nil }
    }

    package static var valueDescription: String {
        "four numbers TOP,LEFT,BOTTOM,RIGHT, each within ±\(Int(MeasureLimits.maximumLength)), such as 0,-32,0,32"
    }
}

extension ContentHorizontalAlignment: ArgumentValue {
    package init?(argument: String) { self.init(rawValue: argument) }
    package static var valueDescription: String { "one of " + allCases.map(\.rawValue).joined(separator: ", ") }
}

extension ButtonRecipe: ArgumentValue {
    package init?(argument: String) { self.init(rawValue: argument) }
    package static var valueDescription: String { "one of " + allCases.map(\.rawValue).joined(separator: ", ") }
}

extension Substring {
    /// Without the spaces at either end (so "0, -32, 0, 32" reads too).
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
