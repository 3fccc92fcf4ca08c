import Catalogs
import Foundation
import Measure

/// The cascades of the platform presets (`--platform ios|android`), made from the built-in cascade's plan by
/// putting the platform's own fonts in front of its fallbacks.
///
/// - Android: Roboto (Debian's `fonts-roboto-unhinted`, the font Android's `sans-serif` is) first, then the Noto
///   fonts Android falls back to — the Noto Sans CJK face of the locale, a Noto font per script, Noto Color Emoji —
///   which is the built-in cascade with Roboto in DejaVu Sans's place.
/// - iOS: SF Pro first, the locale's iOS CJK font (PingFang SC/TC/HK, Hiragino Sans for `ja`, Apple SD Gothic Neo
///   for `ko`) second and Apple Color Emoji last, each found among the fonts of `--font-dir` (Apple's fonts are not
///   redistributable, so they are never installed here); a font not found there keeps the built-in cascade's member
///   as its stand-in. Without SF Pro, Noto Sans stands in for it, and `standIn` says so for every report.
enum CatalogPlatformFonts {
    /// A preset's plan and, when a font of the platform was replaced by another, the warning every report carries.
    struct Plan {
        var cascade: DefaultCascade
        var standIn: String?
    }

    /// SF Pro's family names, as Apple's font files spell them (the downloadable SF Pro, the older Text face, and
    /// the name inside iOS simulators' system font).
    static let sfProFamilies = ["SF Pro", "SF Pro Text", "SF Pro Display", ".SF UI Text", "System Font"]

    /// The Android plan for `locale`: Roboto first, the built-in Noto fallbacks after it.
    /// - Throws: `FontError.requiredFontMissing` (naming `fonts-roboto-unhinted`) when Roboto is not installed.
    static func android(_ plan: DefaultCascade, bold: Bool, locator: FontconfigLocator?) throws(FontError) -> Plan {
        let roboto =
            (bold ? locator?.locate(family: "Roboto", style: "Bold") : nil)
            ?? locator?.locate(family: "Roboto")
            ?? existing(
                bold
                    ? "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Bold.ttf"
                    : "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf")
        guard let roboto else { throw .requiredFontMissing(family: "Roboto", package: "fonts-roboto-unhinted") }
        var cascade = plan
        cascade.members[0] = DefaultCascade.Member(source: roboto, family: "Roboto", scripts: ["Latn", "Grek", "Cyrl"])
        return Plan(cascade: cascade)
    }

    /// The iOS plan for `locale`, with the fonts `fontDirectory` lists in the places of iOS's.
    static func ios(
        _ plan: DefaultCascade, locale: String, bold: Bool, fontDirectory: FontconfigLocator?,
        system: FontconfigLocator?
    ) -> Plan {
        var cascade = plan
        func find(_ families: [String]) -> (source: FontSource, family: String)? {
            guard let fontDirectory else { return nil }
            for family in families {
                if bold,
                    let source = fontDirectory.locate(family: family, style: "Semibold")
                        ?? fontDirectory.locate(family: family, style: "Bold")
                {
                    return (source, family)
                }
                if let source = fontDirectory.locate(family: family) { return (source, family) }
            }
            return nil
        }
        var standIn: String? = nil
        if let sf = find(sfProFamilies) {
            cascade.members[0] = DefaultCascade.Member(
                source: sf.source, family: sf.family,
                scripts: ["Latn", "Grek", "Cyrl"])
        } else {
            let noto =
                (bold
                    ? system?.locate(family: "Noto Sans", style: "Semibold")
                        ?? system?.locate(family: "Noto Sans", style: "Bold") : nil)
                ?? system?.locate(family: "Noto Sans")
            let used = noto.map { ($0, "Noto Sans") } ?? (cascade.members[0].source, cascade.members[0].family)
            cascade.members[0] = DefaultCascade.Member(
                source: used.0, family: used.1,
                scripts: ["Latn", "Grek", "Cyrl"])
            standIn =
                "SF Pro is not among the fonts given (--font-dir, or the config's \"fonts\"): \(used.1) "
                + "(\((used.0.path as NSString).lastPathComponent)) stands in for it, and its widths are not SF "
                + "Pro's, so these overflows are estimates"
        }
        if let cjk = find(cjkFamilies(for: locale)) {
            cascade.members[1] = DefaultCascade.Member(
                source: cjk.source, family: cjk.family,
                scripts: cascade.members[1].scripts)
        }
        if let emoji = find(["Apple Color Emoji"]), let last = cascade.members.indices.last,
            cascade.members[last].scripts == ["Zsye"]
        {
            cascade.members[last] = DefaultCascade.Member(
                source: emoji.source, family: emoji.family,
                scripts: ["Zsye"])
        }
        // A face the replacements now hold twice would be loaded twice; keep its first place.
        var seen = Set<FontSource>()
        cascade.members = cascade.members.filter { seen.insert($0.source).inserted }
        return Plan(cascade: cascade, standIn: standIn)
    }

    /// iOS's Han and Hangul font for `locale`, as the built-in cascade picks its Noto Sans CJK face.
    static func cjkFamilies(for locale: String) -> [String] {
        switch DefaultCascade.cjkFamily(language: CatalogLanguage.tag(for: locale)) {
        case "Noto Sans CJK JP": ["Hiragino Sans", "Hiragino Kaku Gothic ProN"]
        case "Noto Sans CJK KR": ["Apple SD Gothic Neo"]
        case "Noto Sans CJK TC": ["PingFang TC"]
        case "Noto Sans CJK HK": ["PingFang HK"]
        default: ["PingFang SC"]
        }
    }

    /// Every face of the font files in `directory` and its subfolders (`.ttf`, `.otf`, `.ttc`, `.otc`, `.woff`, `.woff2`), by the
    /// family and style names inside them — a locator over a folder of fonts fontconfig was not told about.
    static func locator(directory: String) throws(CatalogRunError) -> FontconfigLocator {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue,
            let walker = FileManager.default.enumerator(atPath: directory)
        else {
            throw .fontDirectory("--font-dir \(directory): not a readable folder")
        }
        var faces: [FontconfigLocator.Face] = []
        while let relative = walker.nextObject() as? String {
            let lower = relative.lowercased()
            guard [".ttf", ".otf", ".ttc", ".otc", ".woff", ".woff2"].contains(where: lower.hasSuffix) else { continue }
            let path = directory + "/" + relative
            // A collection's faces until the index is out of range; at most 256 (no real collection has more).
            for index in 0..<256 {
                guard let font = try? Font(path: path, faceIndex: index) else { break }
                faces.append(
                    FontconfigLocator.Face(
                        path: path, faceIndex: index, families: [font.familyName],
                        styles: [font.styleName]))
            }
        }
        return FontconfigLocator(faces: faces, fontDirectories: [directory])
    }

    private static func existing(_ path: String) -> FontSource? {
        FileManager.default.fileExists(atPath: path) ? FontSource(path: path) : nil
    }
}
