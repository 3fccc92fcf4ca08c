import Foundation
import Testing

@testable import Catalogs

/// Binary property lists, as Xcode compiles `.strings` and `.stringsdict` files into a built app: read like their
/// XML form. The well-formed files below were written by Python's `plistlib.dumps(…, fmt=plistlib.FMT_BINARY)` (an
/// independent writer; it sorts keys), the hostile ones are laid out by hand with `Self.bplist`.
@Suite struct BinaryPropertyListTests {
    /// `{"button.refund": "Rückerstattung", "files.count": "%d Dateien", "long": "abcdefghijklmnopqrstuvwxyz",
    /// "wave": "Hallo 👋🏽"}`: non-ASCII strings in UTF-16 (with surrogate pairs), a 26-byte one with its count in an
    /// integer object after the marker.
    static let strings = Array(
        Data(
            base64Encoded:
                "YnBsaXN0MDDUAQIDBAUGBwhdYnV0dG9uLnJlZnVuZFtmaWxlcy5jb3VudFRsb25nVHdhdmVuAFIA/ABjAGsAZQByAHMAdABhAHQAdAB1AG4AZ1olZCBEYXRlaWVuXxAaYWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXpqAEgAYQBsAGwAbwAg2D3cS9g83/0IER8rMDVSXXoAAAAAAAABAQAAAAAAAAAJAAAAAAAAAAAAAAAAAAAAjw=="
        )!)

    /// `{"files.count": {"NSStringLocalizedFormatKey": "%#@files@", "files": {"NSStringFormatSpecTypeKey":
    /// "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d", "one": "%d Datei", "other": "%d Dateien"}}}`.
    static let stringsdict = Array(
        Data(
            base64Encoded:
                "YnBsaXN0MDDRAQJbZmlsZXMuY291bnTSAwQFBl8QGk5TU3RyaW5nTG9jYWxpemVkRm9ybWF0S2V5VWZpbGVzWSUjQGZpbGVzQNQHCAkKCwwNDl8QGU5TU3RyaW5nRm9ybWF0U3BlY1R5cGVLZXlfEBpOU1N0cmluZ0Zvcm1hdFZhbHVlVHlwZUtleVNvbmVVb3RoZXJfEBZOU1N0cmluZ1BsdXJhbFJ1bGVUeXBlUWRYJWQgRGF0ZWlaJWQgRGF0ZWllbggLFxw5P0lSbouPla6wuQAAAAAAAAEBAAAAAAAAAA8AAAAAAAAAAAAAAAAAAADE"
        )!)

    /// `{"big": 2**40, "d": b"\x01\x02", "n": -5, "r": 1.5, "t": True, "when": datetime(2024, 1, 31, 12, 0, 0)}`.
    static let scalars = Array(
        Data(
            base64Encoded:
                "YnBsaXN0MDDWAQIDBAUGBwgJCgsMU2JpZ1FkUW5RclF0VHdoZW4TAAABAAAAAABCAQIT//////////sjP/gAAAAAAAAJM0HFtTbgAAAACBUZGx0fISYvMjtERQAAAAAAAAEBAAAAAAAAAA0AAAAAAAAAAAAAAAAAAABO"
        )!)

    /// A binary property list laid out by hand: the header, `objects` in order, an offset table of `offsetWidth`-byte
    /// entries and the trailer (saying references are `referenceWidth` bytes), rooted at object `root`. `version`
    /// replaces `00`.
    static func bplist(
        _ objects: [[UInt8]], root: Int = 0, offsetWidth: Int = 1, referenceWidth: Int = 1, version: String = "00",
        tableOffset: Int? = nil, objectCount: Int? = nil
    ) -> [UInt8] {
        var bytes = Array("bplist\(version)".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets {
            for shift in stride(from: (offsetWidth - 1) * 8, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: offset >> shift))
            }
        }
        func be64(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetWidth), UInt8(referenceWidth)]
        bytes += be64(objectCount ?? objects.count) + be64(root) + be64(tableOffset ?? table)
        return bytes
    }

    static func parse(_ bytes: [UInt8]) throws(CatalogError) -> PropertyListNode {
        try PropertyListNode.parse(bytes, file: "x.strings")
    }

    static func message(_ bytes: [UInt8]) -> String {
        do {
            _ = try parse(bytes)
            return "parsed"
        } catch {
            return error.message
        }
    }

    @Test func aCompiledStringsFileIsReadAsTheCatalogItWasBuiltFrom() throws {
        let path = "App.app/de.lproj/Localizable.strings"
        let source = CatalogSource(path: path, format: .strings, locale: "de", group: path)
        let document = try CatalogParsing.parse(Self.strings, source: source)
        #expect(document.entries.map { $0.key } == ["button.refund", "files.count", "long", "wave"])
        #expect(
            document.entries.map { $0.text } == [
                "Rückerstattung", "%d Dateien", "abcdefghijklmnopqrstuvwxyz", "Hallo 👋🏽",
            ])
        #expect(document.skipped.isEmpty)
        // The header (8 bytes), the root dict's marker and 8 one-byte references (bytes 8–16), then the four keys:
        // "button.refund" 1 + 13 bytes at 17, "files.count" 1 + 11 at 31, "long" 1 + 4 at 43, "wave" 1 + 4 at 48; the
        // first value starts at byte 53, column 54.
        #expect(document.entries[0].position == SourcePosition(line: 1, column: 54))
    }

    @Test func aCompiledStringsdictGivesThePluralForms() throws {
        let document = try StringsDictParser.parse(
            Self.stringsdict, file: "App.app/de.lproj/Localizable.stringsdict", locale: "de")
        #expect(document.entries.map { $0.variant } == ["files.one", "files.other"])
        #expect(document.entries.map { $0.text } == ["%d Datei", "%d Dateien"])
    }

    @Test func scalarsAreTheValuesTheXMLFormWouldHold() throws {
        let root = try Self.parse(Self.scalars)
        #expect(root["big"]?.value == .integer(1 << 40))
        #expect(root["d"]?.value == .data([1, 2]))
        #expect(root["n"]?.value == .integer(-5))
        #expect(root["r"]?.value == .real(1.5))
        #expect(root["t"]?.value == .boolean(true))
        #expect(root["when"]?.value == .date("2024-01-31T12:00:00Z"))
    }

    /// Dates on both sides of 2001-01-01 and on leap days, in the XML form's text (days from 2001-01-01 by hand, checked
    /// with Python's `date` subtraction: 2000-02-29 is 307 days before — the ten months from March, 306 days, and the
    /// 29th — and 2024-02-29 is 8,459 after: 23 years with 5 leap days, then 31 + 28).
    @Test func datesAreWrittenAsInXML() {
        #expect(BinaryPropertyList.dateText(secondsSince2001: 0) == "2001-01-01T00:00:00Z")
        #expect(BinaryPropertyList.dateText(secondsSince2001: -307 * 86_400) == "2000-02-29T00:00:00Z")
        #expect(BinaryPropertyList.dateText(secondsSince2001: 8_459 * 86_400 + 3_661) == "2024-02-29T01:01:01Z")
        #expect(BinaryPropertyList.dateText(secondsSince2001: -1) == "2000-12-31T23:59:59Z")
        #expect(BinaryPropertyList.dateText(secondsSince2001: .nan).hasSuffix("after 2001-01-01"))
    }

    /// Each object is built once however often it is referenced: 64 levels of arrays each holding the next twice
    /// would be 2^64 nodes written out, and are read at once.
    @Test func sharedObjectsAreBuiltOnce() throws {
        var objects: [[UInt8]] = (0..<64).map { level in [0xA2, UInt8(level + 1), UInt8(level + 1)] }
        objects.append([0x51, UInt8(ascii: "x")])
        var node = try Self.parse(Self.bplist(objects))
        for _ in 0..<64 {
            guard case .array(let items) = node.value, items.count == 2 else { Issue.record("not an array"); return }
            node = items[1]
        }
        #expect(node.string == "x")
    }

    @Test func hostileLayoutsAreRefusedNamingTheFault() {
        // An array that holds itself.
        #expect(Self.message(Self.bplist([[0xA1, 0x00]])).contains("object 0 contains itself"))
        // 300 arrays each holding the next (two-byte offsets and references).
        var deep: [[UInt8]] = []
        for level in 1..<300 { deep.append([0xA1, UInt8(level >> 8), UInt8(level & 0xFF)]) }
        deep.append([0x08])
        #expect(
            Self.message(Self.bplist(deep, offsetWidth: 2, referenceWidth: 2)).contains("deeper than 256"))
        // A reference past the objects.
        #expect(Self.message(Self.bplist([[0xA1, 0x07]])).contains("reference to object 7 of 1"))
        // A string whose count (255) runs past the file's objects.
        #expect(Self.message(Self.bplist([[0x5F, 0x10, 0xFF, 0x41]])).contains("runs past the objects"))
        // A dictionary whose key is a number.
        #expect(Self.message(Self.bplist([[0xD1, 0x01, 0x01], [0x10, 0x05]])).contains("key is an <integer>"))
        // A keyed archive's UID.
        #expect(Self.message(Self.bplist([[0x80, 0x01]])).contains("keyed archive"))
        // The trailer's table outside the file, and more objects than the table can hold.
        #expect(Self.message(Self.bplist([[0x08]], tableOffset: 1 << 40)).contains("do not fit a file"))
        #expect(Self.message(Self.bplist([[0x08]], objectCount: 1 << 62)).contains("do not fit a file"))
        // The root is not an object of the file.
        #expect(Self.message(Self.bplist([[0x08]], root: 3)).contains("the root is object 3 of 1"))
        // A newer format.
        #expect(Self.message(Self.bplist([[0x08]], version: "15")).contains("version \"15\" is not supported"))
        // Too short for a trailer.
        #expect(Self.message(Array("bplist00".utf8)).contains("too short"))
        // A well-formed file, for contrast.
        #expect(Self.message(Self.bplist([[0x09]])) == "parsed")
    }

    @Test func everyTruncationOfAWellFormedFileIsAnErrorNotATrap() {
        for length in 0..<Self.strings.count {
            let cut = Array(Self.strings.prefix(length))
            let result = Self.message(cut)
            #expect(result != "parsed", "length \(length)")
        }
    }
}
