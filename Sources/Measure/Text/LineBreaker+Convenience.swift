/// Allocating entry points for tools and tests, built on `LineBreaker.analyze`.
extension LineBreaker {
    /// The break opportunity at every position of `scalars`: element `i` is the position before `scalars[i]`, the
    /// last element the end of text (`scalars.count + 1` elements).
    public static func breakOpportunities(in scalars: [Unicode.Scalar], options: LineBreakOptions) -> [BreakOpportunity]
    {
        flags(for: scalars, options: options).map { flag in
            // `analyze` only writes BreakOpportunity raw values into these bits.
            BreakOpportunity(rawValue: flag & opportunityMask)!
        }
    }

    /// Whether an extended grapheme cluster boundary (UAX #29) is at every position of `scalars`: element `i` is the
    /// position before `scalars[i]`, the last element the end of text (`scalars.count + 1` elements).
    public static func graphemeBoundaries(in scalars: [Unicode.Scalar]) -> [Bool] {
        flags(for: scalars, options: .uax14).map { $0 & graphemeBoundaryFlag != 0 }
    }

    /// Formats breaks in the notation of `LineBreakTest.txt`, e.g. `× 0061 × 0020 ÷ 0062 ÷`: `÷` for allowed and
    /// mandatory breaks, `×` for prohibited ones, scalars in uppercase hexadecimal of at least four digits.
    ///
    /// - Precondition: `breaks.count == scalars.count + 1`.
    public static func notation(for scalars: [Unicode.Scalar], breaks: [BreakOpportunity]) -> String {
        precondition(breaks.count == scalars.count + 1, "breaks needs one element per position (scalars.count + 1)")
        var parts: [String] = []
        parts.reserveCapacity(2 * scalars.count + 1)
        for (index, scalar) in scalars.enumerated() {
            parts.append(symbol(for: breaks[index]))
            let hex = String(scalar.value, radix: 16, uppercase: true)
            parts.append(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)
        }
        parts.append(symbol(for: breaks[scalars.count]))
        return parts.joined(separator: " ")
    }

    /// `÷` where a break is allowed or mandatory, `×` where it is prohibited.
    private static func symbol(for opportunity: BreakOpportunity) -> String {
        opportunity == .prohibited ? "×" : "÷"
    }

    /// The break opportunities a measuring session finds in `scalars`: `options`' (`LineBreakOptions.measurer` for
    /// the measurer's tailoring) and, inside each run of Thai, Lao, Khmer or Myanmar (SA) text, the word boundaries
    /// of ICU's dictionaries, added as the session adds them (`DictionaryLineBreaker`, locale `language`, else the
    /// root locale, whose dictionaries break all four scripts). UAX #14 alone puts × between SA letters (LB1 makes
    /// them AL), so without them a Thai sentence shows no break where the measurer wraps.
    public static func measuringBreakOpportunities(
        in scalars: [Unicode.Scalar], options: LineBreakOptions, language: String? = nil
    ) -> [BreakOpportunity] {
        let values = scalars.map(\.value)
        var flags = flags(for: scalars, options: options)
        let dictionary = DictionaryLineBreaker(locale: language ?? "")
        values.withUnsafeBufferPointer { input in
            flags.withUnsafeMutableBufferPointer { output in
                DictionaryLineBreaker.forEachRun(in: input) { start, end in
                    _ = dictionary.addBreaks(scalars: input, start: start, end: end, flags: output.baseAddress!)
                }
            }
        }
        return flags.map { BreakOpportunity(rawValue: $0 & opportunityMask)! }
    }

    /// Runs `analyze` on a copy of `scalars` and returns the flags.
    private static func flags(for scalars: [Unicode.Scalar], options: LineBreakOptions) -> [UInt8] {
        let values = scalars.map(\.value)
        var flags = [UInt8](repeating: 0, count: values.count + 1)
        values.withUnsafeBufferPointer { input in
            flags.withUnsafeMutableBufferPointer { output in
                analyze(input, options: options, into: output)
            }
        }
        return flags
    }
}
