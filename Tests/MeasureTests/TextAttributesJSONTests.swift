import Testing

@testable import Measure

/// What `TextAttributes(json:)` refuses of objects people write by hand, and in which words.
@Suite struct TextAttributesJSONTests {
    func refusal(_ json: String) -> String? {
        do {
            _ = try TextAttributes(json: json)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aNameGivenTwiceIsRefused() {
        // Foundation kept one of the two without a word: 4 or 40 depended on the reader.
        #expect(
            refusal(#"{"lineSpacing": 4, "lineSpacing": 40}"#)
                == #""lineSpacing" is given more than once in one object: give each name once"#)
        #expect(
            refusal(#"{"kern": 1, "\u006Bern": 2}"#)
                == #""kern" is given more than once in one object: give each name once"#)
        #expect(
            refusal(#"{"paragraphStyle": {"alignment": "left", "alignment": "right"}}"#)?.hasPrefix(#""alignment""#)
                == true)
        #expect(refusal(#"{"runs": [{"location": 0, "length": 1, "length": 3}]}"#)?.hasPrefix(#""length""#) == true)
        // One name in two objects is no repetition.
        #expect(refusal(#"{"runs": [{"location": 0, "length": 1}, {"location": 1, "length": 1}]}"#) == nil)
    }

    @Test func aParagraphStyleHoldsParagraphNamesOnly() throws {
        let nested = try TextAttributes(json: #"{"paragraphStyle": {"headIndent": 12, "lineBreakMode": "tail"}}"#)
        #expect(nested.paragraph.headIndent == 12 && nested.paragraph.lineBreakMode == .byTruncatingTail)
        // An NSParagraphStyle has no kern: it was read as the top level's.
        #expect(
            refusal(#"{"paragraphStyle": {"kern": 3}}"#)?.hasSuffix(#""kern" goes beside it, at the top level"#) == true
        )
        #expect(
            refusal(#"{"paragraphStyle": {"runs": []}}"#)?.hasSuffix(#""runs" goes beside it, at the top level"#)
                == true)
        #expect(refusal(#"{"paragraphStyle": {"lineSpasing": 3}}"#)?.hasSuffix(#""lineSpasing" is unknown"#) == true)
        #expect(refusal(#"{"paragraphStyle": {"paragraphStyle": {}}}"#)?.hasSuffix(#"at the top level"#) == true)
        // Both places at once: the top level won without a word.
        #expect(
            refusal(#"{"lineSpacing": 2, "paragraphStyle": {"lineSpacing": 9}}"#)
                == #""lineSpacing" is given both at the top level and in "paragraphStyle": give it once"#)
    }

    @Test func aRunNumberTooLargeSaysItsRange() {
        // 3,000,000,000 is a whole number ≥ 0; what it is not is below 2^31 - 1.
        #expect(
            refusal(#"{"runs": [{"location": 3000000000, "length": 1}]}"#)
                == #"a run's "location" must be a whole number from 0 to 2147483646 (UTF-16 offsets, as NSRange)"#)
        #expect(
            refusal(#"{"runs": [{"location": 0, "length": 1, "font": -1}]}"#)
                == #"a run's "font" must be a whole number from 0 to 2147483646 (an index into the cascade)"#)
    }
}
