import Foundation

/// Attributes given as JSON (`--attributes`, a catalog config's `attributes`) that cannot be used: says which name and
/// why, and lists the names that exist.
public struct TextAttributesError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in words: the name, why it cannot be used, and the names that exist.
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// `localizedDescription` is `description` (Foundation's default for a Swift error names its type and case number).
extension TextAttributesError: LocalizedError {
    /// `description`, which `localizedDescription` returns.
    public var errorDescription: String? { description }
}
