/// The platform whose fonts, sizes and scales a catalog is measured with (`--platform`, or `"platform"` in the
/// config).
///
/// - `ios`: sizes from the Dynamic Type table (docs/semantics/dynamic-type.md §D) at its twelve content sizes; fonts: SF Pro and the iOS
///   fallbacks, when the config's `fonts` or `--font-dir` provide them; otherwise a stand-in that every report names.
/// - `android`: sizes in `sp` (14 sp, a `TextView`'s default, unless a size is given), measured at the system font
///   scale steps instead of content sizes; fonts: Roboto, then the Noto fallbacks Android itself uses.
public enum CatalogPlatform: String, Sendable, Hashable, CaseIterable {
    /// iOS: Dynamic Type sizes, SF Pro (or a named stand-in) and the iOS fallbacks.
    case ios
    /// Android: sizes in `sp` at the system font scales, Roboto and the Noto fallbacks.
    case android

    /// The preset named `name` (`ios`, `android`, in any case); nil for any other name.
    public init?(name: String) {
        self.init(rawValue: name.lowercased())
    }

    /// Android's font scale steps (Settings › Display › Font size; AOSP `frameworks/base` `config_fontScale…`):
    /// what `--content-size all` measures on Android, as Dynamic Type's categories on iOS.
    public static let androidFontScales: [Double] = [0.85, 1.0, 1.15, 1.3, 1.5, 1.8, 2.0]

    /// A `TextView`'s default text size, 14 sp, for entries no setting gives a size.
    public static let androidDefaultSize = 14.0

    /// The label a font scale gets where a content size would go (`×1.3`), as reports and baselines spell it.
    public static func scaleLabel(_ scale: Double) -> String {
        // Swift prints 1.0 as "1.0" and 0.85 as "0.85": the spelling of Android's settings.
        "×" + String(scale)
    }

    /// The font scale a `--content-size` value names on Android (`1.3`, `×1.3`, `x1.3`), when it is one of the steps.
    public static func androidScale(named name: String) -> Double? {
        var text = Substring(name)
        if text.hasPrefix("×") || text.hasPrefix("x") { text = text.dropFirst() }
        guard let value = Double(text) else { return nil }
        return androidFontScales.first { abs($0 - value) < 1e-9 }
    }
}
