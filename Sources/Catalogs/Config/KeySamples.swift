/// One member of a config's `"samples"` map: placeholder values by argument position for the keys a glob matches,
/// `{"update.*": ["2.4.1"], "files.progress": ["12", "40"]}`.
///
/// Position 1 is the first array element (`%1$@`, or the first unnumbered specifier); `null` keeps that position's
/// usual sample. Members apply in file order, a later one overriding an earlier one position by position.
public struct KeySamples: Sendable, Hashable {
    /// The keys the samples apply to.
    public var keys: GlobPattern
    /// Values for positions 1, 2, …; nil keeps the position's kind sample.
    public var values: [LocalizedSample?]

    /// Samples for the keys `keys` matches, by position; each parameter sets the property of the same name.
    public init(keys: GlobPattern, values: [LocalizedSample?]) {
        self.keys = keys
        self.values = values
    }
}
