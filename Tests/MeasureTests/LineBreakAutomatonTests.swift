import TestSupport
import Testing

@testable import Measure

/// `LineBreakAutomaton` is `LineBreakState` tabulated as text needs it: walked over any string of the scalars the
/// one-pass fit walks, it must give the break opportunities `LineBreaker.analyze` gives, position by position, under
/// every tailoring — and its Latin-1 symbols must be `Latin1BreakTable`'s, since both tables read the same
/// `ScalarEntry.breakSymbol`.
@Suite struct LineBreakAutomatonTests {
    /// Walkable scalars beyond Latin-1, one or more of each line-break class the one-pass fit meets: ideographs and
    /// kana (ID, and CJ small kana and the prolonged sound mark, which the options resolve), Hangul syllables (H2, H3),
    /// CJK and fullwidth punctuation (OP, CL, CP, NS, EX, IS, IN, PR, PO), quotes (QU), dashes and hyphens (B2, BA,
    /// GL), Unicode spaces, WJ, ZW, BK, letters of other scripts (AL), emoji (ID, EB), an ideograph beyond the BMP.
    static let beyondLatin1: [UInt32] = [
        0x4E00, 0x5B57, 0x3042, 0x30AB, 0x3041, 0x30A1, 0x30FC, 0x3005, 0x301C, 0x3001, 0x3002, 0xFF0C, 0xFF0E,
        0x300C, 0x300D, 0xFF08, 0xFF09, 0x3010, 0x3011, 0x30FB, 0x2026, 0x2025, 0xFF01, 0xFF1F, 0xFF1A, 0xFF1B,
        0xFFE5, 0xFF04, 0xFF05, 0xFF11, 0xFF21, 0xFF76, 0x201C, 0x201D, 0x2018, 0x2019, 0x201E, 0x2014, 0x2013,
        0x2010, 0x2011, 0x20AC, 0x2030, 0x2122, 0x2022, 0x03A9, 0x041F, 0x0131, 0x3000, 0x2002, 0x200A, 0x202F,
        0x2060, 0x200B, 0x2028, 0x2029, 0x1F600, 0x1F466, 0x263A, 0x2702, 0x20000, 0xAC00, 0xAC01, 0xD7A3,
        0x2E3A, 0x3008, 0x3009, 0x00A0,
    ]

    /// Both alphabets together: Latin-1's (`Latin1BreakTableTests.alphabet`) and the one above.
    static let alphabet = Latin1BreakTableTests.alphabet + beyondLatin1

    /// The tailorings the automaton is made for: the measurer's, Korean by words, CJ as ID.
    static let options: [LineBreakOptions] = [
        .measurer, LineBreakOptions(hangulWordPriority: true), LineBreakOptions(resolvesCJToNonstarter: false),
    ]

    /// The opportunities before each scalar of `scalars` and at the end, read from `automaton` as the one-pass fit
    /// reads it: the start-of-text row first, the LB25 lookahead after OP and HY skipping combining marks; nil when a
    /// scalar gets no symbol or a state no room.
    static func automatonOpportunities(_ scalars: [UInt32], _ automaton: LineBreakAutomaton) -> [BreakOpportunity]? {
        let properties = UnicodePropertyTable.shared
        var state = LineBreakAutomaton.startOfText
        var result: [BreakOpportunity] = []
        for (index, scalar) in scalars.enumerated() {
            guard var symbol = automaton.symbol(of: properties.properties(of: scalar)) else { return nil }
            if symbol >= Latin1BreakTable.looksAhead {
                symbol &= ~Latin1BreakTable.looksAhead
                let next = scalars[(index + 1)...].first {
                    let resolved = properties.properties(of: $0).lineBreakClass
                    return resolved != .CM && resolved != .ZWJ
                }
                if let next, properties.properties(of: next).lineBreakClass == .NU { symbol += 1 }
            }
            var transition = automaton.transitions[state * LineBreakAutomaton.rowLength + Int(symbol)]
            if transition == 0 {
                transition = automaton.fill(state: state, symbol: Int(symbol))
                if transition == LineBreakAutomaton.overflow { return nil }
            } else {
                transition -= 1
            }
            result.append(BreakOpportunity(rawValue: UInt8(transition & 3))!)
            state = Int(transition >> 2)
        }
        result.append(.mandatory)
        return result
    }

    /// The breaker's opportunities (the low bits of `analyze`'s flags) for `options`.
    static func breakerOpportunities(_ scalars: [UInt32], _ options: LineBreakOptions) -> [BreakOpportunity] {
        var flags = [UInt8](repeating: 0, count: scalars.count + 1)
        scalars.withUnsafeBufferPointer { input in
            flags.withUnsafeMutableBufferPointer { LineBreaker.analyze(input, options: options, into: $0) }
        }
        return flags.map { BreakOpportunity(rawValue: $0 & LineBreaker.opportunityMask)! }
    }

    @Test func theLatin1SymbolsAreLatin1BreakTables() {
        for options in Self.options {
            let automaton = LineBreakAutomaton(options: options)
            let properties = UnicodePropertyTable.shared
            for scalar in UInt32(0)..<256 {
                #expect(
                    automaton.symbol(of: properties.properties(of: scalar))
                        == Latin1BreakTable.shared.symbols[Int(scalar)], "U+\(String(scalar, radix: 16))")
            }
        }
    }

    @Test(arguments: 0..<3)
    func everyPairAndTripleWithAScalarBeyondLatin1(options index: Int) {
        let options = Self.options[index]
        let automaton = LineBreakAutomaton(options: options)
        var mismatches: [String] = []
        func check(_ scalars: [UInt32]) {
            let table = Self.automatonOpportunities(scalars, automaton)
            let breaker = Self.breakerOpportunities(scalars, options)
            if table != breaker && mismatches.count < 10 {
                mismatches.append("\(scalars.map { String($0, radix: 16) }): automaton \(table as Any), \(breaker)")
            }
        }
        let latin1 = Latin1BreakTableTests.alphabet
        for a in Self.beyondLatin1 {
            check([a])
            for b in Self.alphabet {
                check([a, b])
                check([b, a])
                // Triples with the scalar beyond Latin-1 in every place, the others from a slice of the alphabets.
                for c in latin1.prefix(12) + Self.beyondLatin1.prefix(12) {
                    check([a, b, c])
                    check([b, c, a])
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        // These strings reach more states than the first rows hold (so the rows grew, their transitions intact), and
        // far fewer than the limit.
        #expect(automaton.stateCount > LineBreakAutomaton.initialStates)
        #expect(automaton.stateCount < LineBreakAutomaton.stateLimit)
    }

    @Test(arguments: [1, 2, 3, 4])
    func randomStrings(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for options in Self.options {
            let automaton = LineBreakAutomaton(options: options)
            var mismatches: [String] = []
            for _ in 0..<2_000 {
                let scalars = (0...generator.next(30)).map { _ in Self.alphabet[generator.next(Self.alphabet.count)] }
                let table = Self.automatonOpportunities(scalars, automaton)
                let breaker = Self.breakerOpportunities(scalars, options)
                if table != breaker && mismatches.count < 5 {
                    mismatches.append("\(scalars.map { String($0, radix: 16) })")
                }
            }
            #expect(mismatches.isEmpty, "\(options): \(mismatches.joined(separator: "\n"))")
        }
    }
}
