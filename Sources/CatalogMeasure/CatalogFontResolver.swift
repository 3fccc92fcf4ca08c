import Foundation
import Catalogs
import Measure
import Synchronization

/// Turns the fonts a config names for a locale into a loaded cascade, once per distinct cascade.
///
/// Without a configured cascade a locale gets the built-in one, `FontCascade.defaultSources` with the locale's CJK
/// face: DejaVu Sans for Latin, Greek and Cyrillic, the Noto Sans CJK face of the locale's script (JP for `ja`, KR for
/// `ko`, TC for Traditional Chinese, HK for `zh-HK`, SC otherwise — as iOS picks Hiragino, Apple SD Gothic Neo,
/// PingFang TC/HK/SC), the Noto font of every other script installed, and Noto Color Emoji.
///
/// Bold (for the Semibold `headline` style): the built-in cascade takes DejaVu Sans Bold and Noto Sans CJK Bold (no
/// Semibold face is packaged in Debian); a family name (looked up through fontconfig, `FontconfigLocator`) takes its
/// `Semibold` face, else its `Bold` one, else its regular one; a file path is used as given.
final class CatalogFontResolver: Sendable {
    private let config: CatalogConfig
    private let cascades = Mutex<[[FontSource]: FontCascade]>([:])

    init(config: CatalogConfig) {
        self.config = config
    }

    /// The font sources of `locale`'s cascade.
    /// - Throws: `CatalogFontError` when a family name is not installed.
    func sources(for locale: String, bold: Bool = false) throws -> [FontSource] {
        guard let references = config.fonts(for: locale) else { return Self.builtInSources(for: locale, bold: bold) }
        return try references.map { reference in
            switch reference {
            case .file(let path, let faceIndex):
                return FontSource(path: path, faceIndex: faceIndex)
            case .family(let name, let style):
                // fontconfig's font list, made on the first family-name lookup only.
                let locator = try FontconfigLocator.system()
                let found = bold && style == nil
                    ? locator.locate(family: name, style: "Semibold") ?? locator.locate(family: name, style: "Bold")
                        ?? locator.locate(family: name)
                    : locator.locate(family: name, style: style)
                guard let found else {
                    throw CatalogFontError.familyNotFound(reference.description, installed: locator.familyNames,
                                                          searched: locator.searchDescription)
                }
                return found
            }
        }
    }

    /// The loaded cascade for `sources` (loaded once, shared by every locale that names the same fonts).
    func cascade(_ sources: [FontSource]) throws -> FontCascade {
        if let known = cascades.withLock({ $0[sources] }) { return known }
        let loaded = try FontCascade(loading: sources)
        return cascades.withLock { cascades in
            if let raced = cascades[sources] { return raced }
            cascades[sources] = loaded
            return loaded
        }
    }

    /// The built-in cascade for `locale` (see the type's documentation).
    static func builtInSources(for locale: String, bold: Bool = false) -> [FontSource] {
        let cjk = bold ? "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"
            : "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
        // Face order of Debian's NotoSansCJK-Regular.ttc: JP, KR, SC, TC, HK.
        let face: Int
        let tag = locale.lowercased().replacingOccurrences(of: "_", with: "-")
        if tag == "ja" || tag.hasPrefix("ja-") {
            face = 0
        } else if tag == "ko" || tag.hasPrefix("ko-") {
            face = 1
        } else if tag.hasPrefix("zh-hk") || tag.hasPrefix("zh-hant-hk") || tag.hasPrefix("zh-mo") {
            face = 4
        } else if tag.hasPrefix("zh-hant") || tag.hasPrefix("zh-tw") {
            face = 3
        } else {
            face = 2
        }
        var sources = FontCascade.defaultSources
        if bold { sources[0] = FontSource(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf") }
        sources[1] = FontSource(path: cjk, faceIndex: face)
        return sources
    }
}

/// A font a catalog config names that cannot be found.
public enum CatalogFontError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No face has the family name (`installed`: every family that does exist; `searched`: where, in words).
    case familyNotFound(String, installed: [String], searched: String)

    public var description: String {
        switch self {
        case .familyNotFound(let name, let installed, let searched):
            let shown = installed.prefix(40).joined(separator: ", ")
            return "no installed font has the family name \"\(name)\" (searched \(searched); installed families: "
                + "\(shown)\(installed.count > 40 ? ", …" : ""))"
        }
    }
}
