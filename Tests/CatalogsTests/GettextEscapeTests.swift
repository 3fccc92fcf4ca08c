import Testing

@testable import Catalogs

/// gettext's escapes in `.po` strings, each checked against the character it stands for (written here by its code).
@Suite struct GettextEscapeTests {
    /// The text of the one entry of a file whose msgstr is `literal` (the inside of the quotes, as written).
    func decoded(_ literal: String, charset: String = "UTF-8") throws -> String? {
        let text =
            "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=\(charset)\\n\"\n\n"
            + "msgid \"k\"\nmsgstr \"\(literal)\"\n"
        return try GettextParser.parse(Array(text.utf8), file: "x.po", locale: "de").entries.first?.text
    }

    @Test(
        "each escape decodes to its character",
        arguments: [
            (#"a\nb"#, "a\u{0A}b"), (#"a\tb"#, "a\u{09}b"), (#"\"q\""#, "\u{22}q\u{22}"),
            (#"back\\slash"#, "back\u{5C}slash"),
            (#"\a\b\f\r\v"#, "\u{07}\u{08}\u{0C}\u{0D}\u{0B}"),
            // Octal: one to three digits; a fourth digit is text.
            (#"\101\60\0"#, "A0\u{0}"), (#"\1011"#, "A1"),
            // Octal and hex escapes are bytes: two of them make one UTF-8 character.
            (#"\303\251t\303\251"#, "été"), (#"\xC3\xA9"#, "é"), (#"\x41\x4a"#, "AJ"),
            // Hex takes every hex digit after it.
            (#"\x000041"#, "A"),
        ])
    func escapes(_ literal: String, _ expected: String) throws {
        #expect(try decoded(literal) == expected)
    }

    @Test("in a Latin-1 file an escape and a raw byte are Latin-1 characters")
    func latin1() throws {
        // A raw é (0xE9), then `\xE8` (è).
        let bytes =
            Array(
                "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=ISO-8859-1\\n\"\n\nmsgid \"k\"\nmsgstr \"".utf8)
            + [0xE9] + Array(#"\xE8""#.utf8) + [0x0A]
        let document = try GettextParser.parse(bytes, file: "fr.po", locale: "fr")
        #expect(document.entries.first?.text == "\u{E9}\u{E8}")
    }

    @Test(
        "a bad escape skips its message, at the backslash (after `msgstr \"`, column 9), and the file reads on",
        arguments: [
            (#"a\qb"#, 10, #"invalid escape \q (gettext knows \n \t \b \r \f \v \a \\ \" and octal and \x escapes)"#),
            (#"\777"#, 9, #"the octal escape \777 is above \377, the largest byte"#),
            (#"\x100"#, 9, #"the hex escape \x100 is above \xFF, the largest byte"#),
            (#"\xg"#, 9, #"\x without hex digits after it"#),
        ])
    func badEscapes(_ literal: String, _ column: Int, _ message: String) throws {
        let text = "msgid \"k\"\nmsgstr \"\(literal)\"\n\nmsgid \"next\"\nmsgstr \"fine\"\n"
        let document = try GettextParser.parse(Array(text.utf8), file: "x.po", locale: "de")
        #expect(document.entries.map(\.key) == ["next"])
        #expect(document.skipped.map(\.key) == ["k"])
        #expect(document.skipped.first?.position == SourcePosition(line: 2, column: column))
        #expect(document.skipped.first?.reason == .malformed(message))
    }

    @Test("bytes that are not valid in the header's charset (through iconv) skip the message as malformed")
    func invalidInCharset() throws {
        // 0xA1 0x21 is no EUC-JP character (a lead byte needs a second byte of 0xA1…0xFE); 0xA4 0xA2 is あ.
        let header = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=EUC-JP\\n\"\n\n"
        let bytes =
            Array((header + "msgid \"k\"\nmsgstr \"").utf8) + [0xA1, 0x21] + Array("\"\n\n".utf8)
            + Array("msgid \"a\"\nmsgstr \"".utf8) + [0xA4, 0xA2] + Array("\"\n".utf8)
        let document = try GettextParser.parse(bytes, file: "ja.po", locale: "ja")
        #expect(document.entries.map(\.text) == ["あ"])
        #expect(document.skipped.map(\.reason) == [.malformed("the msgstr is not valid EUC-JP")])
    }

    @Test("bytes that are not valid UTF-8 skip the message as malformed")
    func invalidUTF8() throws {
        let bytes = Array("msgid \"k\"\nmsgstr \"".utf8) + [0xC3, 0x28] + Array("\"\n".utf8)
        let document = try GettextParser.parse(bytes, file: "x.po", locale: "de")
        #expect(document.entries.isEmpty)
        #expect(document.skipped.map(\.reason) == [.malformed("the msgstr is not valid UTF-8")])
    }
}
