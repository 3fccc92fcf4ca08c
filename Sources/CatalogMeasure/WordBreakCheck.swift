import Measure

/// Whether a layout broke a line inside a word, which a width budget never counts as fitting.
///
/// `LineBreakMode.byWordWrapping` breaks a word wider than the line between its characters: a label narrower than
/// the word shows "Einstellung|en". A line end is a word boundary when the measurer's
/// line breaking (UAX #14 with its tailoring, `LineBreaker.breakOpportunities`) allows or requires a break there.
/// Thai, Lao, Khmer, Myanmar and the Tai scripts (UAX #14 class SA) are broken at dictionary word boundaries the
/// public API does not expose, so a line end between two of their characters counts as a boundary: for those the
/// budget is where no Latin-style word is broken, and may break inside one of their words.
///
/// Made once per text (one array per UTF-8 offset); checking a layout allocates nothing.
struct WordBreakCheck {
    /// Indexed by UTF-8 offset: a line may end here without breaking a word.
    private let boundary: [Bool]

    init(_ text: String, options: LineBreakOptions) {
        let scalars = Array(text.unicodeScalars)
        let opportunities = LineBreaker.breakOpportunities(in: scalars, options: options)
        var boundary = [Bool](repeating: false, count: text.utf8.count + 1)
        var offset = 0
        for (index, scalar) in scalars.enumerated() {
            let previousIsSA = index > 0 && Self.isSouthEastAsian(scalars[index - 1])
            boundary[offset] = opportunities[index] != .prohibited || (previousIsSA && Self.isSouthEastAsian(scalar))
            offset += UTF8.width(scalar)
        }
        boundary[offset] = true
        self.boundary = boundary
    }

    /// Whether every line of `lines` but the last ends at a word boundary.
    func breaksOnlyBetweenWords(_ lines: [LineFragment]) -> Bool {
        for line in lines.dropLast() {
            let end = line.utf8Range.upperBound
            guard end >= 0, end < boundary.count, boundary[end] else { return false }
        }
        return true
    }

    /// Scripts of UAX #14 class SA (complex-context: breaks come from a dictionary).
    static func isSouthEastAsian(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF,  // Thai, Lao
            0x1000...0x109F, 0xA9E0...0xA9FF, 0xAA60...0xAA7F,  // Myanmar
            0x1780...0x17FF, 0x19E0...0x19FF,  // Khmer
            0x1950...0x19DF, 0x1A20...0x1AAF, 0xAA80...0xAADF:  // Tai Le, New Tai Lue, Tai Tham, Tai Viet
            true
        default:
            false
        }
    }
}
