/// The parsed arguments of one command: option occurrences in command-line order and
/// positional values by name. Commands read typed fields from it in `init(_:)`.
///
/// Names are the declared long option names and positional names. Asking for an
/// undeclared name is a programming error and traps, so a typo shows up on the first
/// test run instead of as a silently missing value.
package struct ParsedValues: Sendable {
    /// The configuration of the command these values were parsed for.
    package var configuration: CommandConfiguration
    /// Every option occurrence in command-line order (flags have an empty value).
    package var allOccurrences: [OptionOccurrence]
    /// Values of every declared positional by name (empty array when not given).
    package var positionalValues: [String: [String]]

    /// Whether the flag (or any option) `--name` was given.
    package func flag(_ name: String) -> Bool {
        !strings(name).isEmpty
    }

    /// The last value given for `--name`, else its declared default, else nil.
    package func string(_ name: String) -> String? {
        strings(name).last ?? spec(name).defaultValue
    }

    /// All values given for `--name`, in order.
    package func strings(_ name: String) -> [String] {
        _ = spec(name)
        return allOccurrences.filter { $0.name == name }.map(\.value)
    }

    /// `string(name)` converted to `T`; nil when absent with no default.
    package func value<T: ArgumentValue>(_ name: String, as type: T.Type) throws(UsageError) -> T? {
        guard let raw = string(name) else { return nil }
        return try T.parse(raw, for: "--\(name)")
    }

    /// All values of `--name` converted to `T`, in order.
    package func values<T: ArgumentValue>(_ name: String, as type: T.Type) throws(UsageError) -> [T] {
        var result: [T] = []
        for raw in strings(name) { result.append(try T.parse(raw, for: "--\(name)")) }
        return result
    }

    package func double(_ name: String) throws(UsageError) -> Double? { try value(name, as: Double.self) }
    package func int(_ name: String) throws(UsageError) -> Int? { try value(name, as: Int.self) }

    /// The value of a required or optional positional.
    package func positional(_ name: String) -> String? {
        positionals(name).first
    }

    /// A positional converted to `T`; errors name it as `<name>`.
    package func positional<T: ArgumentValue>(_ name: String, as type: T.Type) throws(UsageError) -> T? {
        guard let raw = positional(name) else { return nil }
        return try T.parse(raw, for: "<\(name)>")
    }

    /// All values of a variadic positional (or the single value of another one).
    package func positionals(_ name: String) -> [String] {
        guard let values = positionalValues[name] else {
            preconditionFailure("<\(name)> is not declared by '\(configuration.commandName)'")
        }
        return values
    }

    /// The occurrences of the given options, in command-line order, e.g.
    /// `occurrences(of: ["font", "face-index"])` to pair each index with its font.
    package func occurrences(of names: Set<String>) -> [OptionOccurrence] {
        for name in names { _ = spec(name) }
        return allOccurrences.filter { names.contains($0.name) }
    }

    private func spec(_ name: String) -> OptionSpec {
        guard let spec = configuration.options.first(where: { $0.name == name }) else {
            preconditionFailure("--\(name) is not declared by '\(configuration.commandName)'")
        }
        return spec
    }
}
