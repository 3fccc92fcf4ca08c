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

    /// A key written twice in a compiled dictionary (here both keys are one object) keeps its last value, and the
    /// earlier is reported with where it was overridden: on line 1, as every binary object is, so by column too
    /// ("overridden at line 1" named no place).
    @Test func aRepeatedKeyIsReportedWithItsColumn() throws {
        let bytes = Self.bplist([
            [0xD2, 1, 1, 2, 3], [0x51, 0x61], [0x55] + Array("first".utf8), [0x56] + Array("second".utf8),
        ])
        let document = try StringsPlistParser.parse(bytes, file: "de.lproj/L.strings", locale: "de")
        #expect(document.entries.map { "\($0.key)=\($0.text)" } == ["a=second"])
        #expect(document.skipped.count == 1)
        let reason = "\(document.skipped.first?.reason as Any)"
        #expect(reason.contains("duplicate key, overridden at line 1, column "), "\(reason)")
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
        // The first and last seconds of years 1–9999: 730,485 days before (2,000 years, 485 leap days) and 2,921,574
        // days after (7,999 years, 1,939 leap days); beyond them, the number as written.
        #expect(BinaryPropertyList.dateText(secondsSince2001: -730_485 * 86_400) == "0001-01-01T00:00:00Z")
        #expect(BinaryPropertyList.dateText(secondsSince2001: 2_921_574 * 86_400 - 1) == "9999-12-31T23:59:59Z")
        #expect(BinaryPropertyList.dateText(secondsSince2001: 2_921_574 * 86_400).hasSuffix("after 2001-01-01"))
    }

    /// Each object is built once however often it is referenced, and counted at every use: 20 levels of arrays each
    /// holding the next twice are 2^20 copies of "x" written out (about 2 MB of nodes), read at once; 64 levels would
    /// be 2^64, refused by the expansion limit rather than handed on to a catalog reader that walks every copy.
    @Test func sharedObjectsAreBuiltOnceAndCountedAtEveryUse() throws {
        func doubling(_ levels: Int) -> [UInt8] {
            var objects: [[UInt8]] = (0..<levels).map { level in [0xA2, UInt8(level + 1), UInt8(level + 1)] }
            objects.append([0x51, UInt8(ascii: "x")])
            return Self.bplist(objects)
        }
        var node = try Self.parse(doubling(20))
        for _ in 0..<20 {
            guard case .array(let items) = node.value, items.count == 2 else { Issue.record("not an array"); return }
            node = items[1]
        }
        #expect(node.string == "x")
        #expect(Self.message(doubling(64)).contains("more than 64 MB of text"))
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

    /// Object i + 1 is an array holding object i, and one array lists them all: each object is built once, at a
    /// shallow depth, but the tree they stand for is 400 levels deep. Refused by the objects' heights, where before
    /// the tree was returned and its release overflowed the stack (a fresh-eyes review's 400 KB file).
    @Test func sharedObjectsCannotNestDeeperThanTheLimit() {
        let levels = 400
        var objects: [[UInt8]] = [[0x51, UInt8(ascii: "x")]]
        for level in 1...levels { objects.append([0xA1, UInt8((level - 1) >> 8), UInt8((level - 1) & 0xFF)]) }
        var list: [UInt8] = [0xAF, 0x11, UInt8(levels >> 8), UInt8(levels & 0xFF)]
        for level in 1...levels { list += [UInt8(level >> 8), UInt8(level & 0xFF)] }
        objects.append(list)
        let message = Self.message(
            Self.bplist(objects, root: levels + 1, offsetWidth: 2, referenceWidth: 2))
        #expect(message.contains("nested deeper than 256 levels"), "\(message)")
        // 200 levels fit.
        var fitting = Array(objects.prefix(201))
        var short: [UInt8] = [0xAF, 0x10, 200]
        for level in 1...200 { short += [0, UInt8(level)] }
        fitting.append(short)
        #expect(Self.message(Self.bplist(fitting, root: 201, offsetWidth: 2, referenceWidth: 2)) == "parsed")
    }

    /// 2,000 keys that all name one 40,000-byte string: 60 KB of file, 80 MB of text once written out. Refused, as the
    /// XML reader refuses entity expansions past 16 MB; a catalog measured from it would measure every copy.
    @Test func sharedTextCannotExpandPastTheLimit() {
        let keys = 2_000
        var objects: [[UInt8]] = [[0x5F, 0x12, 0x00, 0x00, 0x9C, 0x40] + [UInt8](repeating: 0x61, count: 40_000)]
        for key in 0..<keys { objects.append([0x55] + Array(String(format: "k%04d", key).utf8)) }
        var root: [UInt8] = [0xDF, 0x11, UInt8(keys >> 8), UInt8(keys & 0xFF)]
        for key in 0..<keys { root += [UInt8((key + 1) >> 8), UInt8((key + 1) & 0xFF)] }
        for _ in 0..<keys { root += [0, 0] }
        objects.append(root)
        let message = Self.message(Self.bplist(objects, root: keys + 1, offsetWidth: 3, referenceWidth: 2))
        #expect(message.contains("more than 64 MB of text"), "\(message)")
        // 1,000 keys (40 MB) are read.
        var fewer = Array(objects.prefix(1 + 1_000))
        var small: [UInt8] = [0xDF, 0x11, UInt8(1_000 >> 8), UInt8(1_000 & 0xFF)]
        for key in 0..<1_000 { small += [UInt8((key + 1) >> 8), UInt8((key + 1) & 0xFF)] }
        for _ in 0..<1_000 { small += [0, 0] }
        fewer.append(small)
        #expect(Self.message(Self.bplist(fewer, root: 1_001, offsetWidth: 3, referenceWidth: 2)) == "parsed")
    }

    /// A text `.strings` file may start with an unquoted key that begins with `bplist`: only `bplist0` and a digit
    /// make a binary property list.
    @Test func aTextFileStartingWithBplistIsText() throws {
        let path = "en.lproj/Localizable.strings"
        let document = try CatalogParsing.parse(
            Array("bplist = \"x\";\nbplist00 = \"y\";\n".utf8),
            source: CatalogSource(path: path, format: .strings, locale: "en", group: path))
        #expect(document.entries.map { $0.key } == ["bplist", "bplist00"])
    }

    @Test func everyTruncationOfAWellFormedFileIsAnErrorNotATrap() {
        for length in 0..<Self.strings.count {
            let cut = Array(Self.strings.prefix(length))
            let result = Self.message(cut)
            #expect(result != "parsed", "length \(length)")
        }
    }
}
