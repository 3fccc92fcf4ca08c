/// The text that stands in for each kind of placeholder when an entry is measured (docs/semantics/catalog-formats.md §C6).
///
/// The defaults aim at the widest realistic value, so that a label that fits its samples fits real data:
/// - `object` (`%@`, `%s`, `%S`, `%#@var@`): a long real-looking name, "Alexandra Featherstonehaugh".
/// - `integer` (`%d %i %u %ld %lld %o …`): "88888", five of the widest digit and no grouping separator (printf
///   prints none, and "88,888" would be both wrong and narrower).
/// - `float` (`%f %e %g %a …`): "88888.88"; an explicit precision keeps that many fraction digits (`%.1f` →
///   "88888.8", `%.0f` → "88888", `%.4f` → "88888.8888", repeating the last fraction digit).
/// - `hex` (`%x %X %p`, Java `%h`): "FFFFFF".
/// - `character` (`%c %C`): "W", the widest Latin capital in most fonts.
/// - `boolean` (Java `%b`): "false", the longer of the two values.
///
/// Samples are used as written for every locale; pass locale-specific ones (other digits, a Japanese name) to
/// measure a locale with its own data.
///
/// `byPosition` overrides the kind's sample for one argument, by its 1-based position: `%2$@`'s is 2, and a
/// specifier without a position takes the next argument after the previous one (`"%@ of %@"`: 1, then 2), as
/// printf counts. A config's `"samples": {"update.*": ["2.4.1"]}` becomes `[1: "2.4.1"]` for those keys, so a
/// version number is measured as one instead of as a long name.
public struct PlaceholderSamples: Sendable, Hashable {
    /// The sample for `%@`, `%s`, `%S` and `%#@var@`.
    public var object: String
    /// The sample for the integer conversions (`%d`, `%i`, `%u`, `%o`, …).
    public var integer: String
    /// The sample for the floating-point conversions (`%f`, `%e`, `%g`, `%a`, …), before precision is applied.
    public var float: String
    /// The sample for `%x`, `%X`, `%p` and Java's `%h`.
    public var hex: String
    /// The sample for `%c` and `%C`.
    public var character: String
    /// The sample for Java's `%b`.
    public var boolean: String
    /// Samples by argument position (1-based), whatever the specifier's kind; shaped by its precision and width.
    public var byPosition: [Int: String] = [:]

    /// Samples; each parameter sets the property of the same name, and the defaults are the widest realistic values
    /// listed above.
    public init(
        object: String = "Alexandra Featherstonehaugh", integer: String = "88888", float: String = "88888.88",
        hex: String = "FFFFFF", character: String = "W", boolean: String = "false"
    ) {
        self.object = object
        self.integer = integer
        self.float = float
        self.hex = hex
        self.character = character
        self.boolean = boolean
    }
}
