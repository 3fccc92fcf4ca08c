import Foundation
import Testing

@testable import Measure

/// Family-name lookups through fontconfig, over the fonts the Makefile installs (fonts-dejavu-core, fonts-noto-cjk).
/// Every expected file and face index is what `fc-match -f '%{file} %{index}\n' '<family>[:style=<style>]'` printed
/// on the development machine (fontconfig 2.14.1, Debian bookworm), e.g.
/// `fc-match 'Noto Sans CJK KR'` → /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc 1.
@Suite struct FontconfigLocatorTests {
    static let locator = Result { () throws(FontError) in try FontconfigLocator.system() }
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

    /// The system locator, when the package holding `file` is installed.
    func locator(needing file: String, package: String) throws -> FontconfigLocator? {
        guard FileManager.default.fileExists(atPath: file) else {
            print("skipped: \(file) is not installed (Debian package \(package))")
            return nil
        }
        return try Self.locator.get()
    }

    @Test func findsFamiliesByName() throws {
        guard let locator = try locator(needing: Self.dejaVu, package: "fonts-dejavu-core") else { return }
        #expect(locator.locate(family: "DejaVu Sans") == FontSource(path: Self.dejaVu, faceIndex: 0))
        #expect(
            locator.locate(family: "DejaVu Sans", style: "Bold")
                == FontSource(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"))
        // The condensed faces are "DejaVu Sans" too, with styles "Condensed" / "Condensed Bold": not the regular face.
        #expect(
            locator.locate(family: "DejaVu Sans Condensed")
                == FontSource(path: "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf"))
    }

    @Test func lookupsIgnoreCase() throws {
        guard let locator = try locator(needing: Self.dejaVu, package: "fonts-dejavu-core") else { return }
        #expect(locator.locate(family: "dejavu sans") == FontSource(path: Self.dejaVu))
        #expect(
            locator.locate(family: "DEJAVU SANS", style: "bold")
                == FontSource(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"))
    }

    @Test func collectionFacesAreFoundByTheirOwnFamily() throws {
        guard let locator = try locator(needing: Self.cjk, package: "fonts-noto-cjk") else { return }
        // Debian's NotoSansCJK-Regular.ttc holds JP, KR, SC, TC, HK in that order.
        #expect(locator.locate(family: "Noto Sans CJK JP") == FontSource(path: Self.cjk, faceIndex: 0))
        #expect(locator.locate(family: "Noto Sans CJK KR") == FontSource(path: Self.cjk, faceIndex: 1))
        #expect(locator.locate(family: "Noto Sans CJK SC") == FontSource(path: Self.cjk, faceIndex: 2))
        #expect(locator.locate(family: "Noto Sans CJK TC") == FontSource(path: Self.cjk, faceIndex: 3))
        #expect(locator.locate(family: "Noto Sans CJK HK") == FontSource(path: Self.cjk, faceIndex: 4))
        #expect(
            locator.locate(family: "Noto Sans CJK JP", style: "Bold")
                == FontSource(path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", faceIndex: 0))
    }

    @Test func unknownFamiliesAndStylesAreNil() throws {
        guard let locator = try locator(needing: Self.dejaVu, package: "fonts-dejavu-core") else { return }
        // fc-match would answer DejaVu Sans for all of these; a lookup by name must not.
        #expect(locator.locate(family: "Helvetica Neue Imaginary") == nil)
        #expect(locator.locate(family: "DejaVu Sans", style: "Hairline") == nil)
        #expect(locator.locate(family: "") == nil)
        #expect(locator.locate(family: "DejaVu Sans\u{0}Bold") == nil)
        #expect(locator.locate(family: "DejaVu Sans\u{0}") == nil)
        #expect(locator.locate(family: "sans-serif") == nil)
        #expect(locator.locate(family: "DejaVu Sans", style: "") == nil)
    }

    @Test func listsFamiliesAndWhereItLooked() throws {
        guard let locator = try locator(needing: Self.dejaVu, package: "fonts-dejavu-core") else { return }
        #expect(locator.familyNames.contains("DejaVu Sans"))
        #expect(locator.familyNames == locator.familyNames.sorted())
        // Debian's /etc/fonts/fonts.conf names /usr/share/fonts, /usr/local/share/fonts, ~/.local/share/fonts and
        // ~/.fonts; their subdirectories are not listed.
        #expect(locator.fontDirectories.contains("/usr/share/fonts"))
        #expect(locator.fontDirectories.contains("/usr/local/share/fonts"))
        #expect(!locator.fontDirectories.contains("/usr/share/fonts/truetype"))
        #expect(locator.searchDescription.hasPrefix("fontconfig (font directories: "))
        #expect(locator.searchDescription.contains("/usr/share/fonts"))
        // Only faces a Font can load: no named instances, no bitmap or Type 1 formats.
        #expect(locator.faces.allSatisfy { $0.faceIndex < 0x1_0000 })
        #expect(locator.faces.contains { $0.path == Self.dejaVu && $0.styles.contains("Book") })
    }

    @Test func choosesAmongGivenFacesWithoutFontconfig() {
        // Regular style names in order of preference; else the upright face nearest regular weight.
        let locator = FontconfigLocator(faces: [
            .init(path: "/a/Light.ttf", faceIndex: 0, families: ["Test"], styles: ["Light"], weight: 50, slant: 0),
            .init(path: "/a/Medium.ttf", faceIndex: 0, families: ["Test"], styles: ["Medium"], weight: 100),
            .init(path: "/a/Book.ttf", faceIndex: 0, families: ["Test"], styles: ["Book"], weight: 75),
            .init(path: "/b/Italic.ttf", faceIndex: 0, families: ["Other"], styles: ["Italic"], weight: 80, slant: 100),
            .init(path: "/b/Thin.ttf", faceIndex: 0, families: ["Other"], styles: ["Thin"], weight: 0, slant: 0),
            .init(path: "/b/Demi.ttf", faceIndex: 0, families: ["Other"], styles: ["Demi"], weight: 100, slant: 0),
        ])
        #expect(locator.locate(family: "test") == FontSource(path: "/a/Book.ttf"))
        #expect(locator.locate(family: "Test", style: "light") == FontSource(path: "/a/Light.ttf"))
        #expect(locator.locate(family: "Other") == FontSource(path: "/b/Demi.ttf"))
        #expect(locator.locate(family: "Other", style: "Regular") == nil)
    }
}
