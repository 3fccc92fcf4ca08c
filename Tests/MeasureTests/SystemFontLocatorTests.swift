import Testing
@testable import Measure

/// Family-name lookups over the fonts the Makefile installs (fonts-dejavu-core, fonts-noto-cjk).
@Suite struct SystemFontLocatorTests {
    static let locator = SystemFontLocator(folders: ["/usr/share/fonts"])

    @Test func findsFamiliesByTheirNameTable() {
        #expect(Self.locator.locate(family: "DejaVu Sans")
                == FontSource(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        #expect(Self.locator.locate(family: "dejavu sans", style: "Bold")
                == FontSource(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"))
    }

    @Test func collectionFacesAreFoundByTheirOwnFamily() {
        // Debian's NotoSansCJK-Regular.ttc holds JP, KR, SC, TC, HK in that order.
        let ttc = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
        #expect(Self.locator.locate(family: "Noto Sans CJK JP") == FontSource(path: ttc, faceIndex: 0))
        #expect(Self.locator.locate(family: "Noto Sans CJK KR") == FontSource(path: ttc, faceIndex: 1))
        #expect(Self.locator.locate(family: "Noto Sans CJK SC") == FontSource(path: ttc, faceIndex: 2))
    }

    @Test func unknownFamiliesAndStylesAreNil() {
        #expect(Self.locator.locate(family: "Helvetica Neue Imaginary") == nil)
        #expect(Self.locator.locate(family: "DejaVu Sans", style: "Hairline") == nil)
        #expect(Self.locator.familyNames.contains("DejaVu Sans"))
    }
}
