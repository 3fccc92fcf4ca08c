/// How many entries one config rule matched, for `--format json`'s `rules` (a rule with 0 matches is usually a
/// typo; one with many more than expected matches too widely).
public struct CatalogRuleMatch: Sendable, Hashable {
    /// The rule's 1-based number in the config's `rules`.
    public var number: Int
    /// Its `keys` glob, as written.
    public var keys: String
    /// Whether it is a skip rule (its matches are not measured).
    public var skip: Bool
    /// Entries it applied to (one per locale and variant; content sizes are not counted again).
    public var matches: Int

    /// A rule's count; each parameter sets the property of the same name.
    public init(number: Int, keys: String, skip: Bool, matches: Int) {
        self.number = number
        self.keys = keys
        self.skip = skip
        self.matches = matches
    }
}
