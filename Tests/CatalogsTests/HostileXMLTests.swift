import Testing

@testable import Catalogs

/// XML and JSON inputs built to be slow, deep or huge: each is read in linear time or refused with a clear error,
/// never a trap (a stack overflow), a hang, or memory without bound.
///
/// The time limits only guard against a hang; they are not speed checks.
@Suite(.timeLimit(.minutes(1))) struct HostileXMLTests {
    static func android(_ body: String) throws(CatalogError) -> CatalogDocument {
        try AndroidResourcesParser.parse(
            Array("<resources>\(body)</resources>".utf8), file: "values/strings.xml",
            locale: "en")
    }

    /// The error `body` throws, or nil.
    static func error(_ body: () throws(CatalogError) -> CatalogDocument) -> CatalogError? {
        do throws(CatalogError) {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Attributes

    /// A raw control character XML 1.0 does not allow (§2.2 `Char`), written as a byte into the text: Android's
    /// aapt2 (expat) and XLIFF tools (libxml2) refuse the file, so it is a file error at the character — it was read
    /// and measured as text ('Ha\0llo'). Property lists keep it, as Apple's reader and writer do.
    @Test(arguments: [0x00, 0x01, 0x1B, 0x0C, 0x7F] as [UInt32])
    func rawControlCharacters(_ value: UInt32) throws {
        let control = String(Character(Unicode.Scalar(value)!))
        let android = Self.error { () throws(CatalogError) in
            try Self.android("\n<string name=\"a\">Ha\(control)llo</string>")
        }
        let xliff = Self.error { () throws(CatalogError) in
            try XLIFFParser.parse(
                Array(
                    ("""
                    <xliff version="1.2"><file source-language="en" target-language="de" original="a">
                    <body><trans-unit id="a"><source>x</source><target>Ha\(control)llo</target></trans-unit></body>
                    </file></xliff>
                    """).utf8), file: "de.xliff", locale: "")
        }
        let plist = try StringsPlistParser.parse(
            Array("<plist><dict><key>a</key><string>Ha\(control)llo</string></dict></plist>".utf8),
            file: "de.lproj/L.strings", locale: "de")
        if value == 0x7F {
            // DEL is a character XML 1.0 allows.
            #expect(android == nil && xliff == nil)
        } else {
            let hex = String(value, radix: 16, uppercase: true)
            let name = "U+" + String(repeating: "0", count: 4 - hex.count) + hex
            #expect(
                android?.message.hasPrefix("\(name) is not a character XML allows") == true,
                "\(String(describing: android))")
            #expect(android?.position == SourcePosition(line: 2, column: 20))
            #expect(xliff?.message.hasPrefix("\(name) is not a character XML allows") == true)
            #expect(xliff?.position?.line == 2)
        }
        #expect(plist.entries.map(\.text) == ["Ha\(control)llo"])
    }

    /// U+FFFE and U+FFFF are not XML characters either; U+FFFD and the characters around them are.
    @Test func nonCharactersXMLRefuses() {
        for (scalar, refused) in [("\u{FFFE}", true), ("\u{FFFF}", true), ("\u{FFFD}", false), ("\u{FFEF}", false)] {
            let error = Self.error { () throws(CatalogError) in
                try Self.android("<string name=\"a\">x\(scalar)</string>")
            }
            #expect((error != nil) == refused, "\(scalar.unicodeScalars.first!.value): \(String(describing: error))")
            if refused {
                // Named by its own code point (U+FFBE was named for U+FFFE).
                let hex = String(scalar.unicodeScalars.first!.value, radix: 16, uppercase: true)
                #expect(error?.message.hasPrefix("U+\(hex) is not a character XML allows") == true)
            }
        }
    }

    @Test("100,000 attributes on one element are read; a duplicate among them is found")
    func manyAttributes() throws {
        let attributes = (0..<100_000).map { " a\($0)=\"x\"" }.joined()
        let bytes = Array("<resources\(attributes)><string name=\"k\">v</string></resources>".utf8)
        let document = try AndroidResourcesParser.parse(bytes, file: "values/strings.xml", locale: "en")
        #expect(document.entries.map(\.text) == ["v"])
        let duplicated = Array("<resources\(attributes) a5=\"y\"><string name=\"k\">v</string></resources>".utf8)
        let error = Self.error { () throws(CatalogError) in
            try AndroidResourcesParser.parse(duplicated, file: "values/strings.xml", locale: "en")
        }
        #expect(error?.message == "duplicate attribute a5 in <resources>")
        #expect(error?.position?.line == 1)
    }

    // MARK: - Nesting

    @Test("100,000 nested elements are refused at 4,096 levels in XLIFF and Android resources, never recursed into")
    func deepElements() throws {
        let groups = String(repeating: "<group>", count: 100_000) + String(repeating: "</group>", count: 100_000)
        let xliff = Self.error { () throws(CatalogError) in
            try XLIFFParser.parse(
                Array(
                    ("<xliff><file target-language=\"de\"><body>" + groups
                        + "</body></file></xliff>").utf8), file: "de.xliff", locale: "")
        }
        #expect(xliff?.message == "elements nested deeper than 4096 levels")
        let spans = String(repeating: "<b>", count: 100_000) + String(repeating: "</b>", count: 100_000)
        let android = Self.error { () throws(CatalogError) in try Self.android("<string name=\"a\">\(spans)</string>") }
        #expect(android?.message == "elements nested deeper than 4096 levels")
        // 4,000 levels are fine.
        let fine = String(repeating: "<b>", count: 4000) + "deep" + String(repeating: "</b>", count: 4000)
        #expect(try Self.android("<string name=\"a\">\(fine)</string>").entries.map(\.text) == ["deep"])
    }

    @Test("100,000 nested property-list arrays, JSON arrays and .strings arrays are refused at their depth limits")
    func deepValues() {
        let plist = Self.error { () throws(CatalogError) in
            try StringsDictParser.parse(
                Array(
                    ("<plist>" + String(repeating: "<array>", count: 100_000)
                        + String(repeating: "</array>", count: 100_000) + "</plist>").utf8), file: "x.stringsdict",
                locale: "en")
        }
        #expect(plist?.message == "property list nested deeper than 256 levels")
        let json = Self.error { () throws(CatalogError) in
            try XCStringsParser.parse(
                Array(
                    (String(repeating: "[", count: 100_000)
                        + String(repeating: "]", count: 100_000)).utf8), file: "x.xcstrings", locale: "")
        }
        #expect(json?.message == "nesting deeper than 512 levels of arrays and objects")
        let strings = Self.error { () throws(CatalogError) in
            try StringsFileParser.parse(
                Array(("\"k\" = " + String(repeating: "(", count: 100_000)).utf8),
                file: "x.strings", locale: "en")
        }
        #expect(strings?.message == "values are nested more than 256 levels deep")
    }

    // MARK: - Entities

    @Test("billion laughs: nested entities stop at the size limit of one entity")
    func billionLaughs() {
        var doctype = "<!DOCTYPE resources [<!ENTITY l0 \"lollollollol\">"
        for level in 1...10 {
            doctype += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
        }
        let bytes = Array((doctype + "]><resources><string name=\"a\">&l10;</string></resources>").utf8)
        let error = Self.error { () throws(CatalogError) in
            try AndroidResourcesParser.parse(bytes, file: "values/strings.xml", locale: "en")
        }
        #expect(error?.message == "the entity &l4; is larger than 65536 bytes")
    }

    @Test("many uses of one large entity stop at the document's expansion limit")
    func manyEntityUses() {
        let big = String(repeating: "x", count: 60_000)
        let uses = String(repeating: "&big;", count: 400)
        let bytes = Array(
            ("<!DOCTYPE resources [<!ENTITY big \"\(big)\">]><resources><string name=\"a\">\(uses)"
                + "</string></resources>").utf8)
        let error = Self.error { () throws(CatalogError) in
            try AndroidResourcesParser.parse(bytes, file: "values/strings.xml", locale: "en")
        }
        #expect(error?.message == "entity expansion exceeds 16777216 bytes")
    }

    // MARK: - Android references and HTML

    @Test("a chain of 20,000 @string references is resolved once per name")
    func referenceChain() throws {
        let chain = (0..<20_000).map { "<string name=\"s\($0)\">@string/s\($0 + 1)</string>" }.joined()
        let document = try Self.android(chain + "<string name=\"s20000\">end</string>")
        #expect(document.entries.count == 20_001)
        #expect(document.entries.allSatisfy { $0.text == "end" })
        #expect(document.skipped.isEmpty)
    }

    @Test("a cycle of references is skipped as malformed, naming the cycle; strings leading into it too")
    func referenceCycle() throws {
        let document = try Self.android(
            """
            <string name="a">@string/b</string><string name="b">@string/a</string>\
            <string name="c">@string/a</string><string name="d">@string/nowhere</string>\
            <string name="e">@string/d</string><string name="ok">fine</string>
            """)
        #expect(document.entries.map(\.key) == ["ok"])
        #expect(
            document.skipped.map { "\($0.key): \($0.reason)" } == [
                "a: malformed: @string/b never reaches a text: the references @string/b → @string/a → @string/b form a "
                    + "cycle",
                "b: malformed: @string/a never reaches a text: the references @string/b → @string/a → @string/b form a "
                    + "cycle",
                "c: malformed: @string/a never reaches a text: the references @string/b → @string/a → @string/b form a "
                    + "cycle",
                "d: no value: @string/nowhere is not a string this file defines",
                "e: no value: @string/d leads to @string/nowhere, which is not a string this file defines",
            ])
    }

    @Test("a CDATA value of 50,000 '<a' without any '>' is flattened in linear time, kept as written")
    func unclosedTagsInHTML() throws {
        let text = String(repeating: "<a", count: 50_000)
        let document = try Self.android("<string name=\"html\"><![CDATA[\(text)]]></string>")
        #expect(document.entries.map(\.text) == [text])
        let mixed = try Self.android("<string name=\"html\"><![CDATA[<b>bold</b> <a <i>x</i>]]></string>")
        #expect(mixed.entries.map(\.text) == ["bold x"])
    }
}
