import Cache
import Measure

/// How measuring settings become size-store keys, and back.
///
/// `settingsKey(fonts:scriptFonts:pointSize:options:plain:engine:)` is the **one** function that decides which fields
/// identify stored sizes. It lists every stored property of `MeasureOptions` (and of its `LineBreakOptions`) by name,
/// plus the `--plain` attribute, the point size, the font cascade — its fonts and the font it picks for each script
/// (`FontCascade.scriptFonts`) — and the engine version; `StoreKeysTests` compares the list with the types' stored
/// properties (by reflection) and fails when a property is added to them but not here — so a new option can never be
/// left out of the key and make the store return sizes measured without it.
public enum StoreKeys {
    /// The settings key for measuring with `fonts` (each font's file digest and face index, primary first), which
    /// pick the font of each script as `scriptFonts` says (`FontCascade.scriptFonts`: empty for fonts in pure order,
    /// the default cascade's for it), at `pointSize` with `options`, plain or not, by engine version `engine`.
    ///
    /// `maxWidth` is written as 0 when unconstrained (0 or infinity, which `MeasureOptions` treats alike).
    public static func settingsKey(
        fonts: [FontIdentity], scriptFonts: [String: Int], pointSize: Double, options: MeasureOptions, plain: Bool,
        engine: String = TextSizeVersion.engine
    ) -> SettingsKey {
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
                SettingsParameter("language", .string(options.language ?? "none")),
                SettingsParameter("shaper", .string(options.shaper.rawValue)),
                SettingsParameter("cascade.scriptFonts", .string(FontCascade.scriptFontsKey(scriptFonts))),
            ] + attributeParameters(options.attributes),
            engine: engine)
    }

    /// The options, the cascade's script fonts and the `plain` flag a key was made from, or nil when the key was not
    /// made by this engine version's `settingsKey` (another engine's parameters, or a damaged row). Exact:
    /// re-deriving the key from the result gives the same digest, which is checked.
    public static func measuring(_ key: SettingsKey) -> (
        options: MeasureOptions, scriptFonts: [String: Int], plain: Bool
    )? {
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
            let attributes = attributes(from: key),
            case .string(let languageName)? = key.parameter("language"),
            languageName == "none" || LanguageTag.isWellFormed(languageName),
            case .string(let shaperName)? = key.parameter("shaper"),
            let shaper = ShaperChoice(rawValue: shaperName),
            case .string(let scriptFontsText)? = key.parameter("cascade.scriptFonts"),
            let scriptFonts = FontCascade.scriptFonts(fromKey: scriptFontsText, fontCount: key.fonts.count),
            // The ranges a measurer accepts (its preconditions): a stored row is input, never a trap.
            MeasureLimits.isValidPointSize(key.pointSize), MeasureLimits.isValidLength(key.maxWidth),
            tabInterval <= TextAttributes.maximumLength,
            attributes.runs.allSatisfy({ (0..<key.fonts.count).contains($0.font ?? 0) })
        else { return nil }
        let options = MeasureOptions(
            maxWidth: key.maxWidth, usesLineFragmentOrigin: usesLineFragmentOrigin, usesFontLeading: usesFontLeading,
            lineBreakMode: lineBreakMode,
            lineBreaking: LineBreakOptions(
                resolvesCJToNonstarter: resolvesCJ, hangulWordPriority: hangulWordPriority,
                keepsGraphemeClusters: keepsGraphemeClusters),
            countsTrailingLineBreak: countsTrailingLineBreak, tabInterval: tabInterval,
            usesFontFeatures: usesFontFeatures, attributes: attributes,
            language: languageName == "none" ? nil : languageName, shaper: shaper)
        let again = settingsKey(
            fonts: key.fonts, scriptFonts: scriptFonts, pointSize: key.pointSize, options: options, plain: plain,
            engine: key.engine)
        return again.digest == key.digest ? (options, scriptFonts, plain) : nil
    }

    /// Every stored property of `TextAttributes` (and of its `ParagraphStyle`), each a parameter named by its path:
    /// optional numbers are `"none"` when absent, tab stops a comma-separated list of canonical doubles.
    public static func attributeParameters(_ attributes: TextAttributes) -> [SettingsParameter] {
        let style = attributes.paragraph
        func optional(_ value: Double?) -> SettingsValue { value.map { .double($0) } ?? .string("none") }
        return [
            SettingsParameter("attributes.paragraph.lineSpacing", .double(style.lineSpacing)),
            SettingsParameter("attributes.paragraph.paragraphSpacing", .double(style.paragraphSpacing)),
            SettingsParameter("attributes.paragraph.paragraphSpacingBefore", .double(style.paragraphSpacingBefore)),
            SettingsParameter("attributes.paragraph.lineHeightMultiple", .double(style.lineHeightMultiple)),
            SettingsParameter("attributes.paragraph.minimumLineHeight", .double(style.minimumLineHeight)),
            SettingsParameter("attributes.paragraph.maximumLineHeight", .double(style.maximumLineHeight)),
            SettingsParameter("attributes.paragraph.firstLineHeadIndent", .double(style.firstLineHeadIndent)),
            SettingsParameter("attributes.paragraph.headIndent", .double(style.headIndent)),
            SettingsParameter("attributes.paragraph.tailIndent", .double(style.tailIndent)),
            SettingsParameter(
                "attributes.paragraph.tabStops",
                .string(style.tabStops.map(CanonicalJSON.double).joined(separator: ","))),
            SettingsParameter("attributes.paragraph.defaultTabInterval", .double(style.defaultTabInterval)),
            SettingsParameter("attributes.paragraph.alignment", .string(style.alignment)),
            SettingsParameter("attributes.paragraph.lineBreakMode", .string(style.lineBreakMode.rawValue)),
            SettingsParameter("attributes.kern", optional(attributes.kern)),
            SettingsParameter("attributes.tracking", optional(attributes.tracking)),
            SettingsParameter("attributes.numberOfLines", .int(attributes.numberOfLines)),
            SettingsParameter("attributes.truncatesLastVisibleLine", .bool(attributes.truncatesLastVisibleLine)),
            SettingsParameter("attributes.maxHeight", .double(attributes.maxHeight)),
            SettingsParameter("attributes.usesDeviceMetrics", .bool(attributes.usesDeviceMetrics)),
            // location:length:font:size per run ("-" for a value kept from the measurer), runs joined by ";".
            SettingsParameter(
                "attributes.runs",
                .string(
                    attributes.runs.map { run in
                        "\(run.location):\(run.length):\(run.font.map(String.init) ?? "-"):"
                            + (run.pointSize.map(CanonicalJSON.double) ?? "-")
                    }.joined(separator: ";"))),
            SettingsParameter("attributes.mode", .string(attributes.mode.rawValue)),
            // The scale rounds only in label mode; elsewhere it is written as the default, so it cannot split keys.
            SettingsParameter(
                "attributes.scale",
                .double(attributes.mode == .label ? attributes.scale : TextAttributes().scale)),
            SettingsParameter("attributes.lineSpacingAfterLastLine", .bool(attributes.lineSpacingAfterLastLine)),
            SettingsParameter(
                "attributes.countsOuterParagraphSpacing",
                .bool(attributes.countsOuterParagraphSpacing)),
        ]
    }

    /// The attributes `attributeParameters` wrote into `key`, or nil when one is missing or malformed.
    static func attributes(from key: SettingsKey) -> TextAttributes? {
        func double(_ name: String) -> Double? {
            if case .double(let value)? = key.parameter("attributes." + name) { return value }
            return nil
        }
        func optional(_ name: String) -> Double?? {
            switch key.parameter("attributes." + name) {
            case .double(let value)?: return .some(value)
            case .string("none")?: return .some(nil)
            default: return nil
            }
        }
        func string(_ name: String) -> String? {
            if case .string(let value)? = key.parameter("attributes." + name) { return value }
            return nil
        }
        func bool(_ name: String) -> Bool? {
            if case .bool(let value)? = key.parameter("attributes." + name) { return value }
            return nil
        }
        var attributes = TextAttributes()
        guard let lineSpacing = double("paragraph.lineSpacing"),
            let paragraphSpacing = double("paragraph.paragraphSpacing"),
            let paragraphSpacingBefore = double("paragraph.paragraphSpacingBefore"),
            let lineHeightMultiple = double("paragraph.lineHeightMultiple"),
            let minimumLineHeight = double("paragraph.minimumLineHeight"),
            let maximumLineHeight = double("paragraph.maximumLineHeight"),
            let firstLineHeadIndent = double("paragraph.firstLineHeadIndent"),
            let headIndent = double("paragraph.headIndent"),
            let tailIndent = double("paragraph.tailIndent"),
            let tabStops = string("paragraph.tabStops"),
            let defaultTabInterval = double("paragraph.defaultTabInterval"),
            let alignment = string("paragraph.alignment"),
            let lineBreakMode = string("paragraph.lineBreakMode").flatMap(ParagraphLineBreakMode.init(rawValue:)),
            let kern = optional("kern"), let tracking = optional("tracking"),
            case .int(let numberOfLines)? = key.parameter("attributes.numberOfLines"),
            let truncates = bool("truncatesLastVisibleLine"), let maxHeight = double("maxHeight"),
            let usesDeviceMetrics = bool("usesDeviceMetrics"), let runsText = string("runs"),
            let runs = runs(from: runsText),
            let mode = string("mode").flatMap(MeasureMode.init(rawValue:)), let scale = double("scale"),
            let lineSpacingAfterLastLine = bool("lineSpacingAfterLastLine"),
            let countsOuterParagraphSpacing = bool("countsOuterParagraphSpacing")
        else { return nil }
        let stops = tabStops.isEmpty ? [] : tabStops.split(separator: ",").map { Double(String($0)) }
        guard stops.allSatisfy({ $0 != nil }) else { return nil }
        attributes.paragraph.lineSpacing = lineSpacing
        attributes.paragraph.paragraphSpacing = paragraphSpacing
        attributes.paragraph.paragraphSpacingBefore = paragraphSpacingBefore
        attributes.paragraph.lineHeightMultiple = lineHeightMultiple
        attributes.paragraph.minimumLineHeight = minimumLineHeight
        attributes.paragraph.maximumLineHeight = maximumLineHeight
        attributes.paragraph.firstLineHeadIndent = firstLineHeadIndent
        attributes.paragraph.headIndent = headIndent
        attributes.paragraph.tailIndent = tailIndent
        attributes.paragraph.tabStops = stops.map { $0! }
        attributes.paragraph.defaultTabInterval = defaultTabInterval
        attributes.paragraph.alignment = alignment
        attributes.paragraph.lineBreakMode = lineBreakMode
        attributes.kern = kern
        attributes.tracking = tracking
        attributes.numberOfLines = numberOfLines
        attributes.truncatesLastVisibleLine = truncates
        attributes.maxHeight = maxHeight
        attributes.usesDeviceMetrics = usesDeviceMetrics
        attributes.runs = runs
        attributes.mode = mode
        attributes.scale = scale
        attributes.lineSpacingAfterLastLine = lineSpacingAfterLastLine
        attributes.countsOuterParagraphSpacing = countsOuterParagraphSpacing
        // A stored row may have been edited: values no measurement can use are "not this engine's", not a trap.
        return attributes.isValid ? attributes : nil
    }

    /// The runs of an `attributes.runs` parameter, or nil when it is malformed.
    static func runs(from text: String) -> [TextRun]? {
        guard !text.isEmpty else { return [] }
        var runs: [TextRun] = []
        for part in text.split(separator: ";", omittingEmptySubsequences: false) {
            let fields = part.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let location = Int(fields[0]), let length = Int(fields[1]) else { return nil }
            let font = fields[2] == "-" ? nil : Int(fields[2])
            let size = fields[3] == "-" ? nil : Double(fields[3])
            guard (fields[2] == "-") == (font == nil), (fields[3] == "-") == (size == nil) else { return nil }
            runs.append(TextRun(location: location, length: length, font: font, pointSize: size))
        }
        return runs
    }
}
