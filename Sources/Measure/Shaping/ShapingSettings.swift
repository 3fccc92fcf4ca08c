internal import CHarfBuzz

/// What HarfBuzz is told besides the text for one measuring configuration, shared by the measuring shaper
/// (`HarfBuzzShaper`) and the drawing one (`GlyphRunShaper`) so both shape alike: the language (none for the languages
/// `HarfBuzzShaper.ignoresLanguage` names) and the features turned off — `kern` without kerning, `liga` and `clig`
/// without ligatures, and for Hangul runs `calt` as well. Required shaping is never turned off.
struct ShapingSettings {
    /// The HarfBuzz language, or nil: each script's default forms.
    let language: OpaquePointer?
    /// The features for most runs.
    let features: [hb_feature_t]
    /// `features` with `calt` off, for Hangul runs (`HarfBuzzShaper.turnsOffContextualAlternates`).
    let hangulFeatures: [hb_feature_t]

    /// The settings for text in `language` (BCP 47; nil or empty: none), with kerning and ligatures as asked.
    init(language: String?, kerns: Bool, ligates: Bool) {
        if let language, !language.isEmpty, !HarfBuzzShaper.ignoresLanguage(language) {
            self.language = hb_language_from_string(language, -1)
        } else {
            self.language = nil
        }
        func off(_ tag: StaticString) -> hb_feature_t {
            hb_feature_t(tag: UInt32(tag: tag), value: 0, start: 0, end: UInt32.max)
        }
        var features: [hb_feature_t] = []
        if !kerns { features.append(off("kern")) }
        if !ligates { features += [off("liga"), off("clig")] }
        self.features = features
        hangulFeatures = features + [off("calt")]
    }
}
