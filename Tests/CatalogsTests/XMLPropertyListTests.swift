import Testing

@testable import Catalogs

func parsePlist(_ xml: String) throws -> PropertyListNode {
    try XMLPropertyList.parse(Array(xml.utf8), file: "test.plist")
}

func plistParseError(_ xml: String) -> CatalogError? {
    do {
        _ = try parsePlist(xml)
        return nil
    } catch let error as CatalogError {
        return error
    } catch {
        return nil
    }
}

@Suite struct XMLPropertyListTests {
    @Test("every value type, in order, with positions")
    func allTypes() throws {
        let root = try parsePlist(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>s</key>
            \t<string> two  spaces &amp; <![CDATA[<cdata>]]></string>
            \t<key>i</key><integer>-42</integer>
            \t<key>h</key><integer>0x1F</integer>
            \t<key>r</key><real>2.5</real>
            \t<key>t</key><true/>
            \t<key>f</key><false/>
            \t<key>d</key><date>2024-01-31T12:00:00Z</date>
            \t<key>b</key><data>SGk=</data>
            \t<key>a</key><array><string/><dict/></array>
            </dict>
            </plist>
            """)
        let entries = try #require(root.dictionary)
        #expect(root.position == at(4, 1))
        #expect(entries.map(\.key) == ["s", "i", "h", "r", "t", "f", "d", "b", "a"])
        #expect(entries[0].keyPosition == at(5, 7))
        #expect(entries[0].value == PropertyListNode(value: .string(" two  spaces & <cdata>"), position: at(6, 10)))
        #expect(entries[1].value.value == .integer(-42))
        #expect(entries[2].value.value == .integer(31))
        #expect(entries[3].value.value == .real(2.5))
        #expect(entries[4].value.value == .boolean(true))
        #expect(entries[5].value.value == .boolean(false))
        #expect(entries[6].value.value == .date("2024-01-31T12:00:00Z"))
        #expect(entries[7].value.value == .data([0x48, 0x69]))
        #expect(
            entries[8].value.value
                == .array([
                    PropertyListNode(value: .string(""), position: at(14, 21)),
                    PropertyListNode(value: .dictionary([]), position: at(14, 30)),
                ]))
        #expect(root["s"]?.string == " two  spaces & <cdata>")
        #expect(root["missing"] == nil)
    }

    @Test("a key without a value is an error at the key")
    func keyWithoutValue() {
        let error = plistParseError("<plist><dict>\n<key>a</key>\n</dict></plist>")
        #expect(error?.position == at(2, 1))
        #expect(error?.message == "expected a value for the key 'a', found </dict>")
    }

    @Test("two keys in a row: the second is where a value was expected")
    func keyAfterKey() {
        let error = plistParseError("<plist><dict><key>a</key><key>b</key><string/></dict></plist>")
        #expect(error?.position == at(1, 26))
        #expect(error?.message == "expected a value for the key 'a', found another <key>")
    }

    @Test("an unknown element is an error naming what is allowed")
    func unknownElement() {
        let error = plistParseError("<plist><dict><key>a</key><strng>x</strng></dict></plist>")
        #expect(error?.position == at(1, 26))
        #expect(error?.message.hasPrefix("unknown property list element <strng>: expected <dict>") == true)
    }

    @Test("a value where a key is expected")
    func valueWithoutKey() {
        let error = plistParseError("<plist><dict><string>x</string></dict></plist>")
        #expect(error?.position == at(1, 14))
        #expect(error?.message == "expected <key> in <dict>, found <string>")
    }

    @Test("text between elements of a dict is an error at the text")
    func strayText() {
        let error = plistParseError("<plist><dict>\n  oops<key>a</key><string/></dict></plist>")
        #expect(error?.position == at(2, 3))
        #expect(error?.message == "expected an element in <dict>, found the text 'oops'")
    }

    @Test("an element inside a string is an error")
    func elementInString() {
        let error = plistParseError("<plist><string>a<b>c</b></string></plist>")
        #expect(error?.position == at(1, 17))
        #expect(error?.message == "expected text in <string>, found the element <b>")
    }

    @Test("the root must be <plist> holding one value")
    func rootShape() {
        #expect(plistParseError("<dict/>")?.message == "expected the root element <plist>, found <dict>")
        #expect(plistParseError("<plist></plist>")?.message == "expected a value inside <plist>, found </plist>")
        #expect(
            plistParseError("<plist><dict/><dict/></plist>")?.message
                == "expected </plist> after the property list's one value, found <dict>")
    }

    @Test("bad scalars are errors at their text")
    func badScalars() {
        let integer = plistParseError("<plist><integer>12a</integer></plist>")
        #expect(integer?.position == at(1, 17))
        #expect(integer?.message == "expected an integer in <integer>, found '12a'")
        #expect(plistParseError("<plist><real>x</real></plist>")?.message == "expected a number in <real>, found 'x'")
        #expect(plistParseError("<plist><data>!!</data></plist>")?.message == "expected base64 text in <data>")
        #expect(
            plistParseError("<plist><key>k</key></plist>")?.message
                == "expected a value, found <key> (a <key> belongs directly inside a <dict>)")
    }

    @Test("XML errors come through with their positions")
    func xmlErrors() {
        let error = plistParseError("<plist><dict><key>a</key><string>x</dict></plist>")
        #expect(error?.position == at(1, 35))
        #expect(error?.message.contains("expected </string>") == true)
    }

    @Test("looksLikeXML tells XML property lists from old-style text")
    func looksLikeXML() {
        #expect(XMLPropertyList.looksLikeXML(Array("<?xml version=\"1.0\"?><plist/>".utf8)))
        #expect(XMLPropertyList.looksLikeXML(Array("\n  <plist version=\"1.0\">".utf8)))
        #expect(XMLPropertyList.looksLikeXML([0xEF, 0xBB, 0xBF] + Array("<!DOCTYPE plist>".utf8)))
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "<?xml".utf16 { utf16 += [UInt8(unit), 0] }
        #expect(XMLPropertyList.looksLikeXML(utf16))
        #expect(!XMLPropertyList.looksLikeXML(Array("\"key\" = \"<plist>\";".utf8)))
        #expect(!XMLPropertyList.looksLikeXML(Array("/* comment */ \"a\" = \"b\";".utf8)))
    }
}
