/// A config rule: constraints and attributes for the entries whose key matches `keys`, narrowed to some
/// locales, files, variants and translation states, minus the keys it excludes; it may instead skip what it
/// matches (`"skip": true`: not measured, not reported, counted in the rule's match count), set placeholder samples
/// (`"placeholders"` by kind, `"samples"` by position) and the SARIF level of its overflows.
public struct CatalogRule: Sendable, Hashable {
    /// A glob over the entry's key; the rule applies only to keys it matches.
    public var keys: GlobPattern
    /// Locales the rule applies to (exact tags, or a language matching every tag of that language: `zh` matches
    /// `zh-Hans`); nil = all.
    public var locales: [String]?
    /// A glob over the entry's file path (matched against the whole path and against its last components); nil = all.
    public var files: GlobPattern?
    /// The constraint fields the rule sets for what it matches (nil fields keep the earlier level's).
    public var settings: ConstraintSettings
    /// Globs over the entry's variant (`device.ipad*`, `plural.one`; `""` is a plain string); nil = every variant.
    public var variants: [GlobPattern]? = nil
    /// Translation states the rule applies to (`stale`, `needs_review`, gettext `fuzzy`); an entry without a state
    /// matches none. nil = any state or none.
    public var states: [String]? = nil
    /// Key globs the rule does not apply to, although `keys` matches them.
    public var exclude: [GlobPattern] = []
    /// Matched entries are not measured at all.
    public var skip: Bool = false
    /// Placeholder samples by kind for the matched entries (`object`, `integer`, …).
    public var placeholders: [String: LocalizedSample] = [:]
    /// Placeholder samples by argument position for the matched entries (nil keeps a position's sample).
    public var samples: [LocalizedSample?] = []
    /// The SARIF level of the matched entries' overflows (`error`, `warning`, `note`); nil keeps the earlier one's.
    public var level: String? = nil

    /// A rule for the keys `keys` matches; each parameter sets the property of the same name, and nil matches
    /// every locale and file.
    public init(
        keys: GlobPattern, locales: [String]? = nil, files: GlobPattern? = nil,
        settings: ConstraintSettings
    ) {
        self.keys = keys
        self.locales = locales
        self.files = files
        self.settings = settings
    }

    /// Whether the rule applies to `entry`.
    public func applies(to entry: CatalogEntry) -> Bool {
        guard keys.matches(entry.key) else { return false }
        if exclude.contains(where: { $0.matches(entry.key) }) { return false }
        if let locales, !locales.contains(where: { LocaleMatch.matches($0, entry.locale) }) { return false }
        if let variants, !variants.contains(where: { $0.matches(entry.variant) }) { return false }
        if let states {
            guard let state = entry.state, states.contains(where: { $0.lowercased() == state.lowercased() }) else {
                return false
            }
        }
        if let files {
            if files.matches(entry.file) { return true }
            // `Localizable.strings` or `values*/strings.xml` should match without spelling out the whole path.
            let components = entry.file.split(separator: "/")
            return components.indices.contains { files.matches(components[$0...].joined(separator: "/")) }
        }
        return true
    }
}
