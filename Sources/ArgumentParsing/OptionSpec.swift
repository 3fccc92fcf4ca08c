/// Declaration of one named option (`--font <file>`, `-s <pt>`, `--verbose`).
///
/// Build these with the `flag`, `single` and `repeated` factories.
package struct OptionSpec: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// Present or absent; takes no value.
        case flag
        /// Takes one value; if given several times the last one wins.
        case single
        /// Takes one value per occurrence; all occurrences are kept in order.
        case repeated
    }

    /// Long name without the dashes: `"font"` for `--font`.
    package var name: String
    /// Optional one-character alias: `"f"` for `-f`.
    package var short: Character?
    package var kind: Kind
    /// Placeholder shown in help: `file` renders as `<file>`.
    package var valueName: String
    package var help: String
    /// A `.single` option that must be given.
    package var isRequired: Bool
    /// Value used by `ParsedValues.string(_:)` (and typed getters) when the option is
    /// absent; also shown in help as "(default: …)", so help cannot lie about it.
    package var defaultValue: String?

    package static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(
            name: name, short: short, kind: .flag, valueName: "", help: help,
            isRequired: false, defaultValue: nil)
    }

    package static func single(
        _ name: String, short: Character? = nil, valueName: String, help: String,
        isRequired: Bool = false, defaultValue: String? = nil
    ) -> OptionSpec {
        precondition(!(isRequired && defaultValue != nil), "--\(name): required options have no default")
        return OptionSpec(
            name: name, short: short, kind: .single, valueName: valueName, help: help,
            isRequired: isRequired, defaultValue: defaultValue)
    }

    package static func repeated(_ name: String, short: Character? = nil, valueName: String, help: String) -> OptionSpec
    {
        OptionSpec(
            name: name, short: short, kind: .repeated, valueName: valueName, help: help,
            isRequired: false, defaultValue: nil)
    }
}
