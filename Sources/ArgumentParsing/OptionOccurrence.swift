/// One occurrence of an option on the command line, kept in command-line order.
///
/// Ordered occurrences let a command pair interleaved options, e.g. each
/// `--face-index` with the `--font` before it.
package struct OptionOccurrence: Equatable, Sendable {
    /// Long option name without dashes.
    package var name: String
    /// The value as typed; empty for flags.
    package var value: String

    /// The value converted to `T`, or a `UsageError` naming the option.
    package func parsed<T: ArgumentValue>(as type: T.Type) throws(UsageError) -> T {
        try T.parse(value, for: "--\(name)")
    }
}
