import Testing

@testable import Catalogs

/// Files that cannot be used: the message and the line and column of each kind of error.
@Suite struct StringsFileParserErrorTests {
    /// The error parsing `source` throws, or nil.
    func parseError(_ source: String) -> CatalogError? {
        thrownCatalogError { _ = try parseStrings(source) }
    }

    @Test(
        "errors name the file and give a line and column",
        arguments: [
            // A missing ';' is reported at the token found instead ...
            ("\"a\" = \"1\"\n\"b\" = \"2\";", 1, 10, "missing ';' after the value of the key \"a\": found '\"'"),
            ("\"a\" = \"1\" /* note */ b = \"2\";", 1, 10, "missing ';' after the value of the key \"a\": found 'b'"),
            ("\"a\" = \"1\" =", 1, 10, "missing ';' after the value of the key \"a\": found '='"),
            // ... or at the end of the file.
            ("\"a\" = \"1\"", 1, 10, "missing ';' after the value of the key \"a\": found the end of the file"),
            ("\"a\" = \"1\"\n\n", 1, 10, "missing ';' after the value of the key \"a\": found the end of the file"),
            ("\"a\" = b\n", 1, 8, "missing ';' after the value of the key \"a\": found the end of the file"),
            // A missing '=' or value.
            ("\"a\" \"1\";", 1, 5, "expected '=' or ';' after the key \"a\", found '\"'"),
            ("\"a\"", 1, 4, "expected '=' or ';' after the key \"a\", found the end of the file"),
            (
                "\"a\" = ;", 1, 7,
                "expected a value after '=' for the key \"a\" (a quoted string, a word, or a ( ) array "
                    + "or { } dictionary), found ';'"
            ),
            (
                "\"a\" =", 1, 6,
                "expected a value after '=' for the key \"a\" (a quoted string, a word, or a ( ) array "
                    + "or { } dictionary), found the end of the file"
            ),
            // Something that cannot start a key.
            ("= \"1\";", 1, 1, "expected a key (a quoted string, or a word of letters, digits and _$/:.-), found '='"),
            (
                "\"a\" = \"1\";\n  @", 2, 3,
                "expected a key (a quoted string, or a word of letters, digits and _$/:.-), found '@'"
            ),
            (
                "\"a\" = \"1\";\n«b» = \"2\";", 2, 1,
                "expected a key (a quoted string, or a word of letters, digits and _$/:.-), found '«' (U+00AB)"
            ),
            (
                "\"a\" = \"1\"; ;", 1, 12,
                "expected a key (a quoted string, or a word of letters, digits and _$/:.-), found ';'"
            ),
            // Unterminated strings and comments are reported where they open.
            // A forgotten closing quote shows up where the next string's quote closes it instead.
            ("\"a\" = \"1;\n\"b\" = \"2\";\n", 2, 2, "missing ';' after the value of the key \"a\": found 'b'"),
            ("\"a\nb\" = x y", 2, 7, "missing ';' after the value of the key \"a\\nb\": found 'y'"),
            (
                "\"a\" = \"one\ntwo;\n", 1, 7,
                "unterminated string: the \" here has no closing \" before the end of the file"
            ),
            ("\"a\" = 'it\n", 1, 7, "unterminated string: the ' here has no closing ' before the end of the file"),
            (
                "\"a\" = \"ends with a backslash\\", 1, 7,
                "unterminated string: the \" here has no closing \" before the end of the file"
            ),
            ("\"a\" = \"1\";\n  /* open\n\"b\" = \"2\";", 2, 3, "unterminated comment: the /* here has no closing */"),
            ("\"a\" = \"1\"; /*/", 1, 12, "unterminated comment: the /* here has no closing */"),
            // Containers.
            ("\"a\" = (\"x\", \"y\";", 1, 16, "expected ',' or ')' in the array that opens at 1:7, found ';'"),
            ("\"a\" = (\"x\",", 1, 12, "expected ')' to close the array that opens at 1:7, found the end of the file"),
            ("\"a\" = (,);", 1, 8, "expected a value (a string, ( ) array, { } dictionary or < > data), found ','"),
            ("\"a\" = { k = v };", 1, 15, "missing ';' in the dictionary that opens at 1:7: found '}'"),
            ("\"a\" = { = v; };", 1, 9, "expected a key or '}' in the dictionary that opens at 1:7, found '='"),
            ("\"a\" = <0f1>;", 1, 11, "data value <…> that opens at 1:7 has an odd number of hex digits"),
            ("\"a\" = <0g>;", 1, 9, "expected a hex digit or '>' in the data value that opens at 1:7, found 'g'"),
            ("\"a\" = <00", 1, 7, "unterminated data value: the '<' here has no closing '>'"),
        ])
    func syntaxErrors(source: String, line: Int, column: Int, message: String) {
        let error = parseError(source)
        #expect(error?.file == "t.strings")
        #expect(error?.position == SourcePosition(line: line, column: column))
        #expect(error?.message == message)
    }

    @Test("the error's description reads path:line:column: message")
    func description() {
        let error = parseError("\"a\" = \"1\"")
        #expect(
            error?.description == "t.strings:1:10: missing ';' after the value of the key \"a\": "
                + "found the end of the file")
    }

    @Test(
        "property-list .strings files are refused at 1:1 with a clear message",
        arguments: [
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict/></plist>", "<?xml"),
            ("\n  <!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\">", "<!DOCTYPE plist"),
            ("<plist version=\"1.0\"><dict/></plist>", "<plist"),
        ])
    func xmlPropertyLists(source: String, prefix: String) {
        let error = parseError(source)
        #expect(error?.position == SourcePosition(line: 1, column: 1))
        #expect(
            error?.message == "this .strings file is an XML property list (it starts with \"\(prefix)\"), not "
                + "the text format \"key\" = \"value\"; it has to be read as a property list")
    }

    @Test("an XML property list in UTF-16 is recognised too")
    func utf16XMLPropertyList() {
        let bytes = utf16Bytes("<?xml version=\"1.0\"?>", bigEndian: false, byteOrderMark: true)
        let error = thrownCatalogError { _ = try StringsFileParser.parse(bytes, file: "x.strings", locale: "en") }
        #expect(error?.position == SourcePosition(line: 1, column: 1))
        #expect(error?.message.contains("XML property list") == true)
    }

    @Test("binary property lists are refused at 1:1")
    func binaryPropertyList() {
        let bytes: [UInt8] = Array("bplist00".utf8) + [0xD1, 0x01, 0x02, 0x51, 0x61, 0xFF]
        let error = thrownCatalogError { _ = try StringsFileParser.parse(bytes, file: "b.strings", locale: "en") }
        #expect(error?.file == "b.strings")
        #expect(error?.position == SourcePosition(line: 1, column: 1))
        #expect(
            error?.message == "this .strings file is a binary property list (it starts with \"bplist\"), not "
                + "the text format \"key\" = \"value\"; it has to be read as a property list")
    }

    @Test("undecodable bytes are reported by the decoder's rules")
    func badEncoding() {
        let bytes = Array("\"a\" = \"".utf8) + [0xC3, 0x28] + Array("\";".utf8)
        let error = thrownCatalogError { _ = try StringsFileParser.parse(bytes, file: "e.strings", locale: "en") }
        #expect(error?.position == SourcePosition(line: 1, column: 8))
        #expect(error?.message.hasPrefix("invalid UTF-8: byte 0x28 cannot follow 0xC3") == true)
    }

    @Test("deep nesting throws instead of exhausting the stack")
    func deepNesting() {
        let depth = 10_000
        let source = "\"a\" = " + String(repeating: "(", count: depth) + String(repeating: ")", count: depth) + ";"
        let error = parseError(source)
        #expect(error?.message == "values are nested more than 256 levels deep")
        #expect(error?.position == SourcePosition(line: 1, column: 263))
        // 256 levels are fine.
        let fine = "\"a\" = " + String(repeating: "(", count: 256) + String(repeating: ")", count: 256) + ";"
        #expect(parseError(fine) == nil)
    }
}

/// Cuts and corrupts valid files and checks the parser only ever returns or throws.
@Suite struct StringsFileParserFuzzTests {
    /// A file that uses every part of the grammar.
    static let sample = """
        /* Header comment */
        // line comment
        "simple" = "Simple";
        "escapes" = "\\a\\b\\f\\n\\r\\t\\v\\"\\\\\\'\\101\\351\\U00e9\\UD83D\\UDE00 \\
        next line";
        'single' = 'it"s';
        unquoted.key-1 = value/with:chars$;
        "shortcut";
        "list" = ( "a", b, { k = v; }, <0fbd77> );
        "dict" = { "x" = ( 1, 2 ); };
        "duplicate" = "1";
        "duplicate" = "2";
        "ключ" = "значение 😀 %1$@";
        { "not" = "a top-level brace here" };
        """

    /// Parses `bytes`; reaching the end of this function without trapping is the test.
    static func parseSurvives(_ bytes: [UInt8]) -> Bool {
        do {
            _ = try StringsFileParser.parse(bytes, file: "fuzz.strings", locale: "en")
        } catch {
            #expect(error.position != nil)
        }
        return true
    }

    @Test("every prefix of a UTF-8 file parses or throws")
    func truncatedUTF8() {
        let bytes = Array(Self.sample.utf8)
        for length in 0...bytes.count {
            #expect(Self.parseSurvives(Array(bytes[0..<length])))
        }
    }

    @Test("every prefix of a UTF-16 file parses or throws", arguments: [false, true])
    func truncatedUTF16(bigEndian: Bool) {
        let bytes = utf16Bytes(Self.sample, bigEndian: bigEndian, byteOrderMark: true)
        for length in 0...bytes.count {
            #expect(Self.parseSurvives(Array(bytes[0..<length])))
        }
    }

    @Test("every byte replaced by a syntax character or an invalid byte parses or throws")
    func corrupted() {
        let bytes = Array(Self.sample.utf8)
        let replacements: [UInt8] = [
            0x22, 0x27, 0x5C, 0x2F, 0x2A, 0x3B, 0x3D, 0x28, 0x29, 0x7B, 0x7D, 0x3C, 0x0A,
            0x00, 0xFF, 0xC3,
        ]
        for offset in bytes.indices {
            for replacement in replacements {
                var corrupted = bytes
                corrupted[offset] = replacement
                #expect(Self.parseSurvives(corrupted))
            }
        }
    }

    @Test("the complete sample parses to the expected entries")
    func sampleParses() throws {
        // The sample's last line is a stray '{' … '}' after entries, which is not a strings file.
        let error = thrownCatalogError { _ = try parseStrings(Self.sample) }
        #expect(error?.position == SourcePosition(line: 14, column: 1))
        let withoutLastLine = String(Self.sample.split(separator: "\n").dropLast().joined(separator: "\n"))
        let document = try parseStrings(withoutLastLine)
        #expect(
            keyTextPairs(document) == [
                ["simple", "Simple"],
                ["escapes", "\u{07}\u{08}\u{0C}\n\r\t\u{0B}\"\\'AØé😀 \nnext line"],
                ["single", "it\"s"],
                ["unquoted.key-1", "value/with:chars$"],
                ["shortcut", "shortcut"],
                ["duplicate", "2"],
                ["ключ", "значение 😀 %1$@"],
            ])
        #expect(
            document.skipped.map(\.reason) == [
                .noValue("array value"), .noValue("dictionary value"),
                .malformed("duplicate key, overridden at line 12"),
            ])
    }
}
