import Testing

@testable import Measure

/// Hand-written cases for the tailorings in `LineBreakOptions` and for mandatory breaks.
///
/// Expectations are written in LineBreakTest notation extended with `!` for a mandatory break (UAX #14's symbol),
/// derived by hand from the UAX #14 rules named in each comment.
@Suite("Line break tailorings")
struct LineBreakTailoringTests {
    /// Parses `× 0061 × 000A ! 0062 !` into scalars and the expected opportunity at every position.
    private func expectation(_ notation: String) -> (scalars: [Unicode.Scalar], breaks: [BreakOpportunity]) {
        var scalars: [Unicode.Scalar] = []
        var breaks: [BreakOpportunity] = []
        for (index, token) in notation.split(separator: " ").enumerated() {
            if index % 2 == 0 {
                switch token {
                case "×": breaks.append(.prohibited)
                case "÷": breaks.append(.allowed)
                case "!": breaks.append(.mandatory)
                default: Issue.record("bad break symbol \(token) in \(notation)")
                }
            } else if let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) {
                scalars.append(scalar)
            } else {
                Issue.record("bad scalar \(token) in \(notation)")
            }
        }
        return (scalars, breaks)
    }

    /// Checks that `options` produce exactly the breaks of `notation`.
    private func check(
        _ notation: String, _ options: LineBreakOptions, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let (scalars, expected) = expectation(notation)
        let actual = LineBreaker.breakOpportunities(in: scalars, options: options)
        #expect(
            actual == expected, "\(LineBreaker.notation(for: scalars, breaks: actual))", sourceLocation: sourceLocation)
    }

    @Test("a combining mark after a space stays with it only when clusters are kept")
    func spaceThenCombiningMark() {
        // LB10 makes the unattached mark AL, LB18 allows SP ÷; GB9 keeps 0308 in the space's cluster.
        check("× 0020 ÷ 0308 !", .uax14)
        check("× 0020 × 0308 !", .measurer)
    }

    @Test("an emoji ZWJ sequence has no break inside")
    func emojiZWJSequence() {
        // MAN, ZWJ, WOMAN, ZWJ, GIRL: LB9 attaches each ZWJ, LB8a prohibits the break after it.
        let family = "× 1F468 × 200D × 1F469 × 200D × 1F467 !"
        check(family, .uax14)
        check(family, .measurer)
    }

    @Test("small kana is a nonstarter only with CJ → NS")
    func smallKana() {
        // あ ぁ: ID then CJ. As NS, LB21 (× NS) prohibits; as ID, nothing applies before LB31 (÷).
        check("× 3042 × 3041 !", .uax14)
        check("× 3042 × 3041 !", .measurer)
        check("× 3042 ÷ 3041 !", LineBreakOptions(resolvesCJToNonstarter: false))
    }

    @Test("the prolonged sound mark is a nonstarter only with CJ → NS")
    func prolongedSoundMark() {
        // カ ー: ID then CJ, as for small kana.
        check("× 30AB × 30FC !", .measurer)
        check("× 30AB ÷ 30FC !", LineBreakOptions(resolvesCJToNonstarter: false))
    }

    @Test("Korean breaks between syllables, or only at spaces with Hangul word priority")
    func korean() {
        #expect("한국어 문장".unicodeScalars.map(\.value) == [0xD55C, 0xAD6D, 0xC5B4, 0x20, 0xBB38, 0xC7A5])
        // 한 국 are H3, 어 is H2: LB26 only joins jamo sequences, so H3 ÷ H3 and H3 ÷ H2 (LB31); SP ÷ (LB18).
        check("× D55C ÷ AD6D ÷ C5B4 × 0020 ÷ BB38 ÷ C7A5 !", .measurer)
        // As AL: LB28 (AL × AL) joins the syllables of a word.
        check("× D55C × AD6D × C5B4 × 0020 ÷ BB38 × C7A5 !", LineBreakOptions(hangulWordPriority: true))
    }

    @Test("mandatory breaks follow LF, CR, NEL, LS and PS, but not the CR of CRLF")
    func mandatoryBreaks() {
        // LB5: LF !, CR !, CR × LF, NL !. LB4: BK ! (U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR are BK).
        // LB6 prohibits the break before each of them.
        for options in [LineBreakOptions.uax14, .measurer] {
            check("× 0061 × 000A ! 0062 !", options)
            check("× 0061 × 000D ! 0062 !", options)
            check("× 0061 × 000D × 000A ! 0062 !", options)
            check("× 0061 × 000D × 000A ! 000A ! 0062 !", options)
            check("× 0061 × 0085 ! 0062 !", options)
            check("× 0061 × 2028 ! 0062 !", options)
            check("× 0061 × 2029 ! 0062 !", options)
        }
    }

    @Test("the LineBreaker documentation example")
    func documentationExample() {
        // LB13 (× IS) before the comma, LB7 (× SP) before the space, LB18 (SP ÷) after it, LB28 (AL × AL) elsewhere.
        let scalars = Array("Hello, world".unicodeScalars)
        let breaks = LineBreaker.breakOpportunities(in: scalars, options: .measurer)
        #expect(
            LineBreaker.notation(for: scalars, breaks: breaks)
                == "× 0048 × 0065 × 006C × 006C × 006F × 002C × 0020 ÷ 0077 × 006F × 0072 × 006C × 0064 ÷")
    }

    @Test("empty text has a single, prohibited position")
    func emptyText() {
        #expect(LineBreaker.breakOpportunities(in: [], options: .measurer) == [.prohibited])
        #expect(LineBreaker.graphemeBoundaries(in: []) == [false])
    }

    @Test("flags carry the opportunity in bits 0–1 and the grapheme boundary in bit 2")
    func flagLayout() {
        // a, SP, COMBINING DIAERESIS, b with .uax14 breaks as × 0061 × 0020 ÷ 0308 × 0062 ! (LB7, LB18, LB10 makes
        // the mark AL so LB28 joins it to b), and clusters as a | SP 0308 | b (GB9).
        let scalars: [UInt32] = [0x61, 0x20, 0x308, 0x62]
        var flags = [UInt8](repeating: 0xFF, count: scalars.count + 1)
        scalars.withUnsafeBufferPointer { input in
            flags.withUnsafeMutableBufferPointer { output in
                LineBreaker.analyze(input, options: .uax14, into: output)
            }
        }
        #expect(flags == [0b100, 0b100, 0b001, 0b100, 0b110])
    }
}
