import Foundation

/// A catalog file that cannot be used at all: unreadable, undecodable, or malformed at `position`.
///
/// Thrown by parsers; the catalog run reports it with its path, line and column and goes on with the other files.
public struct CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's path, as given or found.
    public var file: String
    /// Where the problem is; nil when it is not at a place in the text (the file cannot be read, say).
    public var position: SourcePosition?
    /// What is wrong, in words.
    public var message: String

    /// An error in `file` at `position` saying `message`.
    public init(file: String, position: SourcePosition?, message: String) {
        self.file = file
        self.position = position
        self.message = message
    }

    /// `path:line:column: message`, the form compilers use, so editors and CI logs link to the place.
    public var description: String {
        if let position { "\(file):\(position.line):\(position.column): \(message)" } else { "\(file): \(message)" }
    }

    /// The message with where it happened, "… (at 3:17)", for a report that names another place (an entry's).
    package var placedMessage: String {
        position.map { "\(message) (at \($0))" } ?? message
    }
}

/// `localizedDescription` is `description` (Foundation's default for a Swift error names its type and case number).
extension CatalogError: LocalizedError {
    /// `description`, which `localizedDescription` returns.
    public var errorDescription: String? { description }
}
