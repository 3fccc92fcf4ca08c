import Testing

@testable import TextCoding

/// `JSONRepeatedName` against objects written by hand: which name repeats is read off the text in each case.
@Suite struct JSONRepeatedNameTests {
    func repeated(_ json: String) -> String? { JSONRepeatedName.first(in: Array(json.utf8)) }

    @Test func namesEachObjectGivesOnceAreFine() {
        #expect(repeated(#"{"a": 1, "b": 2}"#) == nil)
        // The same name in two objects, or as a value, is no repetition.
        #expect(repeated(#"{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}], "c": "a"}"#) == nil)
        #expect(repeated(#"["a", "a", {"x": "a"}]"#) == nil)
        #expect(repeated(#"{}"#) == nil)
        #expect(repeated("") == nil)
    }

    @Test func theFirstRepeatedNameInTextOrder() {
        #expect(repeated(#"{"a": 1, "a": 2}"#) == "a")
        #expect(repeated(#"{"x": {"b": 1, "b": 2}, "x": 3}"#) == "b")
        #expect(repeated(#"{"runs": [{"location": 0, "length": 1, "location": 2}]}"#) == "location")
        // After a nested object closes, the outer object's names go on.
        #expect(repeated(#"{"a": {"c": 1}, "b": [1, {"d": 2}], "a": 3}"#) == "a")
    }

    @Test func namesCompareAsTheStringsTheyDenote() {
        #expect(repeated(#"{"kern": 1, "\u006Bern": 2}"#) == "kern")
        #expect(repeated(#"{"\ud83d\ude00": 1, "😀": 2}"#) == "😀")
        #expect(repeated(#"{"a\"b": 1, "a\u0022b": 2}"#) == "a\"b")
        #expect(repeated(#"{"a\\": 1, "a\/": 2}"#) == nil)
        // Braces, brackets and commas inside strings are text, not structure.
        #expect(repeated(#"{"{": ",", "[": "}", "x": "\"{", "y": 1, "{": 2}"#) == "{")
        // Canonically equivalent but different scalars are different names, as JSON compares them.
        #expect(repeated("{\"\u{E9}\": 1, \"e\u{301}\": 2}") == nil)
    }

    @Test func bytesThatAreNotJSONStopTheScanWithoutATrap() {
        #expect(repeated(#"{"a": 1, "a"#) == "a")
        #expect(repeated(#"{"a\u12"#) == nil)
        #expect(repeated(#"{"\"#) == nil)
        // Cut after a backslash: the name read so far once, not twice ("abab").
        #expect(repeated(#"{"ab": 1, "ab\"#) == "ab")
        #expect(repeated("}}]]{{\"a\":,,\"a\"") == "a")
        #expect(JSONRepeatedName.first(in: [0x7B, 0x22, 0xFF, 0x22, 0x2C, 0x22, 0xFF, 0x22]) == "\u{FFFD}")
        // Deep nesting costs a stack entry per level, not a call frame.
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        #expect(repeated(deep) == nil)
    }
}
