import Testing

@testable import Catalogs

/// The strict JSON reader: what it accepts, what it decodes, where values start, and where and how it fails.
@Suite struct JSONReaderTests {
    private func parse(_ text: String) throws(CatalogError) -> JSONNode {
        try JSONReader.parse(Array(text.utf8), file: "test.json")
    }

    private func object(_ text: String) throws -> JSONObject {
        try #require(try parse(text).value.objectValue)
    }

    @Test("short escapes, \\u escapes, surrogate pairs and raw UTF-8 decode")
    func decodesStrings() throws {
        let root = try object(
            #"""
            {"s": "a\"b\\c\/d\b\f\n\r\t", "u": "\u00e9\u00C9\uD83D\uDE00\u0000", "raw": "日本語😀", "": ""}
            """#)
        #expect(root["s"]?.value == .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        #expect(root["u"]?.value == .string("éÉ😀\u{0}"))
        #expect(root["raw"]?.value == .string("日本語😀"))
        #expect(root[""]?.value == .string(""))
    }

    @Test("an escape between long unescaped runs keeps both runs")
    func escapeBetweenRuns() throws {
        let run = String(repeating: "abcdefghij", count: 10)
        let root = try parse("[\"\(run)\\n\(run)\\u0041\"]")
        let expected = JSONNode(.string(run + "\n" + run + "A"), at: SourcePosition(line: 1, column: 2))
        #expect(root.value == .array([expected]))
    }

    @Test("numbers keep their literal text; integerValue only for plain integers")
    func numbers() throws {
        let root = try parse("[0, -0, 12, -3.25, 1e10, 2E-3, 6.02e+23]")
        guard case .array(let elements) = root.value else {
            Issue.record("not an array")
            return
        }
        #expect(elements.map(\.value) == ["0", "-0", "12", "-3.25", "1e10", "2E-3", "6.02e+23"].map(JSONValue.number))
        #expect(elements[2].value.integerValue == 12)
        #expect(elements[1].value.integerValue == 0)
        #expect(elements[3].value.integerValue == nil)
        #expect(elements[4].value.integerValue == nil)
        #expect(elements[3].value.doubleValue == -3.25)
    }

    @Test("literals, empty containers, whitespace and top-level scalars")
    func literalsAndScalars() throws {
        #expect(
            try parse(" \t\n[true, false, null, {}, []] \r\n").value
                == .array([
                    JSONNode(.bool(true), at: SourcePosition(line: 2, column: 2)),
                    JSONNode(.bool(false), at: SourcePosition(line: 2, column: 8)),
                    JSONNode(.null, at: SourcePosition(line: 2, column: 15)),
                    JSONNode(.object(JSONObject()), at: SourcePosition(line: 2, column: 21)),
                    JSONNode(.array([]), at: SourcePosition(line: 2, column: 25)),
                ]))
        #expect(try parse("42") == JSONNode(.number("42"), at: SourcePosition(line: 1, column: 1)))
        #expect(try parse("  \"x\"") == JSONNode(.string("x"), at: SourcePosition(line: 1, column: 3)))
    }

    @Test("members stay in file order, not sorted")
    func memberOrder() throws {
        let root = try object(#"{"z": 1, "a": 2, "m": 3, "•": 4, "A": 5}"#)
        #expect(root.members.map(\.key) == ["z", "a", "m", "•", "A"])
    }

    @Test("a duplicate name: the last value wins, in the first one's slot")
    func duplicatesInSmallObject() throws {
        let root = try object(#"{"a": 1, "b": 2, "a": 3}"#)
        #expect(root.members.map(\.key) == ["a", "b"])
        #expect(root["a"]?.value == .number("3"))
        #expect(root.members[0].keyPosition == SourcePosition(line: 1, column: 18))
    }

    @Test("duplicates are found in objects past the linear-scan size too")
    func duplicatesInLargeObject() throws {
        let members = (0..<20).map { "\"k\($0)\": \($0)" } + ["\"k3\": \"again\"", "\"k19\": true", "\"k20\": null"]
        let root = try object("{" + members.joined(separator: ", ") + "}")
        #expect(root.members.count == 21)
        #expect(root.members[3].key == "k3")
        #expect(root.members[3].value.value == .string("again"))
        #expect(root.members[19].value.value == .bool(true))
        #expect(root.members[20].key == "k20")
    }

    @Test("names compare by code point: precomposed and decomposed é are two members")
    func namesCompareByCodePoint() throws {
        let root = try object(#"{"\u00e9": 1, "e\u0301": 2}"#)
        #expect(root.members.count == 2)
        #expect(root["\u{E9}"]?.value == .number("1"))
        #expect(root["e\u{301}"]?.value == .number("2"))
    }

    @Test("positions: 1-based lines, columns in Unicode scalars")
    func positions() throws {
        let text = "{\n  \"日本\": \"語\",\n  \"list\": [true, null]\n}"
        let root = try parse(text)
        #expect(root.position == SourcePosition(line: 1, column: 1))
        let members = try #require(root.value.objectValue).members
        #expect(members[0].keyPosition == SourcePosition(line: 2, column: 3))
        #expect(members[0].value.position == SourcePosition(line: 2, column: 9))
        #expect(members[1].keyPosition == SourcePosition(line: 3, column: 3))
        #expect(
            members[1].value
                == JSONNode(
                    .array([
                        JSONNode(.bool(true), at: SourcePosition(line: 3, column: 12)),
                        JSONNode(.null, at: SourcePosition(line: 3, column: 18)),
                    ]), at: SourcePosition(line: 3, column: 11)))
    }

    @Test("CR LF and a lone CR each end a line; a UTF-8 BOM is skipped and not counted")
    func lineEndingsAndBOM() throws {
        let root = try parse("[\r\n1,\r\r  2]")
        #expect(
            root.value
                == .array([
                    JSONNode(.number("1"), at: SourcePosition(line: 2, column: 1)),
                    JSONNode(.number("2"), at: SourcePosition(line: 4, column: 3)),
                ]))
        let withBOM = try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("[7]".utf8), file: "bom.json")
        #expect(
            withBOM
                == JSONNode(
                    .array([JSONNode(.number("7"), at: SourcePosition(line: 1, column: 2))]),
                    at: SourcePosition(line: 1, column: 1)))
    }

    @Test("a one-line document still gets exact columns")
    func longLine() throws {
        let root = try parse("[" + String(repeating: "1,", count: 1000) + "\"é\"]")
        guard case .array(let elements) = root.value else {
            Issue.record("not an array")
            return
        }
        #expect(elements.count == 1001)
        #expect(elements[999].position == SourcePosition(line: 1, column: 2000))
        #expect(elements[1000].position == SourcePosition(line: 1, column: 2002))
    }

    @Test("nesting: 512 levels are read, 513 throw at the 513th bracket")
    func depthLimit() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try parse(deepest) }
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(
            throws: CatalogError(
                file: "test.json", position: SourcePosition(line: 1, column: 513),
                message: "nesting deeper than 512 levels of arrays and objects")
        ) {
            try parse(tooDeep)
        }
    }

    /// A malformed document, and the error it must throw (hand-counted line and column).
    struct Failure: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let line: Int
        let column: Int
        let message: String

        init(_ name: String, _ text: String, _ line: Int, _ column: Int, _ message: String) {
            self.init(name, Array(text.utf8), line, column, message)
        }

        init(_ name: String, _ bytes: [UInt8], _ line: Int, _ column: Int, _ message: String) {
            self.name = name
            self.bytes = bytes
            self.line = line
            self.column = column
            self.message = message
        }

        var testDescription: String { name }
    }

    private static let valueExpected = "expected a value (an object, array, string, number, true, false or null)"

    static let failures: [Failure] = [
        Failure(
            "trailing comma in an object", #"{"a": 1,}"#, 1, 8,
            "trailing comma before '}': JSON does not allow a comma after the last member"),
        Failure(
            "trailing comma in an array", "[1, 2,\n]", 1, 6,
            "trailing comma before ']': JSON does not allow a comma after the last element"),
        Failure(
            "trailing comma after CR LF", "[\r\n1,\r\n]", 2, 2,
            "trailing comma before ']': JSON does not allow a comma after the last element"),
        Failure(
            "unterminated string", #"{"a": "abc"#, 1, 11,
            #"unterminated string (opened at 1:7): expected '"', found the end of the input"#),
        Failure(
            "unknown escape", #"["a\x"]"#, 1, 4,
            #"invalid escape: expected one of \" \\ \/ \b \f \n \r \t \uXXXX after '\', found 'x'"#),
        Failure(
            "backslash at the end", #"["\"#, 1, 4,
            #"unterminated string: expected an escape after '\', found the end of the input"#),
        Failure(
            "short \\u escape", #"["\u12G4"]"#, 1, 3,
            "invalid \\u escape: expected 4 hexadecimal digits, found 'G4'"),
        Failure(
            "lone high surrogate", #"["\uD83D"]"#, 1, 3,
            #"lone surrogate \uD83D: a high surrogate must be followed by a \uDC00–\uDFFF escape, found '"'"#),
        Failure(
            "high surrogate before a non-surrogate", #"["\uD83D\u0041"]"#, 1, 3,
            #"lone surrogate \uD83D: a high surrogate must be followed by a \uDC00–\uDFFF escape, found \u0041"#),
        Failure(
            "lone low surrogate", #"["x\uDE00"]"#, 1, 4,
            #"lone surrogate \uDE00: a low surrogate must follow a \uD800–\uDBFF escape"#),
        Failure(
            "raw tab in a string", "[\"a\tb\"]", 1, 4,
            #"control character U+0009 inside a string (opened at 1:2); write it as an escape (\t)"#),
        Failure(
            "raw line feed in a string", "{\"a\": \"x\ny\"}", 1, 9,
            #"control character U+000A inside a string (opened at 1:7); write it as an escape (\n)"#),
        Failure(
            "raw U+001F in a string", "[\"\u{1F}\"]", 1, 3,
            #"control character U+001F inside a string (opened at 1:2); write it as an escape (\u001F)"#),
        Failure(
            "bytes that are not UTF-8", [0x5B, 0x22, 0x61, 0xFF, 0x62, 0x22, 0x5D], 1, 4,
            "expected UTF-8 text inside a string, found the byte 0xFF, which is not UTF-8"),
        Failure(
            "truncated UTF-8 sequence", [0x5B, 0x22, 0xE6, 0x97, 0x22, 0x5D], 1, 3,
            "expected UTF-8 text inside a string, found the byte 0xE6, which is not UTF-8"),
        Failure(
            "trailing garbage", "{} x", 1, 4,
            "expected the end of the input after the top-level value, found 'x'"),
        Failure(
            "a second top-level value", "{}\n{}", 2, 1,
            "expected the end of the input after the top-level value, found '{'"),
        Failure("empty input", "", 1, 1, "\(valueExpected), found the end of the input"),
        Failure("only whitespace", "  \n ", 2, 2, "\(valueExpected), found the end of the input"),
        Failure("leading zero", "[01]", 1, 2, "a number must not start with the digit 0 followed by more digits"),
        Failure("missing colon", #"{"a" 1}"#, 1, 6, #"expected ':' after the member name "a", found '1'"#),
        Failure(
            "single-quoted name", "{'a': 1}", 1, 2,
            "expected a member name in double quotes (the object opened at 1:1), found '''"),
        Failure(
            "unquoted name", "{a: 1}", 1, 2,
            "expected a member name in double quotes (the object opened at 1:1), found 'a'"),
        Failure("comment", "// c\n{}", 1, 1, "\(valueExpected), found '/'"),
        Failure("misspelt literal", "[tru]", 1, 2, "\(valueExpected), found 'tru'"),
        Failure("capitalised literal", "[True]", 1, 2, "\(valueExpected), found 'True'"),
        Failure("NaN", "[NaN]", 1, 2, "\(valueExpected), found 'NaN'"),
        Failure("number without integer part", "[.5]", 1, 2, "\(valueExpected), found '.'"),
        Failure("plus sign", "[+1]", 1, 2, "\(valueExpected), found '+'"),
        Failure("decimal point without digits", "[1.]", 1, 4, "expected a digit after the decimal point, found ']'"),
        Failure("minus without digits", "[-]", 1, 3, "expected a digit after '-', found ']'"),
        Failure("exponent without digits", "[1e+]", 1, 5, "expected a digit in the exponent, found ']'"),
        Failure(
            "missing comma in an array", "{\n  \"a\": [1, 2\n  \"b\"\n}", 3, 3,
            "expected ',' or ']' after an element of the array opened at 2:8, found '\"'"),
        Failure(
            "unclosed object", #"{"a": 1"#, 1, 8,
            "expected ',' or '}' after a member of the object opened at 1:1, found the end of the input"),
        Failure("column after CJK", #"["日本", x]"#, 1, 8, "\(valueExpected), found 'x'"),
        Failure("non-ASCII outside a string", "[é]", 1, 2, "\(valueExpected), found 'é' (U+00E9)"),
        Failure(
            "control character outside a string", "[\u{1}]", 1, 2,
            "\(valueExpected), found control character U+0001"),
        Failure("lines end at lone CR", "[1,\r\r x]", 3, 2, "\(valueExpected), found 'x'"),
        Failure("BOM is not a column", [0xEF, 0xBB, 0xBF] + Array("[x]".utf8), 1, 2, "\(valueExpected), found 'x'"),
    ]

    @Test(
        "malformed JSON throws at the exact line and column, saying what was expected and found",
        arguments: failures)
    func failure(_ failure: Failure) {
        let position = SourcePosition(line: failure.line, column: failure.column)
        #expect(throws: CatalogError(file: "bad.json", position: position, message: failure.message)) {
            try JSONReader.parse(failure.bytes, file: "bad.json")
        }
    }
}
