/// A config rule: constraints and attributes for the entries whose key matches `keys`, narrowed to some
/// locales and files.
public struct CatalogRule: Sendable, Hashable {
    public var keys: GlobPattern
    /// Locales the rule applies to (exact tags, or a language matching every tag of that language: `zh` matches
    /// `zh-Hans`); nil = all.
    public var locales: [String]?
    /// A glob over the entry's file path (matched against the whole path and against its last components); nil = all.
    public var files: GlobPattern?
    public var settings: ConstraintSettings

    public init(keys: GlobPattern, locales: [String]? = nil, files: GlobPattern? = nil,
                settings: ConstraintSettings) {
        self.keys = keys
        self.locales = locales
        self.files = files
        self.settings = settings
    }

    /// Whether the rule applies to `entry`.
    public func applies(to entry: CatalogEntry) -> Bool {
        guard keys.matches(entry.key) else { return false }
        if let locales, !locales.contains(where: { LocaleMatch.matches($0, entry.locale) }) { return false }
        if let files {
            if files.matches(entry.file) { return true }
            // `Localizable.strings` or `values*/strings.xml` should match without spelling out the whole path.
            let components = entry.file.split(separator: "/")
            return components.indices.contains { files.matches(components[$0...].joined(separator: "/")) }
        }
        return true
    }
}
