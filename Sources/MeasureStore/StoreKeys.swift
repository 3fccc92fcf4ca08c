import Cache
import Measure

/// How measuring settings become size-store keys, and back.
///
/// `settingsKey(fonts:pointSize:options:plain:engine:)` is the **one** function that decides which fields identify
/// stored sizes. It lists every stored property of `MeasureOptions` (and of its `LineBreakOptions`) by name, plus the
/// `--plain` attribute, the point size, the font cascade and the engine version; `StoreKeysTests` compares the list
/// with the types' stored properties (by reflection) and fails when a property is added to them but not here — so a
/// new option can never be left out of the key and make the store return sizes measured without it.
public enum StoreKeys {
    /// The settings key for measuring with `fonts` (each font's file digest and face index, primary first) at
    /// `pointSize` with `options`, plain or not, by engine version `engine`.
    ///
    /// `maxWidth` is written as 0 when unconstrained (0 or infinity, which `MeasureOptions` treats alike).
    public static func settingsKey(fonts: [FontIdentity], pointSize: Double, options: MeasureOptions, plain: Bool,
                                   engine: String = TextSizeVersion.engine) -> SettingsKey {
        let lineBreaking = options.lineBreaking
        return SettingsKey(
            fonts: fonts,
            pointSize: pointSize,
            maxWidth: options.maxWidth.isFinite ? options.maxWidth : 0,
            parameters: [
                SettingsParameter("usesLineFragmentOrigin", .bool(options.usesLineFragmentOrigin)),
                SettingsParameter("usesFontLeading", .bool(options.usesFontLeading)),
                SettingsParameter("lineBreakMode", .string(options.lineBreakMode.rawValue)),
                SettingsParameter("lineBreaking.resolvesCJToNonstarter", .bool(lineBreaking.resolvesCJToNonstarter)),
                SettingsParameter("lineBreaking.hangulWordPriority", .bool(lineBreaking.hangulWordPriority)),
                SettingsParameter("lineBreaking.keepsGraphemeClusters", .bool(lineBreaking.keepsGraphemeClusters)),
                SettingsParameter("countsTrailingLineBreak", .bool(options.countsTrailingLineBreak)),
                SettingsParameter("tabInterval", .double(options.tabInterval)),
                SettingsParameter("usesFontFeatures", .bool(options.usesFontFeatures)),
                SettingsParameter("plain", .bool(plain)),
            ],
            engine: engine)
    }

    /// The options and `plain` flag a key was made from, or nil when the key was not made by this engine version's
    /// `settingsKey` (another engine's parameters, or a damaged row). Exact: re-deriving the key from the result gives
    /// the same digest, which is checked.
    public static func measuring(_ key: SettingsKey) -> (options: MeasureOptions, plain: Bool)? {
        func bool(_ name: String) -> Bool? {
            if case .bool(let value)? = key.parameter(name) { return value }
            return nil
        }
        guard key.engine == TextSizeVersion.engine,
              let usesLineFragmentOrigin = bool("usesLineFragmentOrigin"),
              let usesFontLeading = bool("usesFontLeading"),
              case .string(let modeName)? = key.parameter("lineBreakMode"),
              let lineBreakMode = LineBreakMode(rawValue: modeName),
              let resolvesCJ = bool("lineBreaking.resolvesCJToNonstarter"),
              let hangulWordPriority = bool("lineBreaking.hangulWordPriority"),
              let keepsGraphemeClusters = bool("lineBreaking.keepsGraphemeClusters"),
              let countsTrailingLineBreak = bool("countsTrailingLineBreak"),
              case .double(let tabInterval)? = key.parameter("tabInterval"), tabInterval > 0,
              let plain = bool("plain"),
              let usesFontFeatures = bool("usesFontFeatures"),
              key.maxWidth >= 0, key.pointSize > 0
        else { return nil }
        let options = MeasureOptions(
            maxWidth: key.maxWidth, usesLineFragmentOrigin: usesLineFragmentOrigin, usesFontLeading: usesFontLeading,
            lineBreakMode: lineBreakMode,
            lineBreaking: LineBreakOptions(resolvesCJToNonstarter: resolvesCJ, hangulWordPriority: hangulWordPriority,
                                           keepsGraphemeClusters: keepsGraphemeClusters),
            countsTrailingLineBreak: countsTrailingLineBreak, tabInterval: tabInterval,
            usesFontFeatures: usesFontFeatures)
        let again = settingsKey(fonts: key.fonts, pointSize: key.pointSize, options: options, plain: plain,
                                engine: key.engine)
        return again.digest == key.digest ? (options, plain) : nil
    }
}
