import Testing

@testable import Catalogs

/// Parses `source` (UTF-8) as `t.strings` in locale `en`.
func parseStrings(_ source: String) throws -> CatalogDocument {
    try StringsFileParser.parse(Array(source.utf8), file: "t.strings", locale: "en")
}

/// The (key, text) pairs of a document, in order.
func keyTextPairs(_ document: CatalogDocument) -> [[String]] {
    document.entries.map { [$0.key, $0.text] }
}

/// The `.strings` grammar of docs/semantics/catalog-formats.md §C1: tokens, white space, comments, quoting, encodings, positions.
@Suite struct StringsFileParserGrammarTests {
    @Test("a key = value pair becomes one entry positioned at its value")
    func basicPair() throws {
        let document = try parseStrings(#""greeting" = "Hello";"#)
        #expect(document.format == .strings)
        #expect(document.sourceLocale == nil)
        #expect(document.skipped.isEmpty)
        let entry = try #require(document.entries.first)
        #expect(
            entry
                == CatalogEntry(
                    file: "t.strings", locale: "en", key: "greeting", variant: "", text: "Hello",
                    position: SourcePosition(line: 1, column: 14)))
    }

    @Test("entries keep file order and each gets its own line and column")
    func order() throws {
        let document = try parseStrings("\"b\" = \"2\";\n  \"a\"=\"1\";\n\n\"ключ\" = \"значение\";\n")
        #expect(keyTextPairs(document) == [["b", "2"], ["a", "1"], ["ключ", "значение"]])
        #expect(
            document.entries.map(\.position) == [
                SourcePosition(line: 1, column: 7), SourcePosition(line: 2, column: 7),
                SourcePosition(line: 4, column: 10),
            ])
    }

    @Test("every white-space character of the grammar separates tokens")
    func whiteSpace() throws {
        // Tab, LF, VT, FF, CR, space, U+2028, U+2029 around and between the tokens.
        let document = try parseStrings("\t\n\u{0B}\u{0C}\r \u{2028}\"k\"\u{2029}=\t\"v\"\u{2028};\u{2029}")
        #expect(keyTextPairs(document) == [["k", "v"]])
    }

    @Test("U+00A0 and other Unicode spaces are not white space")
    func nonBreakingSpace() {
        let error = thrownCatalogError { _ = try parseStrings("\"k\"\u{00A0}= \"v\";") }
        #expect(error?.position == SourcePosition(line: 1, column: 4))
        #expect(error?.message.contains("U+00A0") == true)
    }

    @Test("// comments run to the end of the line (LF, CR, U+2028 or U+2029)")
    func lineComments() throws {
        let source =
            "// header \"x\" = \"y\";\n\"a\" = \"1\"; // trailing\r\"b\" // between\n= \"2\";"
            + "// to a line separator\u{2028}\"c\" = \"3\"; // at the end without a newline"
        let document = try parseStrings(source)
        #expect(keyTextPairs(document) == [["a", "1"], ["b", "2"], ["c", "3"]])
    }

    @Test("/* */ comments go anywhere between tokens and do not nest")
    func blockComments() throws {
        let document = try parseStrings("/* one\n two */\"a\"/**/=/* x */\"1\"/* y */;/* a /* b */\"b\" = \"2\";/***/")
        #expect(keyTextPairs(document) == [["a", "1"], ["b", "2"]])
        // The first */ closes the comment, so " c */" is left: the word c, then a '*' where '=' or ';' should be.
        let error = thrownCatalogError { _ = try parseStrings("/* a /* b */ c */") }
        #expect(error?.position == SourcePosition(line: 1, column: 16))
        #expect(error?.message == "expected '=' or ';' after the key \"c\", found '*'")
    }

    @Test("comment markers inside quoted strings are text")
    func commentMarkersInStrings() throws {
        let document = try parseStrings(#""url" = "https://example.com/*";"b" = "/* not a comment */";"#)
        #expect(keyTextPairs(document) == [["url", "https://example.com/*"], ["b", "/* not a comment */"]])
    }

    @Test("the shortcut \"key\"; means value = key, positioned at the key")
    func shortcut() throws {
        let document = try parseStrings("\"Cancel\";\n  Done ;")
        #expect(keyTextPairs(document) == [["Cancel", "Cancel"], ["Done", "Done"]])
        #expect(
            document.entries.map(\.position) == [
                SourcePosition(line: 1, column: 1), SourcePosition(line: 2, column: 3),
            ])
    }

    @Test("strings may be quoted with ' as well as \"")
    func singleQuotes() throws {
        let document = try parseStrings(#"'k' = 'say "hi"'; "it's" = 'ok';"#)
        #expect(keyTextPairs(document) == [["k", #"say "hi""#], ["it's", "ok"]])
    }

    @Test("unquoted strings are runs of letters, digits and _$/:.-")
    func unquoted() throws {
        let document = try parseStrings("a11y.encryption_details = value/with:all$of_the-chars.0;x=y;")
        #expect(keyTextPairs(document) == [["a11y.encryption_details", "value/with:all$of_the-chars.0"], ["x", "y"]])
        #expect(
            document.entries.map(\.position) == [
                SourcePosition(line: 1, column: 27), SourcePosition(line: 1, column: 59),
            ])
    }

    @Test("an unquoted string stops at the first other character")
    func unquotedStops() {
        // "key+1" is the word "key" followed by '+'.
        let error = thrownCatalogError { _ = try parseStrings("key+1 = \"v\";") }
        #expect(error?.position == SourcePosition(line: 1, column: 4))
        #expect(error?.message == "expected '=' or ';' after the key \"key\", found '+'")
    }

    @Test("the body may be wrapped in { }, as an old-style property-list dictionary")
    func bracedBody() throws {
        let document = try parseStrings("/* c */ {\n  \"a\" = \"1\";\n  b = 2;\n}\n")
        #expect(keyTextPairs(document) == [["a", "1"], ["b", "2"]])
        let unclosed = thrownCatalogError { _ = try parseStrings("{ \"a\" = \"1\";\n") }
        #expect(unclosed?.position == SourcePosition(line: 2, column: 1))
        #expect(
            unclosed?.message == "expected '}' to close the dictionary that opens at 1:1, found the end of the file")
        let junk = thrownCatalogError { _ = try parseStrings("{ \"a\" = \"1\"; } \"b\" = \"2\";") }
        #expect(junk?.position == SourcePosition(line: 1, column: 16))
        #expect(junk?.message == "expected the end of the file after the closing '}', found '\"'")
    }

    @Test(
        "empty, blank and comment-only files have no entries",
        arguments: [
            "", " \n\t", "/* nothing */\n// here\n",
        ])
    func emptyFiles(source: String) throws {
        let document = try parseStrings(source)
        #expect(document.entries.isEmpty)
        #expect(document.skipped.isEmpty)
    }

    @Test("the last entry needs no line break after it")
    func noTrailingNewline() throws {
        let document = try parseStrings("\"turtle\" = \"Turtle\";\n\"unicorn\" = \"Unicorn\";")
        #expect(keyTextPairs(document) == [["turtle", "Turtle"], ["unicorn", "Unicorn"]])
    }

    @Test("CRLF files count lines once per CRLF")
    func crlf() throws {
        let document = try parseStrings("\"a\" = \"1\";\r\n\"b\" = \"2\";\r\n")
        #expect(
            document.entries.map(\.position) == [
                SourcePosition(line: 1, column: 7), SourcePosition(line: 2, column: 7),
            ])
    }

    @Test("empty keys and values are entries")
    func emptyStrings() throws {
        let document = try parseStrings(#""" = "";"e" = '';"#)
        #expect(keyTextPairs(document) == [["", ""], ["e", ""]])
    }

    @Test("raw line breaks and non-ASCII text inside quotes are kept")
    func rawText() throws {
        let document = try parseStrings("\"k\" = \"line one\nline two — ü 😀 \u{2028}\";")
        #expect(keyTextPairs(document) == [["k", "line one\nline two — ü 😀 \u{2028}"]])
    }

    @Test(
        "UTF-16 files parse like UTF-8 ones, with the same positions",
        arguments: [
            (false, true), (false, false), (true, true), (true, false),
        ])
    func utf16(bigEndian: Bool, mark: Bool) throws {
        let source = "/* UTF-16 */\n\"Größe\" = \"😀 %@\";\n\"b\" = \"\\U00e9\";"
        let bytes = utf16Bytes(source, bigEndian: bigEndian, byteOrderMark: mark)
        let document = try StringsFileParser.parse(bytes, file: "u.strings", locale: "de")
        #expect(keyTextPairs(document) == [["Größe", "😀 %@"], ["b", "é"]])
        #expect(
            document.entries.map(\.position) == [
                SourcePosition(line: 2, column: 11), SourcePosition(line: 3, column: 7),
            ])
        #expect(document.entries.first?.locale == "de")
        #expect(document.entries.first?.file == "u.strings")
    }

    @Test("a UTF-8 byte-order mark is not part of the first key")
    func utf8Mark() throws {
        let document = try StringsFileParser.parse(
            [0xEF, 0xBB, 0xBF] + Array("\"k\" = \"v\";".utf8),
            file: "t.strings", locale: "en")
        #expect(keyTextPairs(document) == [["k", "v"]])
        #expect(document.entries.first?.position == SourcePosition(line: 1, column: 7))
    }
}

/// Every escape inside quoted strings, and the lone surrogates that lose an entry.
@Suite struct StringsFileParserEscapeTests {
    /// The text of the single entry of `"k" = <value>;`.
    func value(_ quotedValue: String) throws -> String {
        let document = try parseStrings("\"k\" = \(quotedValue);")
        #expect(document.skipped.isEmpty)
        return try #require(document.entries.first).text
    }

    @Test("the control-character escapes and \\\"")
    func controlEscapes() throws {
        #expect(try value(#""\a\b\f\n\r\t\v\"""#) == "\u{07}\u{08}\u{0C}\n\r\t\u{0B}\"")
    }

    @Test("a backslash before a line break keeps the line break")
    func backslashNewline() throws {
        #expect(try value("\"one\\\ntwo\"") == "one\ntwo")
        #expect(try value("\"one\\\r\ntwo\"") == "one\r\ntwo")
    }

    @Test("any other escaped character is itself; lowercase \\u is just u")
    func identityEscapes() throws {
        #expect(try value(#""a\\b""#) == #"a\b"#)
        #expect(try value(#""it\'s""#) == "it's")
        #expect(try value(#"'it\'s'"#) == "it's")
        #expect(try value(#"'say \"hi\"'"#) == #"say "hi""#)
        #expect(try value(#""\u00e9""#) == "u00e9")
        #expect(try value(#""\z\%\é\😀""#) == "z%é😀")
    }

    @Test("octal escapes take 1–3 digits and decode as NeXTSTEP Latin")
    func octal() throws {
        #expect(try value(#""\101\102""#) == "AB")
        #expect(try value(#""\12""#) == "\n")
        #expect(try value(#""\0""#) == "\u{0}")
        #expect(try value(#""\1234""#) == "S4")  // three digits at most: \123 is S, then 4
        #expect(try value(#""\8""#) == "8")  // 8 is not octal: the character itself
        // NeXTSTEP, not Latin-1: 0xDD is é, 0xE9 is Ø, 0x80 is a no-break space, 0xA9 is ’, 0xD0 is —.
        #expect(try value(#""\335\351\200\251\320""#) == "éØ\u{00A0}\u{2019}—")
        #expect(try value(#""\241\247\274\373\374""#) == "¡§…ßþ")
        // Apple keeps only 8 bits: \551 is 0x169, read as 0x69 "i".
        #expect(try value(#""\551""#) == "i")
        // 0xFE and 0xFF are undefined in NeXTSTEP.
        #expect(try value(#""\376\377""#) == "\u{FFFD}\u{FFFD}")
    }

    @Test("\\U takes up to 4 hex digits as one UTF-16 unit")
    func unicodeEscapes() throws {
        #expect(try value(#""\U00e9\U20AC""#) == "é€")
        #expect(try value(#""\U41!""#) == "A!")
        #expect(try value(#""\U00411""#) == "A1")
        #expect(try value(#""\Ux""#) == "\u{0}x")  // no digits: U+0000, as Apple reads it
        #expect(try value(#""\U3042\U3044""#) == "あい")
    }

    @Test("\\U surrogate pairs combine into one scalar")
    func surrogatePairs() throws {
        #expect(try value(#""\UD83D\UDE00""#) == "😀")
        #expect(try value(#""a\Ud83d\Ude00b""#) == "a😀b")  // lowercase hex digits are fine
        #expect(try value(#""\UD83C\UDDE9\UD83C\UDDEA""#) == "🇩🇪")
    }

    @Test("escapes in keys are decoded too")
    func keyEscapes() throws {
        let document = try parseStrings(#""a\nb\U00e9" = "v"; 'q\'' = "w";"#)
        #expect(keyTextPairs(document) == [["a\nbé", "v"], ["q'", "w"]])
    }

    @Test(
        "a lone surrogate loses only its entry, reported at the escape",
        arguments: [
            // (source, line, column of the backslash, message start)
            ("\"k\" = \"x\\UD83Dy\";", 1, 9, "lone UTF-16 surrogate \\UD83D"),
            ("\"k\" = \"x\\UD83D\\U0041\";", 1, 9, "lone UTF-16 surrogate \\UD83D"),
            // Lowercase \u is not an escape, so \uDE00 cannot complete the pair.
            ("\"k\" = \"x\\UD83D\\uDE00\";", 1, 9, "lone UTF-16 surrogate \\UD83D"),
            ("\"k\" = \"ok\\U00e9\n\\UDE00\";", 2, 1, "lone UTF-16 surrogate \\UDE00"),
        ])
    func loneSurrogate(source: String, line: Int, column: Int, message: String) throws {
        let document = try parseStrings(source + "\n\"next\" = \"fine\";")
        #expect(keyTextPairs(document) == [["next", "fine"]])
        let skipped = try #require(document.skipped.first)
        #expect(document.skipped.count == 1)
        #expect(skipped.key == "k")
        #expect(skipped.file == "t.strings")
        #expect(skipped.locale == "en")
        #expect(skipped.position == SourcePosition(line: line, column: column))
        guard case .malformed(let why) = skipped.reason else {
            Issue.record("expected .malformed, got \(skipped.reason)")
            return
        }
        #expect(why.hasPrefix(message))
    }

    @Test("a lone surrogate in a key skips the entry at the key's escape")
    func loneSurrogateInKey() throws {
        let document = try parseStrings("\"a\\UDC00\" = \"v\";")
        #expect(document.entries.isEmpty)
        #expect(document.skipped.first?.position == SourcePosition(line: 1, column: 3))
        #expect(document.skipped.first?.key == "a\u{FFFD}")
        #expect(
            document.skipped.first?.reason
                == .malformed(
                    "lone UTF-16 surrogate \\UDC00: a low surrogate must follow a \\U high surrogate (D800–DBFF)"))
    }
}

/// Which pairs become entries: duplicate keys, container values, text kept as written.
@Suite struct StringsFileParserEntryRuleTests {
    @Test("a duplicate key: the last wins, in its own place; the earlier one is skipped")
    func duplicates() throws {
        let document = try parseStrings("\"a\" = \"1\";\n\"b\" = \"2\";\n\"a\" = \"3\";\n\"a\" = \"4\";\n")
        #expect(keyTextPairs(document) == [["b", "2"], ["a", "4"]])
        #expect(
            document.entries.map(\.position) == [
                SourcePosition(line: 2, column: 7), SourcePosition(line: 4, column: 7),
            ])
        #expect(
            document.skipped == [
                SkippedEntry(
                    file: "t.strings", locale: "en", key: "a", position: SourcePosition(line: 1, column: 7),
                    reason: .malformed("duplicate key, overridden at line 3")),
                SkippedEntry(
                    file: "t.strings", locale: "en", key: "a", position: SourcePosition(line: 3, column: 7),
                    reason: .malformed("duplicate key, overridden at line 4")),
            ])
    }

    @Test("a duplicate whose last value is an array still overrides the string before it")
    func duplicateWithArray() throws {
        let document = try parseStrings("\"a\" = \"1\";\n\"a\" = (\"x\");\n")
        #expect(document.entries.isEmpty)
        #expect(
            document.skipped == [
                SkippedEntry(
                    file: "t.strings", locale: "en", key: "a", position: SourcePosition(line: 1, column: 7),
                    reason: .malformed("duplicate key, overridden at line 2")),
                SkippedEntry(
                    file: "t.strings", locale: "en", key: "a", position: SourcePosition(line: 2, column: 7),
                    reason: .noValue("array value")),
            ])
    }

    @Test("a string after an array value of the same key is an entry, and nothing else is added")
    func stringAfterArray() throws {
        let document = try parseStrings("\"a\" = (x);\n\"a\" = \"s\";\n")
        #expect(keyTextPairs(document) == [["a", "s"]])
        #expect(document.skipped.map(\.reason) == [.noValue("array value")])
    }

    @Test("array, dictionary and data values are parsed over and skipped")
    func containers() throws {
        let source = """
            "list" = ( "a", b, ( "nested", ), { k = v; s; }, <0fbd 77>, );
            "dict" = { "x" = "y"; "z"; inner = { deep = ( 1, 2 ); }; };
            "empty" = ();
            "data" = < 00ff >;
            "after" = "text";
            """
        let document = try parseStrings(source)
        #expect(keyTextPairs(document) == [["after", "text"]])
        #expect(
            document.skipped == [
                SkippedEntry(
                    file: "t.strings", locale: "en", key: "list", position: SourcePosition(line: 1, column: 10),
                    reason: .noValue("array value")),
                SkippedEntry(
                    file: "t.strings", locale: "en", key: "dict", position: SourcePosition(line: 2, column: 10),
                    reason: .noValue("dictionary value")),
                SkippedEntry(
                    file: "t.strings", locale: "en", key: "empty", position: SourcePosition(line: 3, column: 11),
                    reason: .noValue("array value")),
                SkippedEntry(
                    file: "t.strings", locale: "en", key: "data", position: SourcePosition(line: 4, column: 10),
                    reason: .noValue("data value")),
            ])
    }

    @Test("placeholders and markup stay in the text as written")
    func placeholdersStay() throws {
        let document = try parseStrings(#""k" = "Öffne <b>%1$@</b> – %2$d%% %#@COUNT@";"#)
        #expect(keyTextPairs(document) == [["k", "Öffne <b>%1$@</b> – %2$d%% %#@COUNT@"]])
    }
}
