import TestSupport
import Testing

@testable import Catalogs

/// Truncated and corrupted input must throw `CatalogError` (with a position) or parse: never trap.
@Suite struct XMLCatalogsFuzzTests {
    typealias Parse = @Sendable ([UInt8]) throws(CatalogError) -> CatalogDocument

    static let xliff: Parse = { bytes throws(CatalogError) in
        try XLIFFParser.parse(bytes, file: "f.xliff", locale: "en")
    }
    static let android: Parse = { bytes throws(CatalogError) in
        try AndroidResourcesParser.parse(bytes, file: "strings.xml", locale: "en")
    }
    static let stringsDict: Parse = { bytes throws(CatalogError) in
        try StringsDictParser.parse(bytes, file: "a.stringsdict", locale: "en")
    }

    /// Parses every prefix of `bytes` whose length is a multiple of `step` (and the whole), checking that a
    /// failure is a `CatalogError` pointing at a place in the file.
    static func truncations(
        of bytes: [UInt8], every step: Int, _ parse: Parse,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var length = 0
        while length <= bytes.count {
            do {
                _ = try parse(Array(bytes[0..<length]))
            } catch {
                #expect(error.position != nil, "cut at \(length): \(error.message)", sourceLocation: sourceLocation)
            }
            length += length == bytes.count ? 1 : min(step, bytes.count - length)
        }
    }

    /// Replaces bytes with markup-significant ones, one place at a time.
    static func corruptions(of bytes: [UInt8], every step: Int, _ parse: Parse) {
        let replacements: [UInt8] = [0x3C, 0x3E, 0x26, 0x22, 0x27, 0x5C, 0x2F, 0x5D, 0x00, 0xFF, 0xE2]
        var index = 0
        while index < bytes.count {
            for replacement in replacements {
                var corrupted = bytes
                corrupted[index] = replacement
                _ = try? parse(corrupted)
            }
            index += step
        }
    }

    @Test("XLIFF fixtures cut at every other byte and corrupted every 7th")
    func xliffFixtures() {
        for fixture in [XLIFFParserTests.stringsExport, XLIFFParserTests.catalogExport] {
            Self.truncations(of: Array(fixture.utf8), every: 2, Self.xliff)
            Self.corruptions(of: Array(fixture.utf8), every: 7, Self.xliff)
        }
    }

    @Test("Android and stringsdict fixtures cut at every byte and corrupted everywhere")
    func smallFixtures() {
        let android = Array(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE resources [<!ENTITY app "AntennaPod">]>
            <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
              <string name="a">"Quoted" l\\'app &app; \\uD83E\\uDDD8 <b>bold</b> <xliff:g id="x">%1$s</xliff:g></string>
              <string name="b"><![CDATA[<i>x</i><br/>\\n&amp;]]></string>
              <string name="c">@string/a</string>
              <plurals name="p"><item quantity="one">%d</item><item quantity="other">%d s</item></plurals>
              <string-array name="s"><item>x</item></string-array>
            </resources>
            """.utf8)
        Self.truncations(of: android, every: 1, Self.android)
        Self.corruptions(of: android, every: 2, Self.android)
        let rule = stringsDictPluralRule("k", format: "%1$#@COUNT@ %#@n@", forms: [("one", "%d"), ("other", "%#@n@")])
        let plist = stringsDictBytes(
            rule
                + "\n<key>n</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>"
                + "<key>n</key><dict><key>one</key><string>1</string><key>other</key><string>n</string></dict></dict>")
        Self.truncations(of: plist, every: 1, Self.stringsDict)
        Self.corruptions(of: plist, every: 2, Self.stringsDict)
    }
}

@Suite(.enabled(if: SharedCatalogs.isAvailable, SharedCatalogs.missingReason))
struct XMLCatalogsRealFileFuzzTests {
    @Test("real AntennaPod files cut every few hundred bytes")
    func antennaPod() throws {
        XMLCatalogsFuzzTests.truncations(
            of: try SharedCatalogs.bytes("AntennaPod/values/strings.xml"), every: 389,
            XMLCatalogsFuzzTests.android)
        XMLCatalogsFuzzTests.truncations(
            of: try SharedCatalogs.bytes("AntennaPod/values-ko/strings.xml"), every: 277,
            XMLCatalogsFuzzTests.android)
    }

    @Test("real element-x stringsdicts cut every 97 bytes")
    func elementX() throws {
        XMLCatalogsFuzzTests.truncations(
            of: try SharedCatalogs.bytes("element-x-ios/pl.lproj/Localizable.stringsdict"), every: 97,
            XMLCatalogsFuzzTests.stringsDict)
    }
}
