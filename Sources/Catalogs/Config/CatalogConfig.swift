/// A catalog run's configuration file (`--config FILE`, JSON): default constraints, placeholder samples, font
/// cascades per locale, and per-key rules.
///
/// ```json
/// {
///   "sourceLocale": "en",
///   "width": 280, "maxLines": 2, "textStyle": "body", "contentSize": "L",
///   "placeholders": { "object": "Alexandra Featherstonehaugh", "integer": "88888" },
///   "fonts": { "default": ["DejaVu Sans", "Noto Sans CJK SC"], "ja": ["DejaVu Sans", "Noto Sans CJK JP"] },
///   "rules": [ { "keys": "button.*", "width": 120, "maxLines": 1 },
///              { "keys": "*.title", "locales": ["de"], "textStyle": "headline" } ]
/// }
/// ```
/// Precedence, lowest first: built-in defaults, the file's top level, the command line's flags, then each matching
/// rule in file order (a rule is about particular keys, so it is more specific than a flag for all of them).
public struct CatalogConfig: Sendable, Hashable {
    /// The source (development) language (`"sourceLocale"`), whose widths translations are compared with;
    /// `--source-locale` overrides it, and without either it is `en`.
    public var sourceLocale: String?
    /// The file's top-level constraint fields (`width`, `maxLines`, `size`, `textStyle`, `contentSize`, `attributes`).
    public var defaults: ConstraintSettings
    /// Placeholder sample overrides by kind (`object`, `integer`, `float`, `hex`, `character`, `boolean`), each for
    /// every locale or per locale.
    public var placeholders: [String: LocalizedSample]
    /// Placeholder samples by argument position for the keys each glob matches (`"samples"`), in file order.
    public var samples: [KeySamples] = []
    /// The platform preset (`"platform"`): its fonts, sizes and scales; nil for the built-in defaults.
    public var platform: CatalogPlatform? = nil
    /// Font cascades by locale pattern (see `LocaleMatch`); `default` for every other locale.
    public var fonts: [String: [FontReference]]
    /// The rules, in file order: each later matching rule overrides the earlier ones.
    public var rules: [CatalogRule]

    /// A config; each parameter sets the property of the same name, and the defaults are an empty file's.
    public init(
        sourceLocale: String? = nil, defaults: ConstraintSettings = ConstraintSettings(),
        placeholders: [String: LocalizedSample] = [:], fonts: [String: [FontReference]] = [:],
        rules: [CatalogRule] = []
    ) {
        self.sourceLocale = sourceLocale
        self.defaults = defaults
        self.placeholders = placeholders
        self.fonts = fonts
        self.rules = rules
    }

    /// The font cascade configured for `locale`: the most specific matching locale pattern's, else `default`'s, else
    /// nil (the caller's default cascade).
    public func fonts(for locale: String) -> [FontReference]? {
        var best: (specificity: Int, fonts: [FontReference])? = nil
        for (pattern, fonts) in self.fonts where pattern != "default" {
            // Two patterns of the same specificity cannot both match one tag, so there is no tie to break.
            if let specificity = LocaleMatch.specificity(pattern, locale), specificity > best?.specificity ?? 0 {
                best = (specificity, fonts)
            }
        }
        return best?.fonts ?? self.fonts["default"]
    }

    /// The constraint settings for `entry`: `base` (defaults and command line, already merged) with every matching
    /// rule laid over it in order.
    public func settings(for entry: CatalogEntry, base: ConstraintSettings) -> ConstraintSettings {
        var settings = base
        for rule in rules where rule.applies(to: entry) {
            settings = settings.overridden(by: rule.settings)
        }
        return settings
    }

    /// Things in this config that a run over `entries` never used — a rule whose globs match no entry, fonts for a
    /// locale pattern no entry has — said in words: usually a typo (`buton.*`, `zh_Hans`) worth a warning.
    public func unusedParts(for entries: [CatalogEntry]) -> [String] {
        var warnings: [String] = []
        for (number, rule) in rules.enumerated() where !entries.contains(where: rule.applies) {
            warnings.append(
                "rule \(number + 1) (keys \"\(rule.keys)\""
                    + (rule.locales.map { ", locales \($0.joined(separator: ", "))" } ?? "")
                    + (rule.files.map { ", files \"\($0)\"" } ?? "") + ") matches no entry")
        }
        let locales = Set(entries.map(\.locale))
        for pattern in fonts.keys.sorted() where pattern != "default" {
            if !locales.contains(where: { LocaleMatch.matches(pattern, $0) }) {
                warnings.append(
                    "fonts for \"\(pattern)\" match no entry's locale (locales: "
                        + locales.sorted().joined(separator: ", ") + ")")
            }
        }
        return warnings
    }

    /// The placeholder samples for every locale: the defaults with this config's top-level overrides (their
    /// `default` values).
    public var placeholderSamples: PlaceholderSamples {
        var samples = PlaceholderSamples()
        Self.apply(placeholders, locale: nil, to: &samples)
        return samples
    }

    /// The placeholder samples `entry` is measured with: the defaults; the top level's `"placeholders"` for its
    /// locale; each matching rule's `"placeholders"` and `"samples"`, in order; then each `"samples"` glob matching
    /// its key, in order — the most specific setting last, as rules override the top level.
    public func placeholderSamples(for entry: CatalogEntry, rules matching: [Int]? = nil) -> PlaceholderSamples {
        var result = PlaceholderSamples()
        Self.apply(placeholders, locale: entry.locale, to: &result)
        for index in matching ?? matchingRules(for: entry) {
            Self.apply(rules[index].placeholders, locale: entry.locale, to: &result)
            Self.apply(rules[index].samples, locale: entry.locale, to: &result)
        }
        for member in samples where member.keys.matches(entry.key) {
            Self.apply(member.values, locale: entry.locale, to: &result)
        }
        return result
    }

    /// The indices of the rules that apply to `entry`, in file order.
    public func matchingRules(for entry: CatalogEntry) -> [Int] {
        rules.indices.filter { rules[$0].applies(to: entry) }
    }

    /// Sample overrides by kind, for `locale` (nil: the values for every locale).
    private static func apply(_ kinds: [String: LocalizedSample], locale: String?, to samples: inout PlaceholderSamples)
    {
        for (kind, sample) in kinds {
            guard let value = locale.map(sample.value(for:)) ?? sample.value else { continue }
            switch kind {
            case "object": samples.object = value
            case "integer": samples.integer = value
            case "float": samples.float = value
            case "hex": samples.hex = value
            case "character": samples.character = value
            case "boolean": samples.boolean = value
            default: break
            }
        }
    }

    /// Sample overrides by position (the first element is position 1), for `locale`.
    private static func apply(_ values: [LocalizedSample?], locale: String, to samples: inout PlaceholderSamples) {
        for (offset, sample) in values.enumerated() {
            if let value = sample?.value(for: locale) { samples.byPosition[offset + 1] = value }
        }
    }
}
