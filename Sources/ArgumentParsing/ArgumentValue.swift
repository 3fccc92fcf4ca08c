/// A type that can be parsed from one command-line value, with a human description used
/// in error messages ("--size expects a number, got 'abc'").
package protocol ArgumentValue {
    init?(argument: String)
    /// Noun phrase for error messages: "a number", "an integer".
    static var valueDescription: String { get }
}

extension ArgumentValue {
    /// Parses `raw`, or throws "<label> expects <valueDescription>, got '<raw>'".
    package static func parse(_ raw: String, for label: String) throws(UsageError) -> Self {
        guard let value = Self(argument: raw) else {
            throw UsageError("\(label) expects \(valueDescription), got '\(UsageError.excerpt(raw))'")
        }
        return value
    }
}

extension String: ArgumentValue {
    package init?(argument: String) { self = argument }
    package static var valueDescription: String { "a string" }
}

extension Int: ArgumentValue {
    package init?(argument: String) { self.init(argument) }
    package static var valueDescription: String { "an integer" }
}

extension Double: ArgumentValue {
    /// Finite decimal numbers only: "inf" and "nan" are rejected.
    package init?(argument: String) {
        guard let value = Double(argument), value.isFinite else { return nil }
        self = value
    }
    package static var valueDescription: String { "a number" }
}
