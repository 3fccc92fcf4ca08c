import TestSupport
import Testing

@testable import Measure

/// `Latin1BreakTable` is `LineBreakState` tabulated over Latin-1: walked over any string of Latin-1 scalars it must
/// give the break opportunities `LineBreaker.analyze` gives, position by position — for every string of up to three
/// scalars drawn from one scalar of each break class (and each digit, control and space kind), and for random strings
/// over all 256 scalars.
@Suite struct Latin1BreakTableTests {
    /// The opportunities before each scalar of `scalars` and at the end, read from the table as the one-pass fit reads
    /// it: the start-of-text row first, the LB25 lookahead after OP and HY skipping combining marks.
    static func tableOpportunities(_ scalars: [UInt32]) -> [BreakOpportunity] {
        let table = Latin1BreakTable.shared
        let properties = UnicodePropertyTable.shared
        var state = Latin1BreakTable.startOfText
        var result: [BreakOpportunity] = []
        for (index, scalar) in scalars.enumerated() {
            var symbol = table.symbols[Int(scalar)]
            if symbol >= Latin1BreakTable.looksAhead {
                symbol &= ~Latin1BreakTable.looksAhead
                let next = scalars[(index + 1)...].first { properties.properties(of: $0).lineBreakClass != .CM }
                if let next, properties.properties(of: next).lineBreakClass == .NU { symbol += 1 }
            }
            let transition = table.transitions[state * Latin1BreakTable.rowLength + Int(symbol)]
            result.append(BreakOpportunity(rawValue: UInt8(transition & 3))!)
            state = Int(transition >> 2)
        }
        result.append(.mandatory)
        return result
    }

    /// The breaker's opportunities (the low bits of `analyze`'s flags) for the measurer's options.
    static func breakerOpportunities(_ scalars: [UInt32]) -> [BreakOpportunity] {
        var flags = [UInt8](repeating: 0, count: scalars.count + 1)
        scalars.withUnsafeBufferPointer { input in
            flags.withUnsafeMutableBufferPointer { LineBreaker.analyze(input, options: .measurer, into: $0) }
        }
        return flags.map { BreakOpportunity(rawValue: $0 & LineBreaker.opportunityMask)! }
    }

    /// One scalar of each Latin-1 line-break class, and the ones whose other properties differ within a class.
    static let alphabet: [UInt32] = [
        0x41, 0x61, 0xE9, 0xAA, 0xA9, 0xAE, 0xD7,  // AL: letters, ª, © ® (pictographic), ×
        0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85,  // SP, BA (tab), LF, BK, BK, CR, NL
        0x00, 0x01, 0x1B, 0x7F, 0x9F, 0xAD,  // CM controls, soft hyphen (BA)
        0x21, 0x3F, 0x22, 0x27, 0xAB, 0xBB,  // EX, QU
        0x28, 0x5B, 0x7B, 0xA1, 0xBF, 0x29, 0x5D, 0x7D,  // OP (with ¡ ¿), CP, CL
        0x2C, 0x2E, 0x3A, 0x3B, 0x2F, 0x2D, 0x7C,  // IS, SY, HY, BA
        0x30, 0x35, 0x24, 0x2B, 0x5C, 0xA3, 0xB1, 0x25, 0xA2, 0xB0,  // NU, PR, PO
        0xA0, 0xB4, 0x23, 0x26, 0x40, 0x5F, 0xB2, 0xBC,  // GL, BB, AL symbols, AI
    ]

    @Test func everyStringOfUpToThreeScalarsOfTheAlphabet() {
        var mismatches: [String] = []
        var count = 0
        func check(_ scalars: [UInt32]) {
            count += 1
            let table = Self.tableOpportunities(scalars)
            let breaker = Self.breakerOpportunities(scalars)
            if table != breaker && mismatches.count < 10 {
                mismatches.append("\(scalars.map { String($0, radix: 16) }): table \(table), breaker \(breaker)")
            }
        }
        for a in Self.alphabet {
            check([a])
            for b in Self.alphabet {
                check([a, b])
                for c in Self.alphabet { check([a, b, c]) }
            }
        }
        let n = Self.alphabet.count
        #expect(count == n + n * n + n * n * n)
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    @Test(arguments: [1, 2, 3, 4])
    func randomStringsOverAllOfLatin1(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for _ in 0..<3_000 {
            let length = generator.next(40) + 1
            let scalars = (0..<length).map { _ in
                // Half the scalars from the alphabet (so that rare classes meet), half from all of Latin-1.
                generator.next() & 1 == 0
                    ? Self.alphabet[generator.next(Self.alphabet.count)]
                    : UInt32(generator.next() % 256)
            }
            #expect(
                Self.tableOpportunities(scalars) == Self.breakerOpportunities(scalars),
                "\(scalars.map { String($0, radix: 16) })")
        }
    }

    @Test func theTableIsSmallAndEveryStateIsReached() {
        let table = Latin1BreakTable.shared
        // A few hundred states at most; each row of the table is a reachable state's.
        #expect(table.stateCount > 20 && table.stateCount < 2_000)
        #expect(table.transitions.count == table.stateCount * Latin1BreakTable.rowLength)
        // Every transition leads to a state that has a row.
        #expect(table.transitions.allSatisfy { Int($0 >> 2) < table.stateCount })
        // Letters after letters never break (LB28), and a space never breaks before it (LB7).
        let a = Int(table.symbols[0x61])
        let afterLetter = Int(table.transitions[Latin1BreakTable.startOfText * Latin1BreakTable.rowLength + a] >> 2)
        #expect(table.transitions[afterLetter * Latin1BreakTable.rowLength + a] & 3 == 0)
        #expect(table.transitions[afterLetter * Latin1BreakTable.rowLength + Int(table.symbols[0x20])] & 3 == 0)
    }
}
