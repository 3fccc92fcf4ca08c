import Foundation
import Testing

@testable import Catalogs

/// Messages built to exhaust the stack, the combination count or memory: each is refused quickly with the right
/// problem, before anything is expanded.
@Suite struct HostileMessageFormatTests {
    /// `count` selects nested inside each other, each with only `other`.
    static func nested(_ count: Int) -> String {
        (0..<count).map { "{a\($0), select, other{" }.joined() + "x" + String(repeating: "}}", count: count)
    }

    @Test func nestingDeeperThanTheLimitIsAnErrorAtTheSelectionThatGoesTooDeep() throws {
        let limit = MessageFormatReader.maximumDepth
        let deepest = try MessageFormatReader.read(Self.nested(limit))
        let expansions = try MessageFormatExpander(locale: "en").expand(deepest, resolver: MessageFormatSamples())
        #expect(expansions.count == 1)
        #expect(expansions.first?.components.count == limit)
        #expect(expansions.first?.text == "x")
        // The selection one level deeper starts after `limit` copies of "{aN, select, other{".
        let offset = (0..<limit).map { "{a\($0), select, other{".count }.reduce(0, +)
        #expect(throws: MessageFormatError(kind: .tooDeep(limit: limit), offset: offset)) {
            try MessageFormatReader.read(Self.nested(limit + 1))
        }
        // A hundred thousand levels: still one error, no stack overflow.
        #expect(throws: MessageFormatError.self) { try MessageFormatReader.read(Self.nested(100_000)) }
    }

    @Test func tooManyCombinationsAreRefusedBeforeExpanding() throws {
        // 13 independent plurals of two cases: 2^13 = 8192 combinations > 4096.
        let thirteen = (0..<13).map { "{n\($0), plural, one{a} other{b}}" }.joined()
        let message = try MessageFormatReader.read(thirteen)
        #expect(throws: ExpansionBound.Problem.tooManyCombinations) {
            try MessageFormatExpander(locale: "en").expand(message, resolver: MessageFormatSamples())
        }
        // 12 of them, 2^12 = 4096: at the limit, expanded.
        let twelve = try MessageFormatReader.read((0..<12).map { "{n\($0), plural, one{a} other{b}}" }.joined())
        #expect(try MessageFormatExpander(locale: "en").expand(twelve, resolver: MessageFormatSamples()).count == 4096)
        // 40 selects of six cases: 6^40 overflows any integer; the bound saturates and refuses.
        let cases = (0..<5).map { "k\($0){x}" }.joined(separator: " ") + " other{y}"
        let huge = try MessageFormatReader.read((0..<40).map { "{s\($0), select, \(cases)}" }.joined())
        #expect(throws: ExpansionBound.Problem.tooManyCombinations) {
            try MessageFormatExpander(locale: "en").expand(huge, resolver: MessageFormatSamples())
        }
    }

    @Test func moreChoicesThanTheDepthLimitInOneCombinationAreRefused() throws {
        // 70 selects in a row with only `other`: one combination, but 70 choices on its path.
        let message = try MessageFormatReader.read((0..<70).map { "{s\($0), select, other{.}}" }.joined())
        #expect(throws: ExpansionBound.Problem.tooDeep) {
            try MessageFormatExpander(locale: "en").expand(message, resolver: MessageFormatSamples())
        }
    }

    /// A resolver whose every argument is a long text (as a hostile `example` would be).
    struct LongSamples: MessageFormatArgumentResolver {
        let sample = String(repeating: "w", count: 100_000)
        func text(for argument: MessageFormat.Argument) -> String { sample }
        func numberText(forPluralArgument name: String) -> String { "%d" }
    }

    @Test func textThatWouldGrowPastTheLimitIsRefused() throws {
        // 20 arguments of 100 000 bytes in each case: 2 MB of growth > 1 MB.
        let arguments = String(repeating: "{x}", count: 20)
        let message = try MessageFormatReader.read("{n, plural, one{\(arguments)} other{\(arguments)}}")
        #expect(throws: ExpansionBound.Problem.tooLarge(limit: ExpansionBound.maximumGrowth)) {
            try MessageFormatExpander(locale: "en").expand(message, resolver: LongSamples())
        }
    }

    @Test func aLongFlatMessageReadsInLinearTime() throws {
        // 200 000 arguments and quotes: read and expanded in well under a second.
        let text = String(repeating: "{a} it's '{'x'}' ", count: 200_000)
        let start = ContinuousClock.now
        let message = try MessageFormatReader.read(text)
        let expansions = try MessageFormatExpander(locale: "en").expand(message, resolver: MessageFormatSamples())
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(expansions.first?.text.hasPrefix("%@ it's {x} %@") == true)
    }
}
