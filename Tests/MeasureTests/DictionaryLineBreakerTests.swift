import Testing

@testable import Measure

/// ICU dictionary line breaking of SA runs (Thai, Lao, Khmer, Myanmar) on top of `LineBreaker.analyze`'s flags.
///
/// The golden word boundaries were checked by a second means, not by this code: the Thai phrase by libthai's own
/// dictionary (`th_brk_wc_find_breaks` in libthai 0.1.29, called through Python's ctypes) and PyICU 2.17's
/// `BreakIterator.createLineInstance` on ICU 72.1; the Lao and Khmer phrases by PyICU, and they are the dictionary
/// words of the usual greetings (Lao ສະບາຍດີ "hello", ຍິນດີ "glad", ຕ້ອນຮັບ "welcome"; Khmer សួស្តី "hello",
/// ស្វាគមន៍ "welcome").
@Suite("Dictionary line breaker")
struct DictionaryLineBreakerTests {
    static let thai = "สวัสดีครับยินดีต้อนรับ"
    static let lao = "ສະບາຍດີຍິນດີຕ້ອນຮັບ"
    static let khmer = "សួស្តីស្វាគមន៍"

    /// `LineBreaker.analyze`'s flags for `scalars`, then `addBreaks` over `run` (the whole text by default).
    static func flags(for scalars: [UInt32], run: Range<Int>? = nil, adjust: (inout [UInt8]) -> Void = { _ in })
        -> (flags: [UInt8], succeeded: Bool)
    {
        let breaker = DictionaryLineBreaker()
        var flags = [UInt8](repeating: 0, count: scalars.count + 1)
        var succeeded = false
        scalars.withUnsafeBufferPointer { input in
            flags.withUnsafeMutableBufferPointer { output in
                LineBreaker.analyze(input, options: .uax14, into: output)
            }
            adjust(&flags)
            flags.withUnsafeMutableBufferPointer { output in
                let run = run ?? 0..<scalars.count
                succeeded = breaker.addBreaks(
                    scalars: input, start: run.lowerBound, end: run.upperBound, flags: output.baseAddress!)
            }
        }
        return (flags, succeeded)
    }

    /// The positions strictly inside the text where a break is allowed or mandatory.
    static func breakPositions(_ flags: [UInt8]) -> [Int] {
        guard flags.count > 2 else { return [] }
        return (1..<flags.count - 1).filter { flags[$0] & LineBreaker.opportunityMask != 0 }
    }

    /// `text` cut at `positions` (scalar indices) and joined with `|`.
    static func segmented(_ text: String, at positions: [Int]) -> String {
        var result = ""
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if positions.contains(index) { result += "|" }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test("Thai: สวัสดี|ครับ|ยินดี|ต้อนรับ")
    func thai() throws {
        let result = Self.flags(for: Self.scalars(Self.thai))
        #expect(result.succeeded)
        #expect(Self.breakPositions(result.flags) == [6, 10, 15])
        #expect(Self.segmented(Self.thai, at: Self.breakPositions(result.flags)) == "สวัสดี|ครับ|ยินดี|ต้อนรับ")
    }

    @Test("Lao: ສະບາຍດີ|ຍິນດີ|ຕ້ອນຮັບ")
    func lao() {
        let result = Self.flags(for: Self.scalars(Self.lao))
        #expect(result.succeeded)
        #expect(Self.breakPositions(result.flags) == [7, 12])
        #expect(Self.segmented(Self.lao, at: Self.breakPositions(result.flags)) == "ສະບາຍດີ|ຍິນດີ|ຕ້ອນຮັບ")
    }

    @Test("Khmer: សួស្តី|ស្វាគមន៍")
    func khmer() {
        let result = Self.flags(for: Self.scalars(Self.khmer))
        #expect(result.succeeded)
        #expect(Self.breakPositions(result.flags) == [6])
        #expect(Self.segmented(Self.khmer, at: Self.breakPositions(result.flags)) == "សួស្តី|ស្វាគមន៍")
    }

    @Test("a run inside other text: offsets are the text's, the edges are left to UAX #14")
    func runInsideText() {
        // "ab " then the Thai phrase (scalars 3..<25) then " cd".
        let text = "ab " + Self.thai + " cd"
        let scalars = Self.scalars(text)
        let plain = Self.flags(for: scalars, run: 0..<0).flags
        let result = Self.flags(for: scalars, run: 3..<25)
        #expect(result.succeeded)
        #expect(Self.breakPositions(result.flags) == [3, 9, 13, 18, 26])
        // Only the three positions inside the run changed.
        let changed = (0..<plain.count).filter { plain[$0] != result.flags[$0] }
        #expect(changed == [9, 13, 18])
    }

    @Test("UTF-16 offsets map back to scalar indices across a supplementary scalar")
    func supplementaryScalar() {
        // ICU's boundaries are at UTF-16 offsets 6 and 8 (PyICU: [6, 8, 12]): scalars 6 and 7.
        let result = Self.flags(for: Self.scalars("สวัสดี😀ครับ"))
        #expect(result.succeeded)
        #expect(Self.breakPositions(result.flags) == [6, 7])
    }

    @Test("a mandatory break stays mandatory, and no break lands inside a grapheme cluster")
    func keepsMandatoryAndClusters() {
        let mask = LineBreaker.opportunityMask
        let result = Self.flags(for: Self.scalars(Self.thai)) { flags in
            flags[6] = BreakOpportunity.mandatory.rawValue | LineBreaker.graphemeBoundaryFlag
            flags[10] &= ~LineBreaker.graphemeBoundaryFlag
        }
        #expect(result.flags[6] & mask == BreakOpportunity.mandatory.rawValue)
        #expect(result.flags[10] & mask == BreakOpportunity.prohibited.rawValue)
        #expect(result.flags[15] & mask == BreakOpportunity.allowed.rawValue)
        // Grapheme bits are never touched.
        let plain = Self.flags(for: Self.scalars(Self.thai), run: 0..<0).flags
        for index in [0, 1, 2, 15, 21, 22] {
            let grapheme = LineBreaker.graphemeBoundaryFlag
            #expect(result.flags[index] & grapheme == plain[index] & grapheme)
        }
    }

    @Test("empty text, empty and one-scalar runs")
    func emptyInputs() {
        let empty = Self.flags(for: [])
        #expect(empty.succeeded)
        #expect(empty.flags == [0])
        let one = Self.flags(for: [0x0E01])
        #expect(one.succeeded)
        #expect(Self.breakPositions(one.flags).isEmpty)
        let emptyRun = Self.flags(for: Self.scalars(Self.thai), run: 5..<5)
        #expect(emptyRun.succeeded)
        #expect(Self.breakPositions(emptyRun.flags).isEmpty)
    }

    @Test("lone and invalid scalars are read as U+FFFD and do not trap")
    func loneScalars() {
        for scalars: [UInt32] in [
            [0xFFFD], [0xD800], [0xDC00, 0x0E01], [0x0E01, 0xD800, 0x0E02], [0x11_0000, 0x0E01],
            [0xFFFD, 0xFFFD, 0xFFFD],
        ] {
            #expect(Self.flags(for: scalars).succeeded, "\(scalars)")
        }
        // U+FFFD is AI → AL in the line rules, so nothing between two of them (LB28).
        #expect(Self.breakPositions(Self.flags(for: [0xFFFD, 0xFFFD, 0xFFFD]).flags).isEmpty)
    }

    @Test("one breaker, many calls: the scratch buffers grow and shrink back without changing answers")
    func reuse() throws {
        let breaker = DictionaryLineBreaker(locale: "th-TH")
        let long = Self.scalars(String(repeating: Self.thai, count: 50))
        for scalars in [Self.scalars(Self.thai), long, Self.scalars(Self.lao), Self.scalars(Self.thai)] {
            var flags = [UInt8](repeating: 0, count: scalars.count + 1)
            scalars.withUnsafeBufferPointer { input in
                flags.withUnsafeMutableBufferPointer { output in
                    LineBreaker.analyze(input, options: .uax14, into: output)
                    #expect(breaker.addBreaks(scalars: input, start: 0, end: input.count, flags: output.baseAddress!))
                }
            }
            if scalars.count == 22 { #expect(Self.breakPositions(flags) == [6, 10, 15]) }
            if scalars == long { #expect(Self.breakPositions(flags).count == 4 * 50 - 1) }
        }
    }

    @Test("1 MB of Thai in one run")
    func megabyteOfThai() {
        // 16,000 copies: 1,056,000 bytes of UTF-8, 352,000 scalars. Each copy has its three inner boundaries, and
        // ICU also breaks between copies (ต้อนรับ|สวัสดี).
        let copies = 16_000
        let text = String(repeating: Self.thai, count: copies)
        #expect(text.utf8.count >= 1_000_000)
        let result = Self.flags(for: Self.scalars(text))
        #expect(result.succeeded)
        let positions = Self.breakPositions(result.flags)
        #expect(positions.count == 4 * copies - 1)
        #expect(positions.prefix(4) == [6, 10, 15, 22])
        #expect(positions.last == 22 * copies - 7)
    }

    @Test("a remembered run breaks as ICU breaks it, past the memo's capacity and for runs it does not hold")
    func memo() throws {
        // The same breaker sees each run several times (the later times from its memo) among more distinct runs than
        // the memo holds, so it empties and refills; a fresh breaker per run (its memo empty, so ICU itself) is the
        // reference. Distinct runs: the phrase behind a prefix of two Thai consonants, and a 300-scalar run, longer
        // than any the memo keeps.
        let consonants = Array("กขคงจฉชซญดตถทธนบปผพฟมยรลวสหอ".unicodeScalars)
        var runs: [[UInt32]] = []
        for first in consonants {
            for second in consonants { runs.append([first.value, second.value] + Self.scalars(Self.thai)) }
        }
        runs.append(Self.scalars(String(repeating: "ต้อนรับ", count: 43)))
        let shared = DictionaryLineBreaker()
        func breaks(_ scalars: [UInt32], with breaker: DictionaryLineBreaker) -> [Int] {
            var flags = [UInt8](repeating: 0, count: scalars.count + 1)
            scalars.withUnsafeBufferPointer { input in
                flags.withUnsafeMutableBufferPointer { output in
                    LineBreaker.analyze(input, options: .uax14, into: output)
                    _ = breaker.addBreaks(scalars: input, start: 0, end: input.count, flags: output.baseAddress!)
                }
            }
            return Self.breakPositions(flags)
        }
        let reference = runs.map { breaks($0, with: DictionaryLineBreaker()) }
        // By hand: the phrase's own boundaries, 2 scalars later, are among each prefixed run's.
        #expect(reference[0].contains(8) && reference[0].contains(12) && reference[0].contains(17))
        for round in 0..<3 {
            for (index, run) in runs.enumerated() {
                #expect(breaks(run, with: shared) == reference[index], "round \(round), run \(index)")
            }
        }
        // More distinct runs than the memo holds: it starts over and stays right.
        var many = 0
        for first in consonants {
            for second in consonants {
                for third in consonants.prefix(11) {
                    let run = [first.value, second.value, third.value] + Self.scalars(Self.lao)
                    if many % 997 == 0 {
                        #expect(breaks(run, with: shared) == breaks(run, with: DictionaryLineBreaker()))
                    } else {
                        _ = breaks(run, with: shared)
                    }
                    many += 1
                }
            }
        }
        #expect(many > DictionaryLineBreaker.RunMemo.capacity)
        for round in 0..<2 {
            for (index, run) in runs.enumerated() {
                #expect(breaks(run, with: shared) == reference[index], "after refilling, round \(round), run \(index)")
            }
        }
    }
}
