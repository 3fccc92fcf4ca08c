/// Declaration of one positional argument (`<string>`, `[<file> ...]`, `<path> ...`).
///
/// Build these with the `required`, `optional`, `variadic` and `oneOrMore` factories.
package struct PositionalSpec: Sendable, Equatable {
    package enum Arity: Sendable, Equatable {
        /// Exactly one value must be given.
        case required
        /// Zero or one value.
        case optional
        /// Zero or more values; must be the last positional.
        case variadic
        /// One or more values; must be the last positional. Usage shows it as required (`<path> ...`), so a command
        /// that needs at least one input does not advertise it as optional.
        case oneOrMore
    }

    /// Name used to look the value up and shown in help as `<name>`.
    package var name: String
    package var help: String
    package var arity: Arity

    package static func required(_ name: String, help: String) -> PositionalSpec {
        PositionalSpec(name: name, help: help, arity: .required)
    }

    package static func optional(_ name: String, help: String) -> PositionalSpec {
        PositionalSpec(name: name, help: help, arity: .optional)
    }

    package static func variadic(_ name: String, help: String) -> PositionalSpec {
        PositionalSpec(name: name, help: help, arity: .variadic)
    }

    package static func oneOrMore(_ name: String, help: String) -> PositionalSpec {
        PositionalSpec(name: name, help: help, arity: .oneOrMore)
    }
}
