import Foundation

/// Options in any `Codable` format: an object of the property names, each optional — a name left out keeps
/// `MeasureOptions()`'s value, so `{"maxWidth": 200}` is `MeasureOptions(maxWidth: 200)` — with `lineBreakMode` and
/// `shaper` by their raw values, `lineBreaking` as `LineBreakOptions` writes it and `attributes` as `TextAttributes`
/// writes it (the form of `--attributes`). Reading refuses a name it does not know (a misspelt `maxwidth` would
/// otherwise measure unconstrained without a word) and options a measurer cannot be made with (`rangeProblem`), as
/// `DecodingError.dataCorrupted`; an unconstrained `maxWidth` is written as 0, which measures as infinity does (the
/// size database keys it so too).
extension MeasureOptions: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case maxWidth, usesLineFragmentOrigin, usesFontLeading, lineBreakMode, lineBreaking, countsTrailingLineBreak
        case usesFontFeatures, tabInterval, attributes, language, shaper
    }

    /// Reads the names given over the defaults, then checks the whole as `rangeProblem` does.
    public init(from decoder: any Decoder) throws {
        try CodableNames.refuseUnknown(in: decoder, known: CodingKeys.allCases.map(\.rawValue), of: "MeasureOptions")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let plain = MeasureOptions()
        self.init(
            maxWidth: try container.decodeIfPresent(Double.self, forKey: .maxWidth) ?? plain.maxWidth,
            usesLineFragmentOrigin: try container.decodeIfPresent(Bool.self, forKey: .usesLineFragmentOrigin)
                ?? plain.usesLineFragmentOrigin,
            usesFontLeading: try container.decodeIfPresent(Bool.self, forKey: .usesFontLeading)
                ?? plain.usesFontLeading,
            lineBreakMode: try container.decodeIfPresent(LineBreakMode.self, forKey: .lineBreakMode)
                ?? plain.lineBreakMode,
            lineBreaking: try container.decodeIfPresent(LineBreakOptions.self, forKey: .lineBreaking)
                ?? plain.lineBreaking,
            countsTrailingLineBreak: try container.decodeIfPresent(Bool.self, forKey: .countsTrailingLineBreak)
                ?? plain.countsTrailingLineBreak,
            tabInterval: try container.decodeIfPresent(Double.self, forKey: .tabInterval) ?? plain.tabInterval,
            usesFontFeatures: try container.decodeIfPresent(Bool.self, forKey: .usesFontFeatures)
                ?? plain.usesFontFeatures,
            attributes: try container.decodeIfPresent(TextAttributes.self, forKey: .attributes) ?? plain.attributes,
            language: try container.decodeIfPresent(String.self, forKey: .language),
            shaper: try container.decodeIfPresent(ShaperChoice.self, forKey: .shaper) ?? plain.shaper)
        if let problem = rangeProblem {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: problem))
        }
    }

    /// Writes every property (`language` only when set), the attributes as `TextAttributes` writes them. A NaN or
    /// negative infinite `maxWidth` or a `tabInterval` that is not finite throws `EncodingError.invalidValue` (JSON
    /// has no such numbers, and writing 0 would turn an invalid width into a valid one).
    public func encode(to encoder: any Encoder) throws {
        for (name, value) in [("maxWidth", maxWidth == .infinity ? 0 : maxWidth), ("tabInterval", tabInterval)]
        where !value.isFinite {
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription: "\(name) \(value) is not a finite number, which JSON cannot hold"))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(maxWidth.isFinite ? maxWidth : 0, forKey: .maxWidth)
        try container.encode(usesLineFragmentOrigin, forKey: .usesLineFragmentOrigin)
        try container.encode(usesFontLeading, forKey: .usesFontLeading)
        try container.encode(lineBreakMode, forKey: .lineBreakMode)
        try container.encode(lineBreaking, forKey: .lineBreaking)
        try container.encode(countsTrailingLineBreak, forKey: .countsTrailingLineBreak)
        try container.encode(usesFontFeatures, forKey: .usesFontFeatures)
        try container.encode(tabInterval, forKey: .tabInterval)
        try container.encode(attributes, forKey: .attributes)
        try container.encodeIfPresent(language, forKey: .language)
        try container.encode(shaper, forKey: .shaper)
    }
}
