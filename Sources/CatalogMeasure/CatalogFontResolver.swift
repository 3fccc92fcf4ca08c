import Catalogs
import Foundation
import Locking
import Measure

/// Turns the fonts a config names for a locale into a loaded cascade, once per distinct cascade.
///
/// Without a configured cascade a locale gets the built-in one, `DefaultCascade.plan(language:)` for the locale's
/// language: DejaVu Sans for Latin, Greek and Cyrillic, the Noto Sans CJK face of the locale's script (JP for `ja`,
/// KR for `ko`, TC for Traditional Chinese, HK for `zh-HK`, SC otherwise — as iOS picks Hiragino, Apple SD Gothic Neo,
/// PingFang TC/HK/SC), the Noto font of every other script installed, and Noto Color Emoji. It is loaded with its
/// script fonts (`FontCascade.scriptFonts`), so Arabic text takes Noto Sans Arabic's glyphs even where an earlier
/// font maps the same characters, as `measure text` does.
///
/// Bold (for the Semibold `headline` style): the built-in cascade takes DejaVu Sans Bold and Noto Sans CJK Bold (no
/// Semibold face is packaged in Debian); a family name (looked up through fontconfig, `FontconfigLocator`) takes its
/// `Semibold` face, else its `Bold` one, else its regular one; a file path is used as given.
///
/// With a platform preset (`CatalogPlatformFonts`) a locale the config gives no fonts gets the platform's cascade
/// instead of the built-in one; `standIn(for:)` says when a platform font was not available and another stood in.
final class CatalogFontResolver: Sendable {
    private let config: CatalogConfig
    private let platform: CatalogPlatform?
    /// The fonts of `--font-dir`, listed once.
    private let fontDirectory: FontconfigLocator?
    private let cascades = Locked<[CatalogCascadePlan: FontCascade]>([:])
    /// Plans whose platform font was replaced by a stand-in, with the warning.
    private let standIns = Locked<[CatalogCascadePlan: String]>([:])

    init(config: CatalogConfig, platform: CatalogPlatform? = nil, fontDirectory: FontconfigLocator? = nil) {
        self.config = config
        self.platform = platform
        self.fontDirectory = fontDirectory
    }

    /// The warning of a plan whose platform font (SF Pro) is a stand-in, or nil.
    func standIn(for plan: CatalogCascadePlan) -> String? {
        standIns.withLock { $0[plan] }
    }

    /// The plan of `locale`'s cascade.
    /// - Throws: `CatalogFontError` when a family name is not installed; `FontError` when the built-in cascade's
    ///   required fonts are not installed.
    func plan(for locale: String, bold: Bool = false) throws -> CatalogCascadePlan {
        guard let references = config.fonts(for: locale) else {
            let builtIn = try Self.builtInPlan(for: locale, bold: bold)
            switch platform {
            case nil:
                return .builtIn(builtIn)
            case .android:
                return .builtIn(
                    try CatalogPlatformFonts.android(
                        builtIn, bold: bold,
                        locator: try? FontconfigLocator.system()
                    ).cascade)
            case .ios:
                let preset = CatalogPlatformFonts.ios(
                    builtIn, locale: locale, bold: bold,
                    fontDirectory: fontDirectory,
                    system: try? FontconfigLocator.system())
                let plan = CatalogCascadePlan.builtIn(preset.cascade)
                if let standIn = preset.standIn { standIns.withLock { $0[plan] = standIn } }
                return plan
            }
        }
        return .configured(
            try references.map { reference in
                switch reference {
                case .file(let path, let faceIndex):
                    return FontSource(path: path, faceIndex: faceIndex)
                case .family(let name, let style):
                    // fontconfig's font list, made on the first family-name lookup only.
                    let locator = try FontconfigLocator.system()
                    let found =
                        bold && style == nil
                        ? locator.locate(family: name, style: "Semibold") ?? locator.locate(family: name, style: "Bold")
                            ?? locator.locate(family: name)
                        : locator.locate(family: name, style: style)
                    guard let found else {
                        throw CatalogFontError.familyNotFound(
                            reference.description, installed: locator.familyNames,
                            searched: locator.searchDescription)
                    }
                    return found
                }
            })
    }

    /// The loaded cascade for `plan` (loaded once, shared by every locale whose plan is the same).
    func cascade(_ plan: CatalogCascadePlan) throws -> FontCascade {
        if let known = cascades.withLock({ $0[plan] }) { return known }
        let loaded = try plan.load()
        return cascades.withLock { cascades in
            if let raced = cascades[plan] { return raced }
            cascades[plan] = loaded
            return loaded
        }
    }

    /// The built-in cascade for `locale` (see the type's documentation): the default plan for its language, with
    /// the bold faces of its first two fonts when `bold`.
    static func builtInPlan(for locale: String, bold: Bool = false) throws(FontError) -> DefaultCascade {
        var plan = try DefaultCascade.plan(language: CatalogLanguage.tag(for: locale))
        if bold {
            // The Bold face of each of the first two families, through fontconfig as the regular ones were; where
            // fontconfig knows none, Debian's files (NotoSansCJK-Bold.ttc holds the faces of the Regular
            // collection in the same order: JP, KR, SC, TC, HK).
            let locator = try? FontconfigLocator.system()
            plan.members[0].source =
                locator?.locate(family: plan.members[0].family, style: "Bold")
                ?? FontSource(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
            plan.members[1].source =
                locator?.locate(family: plan.members[1].family, style: "Bold")
                ?? FontSource(
                    path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
                    faceIndex: plan.members[1].source.faceIndex)
        }
        return plan
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

/// `localizedDescription` is `description` (Foundation's default for a Swift error names its type and case number).
extension CatalogFontError: LocalizedError {
    /// `description`, which `localizedDescription` returns.
    public var errorDescription: String? { description }
}
