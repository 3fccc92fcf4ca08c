import Testing

@testable import Catalogs

/// Every event the reader gives for `xml`.
func xmlEvents(_ xml: String, file: String = "test.xml") throws -> [XMLEvent] {
    try xmlEvents(Array(xml.utf8), file: file)
}

func xmlEvents(_ bytes: [UInt8], file: String = "test.xml") throws -> [XMLEvent] {
    var reader = try XMLReader(bytes: bytes, file: file)
    var events: [XMLEvent] = []
    while let event = try reader.next() { events.append(event) }
    return events
}

/// The error reading `xml` throws, or nil when it reads cleanly.
func xmlError(_ xml: String) -> CatalogError? {
    xmlError(Array(xml.utf8))
}

func xmlError(_ bytes: [UInt8]) -> CatalogError? {
    do {
        _ = try xmlEvents(bytes)
        return nil
    } catch let error as CatalogError {
        return error
    } catch {
        return nil
    }
}

func at(_ line: Int, _ column: Int) -> SourcePosition { SourcePosition(line: line, column: column) }

/// The events with positions dropped, for checks about content only.
func xmlShapes(_ xml: String) throws -> [String] {
    try xmlEvents(xml).map { event in
        switch event {
        case .start(let tag):
            let attributes = tag.attributes.map { " \($0.name)=\($0.value)" }.joined()
            return "<\(tag.name)\(attributes)\(tag.isEmpty ? "/" : "")>"
        case .end(let name, _): return "</\(name)>"
        case .text(let text, _): return "text:\(text)"
        case .cdata(let text, _): return "cdata:\(text)"
        }
    }
}

@Suite struct XMLReaderEventTests {
    @Test("elements, attributes and text, each with its line and column")
    func positions() throws {
        let events = try xmlEvents("<?xml version=\"1.0\"?>\n<a x=\"1\">hi<b/>there</a>")
        #expect(events.count == 6)
        guard case .start(let a) = events[0] else { Issue.record("expected <a>"); return }
        #expect(a.name == "a")
        #expect(a.position == at(2, 1))
        #expect(a.contentPosition == at(2, 10))
        #expect(a.attributes == [XMLAttribute(name: "x", value: "1", position: at(2, 7))])
        #expect(!a.isEmpty)
        #expect(events[1] == .text("hi", position: at(2, 10)))
        guard case .start(let b) = events[2] else { Issue.record("expected <b/>"); return }
        #expect(b.isEmpty)
        #expect(b.position == at(2, 12))
        #expect(b.contentPosition == at(2, 16))
        #expect(events[3] == .end(name: "b", position: at(2, 12)))
        #expect(events[4] == .text("there", position: at(2, 16)))
        #expect(events[5] == .end(name: "a", position: at(2, 21)))
    }

    @Test("columns count Unicode scalars, not bytes")
    func columnsCountScalars() throws {
        let events = try xmlEvents("<a>日本😀<b/></a>")
        guard case .start(let b) = events[2] else { Issue.record("expected <b/>"); return }
        #expect(b.position == at(1, 7))
    }

    @Test("the five predefined entities and character references are decoded in text")
    func entitiesInText() throws {
        let events = try xmlEvents("<a>&lt;&gt;&amp;&quot;&apos;&#65;&#x42;&#x1F600;&#10;</a>")
        #expect(events[1] == .text("<>&\"'AB😀\n", position: at(1, 4)))
    }

    @Test("CR LF and lone CR become LF in text and count as one line end")
    func lineEnds() throws {
        #expect(try xmlShapes("<a>x\r\ny\rz</a>") == ["<a>", "text:x\ny\nz", "</a>"])
        let events = try xmlEvents("<a>\r\n<b/>\r<c/></a>")
        guard case .start(let b) = events[2], case .start(let c) = events[5] else {
            Issue.record("expected <b/> and <c/>")
            return
        }
        #expect(b.position == at(2, 1))
        #expect(c.position == at(3, 1))
    }

    @Test("attribute values: references decoded, literal tab and line breaks become spaces")
    func attributeNormalization() throws {
        let events = try xmlEvents("<a v=\"x&#10;y\tz\r\nw &amp; &lt;\" s='\"q\"'/>")
        guard case .start(let a) = events[0] else { Issue.record("expected <a/>"); return }
        #expect(a.attribute("v") == "x\ny z w & <")
        #expect(a.attribute("s") == "\"q\"")
        #expect(a.attribute("missing") == nil)
    }

    @Test("CDATA is its own event, verbatim, positioned at its content")
    func cdata() throws {
        let events = try xmlEvents("<a>x<![CDATA[<b>&amp;]]>y</a>")
        #expect(events[1] == .text("x", position: at(1, 4)))
        #expect(events[2] == .cdata("<b>&amp;", position: at(1, 14)))
        #expect(events[3] == .text("y", position: at(1, 25)))
    }

    @Test("the XML declaration, DOCTYPE, comments and processing instructions produce no events")
    func skippedMarkup() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <!-- c -->
            <?pi stuff?>
            <r><!-- inner --><?x y?>t</r>
            <!-- after -->

            """
        let events = try xmlEvents(xml)
        #expect(
            events == [
                .start(
                    XMLStartTag(
                        name: "r", attributes: [], position: at(5, 1), contentPosition: at(5, 4),
                        isEmpty: false)),
                .text("t", position: at(5, 25)),
                .end(name: "r", position: at(5, 26)),
            ])
    }

    @Test("a DOCTYPE internal subset is skipped and its entity declarations are used")
    func internalSubset() throws {
        let xml = """
            <!DOCTYPE r [
              <!ENTITY app "Antenna&#80;od">
              <!ENTITY % skipped "param">
              <!ELEMENT r (#PCDATA)>
              <!-- a ] > in a comment -->
              <!ATTLIST r a CDATA "]>">
            ]>
            <r t="&app;">&app; "x"</r>
            """
        #expect(try xmlShapes(xml) == ["<r t=AntennaPod>", "text:AntennaPod \"x\"", "</r>"])
    }

    @Test("prefixed names keep their prefix; prefix and local name are available")
    func prefixedNames() throws {
        let events = try xmlEvents("<resources xmlns:xliff=\"urn:x\"><xliff:g id=\"a\">%1$s</xliff:g></resources>")
        guard case .start(let g) = events[1] else { Issue.record("expected <xliff:g>"); return }
        #expect(g.name == "xliff:g")
        #expect(g.prefix == "xliff")
        #expect(g.localName == "g")
        #expect(events[3] == .end(name: "xliff:g", position: at(1, 52)))
    }

    @Test("a comment splits text into two events")
    func commentSplitsText() throws {
        #expect(try xmlShapes("<a>x<!-- c -->y</a>") == ["<a>", "text:x", "text:y", "</a>"])
    }

    @Test("single-quoted attributes and white space around '='")
    func attributeSyntax() throws {
        #expect(try xmlShapes("<a  x = 'one'\n y=\"two\" ></a >") == ["<a x=one y=two>", "</a>"])
    }

    @Test("skipElement and readContent consume through the matching end tag")
    func helpers() throws {
        var reader = try XMLReader(bytes: Array("<r><s>a<i>b</i><![CDATA[c]]></s><t/><u>x</u></r>".utf8), file: "t")
        _ = try reader.next()  // <r>
        _ = try reader.next()  // <s>
        #expect(try reader.readContent() == "abc")
        _ = try reader.next()  // <t/>
        try reader.skipElement()  // its end
        _ = try reader.next()  // <u>
        try reader.skipElement()
        #expect(try reader.next() == .end(name: "r", position: at(1, 45)))
        #expect(try reader.next() == nil)
    }
}

@Suite struct XMLReaderEncodingTests {
    @Test("a UTF-8 BOM is skipped and positions start after it")
    func utf8BOM() throws {
        let events = try xmlEvents([0xEF, 0xBB, 0xBF] + Array("<a>é</a>".utf8))
        #expect(events[1] == .text("é", position: at(1, 4)))
    }

    @Test("UTF-16 little-endian with BOM FF FE is transcoded")
    func utf16LittleEndian() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "<a>é😀</a>\n".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try xmlEvents(bytes)[1] == .text("é😀", position: at(1, 4)))
    }

    @Test("UTF-32 with its BOM is transcoded in either byte order", arguments: [false, true])
    func utf32WithMark(bigEndian: Bool) throws {
        var bytes: [UInt8] = []
        for value in [0xFEFF] + "<a>é😀</a>\n".unicodeScalars.map(\.value) {
            let le = [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
            bytes += bigEndian ? le.reversed() : le
        }
        #expect(try xmlEvents(bytes)[1] == .text("é😀", position: at(1, 4)))
    }

    @Test("UTF-16 big-endian with BOM FE FF is transcoded")
    func utf16BigEndian() throws {
        var bytes: [UInt8] = [0xFE, 0xFF]
        for unit in "<a>日本</a>".utf16 { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        #expect(try xmlEvents(bytes)[1] == .text("日本", position: at(1, 4)))
    }

    @Test("UTF-16 without a BOM is recognized from '<?'")
    func utf16WithoutBOM() throws {
        var bytes: [UInt8] = []
        for unit in "<?xml version=\"1.0\"?><a>x</a>".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try xmlEvents(bytes)[1] == .text("x", position: at(1, 25)))
    }

    @Test("a declared ISO-8859-1 file is transcoded")
    func latin1() throws {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>".utf8) + [0xE9] + Array("</a>".utf8)
        #expect(try xmlEvents(bytes)[1] == .text("é", position: at(1, 47)))
    }

    @Test("an unpaired UTF-16 surrogate throws with its position")
    func loneSurrogate() {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "<a>\nx".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        bytes += [0x00, 0xD8, 0x41, 0x00]
        let error = xmlError(bytes)
        #expect(error?.position == at(2, 2))
        #expect(error?.message.contains("high surrogate U+D800") == true)
    }

    @Test("invalid UTF-8 throws at the bad byte")
    func invalidUTF8() {
        let error = xmlError(Array("<a>\nok ".utf8) + [0xC3, 0x28] + Array("</a>".utf8))
        #expect(error?.position == at(2, 4))
        #expect(error?.message.contains("invalid UTF-8: byte 0x28 cannot follow 0xC3") == true)
    }

    @Test("an encoding we cannot read is an error at its name")
    func unsupportedEncoding() {
        let error = xmlError("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><a/>")
        #expect(error?.position == at(1, 31))
        #expect(error?.message.contains("unsupported encoding 'Shift_JIS'") == true)
    }
}

@Suite struct XMLReaderErrorTests {
    /// Checks that reading `xml` fails at `position` with a message containing every one of `parts`.
    func expectError(
        _ xml: String, at position: SourcePosition, _ parts: String...,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let error = xmlError(xml) else {
            Issue.record("expected an error", sourceLocation: sourceLocation)
            return
        }
        #expect(error.file == "test.xml", sourceLocation: sourceLocation)
        #expect(error.position == position, "\(error.message)", sourceLocation: sourceLocation)
        for part in parts {
            #expect(error.message.contains(part), "message: \(error.message)", sourceLocation: sourceLocation)
        }
    }

    @Test func mismatchedEndTag() {
        expectError("<a>\n  <b></a>", at: at(2, 6), "expected </b>", "opened at 2:3", "found </a>")
    }

    @Test func unclosedElement() {
        expectError("<a><b>text", at: at(1, 11), "expected </b>", "opened at 1:4", "found end of file")
    }

    @Test func unterminatedComment() {
        expectError("<a>\n<!-- x</a>", at: at(2, 1), "unterminated comment", "expected '-->'")
    }

    @Test func unterminatedCDATA() {
        expectError("<a><![CDATA[x</a>", at: at(1, 4), "unterminated CDATA section", "expected ']]>'")
    }

    @Test func unterminatedAttributeValue() {
        expectError("<a x=\"1>text", at: at(1, 6), "unterminated value of the attribute x")
    }

    @Test func unterminatedStartTag() {
        expectError("<a x=\"1\"", at: at(1, 1), "unterminated start tag <a", "found end of file")
    }

    @Test func unterminatedProcessingInstruction() {
        expectError("<a/><?pi x", at: at(1, 5), "unterminated processing instruction")
    }

    @Test func unterminatedDoctype() {
        expectError("<!DOCTYPE r [ <!ENTITY x \"y\">", at: at(1, 1), "unterminated DOCTYPE")
    }

    @Test func unknownEntity() {
        expectError("<a>AT&T;</a>", at: at(1, 6), "unknown entity &T;")
    }

    /// An external entity is never loaded, and the error says so (it said "must be declared", of a declared one).
    @Test func externalEntity() {
        expectError(
            "<!DOCTYPE a [<!ENTITY x SYSTEM \"file:///etc/hostname\">]><a>&x;</a>", at: at(1, 60),
            "the entity &x; is external (declared with SYSTEM or PUBLIC)", "never loaded")
        expectError(
            "<!DOCTYPE a [<!ENTITY y PUBLIC \"-//X//EN\" \"y.ent\">]><a>&y;</a>", at: at(1, 56), "&y; is external")
    }

    @Test func bareAmpersand() {
        expectError("<a>A & B</a>", at: at(1, 7), "expected an entity name or '#' after '&'", "found a space")
    }

    @Test func entityWithoutSemicolon() {
        expectError("<a>&amp b</a>", at: at(1, 8), "expected ';' after the entity name &amp", "found a space")
    }

    @Test func invalidCharacterReference() {
        expectError("<a>&#xD800;</a>", at: at(1, 4), "&#xD800; is not a character XML allows")
        expectError("<a>&#;</a>", at: at(1, 6), "expected decimal digits and ';'")
    }

    @Test func lessThanInAttributeValue() {
        expectError("<a x=\"a<b\"/>", at: at(1, 8), "'<' is not allowed in the value of the attribute x")
    }

    @Test func duplicateAttribute() {
        expectError("<a x=\"1\" x=\"2\"/>", at: at(1, 10), "duplicate attribute x in <a>")
    }

    @Test func missingEquals() {
        expectError("<a x \"1\"/>", at: at(1, 6), "expected '=' after the attribute name x", "found '\"'")
    }

    @Test func unquotedAttributeValue() {
        expectError("<a x=1/>", at: at(1, 6), "expected a quoted value for the attribute x", "found '1'")
    }

    @Test func attributesNeedSpaceBetween() {
        expectError("<a x=\"1\"y=\"2\"/>", at: at(1, 9), "expected white space, '>' or '/>' after the value of x")
    }

    @Test func textAfterRoot() {
        expectError("<a/>\nhello", at: at(2, 1), "after the root element </a>", "found text starting with 'h'")
    }

    @Test func secondRootElement() {
        expectError("<a/><b/>", at: at(1, 5), "after the root element </a>", "found another element")
    }

    @Test func textBeforeRoot() {
        expectError("hi<a/>", at: at(1, 1), "expected '<' to start the root element, found 'h'")
    }

    @Test func emptyDocument() {
        expectError("", at: at(1, 1), "expected a root element, found end of file")
        expectError("  <!-- only a comment -->\n", at: at(2, 1), "expected a root element")
    }

    @Test func endTagWithoutOpenElement() {
        expectError("</a>", at: at(1, 1), "unexpected end tag </a>: no element is open")
    }

    @Test func cdataEndInText() {
        expectError("<a>x]]>y</a>", at: at(1, 5), "']]>' is not allowed in text")
    }

    @Test func badMarkupAfterBang() {
        expectError("<a><!x></a>", at: at(1, 4), "expected '<!--', '<![CDATA[' or '<!DOCTYPE'", "found 'x'")
    }

    @Test func missingElementName() {
        expectError("<a>< b/></a>", at: at(1, 5), "expected an element name after '<', found a space")
    }

    @Test func doctypeAfterRoot() {
        expectError("<a/><!DOCTYPE a>", at: at(1, 5), "a DOCTYPE is allowed only once, before the root element")
    }
}
